import { UserCodeError, moveFaults, type ObservedGoal, type PlanBuffer, type PlanObserver, type PlanResult, type WorldState } from '@dualplan/world-state';
import type { CompiledGoal } from './compileGoapDomain.js';
import type { GoapPlanner } from './GoapPlanner.js';
import type { GoapMeta } from './GoapResult.js';
import { captureGoapSearch, goapSearchTrace } from './goapSearchTrace.js';
import { writeFound, writeNone } from './writeGoapPlan.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The goal's priority in this state, or NaN when it is not wanted: invalid, already satisfied, or its priority is NaN.
 * With `seen` (a monitor is observing), also records how the goal was weighed. A `valid` or `priority` callback
 * that throws (or a priority that is not a number) skips the goal and is reported in the result's faults.
 */
export function wanted<Ctx>(planner: GoapPlanner<Ctx>, goal: CompiledGoal, state: WorldState<any>, ctx: Ctx, seen: Mutable<ObservedGoal>[] | null = null): number {
  let valid = true;
  if (goal.valid) {
    try {
      valid = goal.valid(state, ctx);
    } catch (thrown) {
      planner.faultLog.push(new UserCodeError('GOAL_THREW', goal.name, 'goal', `The valid function of goal "${goal.name}" threw (the goal is skipped)`, thrown));
      valid = false;
    }
  }
  const satisfied = valid && planner.satisfied(state, goal);
  const priority = !valid || satisfied ? NaN : typeof goal.priority === 'function' ? goalPriority(planner, goal, state, ctx) : goal.priority;
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
  if (planner.faultLog.length > 0) planner.faultLog.length = 0;
  const result = selectAndPlan(planner, goals, state, ctx, out, observer);
  // Contained user-code failures of this call (costs, checks, goal callbacks) go with the result.
  moveFaults(planner.faultLog, out);
  return result;
}

function selectAndPlan<Ctx>(planner: GoapPlanner<Ctx>, goals: readonly CompiledGoal[], state: WorldState<any>, ctx: Ctx, out: PlanBuffer, observer: PlanObserver | null): PlanResult<GoapMeta> {
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
        if (observer!.deferredSearch) observer!.deferredSearch(captureGoapSearch(planner));
        else observer!.search(goapSearchTrace(planner));
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

/**
 * A goal's priority from its callback, contained: a callback that throws or
 * returns something other than a number is logged as a fault and the goal is
 * not wanted (NaN).
 */
export function goalPriority<Ctx>(planner: GoapPlanner<Ctx>, goal: CompiledGoal, state: WorldState<any>, ctx: Ctx): number {
  let priority: unknown;
  try {
    priority = (goal.priority as (state: WorldState<any>, ctx: Ctx) => number)(state, ctx);
  } catch (thrown) {
    planner.faultLog.push(new UserCodeError('GOAL_THREW', goal.name, 'goal', `The priority function of goal "${goal.name}" threw (the goal is skipped)`, thrown));
    return NaN;
  }
  if (typeof priority !== 'number') {
    planner.faultLog.push(new UserCodeError('INVALID_PRIORITY', goal.name, 'goal', `The priority function of goal "${goal.name}" returned no number (the goal is skipped)`, priority));
    return NaN;
  }
  return priority;
}
