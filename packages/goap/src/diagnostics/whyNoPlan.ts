import type { CompiledGoal } from '../domain/GoapDomain.js';
import type { GoapPlanner } from '../GoapPlanner.js';
import { explainNoPlan, type WhyNoPlan } from './explainNoPlan.js';

/**
 * "Why no plan" for the planner's last search: starting from the goal
 * conditions the start state does not satisfy, follow usable achievers'
 * conditions (a relaxed analysis, ignoring interactions) and list every
 * needed condition that no usable action can achieve, with why each candidate fails.
 * @example
 * if (planner.plan(state, 'killEnemy').status !== 'found') console.log(whyNoPlan(planner).summary);
 */
export function whyNoPlan(planner: GoapPlanner, goal: CompiledGoal | null = planner.result.goal): WhyNoPlan {
  return explainNoPlan(planner.engine, goal);
}
