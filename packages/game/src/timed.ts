import { OperatorStatus, type AgentView, type Operator } from '@dualplan/runner';
import type { UnitCtx } from './Unit.js';

/**
 * An operator busy for `seconds` of agent time (an animation, a reload), then `finish` decides the outcome.
 * @example
 * const roar = timed(1.2);
 */
export function timed<Ctx extends UnitCtx>(seconds: number, finish: (agent: AgentView<Ctx>) => OperatorStatus = () => OperatorStatus.Success): Operator<Ctx> {
  return {
    start: (_args, agent) =>
      agent.updateCtx((c) => {
        (c as { busyUntil: number }).busyUntil = agent.time + seconds;
      }),
    update: (_args, agent) => (agent.time + 1e-9 >= agent.ctx.busyUntil ? finish(agent) : OperatorStatus.Running),
  };
}
