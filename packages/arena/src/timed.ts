import { OperatorStatus, type AgentView, type Operator } from '@dualplan/runner';

/**
 * An operator for a timed action (an animation, a reload): busy for `seconds`
 * of agent time, kept in `ctx.busyUntil`, then `finish` decides the outcome
 * (default: Success).
 * @example
 * const roar = timed<TrollCtx>(1.2);
 * const aim = timed<SoldierCtx>(0.6, (agent) => (seesPlayer(agent) ? OperatorStatus.Success : OperatorStatus.Failure));
 */
export function timed<Ctx extends { readonly busyUntil: number }>(
  seconds: number,
  finish: (agent: AgentView<Ctx>) => OperatorStatus = () => OperatorStatus.Success,
): Operator<Ctx> {
  return {
    start: (_args, agent) =>
      agent.updateCtx((c) => {
        (c as { busyUntil: number }).busyUntil = agent.time + seconds;
      }),
    // The epsilon absorbs float drift in summed dt: 10 ticks of 0.1 s reach 1 s.
    update: (_args, agent) => (agent.time + 1e-9 >= agent.ctx.busyUntil ? finish(agent) : OperatorStatus.Running),
  };
}
