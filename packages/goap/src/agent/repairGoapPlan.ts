import { firstFailing, validatePlan, type Plan, type PlanAmendment, type PlanBuffer, type PlanStep, type WorldState } from '@dualplan/world-state';
import type { CompiledGoal } from '../domain/GoapDomain.js';
import type { GoapPlanner } from '../GoapPlanner.js';
import type { GoapMeta } from '../search/GoapResult.js';
import { planBest } from './planBest.js';

/**
 * Plan repair for a GOAP plan whose step `index` failed, from the current state (`goals`: the agent's, compiled):
 * 1. **the suffix**: the failed action and the steps after it, run again, when they are still valid from the current
 *    state and reach the plan's goal, and the goal is still valid (once per failed step: `retried` says whether this
 *    step's suffix was tried already, and the second failure goes on to 2);
 * 2. **the same goal**: a search for the failed plan's goal alone (its failed action now costs more: the failure
 *    penalty), written into `out`.
 * Null when the goal is gone or has no plan: the caller replans from scratch, over every goal.
 * @example
 * const mended = repairGoapPlan(planner, planner.domain.goals, failed, 2, state, ctx, new PlanBuffer(), false);
 * mended?.from; // 'suffix' or 'goal killEnemy'
 */
export function repairGoapPlan<Ctx>(
  planner: GoapPlanner<Ctx, string>,
  goals: readonly CompiledGoal[],
  failed: Plan,
  index: number,
  state: WorldState<any>,
  ctx: Ctx,
  out: PlanBuffer,
  retried: boolean,
): PlanAmendment | null {
  if (failed.planner !== 'goap') return null;
  const meta = failed.meta as GoapMeta;
  const goal = goals.find((g) => g.name === meta.goal);
  if (goal === undefined || meta.partial === true || !stillValid(goal, state, ctx)) return null;
  if (!retried) {
    const suffix = failed.steps.slice(index);
    if (reaches(suffix, goal, state, ctx)) {
      let cost = 0;
      for (const s of suffix) cost += s.cost;
      return {
        plan: { planner: 'goap', steps: suffix, cost, meta, stats: failed.stats },
        from: 'suffix',
        reason: `the rest of the plan from ${failed.steps[index].task} still reaches goal ${goal.name}`,
      };
    }
  }
  const result = planBest(planner.engine, [goal], state, ctx, out);
  if (result.status !== 'found') return null;
  return { plan: result.plan, from: `goal ${goal.name}`, reason: `goal ${goal.name} planned again from the current state` };
}

function stillValid(goal: CompiledGoal, state: WorldState<any>, ctx: unknown): boolean {
  try {
    return goal.valid === null || goal.valid(state, ctx);
  } catch {
    return false;
  }
}

/** Whether `steps` hold from `state` and leave the goal's conditions met. */
function reaches(steps: readonly PlanStep[], goal: CompiledGoal, state: WorldState<any>, ctx: unknown): boolean {
  try {
    const scratch = state.clone();
    if (validatePlan(steps, 0, state, scratch, ctx).step >= 0) return false;
    return firstFailing(goal.conditions, scratch, ctx) < 0;
  } catch {
    return false;
  }
}
