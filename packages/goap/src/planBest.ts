import type { PlanBuffer, PlanResult, WorldState } from '@dualplan/world-state';
import type { CompiledGoal } from './compileGoapDomain.js';
import type { GoapPlanner } from './GoapPlanner.js';
import type { GoapMeta } from './GoapResult.js';
import { writeFound, writeNone } from './writeGoapPlan.js';

/** The goal's priority in this state, or NaN when it is not wanted: invalid, already satisfied, or its priority is NaN. */
export function wanted<Ctx>(planner: GoapPlanner<Ctx>, goal: CompiledGoal, state: WorldState<any>, ctx: Ctx): number {
  if ((goal.valid && !goal.valid(state, ctx)) || planner.satisfied(state, goal)) return NaN;
  return typeof goal.priority === 'function' ? goal.priority(state, ctx) : goal.priority;
}

/**
 * Goal selection (the ReGoap flow): plan for the highest-priority goal that is
 * valid, not yet satisfied and plannable, falling back through the rest in
 * priority order (ties keep the given order). The result is written into `out`.
 */
export function planBest<Ctx>(planner: GoapPlanner<Ctx>, goals: readonly CompiledGoal[], state: WorldState<any>, ctx: Ctx, out: PlanBuffer): PlanResult<GoapMeta> {
  const ranked: { goal: CompiledGoal; priority: number; order: number }[] = [];
  goals.forEach((goal, order) => {
    const priority = wanted(planner, goal, state, ctx);
    if (!Number.isNaN(priority)) ranked.push({ goal, priority, order });
  });
  if (ranked.length === 0) return writeNone(planner, out, false, 'no valid, unsatisfied goal');
  ranked.sort((a, b) => b.priority - a.priority || a.order - b.order);
  const failed: string[] = [];
  for (const { goal, priority } of ranked) {
    const r = planner.search(state, goal, ctx);
    if (r.status === 'found') {
      const skipped = failed.length ? ` (no plan for ${failed.join(', ')})` : '';
      return writeFound(planner, out, priority, `goal ${goal.name}${skipped}`);
    }
    failed.push(r.status === 'budget' ? `${goal.name}: ${r.budget} budget` : goal.name);
  }
  // Status and stats of the last search: 'budget' when a budget stopped it.
  return writeNone(planner, out, true, `no plan for ${failed.join(', ')}`);
}
