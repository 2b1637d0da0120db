import type { PlanStep } from '@dualplan/world-state';
import type { AgentView } from './AgentView.js';
import type { OperatorStatus } from './OperatorStatus.js';
import type { OperatorFailure } from './operatorFailure.js';

/**
 * The code behind a plan step: the task says what a step means, the operator does it. Many tasks may share one
 * operator: the step's arguments say how it is used. Operators change the game
 * (the context, positions, animations); the step's effects change the world
 * state, applied by the runner once on success.
 * @example
 * const wait: Operator<{ timer: number }> = {
 *   start: (args, agent) => agent.updateCtx((c) => { c.timer = Number(args[0]); }),
 *   update: (args, agent, dt) => { agent.updateCtx((c) => { c.timer -= dt; });
 *     return agent.ctx.timer <= 0 ? OperatorStatus.Success : OperatorStatus.Running; },
 * };
 */
export interface Operator<Ctx = any> {
  /**
   * Called once when the step starts, after its conditions held on the real state. May be `async`: the step
   * then runs (no `update`) until the promise settles; a rejection fails the step like a throw.
   */
  start?(args: readonly unknown[], agent: AgentView<Ctx>, step: PlanStep): void | PromiseLike<void>;
  /**
   * Called every tick while the step runs (also on the tick it starts). May return a promise of the status
   * (an `async` update): the step then runs, without further `update` calls, until it settles; the status it
   * resolves to ends the step as if returned (`Running`: `update` is called again next tick), and a rejection
   * fails the step like a throw. A promise that settles after its step ended is ignored (`settledLate` event).
   */
  update(
    args: readonly unknown[],
    agent: AgentView<Ctx>,
    dt: number,
    step: PlanStep,
  ): OperatorStatus | OperatorFailure | PromiseLike<OperatorStatus | OperatorFailure>;
  /**
   * Called when the step is aborted: an executing condition broke, or a better plan interrupted it. May be
   * `async`: the step has ended already; a rejection is reported as a fault.
   */
  abort?(args: readonly unknown[], agent: AgentView<Ctx>, step: PlanStep): void | PromiseLike<void>;
}

/** Operators by id, as the plans' `PlanStep.operator` names them. */
/** Operators by id. With `Op` a literal union (from the planner's `operators`), a missing or misspelt id is a type error. */
export type OperatorMap<Ctx = any, Op extends string = string> = Readonly<Record<Op, Operator<Ctx>>>;
