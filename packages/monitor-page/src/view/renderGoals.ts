import type { PlanningRun } from '@dualplan/monitor';
import { formatNumber } from '../formatNumber.js';
import { h } from './dom.js';

/** GOAP goal selection: each goal's priority, validity and whether it could be planned. */
export function renderGoals(run: PlanningRun): HTMLElement | null {
  if (run.goals.length === 0) return null;
  const state = (g: PlanningRun['goals'][number]) =>
    g.chosen
      ? 'chosen'
      : !g.valid
        ? `invalid${g.invalid ? `: ${g.invalid}` : ''}`
        : g.satisfied
          ? 'already satisfied'
          : g.plannable === false
            ? 'no plan'
            : g.plannable === null
              ? 'not searched'
              : 'plannable';
  return h(
    'table',
    { id: 'goals' },
    h('thead', {}, h('tr', {}, h('th', {}, 'goal'), h('th', {}, 'priority'), h('th', {}, 'verdict'))),
    h(
      'tbody',
      {},
      run.goals.map((g) =>
        h(
          'tr',
          { class: g.chosen ? 'chosen' : '' },
          h('td', {}, g.name),
          h('td', {}, g.priority === null ? 'NaN' : formatNumber(g.priority)),
          h('td', {}, state(g)),
        ),
      ),
    ),
  );
}
