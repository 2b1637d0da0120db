import type { AgentRecording, PlanningRun, SearchTrace, UsageCounts } from '@dualplan/monitor';
import { actionCatalog } from '../actionCatalog.js';
import { changedKeys, predictStates } from '../predictStates.js';
import { stepTimings } from '../stepTimings.js';
import type { Rejection } from '../whyNot.js';
import { h, seconds } from './dom.js';

const TRIGGERS: Record<string, string> = {
  noPlan: 'no plan was running',
  finished: 'the previous plan finished',
  failed: 'the previous plan failed',
  worldChanged: 'a sensor changed the world state',
};

/** The header of one planning run: when, why (trigger), what came out and how long it took. */
export function renderRun(run: PlanningRun): HTMLElement {
  return h(
    'dl',
    { class: 'run-facts' },
    h('dt', {}, 'run'),
    h('dd', { id: 'run-id' }, `#${run.id} · ${run.runner} [${run.planner}] · tick ${run.tick} · ${seconds(run.time)}`),
    h('dt', {}, 'trigger'),
    h('dd', { id: 'run-trigger' }, `${run.trigger}: ${TRIGGERS[run.trigger] ?? ''}`),
    h('dt', {}, 'result'),
    h('dd', { id: 'run-result', class: `status-${run.status}` }, `${run.status}${run.reason ? ` (${run.reason})` : ''} → ${run.outcome}${run.decision ? `: ${run.decision}` : ''}`),
    h('dt', {}, 'plan time'),
    h('dd', {}, `${run.planMs.toFixed(3)} ms`),
  );
}

/** The plan of `run` with per-step cost, conditions, effects and when each step ran; the step cursor highlighted. */
export function renderPlan(agent: AgentRecording, run: PlanningRun, cursor: number, onStep: (i: number) => void): HTMLElement {
  const plan = run.plan;
  if (!plan) return h('p', { class: 'empty', id: 'plan' }, `No plan: ${run.reason || run.status}`);
  const timings = stepTimings(agent, run.id, plan.steps.length);
  const head = `${plan.target}${plan.priority !== null ? ` (priority ${plan.priority})` : ''} · cost ${plan.cost}${plan.mtr.length ? ` · MTR [${plan.mtr.join(', ')}]` : ''}${plan.partial ? ' · partial' : ''}`;
  return h(
    'div',
    { id: 'plan' },
    h('p', { class: 'plan-head' }, head),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, ...['#', 'step', 'cost', 'conditions', 'effects', 'started', 'ended', 'outcome'].map((c) => h('th', {}, c)))),
      h(
        'tbody',
        {},
        plan.steps.map((st, i) =>
          h(
            'tr',
            { class: `step outcome-${timings[i].outcome}${i === cursor ? ' cursor' : ''}`, 'data-step': i, onclick: () => onStep(i) },
            h('td', {}, i + 1),
            h('td', { class: 'task' }, st.task, st.args.length ? h('span', { class: 'args' }, ` (${st.args.map(String).join(', ')})`) : null),
            h('td', {}, st.cost),
            h('td', { class: 'cond' }, st.conditions.join(', ')),
            h('td', { class: 'cond' }, [...st.effects, ...st.expectedEffects.map((e) => `${e} (expected)`)].join(', ')),
            h('td', {}, seconds(timings[i].started)),
            h('td', {}, seconds(timings[i].ended)),
            h('td', { title: timings[i].reason }, timings[i].outcome, timings[i].reason ? `: ${timings[i].reason}` : ''),
          ),
        ),
      ),
    ),
  );
}

/** GOAP goal selection: each goal's priority, validity and whether it could be planned. */
export function renderGoals(run: PlanningRun): HTMLElement | null {
  if (run.goals.length === 0) return null;
  const state = (g: PlanningRun['goals'][number]) =>
    g.chosen ? 'chosen' : !g.valid ? 'invalid' : g.satisfied ? 'already satisfied' : g.plannable === false ? 'no plan' : g.plannable === null ? 'not searched' : 'plannable';
  return h(
    'table',
    { id: 'goals' },
    h('thead', {}, h('tr', {}, h('th', {}, 'goal'), h('th', {}, 'priority'), h('th', {}, 'verdict'))),
    h('tbody', {}, run.goals.map((g) => h('tr', { class: g.chosen ? 'chosen' : '' }, h('td', {}, g.name), h('td', {}, g.priority ?? 'NaN'), h('td', {}, state(g))))),
  );
}

/**
 * Every candidate of `trace` in the order tried: verdict, failing condition,
 * and what the recording knows of its conditions and cost. GOAP's "no effect
 * on an open condition" rejections (most of a big search) only on request.
 */
export function renderCandidates(agent: AgentRecording, trace: SearchTrace, showNoEffect: boolean): HTMLElement {
  const catalog = actionCatalog(agent);
  const costOf = (node: number, name: string): string => {
    const child = trace.nodes.find((n) => n.parent === node && n.via === name);
    if (trace.planner === 'goap' && child) return String(child.g - trace.nodes[node].g);
    return catalog.get(name)?.costs.join(' / ') ?? '';
  };
  return h(
    'table',
    { id: 'candidates' },
    h('thead', {}, h('tr', {}, ...['at', 'candidate', 'verdict', 'failing condition', 'conditions', 'cost'].map((c) => h('th', {}, c)))),
    h(
      'tbody',
      {},
      trace.candidates.filter((c) => showNoEffect || c.verdict !== 'noEffect').map((c) =>
        h(
          'tr',
          { class: `verdict-${c.verdict}`, 'data-candidate': c.name },
          h('td', { class: 'cond' }, trace.nodes[c.node]?.label || '(goal reached)'),
          h('td', {}, c.index >= 0 ? `#${c.index} ${c.name}` : c.name),
          h('td', {}, c.verdict),
          h('td', { class: 'cond failing' }, c.detail),
          h('td', { class: 'cond' }, catalog.get(c.name)?.conditions.join(', ') ?? ''),
          h('td', {}, costOf(c.node, c.name)),
        ),
      ),
    ),
  );
}

/**
 * The world-state table: each key's value when the planner ran (cells changed
 * since the previous run highlighted) and predicted after each plan step
 * (cells the step changes highlighted; the step cursor's column marked).
 */
export function renderPredicted(agent: AgentRecording, run: PlanningRun, previous: PlanningRun | null, cursor: number): HTMLElement {
  const states = predictStates(run);
  const sincePrevious = changedKeys(previous?.state ?? null, run.state);
  const keys = agent.keys.length ? agent.keys.map((k) => k.name) : Object.keys(run.state);
  const steps = run.plan?.steps ?? [];
  return h(
    'table',
    { id: 'predicted' },
    h('thead', {}, h('tr', {}, h('th', {}, 'key'), h('th', {}, 'now'), steps.map((st, i) => h('th', { class: i === cursor ? 'cursor' : '' }, `after ${i + 1}. ${st.task}`)))),
    h(
      'tbody',
      {},
      keys.map((k) =>
        h(
          'tr',
          { 'data-key': k },
          h('th', {}, k),
          h('td', { class: previous && sincePrevious.has(k) ? 'changed' : '' }, fmt(run.state[k])),
          steps.map((st, i) => h('td', { class: `${k in st.predicted ? 'changed' : ''}${i === cursor ? ' cursor' : ''}` }, fmt(states[i + 1][k]))),
        ),
      ),
    ),
  );
}

/** The conditions that discarded the most candidates, most first. */
function renderConditions(conditions: Record<string, number>): HTMLElement | null {
  const rows = Object.entries(conditions).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (rows.length === 0) return null;
  return h(
    'table',
    { id: 'conditions', class: 'usage' },
    h('caption', {}, 'conditions that discarded candidates'),
    h('thead', {}, h('tr', {}, h('th', {}, 'condition'), h('th', {}, 'discarded'))),
    h('tbody', {}, rows.map(([c, n]) => h('tr', {}, h('td', { class: 'cond' }, c), h('td', {}, n)))),
  );
}

const fmt = (v: unknown) => (v === undefined ? '' : String(v));

/** Every rejection of the name asked about; clicking one shows its run. */
export function renderRejections(name: string, rejections: readonly Rejection[], onRun: (run: number) => void): HTMLElement {
  if (!name) return h('p', { class: 'empty' }, 'Choose an action, method or goal.');
  if (rejections.length === 0) return h('p', { class: 'empty', id: 'why-not-list' }, `${name} was never rejected in the runs kept.`);
  return h(
    'table',
    { id: 'why-not-list' },
    h('thead', {}, h('tr', {}, ...['run', 'tick', 'search', 'at', 'verdict', 'failing condition'].map((c) => h('th', {}, c)))),
    h(
      'tbody',
      {},
      rejections.map((r) =>
        h('tr', { 'data-run': r.run, class: 'link-row', title: 'show this run', onclick: () => onRun(r.run) }, h('td', {}, `#${r.run}`), h('td', {}, r.tick), h('td', {}, r.target), h('td', { class: 'cond' }, r.at), h('td', {}, r.verdict), h('td', { class: 'cond failing' }, r.detail)),
      ),
    ),
  );
}

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
              h('tr', { class: c.selected === 0 ? 'never' : '' }, h('td', {}, name), h('td', {}, c.considered), h('td', {}, c.rejected), h('td', {}, c.selected), h('td', {}, c.executed), h('td', {}, c.succeeded), h('td', {}, c.failed)),
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
      `${st.planningRuns} planning runs · ${st.callsPerSecond.toFixed(2)} calls/s · plan time p50 ${st.planMs.p50.toFixed(3)} ms, p90 ${st.planMs.p90.toFixed(3)} ms, p99 ${st.planMs.p99.toFixed(3)} ms, max ${st.planMs.max.toFixed(3)} ms`,
      agent.dropped.runs || agent.dropped.events ? ` · dropped by retention: ${agent.dropped.runs} runs, ${agent.dropped.events} events` : '',
    ),
    h('ul', { id: 'never-selected' }, h('li', { class: 'head' }, 'Never selected'), list('actions', never.actions), list('methods', never.methods), list('compound tasks', never.compounds), list('goals', never.goals)),
    renderConditions(st.conditions),
    table('actions', st.actions),
    table('methods', st.methods),
    table('compound tasks', st.compounds),
    table('goals', st.goals),
  );
}

/** One timeline event as a line of text (unknown event types from newer recorders show their type). */
function describeEvent(e: AgentRecording['timeline'][number]): string {
  const changes = (c: Record<string, unknown>) => Object.entries(c).map(([k, v]) => `${k} = ${String(v)}`).join(', ');
  switch (e.type) {
    case 'planning':
      return `planning run #${e.run}`;
    case 'replanSkipped':
      return `replan skipped (${e.trigger}): ${e.reason}`;
    case 'stepStarted':
      return `▶ ${e.task} (step ${e.index + 1} of run #${e.run})`;
    case 'stepSucceeded':
      return `✓ ${e.task}`;
    case 'stepFailed':
      return `✗ ${e.task} failed: ${e.reason}`;
    case 'stepAborted':
      return `■ ${e.task} aborted: ${e.reason}`;
    case 'planFinished':
      return `plan of run #${e.run} finished`;
    case 'planFailed':
      return `plan of run #${e.run} failed: ${e.reason}`;
    case 'stateChanged':
      return `${e.by === 'outside' ? 'world state set from outside (sensors, game)' : `effects of ${e.by}`}: ${changes(e.changes)}`;
    default:
      // A type from a newer recorder: show its name.
      return (e as { type: string }).type;
  }
}

/** What happened at run time from `run` until the next planning run: steps, replans, sensor writes. */
export function renderEvents(agent: AgentRecording, run: PlanningRun, next: PlanningRun | null): HTMLElement {
  const at = (r: PlanningRun) => agent.timeline.findIndex((e) => e.type === 'planning' && e.run === r.id);
  const start = at(run);
  const end = next ? at(next) : -1;
  const shown = agent.timeline.slice(start >= 0 ? start : 0, end >= 0 ? end : undefined).filter((e) => start >= 0 || e.tick >= run.tick);
  if (shown.length === 0) return h('p', { class: 'empty', id: 'events' }, 'No run-time events kept for this run.');
  return h(
    'table',
    { id: 'events' },
    h('tbody', {}, shown.map((e) => h('tr', { class: `event-${e.type}` }, h('td', {}, e.tick), h('td', {}, seconds(e.time)), h('td', {}, e.runner), h('td', { class: 'cond' }, describeEvent(e))))),
  );
}
