import { ChangeSource, applyEffects, describeThrown, describeValue, type ParallelSection, type Plan, type PlanStep } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import { AwaitedCall, Awaiting, type AsyncCallback } from './AwaitedCall.js';
import { isThenable } from '../contract/isThenable.js';
import { Callback, guardOf, type Guard, type UpdateSource } from '../faults/CallGuard.js';
import type { FaultReporter } from '../faults/FaultReporter.js';
import type { Operator } from '../contract/Operator.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { failureReason } from '../contract/operatorFailure.js';
import type { StepHost } from './StepHost.js';
import { StepOutcomes } from './StepOutcomes.js';
import { PlanChecks } from './PlanChecks.js';
import { StepFaults, type OperatorCall } from './StepFaults.js';
import { applyAtomically } from './applyAtomically.js';

const EMPTY_OPS: Operator[] = [];

/**
 * @internal One runner's per-step state and the calls that run a step: its
 * start, per-tick update, abort and effects, each with user code contained
 * (what a failing operator wrote is undone, a `fault` event names it). The
 * runner decides what to run and when; this object only runs it.
 */
export class StepExecution<Ctx = any> implements UpdateSource {
  // Every field is this object's own: the runner and its helpers read them through the getters below and change
  // them only through the transitions (install, followSection, enterSection, leaveSection, observe, ...).
  // The fields a steady tick reads come first, so that they share as few cache lines as possible.
  /** Whether the current step is running. */
  private busy = false;
  /** The state version the runner has accounted for, its own effects included: any other version means an outside change. */
  private seen = -1;
  /** Whether {@link awaited} holds a promise of the running step (the one test the tick makes for async operators). */
  private waiting = false;
  /** True while an operator's `update` runs. */
  private inUpdate = false;
  /**
   * The running step, its operator, and whether it has executing conditions: taken when the step starts running
   * (a plan step never changes, and neither does the step at the current index while it runs), so a tick reads
   * neither the plan nor its operator list.
   */
  private step: PlanStep | null = null;
  private op: Operator | null = null;
  private checking = false;
  // The plan, its operators, the current step and where this runner's part ends: see the getters.
  private current: Plan | null = null;
  private operators: Operator[] = EMPTY_OPS;
  private at = 0;
  private stop = 0;
  /** Inside a parallel section on the primary runner: the secondary branch's execution, and where the plan goes on after the section. */
  private lane: StepExecution<Ctx> | null = null;
  private resumeAt = 0;
  /** On a secondary-branch runner: the primary's execution, which counts this one's own effects as seen too. */
  private alsoSeenBy: StepExecution<Ctx> | null = null;
  /** The checks of the plan against the state (a new plan's adoption checks it through them too). */
  readonly checks: PlanChecks<Ctx>;
  /** The promise the running step's operator returned, if any: the step runs until it settles. */
  private readonly awaited = new AwaitedCall((callback, step, index, rejected, value) => this.outcomes.settledLate(callback, step, index, rejected, value));
  /** The agent's re-entrancy guard, told which operator callback runs (for the message of a call it refuses). */
  private readonly guard: Guard;
  /** Words and reports the faults of this execution's calls. */
  private readonly stepFaults: StepFaults<Ctx>;
  /** Tells the runner's statistics, listeners, the agent's ledger and the planner of steps that start and end. */
  private readonly outcomes: StepOutcomes<Ctx>;

  /** The plan being executed, or null. */
  get plan(): Plan | null {
    return this.current;
  }
  /** The operator of each step of {@link plan}. */
  get ops(): Operator[] {
    return this.operators;
  }
  /** The current (running or next) step. */
  get index(): number {
    return this.at;
  }
  /** Where this runner's part of the plan ends: the plan's length, or inside a parallel section the end of its branch. */
  get end(): number {
    return this.stop;
  }
  /** Whether the current step is running. */
  get running(): boolean {
    return this.busy;
  }

  /**
   * Whether the state changed outside this runner since it last looked (its own effects count as seen): takes
   * note of `version` as seen. The tick's first question.
   */
  observe(version: number): boolean {
    if (version === this.seen) return false;
    this.seen = version;
    return true;
  }

  /** Run `plan` from its first step with `ops` (`continued`: its first step is the running one, which goes on). */
  install(plan: Plan, ops: Operator[], continued: boolean): void {
    this.current = plan;
    this.operators = ops;
    this.at = 0;
    this.stop = plan.steps.length;
    this.lane = null;
    this.busy = continued;
    if (continued) this.began();
  }

  /** The step at the current index starts running (or goes on running in a new plan): take what the tick reads of it. */
  private began(): void {
    const step = this.current!.steps[this.at];
    this.step = step;
    this.op = this.operators[this.at];
    this.checking = step.executing.length !== 0;
  }

  /** On a branch runner: run steps `[section.split, section.end)` of `primary`'s plan, with its operators (see {@link SecondaryBranch}). */
  followSection(primary: StepExecution<Ctx>, section: ParallelSection): void {
    this.current = primary.current;
    this.operators = primary.operators;
    this.at = section.split;
    this.stop = section.end;
    this.busy = false;
    this.lane = null;
    this.checks.forget();
    primary.lane = this;
  }

  /** On a branch runner: count this execution's own effects as seen by `primary` too (they are the primary's own). */
  reportSeenTo(primary: StepExecution<Ctx>): void {
    this.alsoSeenBy = primary;
  }

  /** On the primary: `section` begins at the current step; this runner runs its own branch, up to `section.split`. */
  enterSection(section: ParallelSection): void {
    this.stop = section.split;
    this.resumeAt = section.end;
  }

  /** On the primary: both branches of `section` are done; go on after it as one runner again. */
  leaveSection(section: ParallelSection): void {
    this.at = section.end;
    this.stop = this.current!.steps.length;
    this.lane = null;
  }

  constructor(
    private readonly agent: AgentView<Ctx>,
    private readonly host: StepHost<Ctx>,
    faults: FaultReporter,
    restoreCtx: ((ctx: Ctx) => void) | undefined,
  ) {
    this.stepFaults = new StepFaults(agent, faults, restoreCtx);
    this.outcomes = new StepOutcomes(agent, host, faults, this);
    this.checks = new PlanChecks(agent, this.stepFaults);
    this.guard = guardOf(agent);
    this.guard.watch(this);
  }

  /** The operator whose `update` this execution is calling now, or null (see {@link UpdateSource}). @internal */
  get updatingOperator(): string | null {
    return this.inUpdate ? this.current!.steps[this.at].operator : null;
  }

  /** Forget the plan (nothing is aborted: the caller does that first). */
  clear(): void {
    this.waiting = false;
    this.awaited.drop();
    this.current = null;
    this.operators = EMPTY_OPS;
    this.at = 0;
    this.stop = 0;
    this.busy = false;
    this.step = null;
    this.op = null;
    this.checking = false;
    this.lane = null;
    this.checks.forget();
  }

  /** Whether the rest of the work still holds on the real state: null, or why not (see {@link validateLanes}). */
  invalidRest(): string | null {
    const steps = this.current!.steps;
    const lane = this.lane;
    if (lane === null && this.stop === steps.length) return this.checks.rest(steps, this.at, this.busy);
    return this.checks.lanes(steps, this, lane !== null && lane.current !== null ? lane : null, lane !== null ? this.resumeAt : steps.length);
  }

  /** Check the next step (and the rest of the plan) and start it; fails the plan when a check fails. */
  start(): void {
    const plan = this.current!;
    const step = plan.steps[this.at];
    const host = this.host;
    // A plan just validated from its first step on this very state and context need not be checked again.
    const validated = this.checks.takeValid() && this.at === 0;
    if (!validated && (this.lane !== null || this.stop !== plan.steps.length)) {
      // Part of a parallel section: this branch, the other branch's rest, then the plan after the section.
      const why = this.invalidRest();
      if (why !== null) return host.failPlan(why);
    }
    // Fail early (plan validation): this step's conditions on the real state, then the rest on a working copy.
    const check = validated || this.lane !== null || this.stop !== plan.steps.length ? null : this.checks.from(plan.steps, this.at);
    if (check !== null && check.step >= 0) {
      const failing = plan.steps[check.step];
      host.failPlan(
        check.step === this.at ? `conditions of ${failing.task} fail: ${check.reason}` : `step ${check.step} ${failing.task} would fail: ${check.reason}`,
      );
      return;
    }
    if (step.decorators !== undefined && this.outcomes.refusedOnce(step)) return;
    this.busy = true;
    this.began();
    this.outcomes.started(plan, step, this.at);
    const op = this.operators[this.at];
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
      this.busy = false;
      agent.state.undoDone();
      this.operatorThrew('start', step, ctx, version, thrown);
      this.stepFailed(step, `operator ${step.operator} threw in start: ${describeThrown(thrown)}`);
      return;
    }
    guard.noteCallback(Callback.None, '');
    agent.state.undoDone();
  }

  /** Await the promise `callback` of the running step returned (throws what its `then` throws). */
  private watch(promise: PromiseLike<unknown>, callback: AsyncCallback, step: PlanStep): void {
    this.awaited.watch(promise, callback, step, this.at);
    this.waiting = true;
  }

  /** Update the running step's operator; on success apply its effects and move on. */
  update(dt: number): void {
    // Awaiting an operator's promise: nothing to call until it settles.
    if (this.waiting) return this.settle(dt);
    const step = this.step!;
    const agent = this.agent;
    const state = agent.state;
    const ctx = agent.ctx;
    const version = state.undoPoint();
    let status: ReturnType<Operator['update']>;
    // Its own flag, not the guard's note: the guard asks for it only when it refuses a call (see UpdateSource).
    this.inUpdate = true;
    try {
      status = this.op!.update(step.args, agent, dt, step);
    } catch (thrown) {
      return this.updateThrew(ctx, version, step, thrown);
    }
    this.inUpdate = false;
    // Closed before the effects apply; a bad status below still rolls back exactly, as nothing is written in between.
    state.undoDone();
    if (status === OperatorStatus.Running) return;
    if (status === OperatorStatus.Success) return this.succeeded(this.current!, step);
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
      this.busy = false;
      this.operatorThrew('update', step, ctx, version, thrown);
      return this.stepFailed(step, `operator ${step.operator} threw in update: ${describeThrown(thrown)}`);
    }
    this.busy = false;
    if (status === OperatorStatus.Failure) return this.stepFailed(step, `operator ${step.operator} failed`);
    const reason = failureReason(status);
    if (reason !== null) return this.stepFailed(step, `operator ${step.operator} failed: ${reason}`);
    // Not a status: a broken operator, handled like one that threw.
    this.stepFaults.noStatus(step, this.at, ctx, this.undo(version), status);
    return this.stepFailed(step, `operator ${step.operator} returned ${describeValue(status)}, not an OperatorStatus`);
  }

  /** The step's operator succeeded: apply its effects (all or none) and move on. */
  private succeeded(plan: Plan, step: PlanStep): void {
    const agent = this.agent;
    const host = this.host;
    const state = agent.state;
    this.busy = false;
    const before = state.version;
    const refused =
      step.effects.hasErrorEdge || step.effects.hasOpaque
        ? applyAtomically(step, this.at, agent, this.stepFaults)
        : (applyEffects(step.effects, state, agent.ctx, ChangeSource.Own), null);
    // Own effects are not a reason to replan (else a power-up the step itself set would abort its own plan): count them as seen (and an undone attempt changed nothing).
    this.seen += state.version - before;
    if (this.alsoSeenBy !== null) this.alsoSeenBy.seen += state.version - before;
    if (refused !== null) return this.stepFailed(step, refused);
    this.outcomes.succeeded(plan, step, this.at);
    if (this.current !== plan) return;
    this.at++;
    host.advanced(plan);
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
    const plan = this.current!;
    const step = plan.steps[this.at];
    if (how === Awaiting.Rejected) {
      this.busy = false;
      this.stepFaults.rejected(callback, step, this.at, value);
      return this.stepFailed(step, `operator ${step.operator} rejected in ${callback}: ${describeThrown(value)}`);
    }
    if (callback === 'start') return this.update(dt);
    if (value === OperatorStatus.Running) return;
    if (value === OperatorStatus.Success) return this.succeeded(plan, step);
    this.busy = false;
    if (value === OperatorStatus.Failure) return this.stepFailed(step, `operator ${step.operator} failed`);
    const reason = failureReason(value);
    if (reason !== null) return this.stepFailed(step, `operator ${step.operator} failed: ${reason}`);
    this.stepFaults.resolvedNoStatus(step, this.at, value);
    this.stepFailed(step, `operator ${step.operator} resolved to ${describeValue(value)}, not an OperatorStatus`);
  }

  /** Stop the running step: its operator's `abort` is called, its effects are not applied. */
  abort(reason: string): void {
    const step = this.current!.steps[this.at];
    const agent = this.agent;
    this.busy = false;
    this.waiting = false;
    this.awaited.drop();
    this.outcomes.aborted(step, this.at, reason);
    const op = this.operators[this.at];
    if (op.abort === undefined) return;
    const ctx = agent.ctx;
    const version = agent.state.undoPoint();
    const guard = this.guard;
    guard.noteCallback(Callback.OperatorAbort, step.operator);
    try {
      const result = op.abort(step.args, agent, step);
      if (result !== undefined && isThenable(result)) this.abortAwaited(result, step, this.at);
    } catch (thrown) {
      guard.noteCallback(Callback.None, '');
      agent.state.undoDone();
      this.operatorThrew('abort', step, ctx, version, thrown);
      return;
    }
    guard.noteCallback(Callback.None, '');
    agent.state.undoDone();
  }

  /** An async `abort`: the step has ended already; a rejection is reported (nothing undone: others wrote since). */
  private abortAwaited(promise: PromiseLike<unknown>, step: PlanStep, index: number): void {
    promise.then(undefined, (reason: unknown) => this.stepFaults.rejected('abort', step, index, reason));
  }

  /** Abort the running step and fail the plan when one of its executing conditions fails. */
  checkExecuting(): void {
    // Most steps have no executing conditions: nothing to read then.
    if (!this.checking) return;
    const step = this.step!;
    const every = step.decorators?.checkEvery;
    const bad = every !== undefined && this.host.ledger?.checkDue(this.host.name, every) === false ? -1 : this.checks.executingFails(step, this.at);
    if (bad === -1) return;
    const reason = bad >= 0 ? `executing condition ${step.executing.describe(bad)} failed` : `an executing condition of ${step.task} threw`;
    this.abort(reason);
    this.host.failPlan(reason);
  }

  /** Cold path of {@link update}, kept out of it so the per-tick code stays small. */
  private updateThrew(ctx: Ctx, version: number, step: PlanStep, thrown: unknown): void {
    this.inUpdate = false;
    this.busy = false;
    this.agent.state.undoDone();
    this.operatorThrew('update', step, ctx, version, thrown);
    this.stepFailed(step, `operator ${step.operator} threw in update: ${describeThrown(thrown)}`);
  }

  /** The running step failed: tell who hears of it, then go back to where a retry starts (or the plan failed). */
  private stepFailed(step: PlanStep, reason: string): void {
    const plan = this.current!;
    const restart = this.outcomes.failed(plan, step, this.at, reason, this.lane !== null || this.stop !== plan.steps.length);
    if (restart >= 0) this.at = restart;
  }

  /** An operator's `call` failed: undo what it wrote (world state and context), then report it. */
  private operatorThrew(call: OperatorCall, step: PlanStep, ctx: Ctx, version: number, thrown: unknown): void {
    this.stepFaults.operatorThrew(call, step, this.at, ctx, this.undo(version), thrown);
  }

  /** Roll the state back to `version`, where a failed call began; returns how many writes were undone. */
  private undo(version: number): number {
    const state = this.agent.state;
    const undone = state.rollback(version);
    // The writes and their undoing are one non-change to this runner, unless it had not yet seen the state before the call.
    if (this.seen === version) this.seen = state.version;
    return undone;
  }
}
