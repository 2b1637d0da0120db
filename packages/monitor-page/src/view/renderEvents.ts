import { formatTimelineEvent, type AgentRecording, type PlanningRun } from '@dualplan/monitor';
import { h } from './dom.js';
import { virtualTable } from './virtualTable.js';

/** What happened at run time from `run` until the next planning run: steps, replans, sensor writes. */
export function renderEvents(agent: AgentRecording, run: PlanningRun, next: PlanningRun | null): HTMLElement {
  const at = (r: PlanningRun) => agent.timeline.findIndex((e) => e.type === 'planning' && e.run === r.id);
  const start = at(run);
  const end = next ? at(next) : -1;
  const shown = agent.timeline.slice(start >= 0 ? start : 0, end >= 0 ? end : undefined).filter((e) => start >= 0 || e.tick >= run.tick);
  if (shown.length === 0) return h('p', { class: 'empty', id: 'events' }, 'No run-time events kept for this run.');
  return virtualTable({
    id: 'events',
    head: [],
    items: shown,
    row: (e) => {
      const text = formatTimelineEvent(e);
      return h('tr', { class: `event-${e.type}` }, h('td', {}, e.tick), h('td', { class: 'cond', title: text }, text));
    },
  });
}
