import type { Plan, WorldState } from '@dualplan/world-state';
import { CapturedPlan } from './CapturedPlan.js';
import type { RecordedPlan } from './Recording.js';

/**
 * A plan as plain data, with the world state the planner predicts after each
 * step: the step's effects and expected effects applied in turn to `scratch`
 * (overwritten) from `state`. A throwing opaque effect is contained: the
 * prediction stops there (later steps predict no change). Texts of a step
 * (arguments, conditions, effects) are computed once per step object and shared.
 * @example
 * const recorded = recordPlan(plan, agent.state, agent.state.clone(), agent.ctx);
 * recorded.steps.map((s) => s.predicted); // [{ WsEnemyRange: 'Melee' }, { WsTrunkHealth: 2 }, ...]
 */
export function recordPlan(plan: Plan, state: WorldState<any>, scratch: WorldState<any>, ctx: unknown): RecordedPlan {
  return new CapturedPlan(plan, state, scratch, ctx, Int32Array.from(state.values)).read();
}
