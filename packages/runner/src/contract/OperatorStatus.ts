/**
 * What an operator's `update` returns each tick, as in most game HTN runners:
 * still running, finished successfully, or failed.
 * @example
 * update: (args, agent) => (agent.ctx.arrived ? OperatorStatus.Success : OperatorStatus.Running)
 */
export const OperatorStatus = /* @__PURE__ */ Object.freeze({ Running: 0, Success: 1, Failure: 2 } as const);
export type OperatorStatus = (typeof OperatorStatus)[keyof typeof OperatorStatus];
