import type { Plan } from '../plan/Plan.js';

/**
 * A plan a planner mended instead of planning from scratch: after a failed step ({@link AgentPlanner.repair}) or
 * when the world changed under an adjustable part of the running plan ({@link AgentPlanner.adjust}). `plan` is the
 * rest of the work from the step the runner is at (the failed step, or the current one): the runner installs it
 * as it installs any plan, after checking it from its first step on the real state.
 * @example
 * const mended = planner.repair?.(state, ctx, failedPlan, 3);
 * if (mended) console.log(mended.from); // 'compound AttackEnemy'
 */
export interface PlanAmendment {
  /** The new rest of the plan, to run from its first step. */
  readonly plan: Plan;
  /** What was planned again: `'compound AttackEnemy'`, `'suffix'`, ... (for events and monitors). */
  readonly from: string;
  /** Why this amendment, in a sentence (for events). */
  readonly reason: string;
}
