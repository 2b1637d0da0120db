import type { AgentRecording, PlanningRun } from '@dualplan/monitor';
import { nameOf } from '@dualplan/world-state';
import { changedKeys } from '../changedKeys.js';
import { predictStates } from '../predictStates.js';
import { h } from './dom.js';

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
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, 'key'),
        h('th', {}, 'now'),
        steps.map((st, i) => h('th', { class: i === cursor ? 'cursor' : '' }, `after ${i + 1}. ${st.task}`)),
      ),
    ),
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

// A recording is parsed JSON: a value can be an object String() cannot convert ({ "toString": 1 }).
const fmt = (v: unknown) => (v === undefined ? '' : nameOf(v));
