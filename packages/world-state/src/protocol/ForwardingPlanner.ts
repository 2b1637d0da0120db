import type { Availability } from './Availability.js';
import type { AgentPlanner, ReplaceDecision } from './AgentPlanner.js';
import type { Plan, PlanStep } from '../plan/Plan.js';
import type { PlanResult } from '../plan/PlanResult.js';
import type { WorldState } from '../schema/WorldState.js';

/**
 * An {@link AgentPlanner} that hands everything to `inner`: the base of
 * wrappers that change how plans are obtained (sliced, scheduled, pooled,
 * cached, shared in a squad) but not how they are judged or fed back. It
 * forwards only the AgentPlanner members, so a wrapper of a sliced planner is
 * not itself sliced. A class, so wrappers share one shape and the runner's
 * calls on them stay monomorphic.
 * @example
 * class LoggingPlanner<Ctx> extends ForwardingPlanner<Ctx> {
 *   override plan(state: WorldState<any>, ctx: Ctx, running: Plan | null): PlanResult {
 *     const result = super.plan(state, ctx, running);
 *     console.log(result.reason);
 *     return result;
 *   }
 * }
 */
export class ForwardingPlanner<Ctx> implements AgentPlanner<Ctx> {
  readonly kind: string;
  readonly operators: readonly string[];
  /** By default the wrapped planner's (a wrapper handing out its answers is as exclusive as it). */
  readonly exclusive: boolean;
  readonly inner: AgentPlanner<Ctx>;

  constructor(inner: AgentPlanner<Ctx>, exclusive = inner.exclusive === true) {
    this.inner = inner;
    this.kind = inner.kind;
    this.operators = inner.operators;
    this.exclusive = exclusive;
  }

  plan(state: WorldState<any>, ctx: Ctx, running: Plan | null, availability?: Availability): PlanResult {
    return availability === undefined ? this.inner.plan(state, ctx, running) : this.inner.plan(state, ctx, running, availability);
  }
  shouldReplace(candidate: Plan, running: Plan): ReplaceDecision {
    return this.inner.shouldReplace(candidate, running);
  }
  stepFailed(step: PlanStep, ctx: Ctx): void {
    this.inner.stepFailed?.(step, ctx);
  }
  stepSucceeded(step: PlanStep, ctx: Ctx): void {
    this.inner.stepSucceeded?.(step, ctx);
  }
  update(dt: number): void {
    this.inner.update?.(dt);
  }
}
