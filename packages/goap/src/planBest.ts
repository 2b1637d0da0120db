import type { ObservedGoal, PlanBuffer, PlanObserver, PlanResult, WorldState } from '@dualplan/world-state';
import type { CompiledGoal } from './compileGoapDomain.js';
import type { GoapPlanner } from './GoapPlanner.js';
import type { GoapMeta } from './GoapResult.js';
import { goapSearchTrace } from './goapSearchTrace.js';
import { writeFound, writeNone } from './writeGoapPlan.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The goal's priority in this state, or NaN when it is not wanted: invalid, already satisfied, or its priority is NaN.
 * With `seen` (a monitor is observing), also records how the goal was weighed.
 */
export function wanted<Ctx>(planner: GoapPlanner<Ctx>, goal: CompiledGoal, state: WorldState<any>, ctx: Ctx, seen: Mutable<ObservedGoal>[] | null = null): number {
  const valid = !goal.valid || goal.valid(state, ctx);
  const satisfied = valid && planner.satisfied(state, goal);
  const priority = !valid || satisfied ? NaN : typeof goal.priority === 'function' ? goal.priority(state, ctx) : goal.priority;
  if (seen !== null) seen.push({ name: goal.name, priority, valid, satisfied, plannable: null, chosen: false });
  return priority;
}

/**
 * Goal selection (the ReGoap flow): plan for the highest-priority goal that is
 * valid, not yet satisfied and plannable, falling back through the rest in
 * priority order (ties keep the given order). The result is written into `out`.
 * With an `observer` (a monitor; the planner must be tracing), each search is
 * reported as a `SearchTrace`, then how every goal was weighed.
 */
export function planBest<Ctx>(planner: GoapPlanner<Ctx>, goals: readonly CompiledGoal[], state: WorldState<any>, ctx: Ctx, out: PlanBuffer, observer: PlanObserver | null = null): PlanResult<GoapMeta> {
  const seen: Mutable<ObservedGoal>[] | null = observer !== null ? [] : null;
  const ranked: { goal: CompiledGoal; priority: number; order: number }[] = [];
  goals.forEach((goal, order) => {
    const priority = wanted(planner, goal, state, ctx, seen);
    if (!Number.isNaN(priority)) ranked.push({ goal, priority, order });
  });
  let result: PlanResult<GoapMeta> | null = null;
  if (ranked.length === 0) result = writeNone(planner, out, false, 'no valid, unsatisfied goal');
  else {
    ranked.sort((a, b) => b.priority - a.priority || a.order - b.order);
    const failed: string[] = [];
    for (const { goal, priority, order } of ranked) {
      const r = planner.search(state, goal, ctx);
      if (seen !== null) {
        seen[order].plannable = seen[order].chosen = r.status === 'found';
        observer!.search(goapSearchTrace(planner));
      }
      if (r.status === 'found') {
        const skipped = failed.length ? ` (no plan for ${failed.join(', ')})` : '';
        result = writeFound(planner, out, priority, `goal ${goal.name}${skipped}`);
        break;
      }
      failed.push(r.status === 'budget' ? `${goal.name}: ${r.budget} budget` : goal.name);
    }
    // Status and stats of the last search: 'budget' when a budget stopped it.
    result ??= writeNone(planner, out, true, `no plan for ${failed.join(', ')}`);
  }
  if (seen !== null) observer!.goals?.(seen);
  return result;
}
