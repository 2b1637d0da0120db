import type { AgentRecording, PlanningRun } from '@dualplan/monitor';
import { h, seconds } from './dom.js';

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
