import type { PlanCheck, PlanStep } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { FaultReporter } from '../faults/FaultReporter.js';

/** @internal Which call of a step's operator failed. */
export type OperatorCall = 'start' | 'update' | 'abort';

/**
 * @internal The faults of one runner's step calls, each reported with a message naming the operator or step, the
 * call and the step's index: an operator that threw, rejected or returned no status, a condition or effect function
 * that threw. After an operator call failed it also puts the agent's context back (`restoreCtx`), once the
 * caller has rolled back the world state. Holds no state that changes: it only words and reports; the step
 * execution decides what the failure does to the step. Only failure paths call it.
 */
export class StepFaults<Ctx> {
  constructor(
    private readonly agent: AgentView<Ctx>,
    private readonly faults: FaultReporter,
    private readonly restoreCtx: ((ctx: Ctx) => void) | undefined,
  ) {}

  /** The operator's `call` threw (or its result's `then` did): the context it may have replaced goes back to `ctx`. */
  operatorThrew(call: OperatorCall, step: PlanStep, index: number, ctx: Ctx, undone: number, thrown: unknown): void {
    this.restore(ctx);
    const context = `Operator "${step.operator}" threw in ${call} of step ${step.task} (#${index})`;
    this.faults.fault(`operator.${call}` as const, step.operator, step, index, context, thrown, undone);
  }

  /** The operator's `update` returned something that is not an {@link OperatorStatus}: handled like a throw. */
  noStatus(step: PlanStep, index: number, ctx: Ctx, undone: number, status: unknown): void {
    this.restore(ctx);
    this.faults.fault('operator.status', step.operator, step, index, noStatusContext(step, index), status, undone);
  }

  /** The promise the operator's `call` returned was rejected (nothing undone: others wrote since the call). */
  rejected(call: OperatorCall, step: PlanStep, index: number, reason: unknown): void {
    this.faults.fault(
      `operator.${call}` as const,
      step.operator,
      step,
      index,
      `Operator "${step.operator}" rejected in ${call} of step ${step.task} (#${index})`,
      reason,
      0,
    );
  }

  /** The promise of an `update` resolved to something that is not an {@link OperatorStatus}. */
  resolvedNoStatus(step: PlanStep, index: number, value: unknown): void {
    this.faults.fault('operator.status', step.operator, step, index, noStatusContext(step, index), value, 0);
  }

  /** An executing condition of the running step threw. */
  executingThrew(step: PlanStep, index: number, thrown: unknown): void {
    this.faults.fault('condition', step.task, step, index, `An executing condition of step ${step.task} (#${index}) threw`, thrown, 0);
  }

  /** An effect function of the step threw while its effects were applied (`undone` writes rolled back). */
  effectThrew(step: PlanStep, index: number, thrown: unknown, undone: number): void {
    this.faults.fault('effect', step.task, step, index, `An effect function of step ${step.task} (#${index}) threw`, thrown, undone);
  }

  /** The condition or effect function that threw during the last plan check (`check`, its result). */
  checkThrew(steps: readonly PlanStep[], check: PlanCheck): void {
    const error = check.error!;
    const at = check.step;
    this.faults.fault(
      error.where === 'effect' ? 'effect' : 'condition',
      steps[at].task,
      steps[at],
      at,
      `A ${error.where} function of step ${steps[at].task} (#${at}) threw while checking the plan`,
      error.cause,
      0,
    );
  }

  private restore(ctx: Ctx): void {
    if (this.restoreCtx !== undefined && this.agent.ctx !== ctx) this.restoreCtx(ctx);
  }
}

function noStatusContext(step: PlanStep, index: number): string {
  return `Operator "${step.operator}" update of step ${step.task} (#${index}) returned no OperatorStatus (Running, Success or Failure)`;
}
