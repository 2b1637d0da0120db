import type { AgentRecording, ConditionCounts, UsageCounts } from '@dualplan/monitor';
import { formatMs } from '../formatNumber.js';
import { h } from './dom.js';

/** Statistics: plan-time percentiles, usage counters per name, and the never-selected lists. */
export function renderStats(agent: AgentRecording): HTMLElement {
  const st = agent.stats;
  const never = st.neverSelected;
  const table = (title: string, rows: Record<string, UsageCounts>) =>
    Object.keys(rows).length === 0
      ? null
      : h(
          'table',
          { class: 'usage' },
          h('caption', {}, title),
          h('thead', {}, h('tr', {}, ...['name', 'considered', 'rejected', 'selected', 'executed', 'succeeded', 'failed'].map((c) => h('th', {}, c)))),
          h(
            'tbody',
            {},
            Object.entries(rows).map(([name, c]) =>
              h(
                'tr',
                { class: c.selected === 0 ? 'never' : '' },
                h('td', {}, name),
                h('td', {}, c.considered),
                h('td', {}, c.rejected),
                h('td', {}, c.selected),
                h('td', {}, c.executed),
                h('td', {}, c.succeeded),
                h('td', {}, c.failed),
              ),
            ),
          ),
        );
  const list = (title: string, names: readonly string[]) => h('li', {}, h('b', {}, `${title}: `), names.length ? names.join(', ') : 'none');
  return h(
    'div',
    { id: 'stats-body' },
    h(
      'p',
      {},
      `${st.planningRuns} planning runs · ${st.callsPerSecond.toFixed(2)} calls/s · plan time p50 ${formatMs(st.planMs.p50)}, p90 ${formatMs(st.planMs.p90)}, p99 ${formatMs(st.planMs.p99)}, max ${formatMs(st.planMs.max)}`,
      agent.dropped.runs || agent.dropped.events ? ` · dropped by retention: ${agent.dropped.runs} runs, ${agent.dropped.events} events` : '',
    ),
    h(
      'ul',
      { id: 'never-selected' },
      h('li', { class: 'head' }, 'Never selected'),
      list('actions', never.actions),
      list('methods', never.methods),
      list('compound tasks', never.compounds),
      list('goals', never.goals),
    ),
    renderConditions(st.conditions),
    table('actions', st.actions),
    table('methods', st.methods),
    table('compound tasks', st.compounds),
    table('goals', st.goals),
  );
}

/** Per condition: how often it held and failed in searches, the most failing first (the conditions that keep candidates out). */
function renderConditions(conditions: Record<string, ConditionCounts>): HTMLElement | null {
  const rows = Object.entries(conditions).sort((a, b) => b[1].failed - a[1].failed || b[1].held - a[1].held || a[0].localeCompare(b[0]));
  if (rows.length === 0) return null;
  return h(
    'table',
    { id: 'conditions', class: 'usage' },
    h('caption', {}, 'conditions in searches'),
    h('thead', {}, h('tr', {}, h('th', {}, 'condition'), h('th', {}, 'held'), h('th', {}, 'failed'))),
    h(
      'tbody',
      {},
      rows.map(([c, n]) => h('tr', { class: n.held === 0 ? 'never' : '' }, h('td', { class: 'cond' }, c), h('td', {}, n.held), h('td', {}, n.failed))),
    ),
  );
}
