import type { SearchTrace } from '@dualplan/world-state';
import type { GoapPlanner } from '../GoapPlanner.js';
import { captureGoapSearch } from './captureGoapSearch.js';

/**
 * The planner's last search (traced: `planner.trace` set) as the
 * planner-neutral {@link SearchTrace}: the expanded nodes with g and h, every
 * action considered at each with its verdict and failing condition, and the
 * path of the plan found (the last node of the path is never expanded: it is
 * added with the label `start state` backward, `goal reached` forward).
 * Plain data: it keeps no reference into the planner.
 * @example
 * const planner = new GoapPlanner(soldierGoapDomain(), { trace: true });
 * planner.search(state, 'killEnemy'); // or plan(state, ctx, { goal: 'killEnemy' })
 * const trace = goapSearchTrace(planner);
 * trace.candidates.filter((c) => c.verdict !== 'kept' && c.verdict !== 'noEffect');
 */
export function goapSearchTrace(planner: GoapPlanner): SearchTrace {
  return captureGoapSearch(planner, planner.trace).read();
}
