import {
  isPendingPlanner,
  type AgentPlanner,
  type Availability,
  type PendingPlanner,
  type Plan,
  type PlanResult,
  type WorldState,
} from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { ReplanTrigger, RunnerEventListener } from '../events/RunnerEvent.js';
import { recordPlanTime, type RunnerStats } from '../events/RunnerStats.js';
import type { BehaviourLedger } from '../execution/BehaviourLedger.js';
import type { StepExecution } from '../execution/StepExecution.js';
import type { FaultReporter } from '../faults/FaultReporter.js';
import { guardOf, type Guard } from '../faults/CallGuard.js';
import { planGuarded, updateGuarded } from '../faults/plannerCalls.js';
import { Answer, type PendingRequest } from './PendingRequest.js';
import { Adopted, Hold, type PlanAdoption } from './PlanAdoption.js';
import type { PlanMending } from './PlanMending.js';
import { ReplanState } from './ReplanState.js';

/** @internal What a {@link Replanner} needs of its runner: to end the plan a planner's unrunnable answer replaces. */
export interface PlanEnds {
  readonly name: string;
  readonly stats: RunnerStats;
  readonly ledger: BehaviourLedger;
  /** The listener events go to now, or undefined. */
  readonly listener: RunnerEventListener | undefined;
  /** Fail the whole plan with `reason` (no step runs). */
  failPlan(reason: string): void;
  /** The plan is done (an empty plan was adopted). */
  finishPlan(): void;
}

/** @internal How a {@link Replanner} calls its planner: the clock its calls are timed by, and how many times are kept. */
export interface PlannerTiming {
  readonly clock: () => number;
  readonly samples: number;
}

/**
 * @internal A planner wrapper whose `update(dt)` may be skipped for another planner's: {@link updateVia} names the
 * planner to call in its place now, itself while it keeps time-dependent state of its own (a cached planner counting
 * down after a step failure), else the planner it forwards to (which may route further). It calls `rerouted` when
 * that answer changes, so a runner calls `update` on the planner that needs it without walking the wrappers every tick.
 */
export interface UpdateRouter {
  updateVia(rerouted: () => void): AgentPlanner<any>;
}

/**
 * @internal A pending planner whose answer can be repeated without asking it: while the state's cells, the context
 * and what the planner keeps of its own (a cached planner's time alone after a step failure) are unchanged, and no
 * availability goes with the request, it would answer a request exactly as it answered the last one. {@link repeatKey}
 * says, right after an answer, whether that holds; {@link recall} then counts a repeat as the planner would count the
 * request it stands for (a cache's lookup and hit).
 */
export interface RepeatableAnswers {
  /**
   * After the planner answered a request from `state` and `ctx` (without availability) with `result`: the key to
   * {@link recall} a repeat by, or null when its answer to the same request could differ. `lost` is called when
   * that key stops standing for the answer while the state and the context stay the same (a step failure, say).
   */
  repeatKey(state: WorldState<any>, ctx: unknown, result: PlanResult, lost: () => void): object | null;
  /** What counts a repeat of an answer by its key (shared by the planners of a crowd, a plan cache, say). */
  readonly recaller: AnswerRecaller;
}

/** @internal Counts a repeat of an answer by its key ({@link RepeatableAnswers}). */
export interface AnswerRecaller {
  /** Count a repeat of the answer `key` stands for, as the request would have counted it; false (nothing counted): ask the planner. */
  recall(key: any): boolean;
}

/** Whether `planner` can repeat its answers ({@link RepeatableAnswers}). */
function repeats(planner: AgentPlanner<any>): planner is AgentPlanner<any> & RepeatableAnswers {
  return typeof (planner as Partial<RepeatableAnswers>).repeatKey === 'function';
}

/** Whether `planner` routes its updates ({@link UpdateRouter}). */
function routes(planner: AgentPlanner<any>): planner is AgentPlanner<any> & UpdateRouter {
  return typeof (planner as Partial<UpdateRouter>).updateVia === 'function';
}

/**
 * @internal A runner's replanning: its {@link ReplanState} (when to replan); the planner it asks and what that
 * planner supports, looked up once per planner rather than per tick (an `update` to call every tick, answers to poll,
 * adjustment of running plans, stale-plan notices, taken for the planner in use only); and the asking that follows a
 * due trigger: backing off a failing streak, holding back for a running step's interrupt policy, a repair after a
 * failed step, a request to a pending planner or a timed synchronous plan, and taking the answer.
 * {@link PlanAdoption} and {@link PendingRequest} return decisions (Adopted, Hold, Answer) that this applies to the
 * replan state through its named transitions. The runner's tick notices changes and raises triggers here, and calls
 * {@link replanDue} when one is due. One object, so that a steady tick reads one object for all of it.
 */
export class Replanner<Ctx> extends ReplanState {
  // What the planner in use supports that a steady tick asks about comes first, next to the replan state's hot
  // fields (so the constructor takes no parameter properties: they would be laid out before these).
  /** The planner whose `update` the runner calls each tick (the planner in use, or one it forwards to), or null. */
  private updater: AgentPlanner<Ctx> | null = null;
  private polls = false;
  private adjusts = false;
  /** Whether it repairs failed plans (`repair`): else no failed plan ever waits in {@link mending}. */
  private repairs = false;
  /** Whether the planner in use answers later (a {@link PendingPlanner}): asked by request, not by a timed call. */
  private answersLater = false;
  /**
   * The key of the last answer when the planner can repeat it ({@link RepeatableAnswers}) and the runner kept its plan
   * for it (the answer equals the plan's rest), else null; with what it was an answer to: the state's version, the
   * context, the plan and its step. A recheck from the same is answered by {@link repeated}, without a request.
   */
  private memo: object | null = null;
  private memoVersion = 0;
  private memoCtx: unknown = undefined;
  private memoPlan: Plan | null = null;
  private memoIndex = 0;
  private memoRunning = false;
  /** Whether the agent's behaviour ledger never held anything (availability undefined without asking it; told when that ends). */
  private ledgerBlank = false;
  /** Counts a repeat of the remembered answer ({@link RepeatableAnswers.recaller}). */
  private memoBy: AnswerRecaller | null = null;
  /** The planner in use when it can repeat its answers, else null. */
  private repeater: RepeatableAnswers | null = null;
  private current: AgentPlanner<Ctx>;
  /** Stops the planner's stale-plan notices, or null. */
  private unwatch: (() => void) | null = null;
  /** A stale-plan notice: recheck the plan on the next tick. */
  private readonly onStale = (): void => this.stale(this.agent.time);
  /**
   * Told when the remembered answer may no longer be repeated (by its planner) or the behaviour ledger wrote its first
   * cooldown or mark: forget the answer (the next recheck asks, and looks at the ledger again). Made with the first
   * answer remembered: a runner that never remembers one allocates nothing for it.
   */
  private memoLost: (() => void) | null = null;
  /** A wrapper's update route changed: find the planner to update again. */
  private readonly onReroute = (): void => {
    this.updater = this.updateTarget(this.current);
  };
  private readonly agent: AgentView<Ctx>;
  private readonly runner: PlanEnds;
  private readonly exec: StepExecution<Ctx>;
  private readonly adoption: PlanAdoption<Ctx>;
  private readonly pending: PendingRequest<Ctx>;
  private readonly mending: PlanMending<Ctx>;
  private readonly faults: FaultReporter;
  /** The agent's re-entrancy guard, told when the planner's per-tick `update` runs. */
  private readonly guard: Guard;
  /** The clock planner calls are timed by, and how many times are kept (from {@link PlannerTiming}). */
  private readonly clock: () => number;
  private readonly samples: number;
  /** Seconds to wait before asking again after no plan, or a failing streak. */
  private readonly retryInterval: number;

  constructor(
    agent: AgentView<Ctx>,
    runner: PlanEnds,
    exec: StepExecution<Ctx>,
    planner: AgentPlanner<Ctx>,
    adoption: PlanAdoption<Ctx>,
    pending: PendingRequest<Ctx>,
    mending: PlanMending<Ctx>,
    faults: FaultReporter,
    timing: PlannerTiming,
    retryInterval: number,
    recheckEvery: number,
    phase: number,
  ) {
    super(recheckEvery, phase);
    this.agent = agent;
    this.runner = runner;
    this.exec = exec;
    this.adoption = adoption;
    this.pending = pending;
    this.mending = mending;
    this.faults = faults;
    this.guard = guardOf(agent);
    this.clock = timing.clock;
    this.samples = timing.samples;
    this.retryInterval = retryInterval;
    this.current = planner;
    this.use(planner);
  }

  /** The planner in use. */
  get planner(): AgentPlanner<Ctx> {
    return this.current;
  }
  /** Whether it adjusts running plans (`adjust`). */
  get adjustsPlans(): boolean {
    return this.adjusts;
  }

  /** Ask `planner` from now on (its stale-plan notices replace the last planner's). */
  use(planner: AgentPlanner<Ctx>): void {
    this.current = planner;
    this.updater = this.updateTarget(planner);
    this.answersLater = isPendingPlanner(planner);
    this.polls = this.answersLater && typeof (planner as PendingPlanner<Ctx>).poll === 'function';
    this.adjusts = planner.adjust !== undefined;
    this.repairs = planner.repair !== undefined;
    this.repeater = this.answersLater && repeats(planner) ? planner : null;
    this.memo = null;
    this.unwatch?.();
    this.unwatch = planner.watchStale === undefined ? null : planner.watchStale(this.onStale);
  }

  /** The planner's per-tick `update`, if it has one (contained). */
  updatePlanner(dt: number): void {
    const updater = this.updater;
    if (updater !== null) updateGuarded(updater, dt, this.guard, this.faults);
  }

  /**
   * The planner whose `update(dt)` does what `planner`'s does now: down the wrappers that route their updates
   * ({@link UpdateRouter}) to the first that keeps time of its own or does not route; null when it has no `update`.
   * A crowd's agent then skips the wrappers in between on every tick (each one more object read per agent).
   */
  private updateTarget(planner: AgentPlanner<Ctx>): AgentPlanner<Ctx> | null {
    let p = planner;
    while (routes(p)) {
      const next = p.updateVia(this.onReroute);
      if (next === p) break;
      p = next;
    }
    return p.update !== undefined ? p : null;
  }

  /** A pending planner that can answer a waiting request now (its cache learnt the answer) does so. */
  poll(): void {
    if (this.polls && this.pending.id !== 0) this.pending.poll(this.current as PendingPlanner<Ctx>);
  }

  /** A replan is due: back off a failing streak in an unchanged world (`changed`: it changed this tick), else replan unless the plan is doomed. */
  replanDue(changed: boolean): void {
    const trigger = this.take()!;
    if (trigger === 'failed' && this.failStreak >= 2 && !changed) {
      // Same world, same plan, same failure: wait for a change or retryInterval instead of spinning.
      this.backOff(this.agent.time + this.retryInterval);
      this.adoption.skip(trigger, `backing off: ${this.failStreak} plans failed in a row with no outside change`);
      return;
    }
    if (this.doomed === null) this.replanOn(trigger);
  }

  /** The latest request's answer came (`answer`, with `result`): replay what it absorbed, then ask again after a failure or take the result. */
  answered(answer: Answer, result: PlanResult | null): void {
    const absorbed = this.pending.takeAbsorbed();
    if (absorbed !== null) this.raise(absorbed);
    const trigger = this.pending.asked;
    if (answer === Answer.Failed) return this.askAgain(trigger);
    if (this.exec.plan !== null && this.blocked(trigger)) return;
    const state = this.agent.state;
    const version = state.version;
    const ctx = this.agent.ctx;
    this.adopt(trigger, result!);
    if (this.repeater !== null && this.adoption.keptEqual) this.remember(state, version, ctx, result!);
  }

  /**
   * The runner kept its plan for `result`, the planner's answer from `state` at `version` and `ctx`: remember it if
   * the planner can repeat it, nothing changed while it was taken, and nothing but the plan's step decides whether
   * a replan is held back (no branch runner).
   */
  private remember(state: WorldState<any>, version: number, ctx: unknown, result: PlanResult): void {
    const exec = this.exec;
    if (state.version !== version || this.agent.ctx !== ctx || result.faults !== undefined || this.adoption.branched) return;
    const repeater = this.repeater!;
    const lost = (this.memoLost ??= () => {
      this.memo = null;
      this.ledgerBlank = false;
    });
    const key = repeater.repeatKey(state, ctx, result, lost);
    if (key === null) return;
    this.memo = key;
    this.memoBy = repeater.recaller;
    this.ledgerBlank = this.runner.ledger.watchBlank(lost);
    this.memoVersion = version;
    this.memoCtx = ctx;
    this.memoPlan = exec.plan;
    this.memoIndex = exec.index;
    this.memoRunning = exec.running;
  }

  /**
   * A recheck from what the remembered answer answered (same state version, context, plan and step, no availability,
   * no request in flight): the planner would give the same answer and the runner keep its plan the same way, so it is
   * counted and reported as that (the planner's count, the request and its answer, the plan found and the skipped
   * replan) without asking. False, with nothing counted, otherwise.
   */
  private repeated(running: Plan | null): boolean {
    const exec = this.exec;
    const agent = this.agent;
    if (running !== this.memoPlan || exec.index !== this.memoIndex || exec.running !== this.memoRunning) return false;
    if (agent.state.version !== this.memoVersion || agent.ctx !== this.memoCtx || this.pending.id !== 0) return false;
    const runner = this.runner;
    // The running step did not hold the remembered answer's replan back, so it does not hold this one back either.
    if (!this.ledgerBlank && runner.ledger.availability(runner.name) !== undefined) return false;
    if (!this.memoBy!.recall(this.memo!)) return false;
    this.scheduleRecheck(agent.time);
    const stats = runner.stats;
    stats.replans++;
    this.pending.answeredAtOnce('recheck');
    stats.plansFound++;
    // Reported as the answer would have been (a listener may change the state: the next recheck then asks).
    if (runner.listener === undefined) stats.replansSkipped++;
    else this.adoption.skipEqual('recheck');
    return true;
  }

  /** A request got no answer (failed, or lost): ask again on the next tick (the planner, a replaced worker, will likely answer this time). */
  askAgain(trigger: ReplanTrigger): void {
    if (this.exec.plan === null) this.backOff(this.agent.time);
    else this.raise(trigger);
  }

  /** The world changed under the plan: let the planner re-plan the adjustable parts the change touches (the rest runs on). */
  adjust(): void {
    const exec = this.exec;
    const running = exec.plan!;
    const runner = this.runner;
    const started = this.clock();
    const availability = runner.ledger.availability(runner.name);
    const amendment = this.mending.adjust(this.current, this.agent.state, this.agent.ctx, running, exec.index, exec.running, availability);
    this.timed(started);
    // The same plan goes on, amended: what the replan state knows of it (a postponed replan, the change) still holds.
    if (amendment === null) return;
    this.memo = null;
    this.adoption.amend('planAdjusted', amendment, running, exec.index);
  }

  /** Ask the planner on `trigger` (unless a running step holds the replan back) and take its answer, or send a pending planner the request. */
  private replanOn(trigger: ReplanTrigger): void {
    const agent = this.agent;
    const runner = this.runner;
    const running = this.exec.plan;
    if (trigger === 'recheck' && this.memo !== null && this.repeated(running)) return;
    if (running !== null && this.blocked(trigger)) return;
    this.scheduleRecheck(agent.time);
    if (trigger === 'failed' || trigger === 'worldChanged' || trigger === 'recheck') runner.stats.replans++;
    const planner = this.current;
    const availability = runner.ledger.availability(runner.name);
    // A planner without `repair` never leaves a failed plan to repair (PlanMending notes none): nothing to read.
    if (this.repairs) {
      const mending = this.mending;
      if (mending.pending && (trigger !== 'failed' || running !== null)) mending.forget();
      if (mending.pending && this.repair(availability)) return;
    }
    if (this.answersLater) return this.pending.send(planner as PendingPlanner<Ctx>, trigger, running, availability);
    const started = this.clock();
    const outcome = planGuarded(planner, agent.state, agent.ctx, running, this.faults, availability);
    this.timed(started);
    this.adopt(trigger, outcome);
  }

  /** After a failed step: ask the planner to repair the failed plan, and install the repair; false when it made none. */
  private repair(availability: Availability | undefined): boolean {
    const failed = this.mending.failedPlan!;
    const index = this.mending.failedIndex;
    const started = this.clock();
    const amendment = this.mending.repair(this.current, this.agent.state, this.agent.ctx, availability);
    this.timed(started);
    this.memo = null;
    if (amendment === null || !this.adoption.amend('planRepaired', amendment, failed, index)) return false;
    this.adopted();
    return true;
  }

  /** Whether a running step's interrupt policy holds the replan on `trigger` back (reported); a boundary step postpones it to its end. */
  private blocked(trigger: ReplanTrigger): boolean {
    const hold = this.adoption.hold(trigger);
    if (hold === Hold.Postpone) this.postpone(trigger);
    return hold !== Hold.None;
  }

  /** Take a planning result ({@link PlanAdoption}) and apply what it did to the replan state. */
  private adopt(trigger: ReplanTrigger, outcome: PlanResult): void {
    this.memo = null;
    const adopted = this.adoption.adopt(trigger, outcome);
    if (adopted === Adopted.Kept) return;
    if (adopted === Adopted.NotFound) return this.backOff(this.agent.time + this.retryInterval);
    this.adopted();
    if (adopted === Adopted.Installed) return;
    // The planner offered nothing runnable: wait before asking again unless the world changes.
    const why = this.adoption.unrunnable;
    if (why !== null) this.runner.failPlan(why);
    else this.runner.finishPlan();
    this.giveUp(this.agent.time + this.retryInterval);
  }

  /** A call into the planner that began at `started` ended: record its time. */
  private timed(started: number): void {
    recordPlanTime(this.runner.stats, this.clock() - started, this.samples);
  }
}
