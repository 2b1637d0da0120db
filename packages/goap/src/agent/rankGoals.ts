import { UserCodeError, checkConditions, type ObservedGoal, type WorldState } from '@dualplan/world-state';
import type { CompiledGoal } from '../domain/GoapDomain.js';
import type { GoapSearch } from '../search/GoapSearch.js';
import type { GoalCooldowns } from './GoalCooldowns.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The goal's priority in this state, or NaN when it is not wanted: invalid, already satisfied, or its priority is NaN.
 * With `seen` (a monitor is observing), also records how the goal was weighed, at `seen[at]`. A `valid` or `priority` callback
 * that throws (or a priority that is not a number) skips the goal and is reported in the result's faults.
 */
export function wanted<Ctx>(
  search: GoapSearch,
  goal: CompiledGoal,
  state: WorldState<any>,
  ctx: Ctx,
  seen: Mutable<ObservedGoal>[] | null = null,
  at = 0,
): number {
  let valid = true;
  let threw = false;
  if (goal.valid) {
    try {
      valid = goal.valid(state, ctx);
    } catch (thrown) {
      search.faultLog.push(new UserCodeError('GOAL_THREW', goal.name, 'goal', `The valid function of goal "${goal.name}" threw (the goal is skipped)`, thrown));
      valid = false;
      threw = true;
    }
  }
  const satisfied = valid && checkConditions(goal.conditions, state);
  const priority = !valid || satisfied ? NaN : typeof goal.priority === 'function' ? goalPriority(search, goal, state, ctx) : goal.priority;
  if (seen !== null) observe(seen, at, goal.name, priority, valid, satisfied, valid ? undefined : invalidText(goal, valid, threw), undefined);
  return priority;
}

/** Per goal, the text of its validity test returning false (the usual answer), made once: worded again on every observed call, it was new garbage each time. */
const returnedFalse = new WeakMap<CompiledGoal, string>();

/** Observed only: which validity test said no (by the function's own name, e.g. a registry's key), and with what. */
function invalidText(goal: CompiledGoal, valid: boolean, threw: boolean): string {
  const usual = !threw && valid === false;
  if (usual) {
    const known = returnedFalse.get(goal);
    if (known !== undefined) return known;
  }
  const test = goal.valid?.name && goal.valid.name !== 'valid' ? `validity test ${goal.valid.name}` : 'its validity test';
  const text = `${test} ${threw ? 'threw' : `returned ${String(valid)}`}`;
  if (usual) returnedFalse.set(goal, text);
  return text;
}

/** Write how a goal was weighed into `seen[at]` (the entry reused when there is one). */
function observe(
  seen: Mutable<ObservedGoal>[],
  at: number,
  name: string,
  priority: number,
  valid: boolean,
  satisfied: boolean,
  invalid: string | undefined,
  coolingDown: number | undefined,
): void {
  const o = (seen[at] ??= { name, priority, valid, satisfied, plannable: null, chosen: false });
  o.name = name;
  o.priority = priority;
  o.valid = valid;
  o.satisfied = satisfied;
  o.plannable = null;
  o.chosen = false;
  if (invalid !== undefined || o.invalid !== undefined) o.invalid = invalid;
  if (coolingDown !== undefined || o.coolingDown !== undefined) o.coolingDown = coolingDown;
}

/**
 * Rank the wanted goals, highest priority first and ties in the given order, into `order[0..count)` (goal indices)
 * with their priorities in `priority` (by goal index); returns `count`. An insertion sort over preallocated arrays:
 * goal lists are short, and sorting objects would allocate per call.
 */
export function rankGoals<Ctx>(
  search: GoapSearch,
  goals: readonly CompiledGoal[],
  state: WorldState<any>,
  ctx: Ctx,
  priority: Float64Array,
  order: Int32Array,
  seen: Mutable<ObservedGoal>[] | null = null,
  cooling: GoalCooldowns | null = null,
): number {
  let count = 0;
  for (let g = 0; g < goals.length; g++) {
    const left = cooling === null ? 0 : cooling.left(g);
    if (left > 0) {
      // Cooling down after failures: skipped without a look (its callbacks are not called).
      if (seen !== null) observe(seen, g, goals[g].name, NaN, true, false, undefined, left);
      continue;
    }
    const p = wanted(search, goals[g], state, ctx, seen, g);
    if (Number.isNaN(p)) continue;
    let i = count++;
    while (i > 0 && priority[order[i - 1]] < p) {
      order[i] = order[i - 1];
      i--;
    }
    order[i] = g;
    priority[g] = p;
  }
  return count;
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
    search.faultLog.push(
      new UserCodeError('GOAL_THREW', goal.name, 'goal', `The priority function of goal "${goal.name}" threw (the goal is skipped)`, thrown),
    );
    return NaN;
  }
  if (typeof priority !== 'number' || Number.isNaN(priority)) {
    search.faultLog.push(
      new UserCodeError(
        'INVALID_PRIORITY',
        goal.name,
        'goal',
        `The priority function of goal "${goal.name}" returned no number (NaN or not a number: the goal is skipped)`,
        priority,
      ),
    );
    return NaN;
  }
  return priority;
}
