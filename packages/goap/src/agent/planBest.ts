import { UserCodeError, checkConditions, moveFaults, type ObservedGoal, type PlanBuffer, type PlanObserver, type PlanResult, type WorldState } from '@dualplan/world-state';
import type { CompiledGoal } from '../domain/GoapDomain.js';
import { captureGoapSearch } from '../diagnostics/captureGoapSearch.js';
import { writeFound, writeNone } from '../diagnostics/writeGoapPlan.js';
import type { GoapSearch } from '../search/GoapSearch.js';
import type { GoapMeta } from '../search/GoapResult.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The goal's priority in this state, or NaN when it is not wanted: invalid, already satisfied, or its priority is NaN.
 * With `seen` (a monitor is observing), also records how the goal was weighed. A `valid` or `priority` callback
 * that throws (or a priority that is not a number) skips the goal and is reported in the result's faults.
 */
export function wanted<Ctx>(search: GoapSearch, goal: CompiledGoal, state: WorldState<any>, ctx: Ctx, seen: Mutable<ObservedGoal>[] | null = null): number {
  let valid = true;
  if (goal.valid) {
    try {
      valid = goal.valid(state, ctx);
    } catch (thrown) {
      search.faultLog.push(new UserCodeError('GOAL_THREW', goal.name, 'goal', `The valid function of goal "${goal.name}" threw (the goal is skipped)`, thrown));
      valid = false;
    }
  }
  const satisfied = valid && checkConditions(goal.conditions, state);
  const priority = !valid || satisfied ? NaN : typeof goal.priority === 'function' ? goalPriority(search, goal, state, ctx) : goal.priority;
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
export function planBest<Ctx>(search: GoapSearch, goals: readonly CompiledGoal[], state: WorldState<any>, ctx: Ctx, out: PlanBuffer, observer: PlanObserver | null = null): PlanResult<GoapMeta> {
  if (search.faultLog.length > 0) search.faultLog.length = 0;
  const result = selectAndPlan(search, goals, state, ctx, out, observer);
  // Contained user-code failures of this call (costs, checks, goal callbacks) go with the result.
  moveFaults(search.faultLog, out);
  return result;
}

function selectAndPlan<Ctx>(search: GoapSearch, goals: readonly CompiledGoal[], state: WorldState<any>, ctx: Ctx, out: PlanBuffer, observer: PlanObserver | null): PlanResult<GoapMeta> {
  const seen: Mutable<ObservedGoal>[] | null = observer !== null ? [] : null;
  const ranked: { goal: CompiledGoal; priority: number; order: number }[] = [];
  goals.forEach((goal, order) => {
    const priority = wanted(search, goal, state, ctx, seen);
    if (!Number.isNaN(priority)) ranked.push({ goal, priority, order });
  });
  let result: PlanResult<GoapMeta> | null = null;
  if (ranked.length === 0) result = writeNone(search, out, false, 'no valid, unsatisfied goal');
  else {
    ranked.sort((a, b) => b.priority - a.priority || a.order - b.order);
    const failed: string[] = [];
    for (const { goal, priority, order } of ranked) {
      search.begin(state, goal, ctx);
      search.step(Infinity);
      const r = search.result;
      if (seen !== null) {
        seen[order].plannable = seen[order].chosen = r.status === 'found';
        const captured = captureGoapSearch(search);
        if (observer!.deferredSearch) observer!.deferredSearch(captured);
        else observer!.search(captured());
      }
      if (r.status === 'found') {
        const skipped = failed.length ? ` (no plan for ${failed.join(', ')})` : '';
        result = writeFound(search, out, priority, `goal ${goal.name}${skipped}`);
        break;
      }
      failed.push(r.status === 'budget' ? `${goal.name}: ${r.budget} budget` : goal.name);
    }
    // Status and stats of the last search: 'budget' when a budget stopped it.
    result ??= writeNone(search, out, true, `no plan for ${failed.join(', ')}`);
  }
  if (seen !== null) observer!.goals?.(seen);
  return result;
}

/**
 * A goal's priority from its callback, contained: a callback that throws or
 * returns something other than a number is logged as a fault and the goal is
 * not wanted (NaN).
 */
export function goalPriority<Ctx>(search: GoapSearch, goal: CompiledGoal, state: WorldState<any>, ctx: Ctx): number {
  let priority: unknown;
  try {
    priority = (goal.priority as (state: WorldState<any>, ctx: Ctx) => number)(state, ctx);
  } catch (thrown) {
    search.faultLog.push(new UserCodeError('GOAL_THREW', goal.name, 'goal', `The priority function of goal "${goal.name}" threw (the goal is skipped)`, thrown));
    return NaN;
  }
  if (typeof priority !== 'number') {
    search.faultLog.push(new UserCodeError('INVALID_PRIORITY', goal.name, 'goal', `The priority function of goal "${goal.name}" returned no number (the goal is skipped)`, priority));
    return NaN;
  }
  return priority;
}
