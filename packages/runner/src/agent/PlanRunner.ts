import { type AgentPlanner, type Plan, type PlanResult, type PlanReceiver, type PlanStep } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import { BehaviourLedger } from '../execution/BehaviourLedger.js';
import { guardOf, type Guard } from '../faults/CallGuard.js';
import { FaultReporter } from '../faults/FaultReporter.js';
import { faultMode } from '../contract/FaultSource.js';
import type { OperatorMap } from '../contract/Operator.js';
import { Answer, PendingRequest } from '../replanning/PendingRequest.js';
import { PlanAdoption } from '../replanning/PlanAdoption.js';
import { PlanMending } from '../replanning/PlanMending.js';
import { Replanner } from '../replanning/Replanner.js';
import { RunnerError } from '../RunnerError.js';
import type { RunnerEventListener } from '../events/RunnerEvent.js';
import { createRunnerStats, type RunnerStats } from '../events/RunnerStats.js';
import { RunnerListeners } from '../events/RunnerListeners.js';
import { emitPlanFailed, emitPlanFinished, emitPlannerChanged } from './planEvents.js';
import { StepExecution } from '../execution/StepExecution.js';
import { SectionMove } from '../execution/SectionCursor.js';
import { SecondaryBranch } from '../execution/SecondaryBranch.js';
import { checkBranch, checkOperators, checkRunnerOptions, phaseOf } from './runnerChecks.js';
import { claimPlanner } from '../replanning/plannerClaims.js';
import type { PlanRunnerOptions } from './PlanRunnerOptions.js';

export type { PlanRunnerOptions } from './PlanRunnerOptions.js';

/**
 * Executes plans from any {@link AgentPlanner} through the shared plan format
 * (validated as it runs, replanned on world changes and on higher-priority plans). Per tick: check the running step's executing
 * conditions, validate the rest of the plan when the world changed, replan on
 * the triggers, start the next step after checking its conditions, and update
 * the running operator. Effects are applied once, on success, as
 * world-state's `ChangeSource.Own`, all or none; expected effects only ever touch a
 * working copy. A tick with a running step and no change allocates nothing.
 * Events are object literals with every field written out: spreading a shared
 * base object and adding fields is many times slower in V8, and monitors listen to every event.
 *
 * User code that fails (an operator, the planner, a condition or effect
 * function, a listener) is contained: its world-state writes and context
 * changes are undone, a `fault` event names it, and the runner carries on as
 * if it had failed cleanly (an operator's step fails without its effects; a
 * planner that throws finds no plan). With `faults: 'rethrow'` the error is
 * then thrown from `tick`.
 * @example
 * const runner = new PlanRunner(agentView, { planner, operators: { Wait: waitOperator } });
 * runner.tick(1 / 30);
 */
export class PlanRunner<Ctx = any> implements PlanReceiver {
  // V8 lays an object's fields out in the order they are first written: the constructor writes the ones a steady
  // tick reads first (leader, agent, exec, replan, whilePlanning, rethrows), so they share as few cache lines as can be.
  /** On a secondary-branch runner: its link to the primary runner that hands it branches (it plans nothing itself). */
  private leader: SecondaryBranch<Ctx> | null = null;
  private readonly agent: AgentView<Ctx>;
  /** The plan, its operators and the step being run. */
  private readonly exec: StepExecution<Ctx>;
  /** When to replan (the trigger due, a postponed or doomed plan, the retry and recheck times, the failure streak), and asking the planner. */
  private readonly replan: Replanner<Ctx>;
  private readonly whilePlanning: 'continue' | 'idle';
  /** Whether {@link faults} may hold an error to rethrow (`faults: 'rethrow'`); with 'contain' a tick need not ask it. */
  private readonly rethrows: boolean;
  /** Taking planning results, and the request in flight to a pending planner. */
  private readonly pending: PendingRequest<Ctx>;
  private readonly adoption: PlanAdoption<Ctx>;
  /** On a primary runner: its link to the runner of its plans' secondary branches. */
  private branch: SecondaryBranch<Ctx> | null;
  readonly name: string;
  readonly operators: OperatorMap<Ctx>;
  readonly stats: RunnerStats;
  /** Where events go: `onEvent` and the listeners added since. */
  private readonly events: RunnerListeners;
  /**
   * The listener events go to now ({@link events}' current one, or undefined), kept on this object too: a step's
   * start and end and a plan's end ask it, and the runner is in the cache then while its listener list is not.
   */
  private heard: RunnerEventListener | undefined;
  /** Counts and announces contained faults; with `faults: 'rethrow'` keeps the first for the end of the tick. */
  private readonly faults: FaultReporter;
  /** The agent's re-entrancy guard (shared with its other runners): refuses calls made from the agent's own callbacks. */
  private readonly guard: Guard;
  /** Names this runner in errors. */
  private readonly who: string;
  /** The agent's decorator state (see {@link BehaviourLedger}). */
  readonly ledger: BehaviourLedger;
  /** Plan repair and adjustment: the failed plan waiting for repair, and the calls to the planner's `repair` and `adjust`. */
  private readonly mending: PlanMending<Ctx>;

  constructor(agent: AgentView<Ctx>, options: PlanRunnerOptions<Ctx>) {
    const { retry, samples, whilePlanning, recheck } = checkRunnerOptions(options);
    // Built in locals first (in the order their checks and side effects have always run), then written hot fields first.
    const ledger = options.ledger ?? new BehaviourLedger(() => agent.time);
    const name = options.name ?? 'main';
    const stats = createRunnerStats();
    const events = new RunnerListeners(options.onEvent, (event, thrown) => this.faults.listenerThrew(event, thrown));
    const guard = guardOf(agent);
    const who = `Agent "${agent.id}", runner "${name}"`;
    claimPlanner(options.planner, this, agent, who);
    const mode = faultMode(options.faults, `runner "${name}"`);
    const faults = new FaultReporter(
      () => this.events.current,
      mode,
      `agent "${agent.id}", runner "${name}"`,
      () => this.base(),
      stats,
      guard,
    );
    // The runner is its helpers' host (a class, unlike a literal with getters, keeps those loads inlinable).
    const exec = new StepExecution<Ctx>(agent, this, faults, options.restoreCtx);
    const adoption = new PlanAdoption<Ctx>(agent, this, faults, exec);
    const pending = new PendingRequest<Ctx>(agent, this, faults);
    const mending = new PlanMending<Ctx>(faults);
    const clock = options.clock ?? (() => performance.now());
    const phase = recheck > 0 ? phaseOf(agent.id, name) : 0;
    const timing = { clock, samples };
    const replan = new Replanner(agent, this, exec, options.planner, adoption, pending, mending, faults, timing, retry, recheck, phase);
    this.agent = agent;
    this.exec = exec;
    this.replan = replan;
    this.whilePlanning = whilePlanning;
    this.rethrows = mode === 'rethrow';
    this.pending = pending;
    this.adoption = adoption;
    this.branch = null;
    this.name = name;
    this.operators = options.operators;
    this.stats = stats;
    this.events = events;
    this.heard = events.current;
    this.faults = faults;
    this.guard = guard;
    this.who = who;
    this.ledger = ledger;
    this.mending = mending;
    agent.state.enableUndo();
  }

  /** True while a request to a pending planner awaits its answer. */
  get planning(): boolean {
    return this.pending.id !== 0;
  }

  /** The planner in use. */
  get planner(): AgentPlanner<Ctx> {
    return this.leader !== null ? this.leader.planner : this.replan.planner;
  }
  /** The plan being executed, or null. */
  get plan(): Plan | null {
    return this.exec.plan;
  }
  /** Index of the current (running or next) step in {@link plan}. */
  get stepIndex(): number {
    return this.exec.index;
  }
  /** The running step, or null between steps. */
  get runningStep(): PlanStep | null {
    return this.exec.running && this.exec.plan !== null ? this.exec.plan.steps[this.exec.index] : null;
  }

  /**
   * Also send this runner's events to `listener` (a monitor, a log), after the
   * `onEvent` given at construction. Returns the function that removes it. With
   * no listener at all the runner builds no event objects.
   * @example
   * const stop = agent.runner().addListener((e) => console.log(formatEvent(e)));
   * stop();
   */
  addListener(listener: RunnerEventListener): () => void {
    if (typeof listener !== 'function') throw new RunnerError('BAD_LISTENER', this.name, `Runner "${this.name}": addListener needs a function.`);
    const remove = this.events.add(listener);
    this.heard = this.events.current;
    return () => {
      remove();
      this.heard = this.events.current;
    };
  }

  /** @internal The listener events go to now (the agent's own events use it too), or undefined. */
  get listener(): RunnerEventListener | undefined {
    return this.heard;
  }

  /**
   * Swap the planner: the running step is aborted, the plan dropped, and the
   * new planner plans on the next tick. Nothing else about the agent changes.
   */
  setPlanner(planner: AgentPlanner<Ctx>): void {
    checkOperators(planner, this.operators, this.name);
    claimPlanner(planner, this, this.agent, this.who);
    this.guard.enterCall('setPlanner()', this.who);
    try {
      this.switchPlanner(planner);
    } finally {
      this.guard.exitCall();
    }
    this.faults.throwDue();
  }

  private switchPlanner(planner: AgentPlanner<Ctx>): void {
    this.pending.cancel();
    if (this.exec.plan !== null) {
      if (this.exec.running) this.exec.abort(`planner switched to ${planner.kind}`);
      this.branch?.endRace();
      this.failPlan(`planner switched to ${planner.kind}`);
    }
    const previous = this.replan.planner.kind;
    this.replan.use(planner);
    this.mending.forget();
    this.replan.plannerSwitched();
    // Listeners (a monitor) learn of the new planner before its first call.
    if (this.heard !== undefined) emitPlannerChanged(this.faults, this.agent, this.name, planner.kind, previous);
  }

  /**
   * Abort the running step (its operator's `abort` is called, its effects are
   * not applied) and fail the plan with `reason`; the runner replans on its next
   * tick (trigger `failed`). Does nothing without a plan. For game code that
   * knows better than the world state, e.g. a cutscene taking the agent over.
   * @example
   * agent.runner().abortPlan('cutscene');
   */
  abortPlan(reason: string): void {
    this.guard.enterCall('abortPlan()', this.who);
    try {
      if (this.exec.plan === null) return;
      if (this.exec.running) this.exec.abort(reason);
      this.branch?.endRace();
      this.failPlan(reason);
      // Game code dropped the plan: replan from scratch, no repair.
      this.mending.forget();
    } finally {
      this.guard.exitCall();
    }
    this.faults.throwDue();
  }

  /**
   * Withdraw the request a pending planner is working on: its answer, should it
   * still arrive, is dropped. The runner asks again on its next trigger.
   */
  cancelPlanning(): void {
    this.guard.enterCall('cancelPlanning()', this.who);
    try {
      this.pending.cancel();
    } finally {
      this.guard.exitCall();
    }
  }

  /**
   * The answer to request `id` of a pending planner ({@link PlanReceiver}).
   * Answers to any other request than the latest are stale and dropped.
   */
  receive(id: number, result: PlanResult | null, failure: string, threw = false, thrown?: unknown): void {
    const guard = this.guard;
    // The planner answers from inside the request this runner is making: the protocol's synchronous answer, not a re-entrant call.
    if (this.pending.answeringNow) {
      const answer = this.pending.receive(id, result, failure, threw, thrown);
      if (answer !== Answer.Dropped) this.replan.answered(answer, result);
      return;
    }
    // Refused like any re-entrant call (enter throws); the request it answered is asked again on the next tick.
    if (guard.inCall) {
      const lost = this.pending.lost(id);
      if (lost !== null) this.replan.askAgain(lost);
    }
    guard.enterCall('receive()', this.who);
    try {
      const answer = this.pending.receive(id, result, failure, threw, thrown);
      if (answer !== Answer.Dropped) this.replan.answered(answer, result);
    } finally {
      guard.exitCall();
    }
  }

  /**
   * Advance by `dt` seconds. Throws {@link RunnerError} `REENTRANT_CALL` when called from one of this agent's own
   * callbacks (an operator, a listener, a sensor, its planner) during a call into it.
   */
  tick(dt: number): void {
    const guard = this.guard;
    guard.enterCall('tick()', this.who);
    try {
      this.tickWithin(dt);
    } finally {
      guard.exitCall();
    }
  }

  /**
   * @internal {@link tick} inside the agent's guard, which the caller (the agent's tick, or {@link tick}) holds.
   * The whole tick path, top to bottom: notice an outside change, check the running step and the rest of the
   * plan, decide whether to replan (and do it), then start the next step and update the running one.
   */
  tickWithin(dt: number): void {
    if (this.leader !== null) return this.leader.tick(dt);
    const agent = this.agent;
    const exec = this.exec;
    const replan = this.replan;
    replan.updatePlanner(dt);
    // 1. An outside change (the runner's own effects are seen already).
    const changed = exec.observe(agent.state.version);
    if (changed) replan.worldChanged();

    // 2. The running step's executing conditions, then (after a change) the rest of the plan.
    if (exec.running) exec.checkExecuting();
    if (changed && exec.plan !== null && replan.doomed === null) {
      if (replan.adjustsPlans) replan.adjust();
      this.revalidate();
    }

    // A pending planner that can answer a waiting request now (its cache learnt the answer) does so here.
    replan.poll();

    // 3. Whether to replan: a postponed replan once no step runs, no plan, a periodic recheck; backing off a failing streak.
    if (!exec.running && replan.deferred !== null && (this.branch === null || !this.branch.running)) replan.release();
    // While a request is pending, having no plan (or a recheck coming due) is no news: the answer is on its way.
    // (The request is looked at last: a steady tick, with a plan and nothing due, touches no more than it needs.)
    if (replan.trigger === null) {
      if (exec.plan === null) {
        if ((changed || agent.time >= replan.retryAt) && this.pending.id === 0) replan.raise('noPlan');
      } else if (replan.recheckDue(agent.time) && this.pending.id === 0) replan.raise('recheck');
    }
    if (replan.trigger !== null) replan.replanDue(changed);

    // 4. Run: start the next step (unless waiting at a parallel join, or idle while planning), update the running one.
    if (this.whilePlanning === 'idle' && this.pending.id !== 0) {
      if (this.rethrows && this.faults.due) this.faults.throwDue();
      return;
    }
    if (!exec.running && exec.plan !== null && this.mayStart()) exec.start();
    if (exec.running) exec.update(dt);
    if (this.rethrows && this.faults.due) this.faults.throwDue();
  }

  /** The world changed under a plan: fail it now if its rest no longer holds, doom it to fail at the running step's end, or replan on the change. */
  private revalidate(): void {
    const exec = this.exec;
    const invalid = exec.invalidRest();
    if (invalid === null) return this.replan.raise('worldChanged');
    if (exec.running && exec.plan!.steps[exec.index].interrupt !== 'immediate') return this.replan.doomPlan(invalid);
    if (exec.running) exec.abort(invalid);
    this.branch?.endRace();
    this.failPlan(invalid);
  }

  /** With a branch runner and a plan with parallel sections: whether the next step may start (or wait at a join). */
  private mayStart(): boolean {
    const branch = this.branch;
    // Without a branch runner, no plan's sections are looked at (reading them costs a getter on the plan).
    if (branch === null) return true;
    const sections = this.exec.plan!.parallel;
    if (sections === undefined || sections.length === 0) return true;
    const move = branch.beforeStep();
    if (move === SectionMove.Finished) this.finishPlan();
    return move === SectionMove.Start;
  }

  /**
   * @internal Let `branch`, another runner of this agent, run the secondary branches of this
   * runner's plans (`plan.parallel`); it plans nothing of its own. {@link Agent} calls it for a
   * runner declared with `branchOf`.
   */
  attachBranch(branch: PlanRunner<Ctx>): void {
    const linked = branch.leader !== null || branch.branch !== null || this.leader !== null || this.branch !== null;
    checkBranch(branch === this || branch.agent !== this.agent || linked, branch.name, this.name);
    // Both runners are the link's hosts: it reads their listener and planner live (both change at run time).
    const link = new SecondaryBranch<Ctx>(this.agent, branch.exec, branch, branch.faults, this.exec, this);
    this.branch = link;
    this.adoption.linkBranch(link);
    branch.leader = link;
  }

  /** @internal Fail the whole plan with `reason` (the running step is already stopped); for {@link StepExecution} and a branch runner's link. */
  failPlan(reason: string): void {
    const plan = this.exec.plan;
    if (plan === null) return;
    if (this.leader !== null) return this.leader.fail(reason);
    // In a race, the primary's branch failing leaves the other branch racing on (see RaceSection).
    if (this.branch !== null && this.branch.racing && this.branch.primaryFailed()) return;
    this.mending.noteFailure(this.replan.planner, plan, this.exec.index);
    this.drop(reason);
    this.replan.planFailed();
    this.stats.plansFailed++;
    if (this.heard !== undefined) emitPlanFailed(this.faults, this.agent, this.heard, this.name, this.replan.planner.kind, plan, reason);
  }

  /** @internal The plan's last step succeeded (or it has none): the plan is finished. */
  finishPlan(): void {
    const plan = this.exec.plan!;
    this.drop();
    this.replan.planFinished();
    this.stats.plansFinished++;
    if (this.heard !== undefined) emitPlanFinished(this.faults, this.agent, this.heard, this.name, this.replan.planner.kind, plan);
  }

  private drop(reason = 'the plan ended'): void {
    this.ledger.planEnded(this.name);
    if (this.branch !== null) this.branch.endSection(`primary runner "${this.name}": ${reason}`);
    this.exec.clear();
  }

  /** @internal A step succeeded ({@link StepExecution}): fail a doomed plan at this boundary, or finish after the last step. */
  advanced(plan: Plan): void {
    if (this.leader !== null) return this.leader.advanced();
    if (this.branch !== null && this.branch.racing) this.branch.primaryAdvanced();
    const doomed = this.replan.doomed;
    if (doomed !== null) {
      this.branch?.endRace();
      return this.failPlan(doomed);
    }
    if (this.exec.index >= plan.steps.length) this.finishPlan();
  }

  private base() {
    const agent = this.agent;
    return { tick: agent.tickCount, time: agent.time, agent: agent.id, runner: this.name, planner: this.replan.planner.kind, ctx: agent.ctx };
  }
}
