import {
  ChangeSource,
  applyEffects,
  describeThrown,
  describeValue,
  firstFailing,
  validatePlanSafely,
  type AgentPlanner,
  type Plan,
  type PlanCheck,
  type PlanStep,
  type WorldState,
} from '@dualplan/world-state';
import type { AgentView } from './AgentView.js';
import { AwaitedCall, Awaiting, isThenable, type AsyncCallback } from './AwaitedCall.js';
import { Callback, guardOf, type Guard } from './CallGuard.js';
import type { FaultReporter } from './FaultReporter.js';
import type { FaultSource } from './FaultSource.js';
import type { Operator } from './Operator.js';
import { OperatorStatus } from './OperatorStatus.js';
import type { RunnerEventListener } from './RunnerEvent.js';
import type { RunnerStats } from './RunnerStats.js';
import { feedbackGuarded } from './plannerCalls.js';
import { emitSettledLate, emitStep, emitStepEnd } from './stepEvents.js';
import { validateLanes, validateRest } from './validateRest.js';

const EMPTY_OPS: Operator[] = [];

/** @internal What a {@link StepExecution} needs of the runner that owns it. */
export interface StepHost<Ctx> {
  readonly name: string;
  readonly stats: RunnerStats;
  /** The planner in use (for its kind in events, and its step feedback). */
  readonly planner: AgentPlanner<Ctx>;
  /** The listener events go to now, or undefined (then no event object is built). */
  readonly listener: RunnerEventListener | undefined;
  /** Fail the whole plan with `reason` (the running step is already stopped). */
  failPlan(reason: string): void;
  /** Step `index - 1` of `plan` succeeded and `index` moved on: finish or doom the plan as needed. */
  advanced(plan: Plan): void;
}

/**
 * @internal One runner's per-step state and the calls that run a step: its
 * start, per-tick update, abort and effects, each with user code contained
 * (what a failing operator wrote is undone, a `fault` event names it). The
 * runner decides what to run and when; this object only runs it.
 */
export class StepExecution<Ctx = any> {
  /** The plan being executed, or null. */
  plan: Plan | null = null;
  /** The operator of each step of {@link plan}. */
  ops: Operator[] = EMPTY_OPS;
  /** The current (running or next) step. */
  index = 0;
  /** Where this runner's part of the plan ends: the plan's length, or inside a parallel section the end of its branch. */
  end = 0;
  running = false;
  /** Inside a parallel section on the primary runner: the secondary branch's execution, and where the plan goes on after the section. */
  other: StepExecution<Ctx> | null = null;
  resume = 0;
  /** On a secondary-branch runner: the primary's execution, which counts this one's own effects as seen too. */
  seenBy: StepExecution<Ctx> | null = null;
  /** The state version the runner has accounted for, its own effects included: any other version means an outside change. */
  seenVersion = -1;
  /** The state version and context at which the plan was validated from its first step; -1 when not (or used). */
  validVersion = -1;
  validCtx: Ctx | undefined = undefined;
  readonly scratch: WorldState<any>;
  readonly check: PlanCheck = { step: -1, condition: -1, reason: '', error: undefined };
  /** The promise the running step's operator returned, if any: the step runs until it settles. */
  private readonly awaited = new AwaitedCall((callback, step, index, rejected, value) => this.settledLate(callback, step, index, rejected, value));
  /** Whether {@link awaited} holds a promise of the running step (the one test the tick makes for async operators). */
  private waiting = false;
  /** The agent's re-entrancy guard, told which operator callback runs (for the message of a call it refuses). */
  private readonly guard: Guard;

  constructor(
    private readonly agent: AgentView<Ctx>,
    private readonly host: StepHost<Ctx>,
    private readonly faults: FaultReporter,
    private readonly restoreCtx: ((ctx: Ctx) => void) | undefined,
  ) {
    this.scratch = agent.state.clone();
    this.guard = guardOf(agent);
  }

  /** Forget the plan (nothing is aborted: the caller does that first). */
  clear(): void {
    this.waiting = false;
    this.awaited.drop();
    this.plan = null;
    this.ops = EMPTY_OPS;
    this.index = 0;
    this.end = 0;
    this.running = false;
    this.other = null;
    this.validVersion = -1;
    this.validCtx = undefined;
  }

  /** Whether the rest of the work still holds on the real state: null, or why not (see {@link validateLanes}). */
  invalidRest(): string | null {
    const plan = this.plan!;
    const agent = this.agent;
    const why =
      this.other === null && this.end === plan.steps.length
        ? validateRest(plan.steps, this.index, this.running, agent.state, this.scratch, agent.ctx, this.check)
        : validateLanes(
            plan.steps,
            this,
            this.other !== null && this.other.plan !== null ? this.other : null,
            this.other !== null ? this.resume : plan.steps.length,
            agent.state,
            this.scratch,
            agent.ctx,
            this.check,
          );
    if (why !== null && this.check.error !== undefined) this.checkFault(plan.steps);
    return why;
  }

  /** Check the next step (and the rest of the plan) and start it; fails the plan when a check fails. */
  start(): void {
    const plan = this.plan!;
    const step = plan.steps[this.index];
    const agent = this.agent;
    const host = this.host;
    // A plan just validated from its first step on this very state and context need not be checked again.
    const validated = this.index === 0 && this.validVersion === agent.state.version && this.validCtx === agent.ctx;
    this.validVersion = -1;
    this.validCtx = undefined;
    if (!validated && (this.other !== null || this.end !== plan.steps.length)) {
      // Part of a parallel section: this branch, the other branch's rest, then the plan after the section.
      const why = this.invalidRest();
      if (why !== null) return host.failPlan(why);
    }
    // Fail early (plan validation): this step's conditions on the real state, then the rest on a working copy.
    const check =
      validated || this.other !== null || this.end !== plan.steps.length
        ? null
        : validatePlanSafely(plan.steps, this.index, agent.state, this.scratch, agent.ctx, this.check);
    if (check !== null && check.step >= 0) {
      if (check.error !== undefined) this.checkFault(plan.steps);
      const failing = plan.steps[check.step];
      host.failPlan(
        check.step === this.index ? `conditions of ${failing.task} fail: ${check.reason}` : `step ${check.step} ${failing.task} would fail: ${check.reason}`,
      );
      return;
    }
    this.running = true;
    host.stats.stepsStarted++;
    if (host.listener !== undefined) emitStep(this.faults, agent, host, 'stepStarted', step, this.index);
    const op = this.ops[this.index];
    if (op.start !== undefined) this.callStart(op, step);
  }

  /** The step's operator's `start`, contained: a throw fails the step (its writes undone), a promise is awaited. */
  private callStart(op: Operator, step: PlanStep): void {
    const agent = this.agent;
    const ctx = agent.ctx;
    const version = agent.state.undoPoint();
    const guard = this.guard;
    guard.noteCallback(Callback.OperatorStart, step.operator);
    try {
      const result = op.start!(step.args, agent, step);
      // A promise: the step runs (no update) until it settles. Only a non-void result is looked at.
      if (result !== undefined && isThenable(result)) this.watch(result, 'start', step);
    } catch (thrown) {
      guard.noteCallback(Callback.None, '');
      // Not half-started: what start wrote is undone, and the step fails without its effects.
      this.running = false;
      agent.state.undoDone();
      this.undoCall(
        ctx,
        version,
        'operator.start',
        step.operator,
        step,
        `Operator "${step.operator}" threw in start of step ${step.task} (#${this.index})`,
        thrown,
      );
      this.stepFailed(step, `operator ${step.operator} threw in start: ${describeThrown(thrown)}`);
      return;
    }
    guard.noteCallback(Callback.None, '');
    agent.state.undoDone();
  }

  /** Await the promise `callback` of the running step returned (throws what its `then` throws). */
  private watch(promise: PromiseLike<unknown>, callback: AsyncCallback, step: PlanStep): void {
    this.awaited.watch(promise, callback, step, this.index);
    this.waiting = true;
  }

  /** Update the running step's operator; on success apply its effects and move on. */
  update(dt: number): void {
    // Awaiting an operator's promise: nothing to call until it settles.
    if (this.waiting) return this.settle(dt);
    const plan = this.plan!;
    const step = plan.steps[this.index];
    const agent = this.agent;
    const state = agent.state;
    const ctx = agent.ctx;
    const version = state.undoPoint();
    const guard = this.guard;
    let status: OperatorStatus | PromiseLike<OperatorStatus>;
    guard.noteCallback(Callback.OperatorUpdate, step.operator);
    try {
      status = this.ops[this.index].update(step.args, agent, dt, step);
    } catch (thrown) {
      return this.updateThrew(ctx, version, step, thrown);
    }
    guard.noteCallback(Callback.None, '');
    // Closed before the effects apply; a bad status below still rolls back exactly, as nothing is written in between.
    state.undoDone();
    if (status === OperatorStatus.Running) return;
    if (status === OperatorStatus.Success) return this.succeeded(plan, step);
    this.updated(step, status, ctx, version);
  }

  /** Cold path of {@link update}: the operator returned neither Running nor Success (Failure, a promise, or garbage). */
  private updated(step: PlanStep, status: unknown, ctx: Ctx, version: number): void {
    let thenable: boolean;
    try {
      thenable = isThenable(status);
      // A promise of a status: the step runs until it settles.
      if (thenable) return this.watch(status as PromiseLike<unknown>, 'update', step);
    } catch (thrown) {
      // Its `then` threw (a getter, or the call): as if update had (the undo point is closed already).
      this.running = false;
      this.undoCall(
        ctx,
        version,
        'operator.update',
        step.operator,
        step,
        `Operator "${step.operator}" threw in update of step ${step.task} (#${this.index})`,
        thrown,
      );
      return this.stepFailed(step, `operator ${step.operator} threw in update: ${describeThrown(thrown)}`);
    }
    this.running = false;
    if (status === OperatorStatus.Failure) return this.stepFailed(step, `operator ${step.operator} failed`);
    // Not a status: a broken operator, handled like one that threw.
    this.undoCall(ctx, version, 'operator.status', step.operator, step, this.noStatus(step), status);
    return this.stepFailed(step, `operator ${step.operator} returned ${describeValue(status)}, not an OperatorStatus`);
  }

  /** The step's operator succeeded: apply its effects (all or none) and move on. */
  private succeeded(plan: Plan, step: PlanStep): void {
    const agent = this.agent;
    const host = this.host;
    const state = agent.state;
    this.running = false;
    const before = state.version;
    const refused =
      step.effects.hasErrorEdge || step.effects.hasOpaque ? this.applyAtomically(step) : (applyEffects(step.effects, state, agent.ctx, ChangeSource.Own), null);
    // Own effects are not a reason to replan (else a power-up the step itself set would abort its own plan): count them as seen (and an undone attempt changed nothing).
    this.seenVersion += state.version - before;
    if (this.seenBy !== null) this.seenBy.seenVersion += state.version - before;
    if (refused !== null) return this.stepFailed(step, refused);
    host.stats.stepsSucceeded++;
    if (host.listener !== undefined) emitStep(this.faults, agent, host, 'stepSucceeded', step, this.index);
    if (host.planner.stepSucceeded !== undefined) feedbackGuarded(host.planner, step, this.index, agent.ctx, true, this.faults);
    if (this.plan !== plan) return;
    this.index++;
    host.advanced(plan);
  }

  private noStatus(step: PlanStep): string {
    return `Operator "${step.operator}" update of step ${step.task} (#${this.index}) returned no OperatorStatus (Running, Success or Failure)`;
  }

  /**
   * The running step awaits its operator's promise: while pending it keeps running; once settled, a rejection
   * fails it like a throw (its writes since are others' too, so none is undone), a resolved `start` goes on to
   * the first `update`, and a resolved `update` is taken as the status it returned.
   */
  private settle(dt: number): void {
    const awaited = this.awaited;
    const how = awaited.state;
    if (how === Awaiting.Pending) return;
    const callback = awaited.callback;
    const value = awaited.take();
    this.waiting = false;
    const plan = this.plan!;
    const step = plan.steps[this.index];
    if (how === Awaiting.Rejected) {
      this.running = false;
      this.fault(
        callback === 'start' ? 'operator.start' : 'operator.update',
        step.operator,
        step,
        this.index,
        `Operator "${step.operator}" rejected in ${callback} of step ${step.task} (#${this.index})`,
        value,
        0,
      );
      return this.stepFailed(step, `operator ${step.operator} rejected in ${callback}: ${describeThrown(value)}`);
    }
    if (callback === 'start') return this.update(dt);
    if (value === OperatorStatus.Running) return;
    if (value === OperatorStatus.Success) return this.succeeded(plan, step);
    this.running = false;
    if (value === OperatorStatus.Failure) return this.stepFailed(step, `operator ${step.operator} failed`);
    this.fault('operator.status', step.operator, step, this.index, this.noStatus(step), value, 0);
    this.stepFailed(step, `operator ${step.operator} resolved to ${describeValue(value)}, not an OperatorStatus`);
  }

  /** A promise of a step that ended settled: ignored, and reported once. Runs from a promise job: never throws. */
  private settledLate(callback: AsyncCallback, step: PlanStep, index: number, rejected: boolean, value: unknown): void {
    const host = this.host;
    const agent = this.agent;
    host.stats.lateSettlements++;
    if (host.listener !== undefined) emitSettledLate(this.faults, agent, host, callback, step, index, rejected, value);
  }

  /** Stop the running step: its operator's `abort` is called, its effects are not applied. */
  abort(reason: string): void {
    const step = this.plan!.steps[this.index];
    const host = this.host;
    const agent = this.agent;
    this.running = false;
    this.waiting = false;
    this.awaited.drop();
    host.stats.stepsAborted++;
    if (host.listener !== undefined) emitStepEnd(this.faults, agent, host, 'stepAborted', step, this.index, reason);
    const op = this.ops[this.index];
    if (op.abort === undefined) return;
    const ctx = agent.ctx;
    const version = agent.state.undoPoint();
    const guard = this.guard;
    guard.noteCallback(Callback.OperatorAbort, step.operator);
    try {
      const result = op.abort(step.args, agent, step);
      if (result !== undefined && isThenable(result)) this.abortAwaited(result, step, this.index);
    } catch (thrown) {
      guard.noteCallback(Callback.None, '');
      agent.state.undoDone();
      this.undoCall(
        ctx,
        version,
        'operator.abort',
        step.operator,
        step,
        `Operator "${step.operator}" threw in abort of step ${step.task} (#${this.index})`,
        thrown,
      );
      return;
    }
    guard.noteCallback(Callback.None, '');
    agent.state.undoDone();
  }

  /** An async `abort`: the step has ended already; a rejection is reported (nothing undone: others wrote since). */
  private abortAwaited(promise: PromiseLike<unknown>, step: PlanStep, index: number): void {
    promise.then(undefined, (reason: unknown) =>
      this.fault('operator.abort', step.operator, step, index, `Operator "${step.operator}" rejected in abort of step ${step.task} (#${index})`, reason, 0),
    );
  }

  /** Abort the running step and fail the plan when one of its executing conditions fails. */
  checkExecuting(): void {
    const step = this.plan!.steps[this.index];
    // Most steps have no executing conditions: no call at all then.
    const bad = step.executing.length === 0 ? -1 : this.executingFails(step);
    if (bad === -1) return;
    const reason = bad >= 0 ? `executing condition ${step.executing.describe(bad)} failed` : `an executing condition of ${step.task} threw`;
    this.abort(reason);
    this.host.failPlan(reason);
  }

  /** Index of the failing executing condition, -1 when all hold, -2 when one threw (reported). */
  executingFails(step: PlanStep): number {
    try {
      return firstFailing(step.executing, this.agent.state, this.agent.ctx);
    } catch (thrown) {
      return this.executingThrew(step, thrown);
    }
  }

  /** Report the condition or effect function that threw during the last plan check. */
  checkFault(steps: readonly PlanStep[]): void {
    const error = this.check.error!;
    const at = this.check.step;
    this.fault(
      error.where === 'effect' ? 'effect' : 'condition',
      steps[at].task,
      steps[at],
      at,
      `A ${error.where} function of step ${steps[at].task} (#${at}) threw while checking the plan`,
      error.cause,
      0,
    );
  }

  /** Cold path of {@link update}, kept out of it so the per-tick code stays small. */
  private updateThrew(ctx: Ctx, version: number, step: PlanStep, thrown: unknown): void {
    this.guard.noteCallback(Callback.None, '');
    this.running = false;
    this.agent.state.undoDone();
    this.undoCall(
      ctx,
      version,
      'operator.update',
      step.operator,
      step,
      `Operator "${step.operator}" threw in update of step ${step.task} (#${this.index})`,
      thrown,
    );
    this.stepFailed(step, `operator ${step.operator} threw in update: ${describeThrown(thrown)}`);
  }

  /**
   * Apply a step's effects all or none: a refused `error`-edge effect or an
   * effect function that throws leaves none applied. Returns why it failed, or null.
   */
  private applyAtomically(step: PlanStep): string | null {
    const state = this.agent.state;
    const before = state.undoPoint();
    try {
      const refused = applyEffects(step.effects, state, this.agent.ctx, ChangeSource.Own);
      if (refused < 0) return null;
      state.rollback(before);
      return `effect ${step.effects.describe(refused)} would leave its range`;
    } catch (thrown) {
      const undone = state.rollback(before);
      this.fault('effect', step.task, step, this.index, `An effect function of step ${step.task} (#${this.index}) threw`, thrown, undone);
      return `an effect function threw: ${describeThrown(thrown)}`;
    } finally {
      state.undoDone();
    }
  }

  private stepFailed(step: PlanStep, reason: string): void {
    const host = this.host;
    const agent = this.agent;
    host.stats.stepsFailed++;
    if (host.listener !== undefined) emitStepEnd(this.faults, agent, host, 'stepFailed', step, this.index, reason);
    if (host.planner.stepFailed !== undefined) feedbackGuarded(host.planner, step, this.index, agent.ctx, false, this.faults);
    host.failPlan(`step ${step.task} failed: ${reason}`);
  }

  private executingThrew(step: PlanStep, thrown: unknown): number {
    this.fault('condition', step.task, step, this.index, `An executing condition of step ${step.task} (#${this.index}) threw`, thrown, 0);
    return -2;
  }

  /** Undo what a failed callback wrote (world state and context), then report it. */
  undoCall(ctx: Ctx, version: number, where: FaultSource, subject: string, step: PlanStep | null, context: string, thrown: unknown): void {
    const agent = this.agent;
    const undone = agent.state.rollback(version);
    // The writes and their undoing are one non-change to this runner, unless it had not yet seen the state before the call.
    if (this.seenVersion === version) this.seenVersion = agent.state.version;
    if (this.restoreCtx !== undefined && agent.ctx !== ctx) this.restoreCtx(ctx);
    this.fault(where, subject, step, this.index, context, thrown, undone);
  }

  private fault(where: FaultSource, subject: string, step: PlanStep | null, index: number, context: string, thrown: unknown, undone: number): void {
    this.faults.fault(where, subject, step, index, context, thrown, undone);
  }
}
