import { isPendingPlanner, type AgentPlanner, type Availability, type PendingPlanner, type PlanResult } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { ReplanTrigger } from '../events/RunnerEvent.js';
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
  private current: AgentPlanner<Ctx>;
  /** Stops the planner's stale-plan notices, or null. */
  private unwatch: (() => void) | null = null;
  /** A stale-plan notice: recheck the plan on the next tick. */
  private readonly onStale = (): void => this.stale(this.agent.time);
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
    this.adopt(trigger, result!);
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
    if (amendment !== null) this.adoption.amend('planAdjusted', amendment, running, exec.index);
  }

  /** Ask the planner on `trigger` (unless a running step holds the replan back) and take its answer, or send a pending planner the request. */
  private replanOn(trigger: ReplanTrigger): void {
    const agent = this.agent;
    const runner = this.runner;
    const running = this.exec.plan;
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
