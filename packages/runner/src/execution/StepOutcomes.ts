import { goalCooldownOf, type Plan, type PlanStep } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { FaultReporter } from '../faults/FaultReporter.js';
import { feedbackGuarded } from '../faults/plannerCalls.js';
import type { AsyncCallback } from './AwaitedCall.js';
import type { StepHost } from './StepHost.js';
import { emitSettledLate, emitStep, emitStepEnd } from './stepEvents.js';

/** @internal What {@link StepOutcomes.failed} asks of the execution it reports for. */
export interface PlanHolder {
  /** The plan being executed, or null (a callback told of the failure may have ended it). */
  readonly plan: Plan | null;
}

/**
 * @internal Who hears of a step's start and end, for one runner's execution: the runner's statistics, its
 * listeners (one event each), the agent's behaviour ledger (steps with decorators) and the planner's step feedback.
 * A failed step's retries are the ledger's to count: {@link failed} words the failure with them and says whether
 * the step starts again, from where, or the plan fails. It owns no state: the execution moves through the plan,
 * this only tells.
 */
export class StepOutcomes<Ctx> {
  constructor(
    private readonly agent: AgentView<Ctx>,
    private readonly host: StepHost<Ctx>,
    private readonly faults: FaultReporter,
    private readonly holder: PlanHolder,
  ) {}

  /** Whether `step`, about to start, is a `once` action already run: the plan fails with the reason (decorated steps only). */
  refusedOnce(step: PlanStep): boolean {
    const host = this.host;
    if (host.ledger === undefined || !host.ledger.doneBefore(host.name, step)) return false;
    host.failPlan(`${step.task} was already done (once)`);
    return true;
  }

  /** Step `index` of `plan` started. */
  started(plan: Plan, step: PlanStep, index: number): void {
    const host = this.host;
    if (step.decorators !== undefined) host.ledger?.started(host.name, plan.steps, index);
    host.stats.stepsStarted++;
    if (host.listener !== undefined) emitStep(this.faults, this.agent, host, 'stepStarted', step, index);
  }

  /** Step `index` of `plan` succeeded, its effects applied. */
  succeeded(plan: Plan, step: PlanStep, index: number): void {
    const host = this.host;
    host.stats.stepsSucceeded++;
    if (step.decorators !== undefined) host.ledger?.succeeded(host.name, plan.steps, index);
    if (host.listener !== undefined) emitStep(this.faults, this.agent, host, 'stepSucceeded', step, index);
    if (host.planner.stepSucceeded !== undefined) feedbackGuarded(host.planner, step, index, this.agent.ctx, true, this.faults);
  }

  /**
   * Step `index` of `plan` failed with `reason`. A step with retries left starts again on the next tick instead of
   * failing the plan; with its own used up, a compound or method around it with retries left starts again from its
   * first step, which a branch of a parallel section (`inSection`) cannot do alone. Returns the step to go back to,
   * or -1 to stay (the plan failed, or the step itself is retried).
   */
  failed(plan: Plan, step: PlanStep, index: number, reason: string, inSection: boolean): number {
    const host = this.host;
    const ledger = host.ledger;
    const retry = step.decorators === undefined || ledger === undefined ? 0 : ledger.failed(host.name, plan.steps, index);
    let restart = -1;
    if (retry > 0) {
      const note = ledger!.retryNote(host.name);
      restart = ledger!.restartAt(host.name);
      reason += note.key === '' ? ` (retry ${retry} of ${note.of})` : ` (retry ${retry} of ${note.of} of ${note.key}, from step ${restart})`;
    }
    host.stats.stepsFailed++;
    if (host.listener !== undefined) emitStepEnd(this.faults, this.agent, host, 'stepFailed', step, index, reason);
    if (host.planner.stepFailed !== undefined) feedbackGuarded(host.planner, step, index, this.agent.ctx, false, this.faults);
    // A goal's cool-down counts its plans' failures (the plan carries its rule; most plans carry none, and then the
    // ledger is not called).
    if (ledger !== undefined && goalCooldownOf(plan) !== null) ledger.planStepFailed(plan);
    if (retry === 0) {
      host.failPlan(`step ${step.task} failed: ${reason}`);
      return -1;
    }
    if (restart < 0 || this.holder.plan === null || index === restart) return -1;
    if (!inSection) return restart;
    host.failPlan(`step ${step.task} failed: ${reason} (not inside a parallel section)`);
    return -1;
  }

  /** The running step `index` was aborted with `reason`. */
  aborted(step: PlanStep, index: number, reason: string): void {
    const host = this.host;
    host.stats.stepsAborted++;
    if (host.listener !== undefined) emitStepEnd(this.faults, this.agent, host, 'stepAborted', step, index, reason);
  }

  /** A promise of a step that ended settled: ignored, and reported once. Runs from a promise job: never throws. */
  settledLate(callback: AsyncCallback, step: PlanStep, index: number, rejected: boolean, value: unknown): void {
    const host = this.host;
    host.stats.lateSettlements++;
    if (host.listener !== undefined) emitSettledLate(this.faults, this.agent, host, callback, step, index, rejected, value);
  }
}
