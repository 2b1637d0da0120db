import {
  isPendingPlanner,
  type AgentPlanner,
  type Availability,
  type PendingPlanner,
  type Plan,
  type PlanReceiver,
  type PlanResult,
  type PlanUrgency,
} from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import { Callback } from '../faults/CallGuard.js';
import type { FaultReporter } from '../faults/FaultReporter.js';
import type { ReplanTrigger, RunnerEventListener } from '../events/RunnerEvent.js';
import type { RunnerStats } from '../events/RunnerStats.js';
import { URGENCY_LEVEL } from '../scheduling/UrgencyQueue.js';

/** @internal What a {@link PendingRequest} reads of the runner that owns it (the receiver its planner answers); it writes nothing there. */
export interface PendingHost<Ctx> extends PlanReceiver {
  readonly name: string;
  readonly stats: RunnerStats;
  /** The planner in use: the one asked, and named in events. */
  readonly planner: AgentPlanner<Ctx>;
  /** The listener events go to now, or undefined (then no event object is built). */
  readonly listener: RunnerEventListener | undefined;
}

/** @internal What {@link PendingRequest.receive} made of an answer, for the runner to act on. */
export const Answer = /* @__PURE__ */ Object.freeze({
  /** Stale (not the latest request) or cancelled: dropped (reported). */
  Dropped: 0,
  /** The planning failed (reported): ask again for {@link PendingRequest.asked}. */
  Failed: 1,
  /** A result to adopt for {@link PendingRequest.asked}. */
  Result: 2,
} as const);
/** @internal */
export type Answer = (typeof Answer)[keyof typeof Answer];

/**
 * @internal A runner's request in flight to a pending planner (a worker pool,
 * a sliced planner under a scheduler): its id, why it was made and how urgent
 * it is. A new trigger joins the request in flight unless it is more urgent
 * (then the old one is cancelled); the answer to any request but the latest is
 * stale and dropped; a trigger raised meanwhile is replayed once the answer is in
 * ({@link takeAbsorbed}). It reports; the runner decides what an answer means for its plan.
 */
export class PendingRequest<Ctx = any> {
  /** The id of the request still awaited, or 0. */
  id = 0;
  private trigger: ReplanTrigger = 'noPlan';
  private urgency: PlanUrgency = 'noPlan';
  private tick = 0;
  /** A trigger raised while a request was pending, replayed once the answer is in. */
  private absorbed: ReplanTrigger | null = null;
  private requests = 0;
  /** True while the planner's `request` call made by {@link send} runs: an answer then is the protocol's "during this call". */
  private sending = false;

  constructor(
    private readonly agent: AgentView<Ctx>,
    private readonly host: PendingHost<Ctx>,
    private readonly faults: FaultReporter,
  ) {}

  /** The trigger of the latest request (the one an answer is for). */
  get asked(): ReplanTrigger {
    return this.trigger;
  }

  /** A trigger raised while the answered request was in flight, to replay now (no longer kept); or null. */
  takeAbsorbed(): ReplanTrigger | null {
    const absorbed = this.absorbed;
    this.absorbed = null;
    return absorbed;
  }

  /** Ask `planner` for a plan on `trigger` (`running`: the plan being executed, or null), unless the request in flight is as urgent. */
  send(planner: PendingPlanner<Ctx>, trigger: ReplanTrigger, running: Plan | null, availability?: Availability): void {
    const agent = this.agent;
    const urgency: PlanUrgency = running === null ? (trigger === 'failed' ? 'invalidated' : 'noPlan') : 'recheck';
    if (this.id !== 0) {
      // Keep the request in flight unless this one is more urgent: restarting on every change would starve it.
      if (URGENCY_LEVEL[urgency] >= URGENCY_LEVEL[this.urgency]) {
        this.absorbed = trigger;
        return;
      }
      this.faults.calling(Callback.Planner, planner.kind);
      planner.cancel(this.id);
      this.faults.called();
    }
    this.absorbed = null;
    const id = (this.id = ++this.requests);
    this.trigger = trigger;
    this.urgency = urgency;
    this.tick = agent.tickCount;
    this.host.stats.planCalls++;
    this.faults.calling(Callback.Planner, planner.kind);
    this.sending = true;
    try {
      if (availability === undefined) planner.request(agent.state, agent.ctx, running, id, urgency, this.host);
      else planner.request(agent.state, agent.ctx, running, id, urgency, this.host, availability);
    } finally {
      this.sending = false;
    }
    this.faults.called();
  }

  /**
   * A request on `trigger` that the runner answered itself, knowing the planner's answer (a repeat, see
   * `RepeatableAnswers`): counted and numbered exactly as {@link send} followed by the planner's answer during the
   * call ({@link receive} returning {@link Answer.Result}), with no call made. Only when no request is in flight.
   */
  answeredAtOnce(trigger: ReplanTrigger): void {
    const stats = this.host.stats;
    this.absorbed = null;
    this.requests++;
    this.trigger = trigger;
    this.urgency = 'recheck';
    this.tick = this.agent.tickCount;
    stats.planCalls++;
    stats.pendingAnswers++;
  }

  /** Let `planner` answer the request in flight now, if it can (see `PendingPlanner.poll`): like an answer during `request`. */
  poll(planner: PendingPlanner<Ctx>): void {
    this.faults.calling(Callback.Planner, planner.kind);
    this.sending = true;
    try {
      planner.poll!(this.id);
    } catch (thrown) {
      // Contained: the request stays in flight, and the planner's own answer may still come.
      this.faults.fault('planner', planner.kind, null, -1, `Planner "${planner.kind}" threw in poll`, thrown, 0);
    } finally {
      this.sending = false;
    }
    this.faults.called();
  }

  /**
   * True when the planner is answering from inside the `request` call this runner is making: the pending-planner
   * protocol allows an answer "during this call or any time later", so this is not a re-entrant call.
   */
  get answeringNow(): boolean {
    return this.sending;
  }

  /** Withdraw the request in flight, if any: its answer, should it still arrive, is dropped. */
  cancel(): void {
    if (this.id === 0) return;
    const planner = this.host.planner;
    const id = this.id;
    this.id = 0;
    this.absorbed = null;
    if (isPendingPlanner(planner)) {
      this.faults.calling(Callback.Planner, planner.kind);
      planner.cancel(id);
      this.faults.called();
    }
  }

  /**
   * An answer came while the agent was busy (a planner answering from inside one of the agent's own callbacks): it is
   * refused, so the request it answered is lost: returns its trigger, to ask again on the next tick as after a
   * failed request; null when the answer was not for the latest request.
   */
  lost(id: number): ReplanTrigger | null {
    if (id !== this.id || id === 0) return null;
    this.id = 0;
    this.absorbed = null;
    return this.trigger;
  }

  /**
   * The planner's answer to request `id` (see {@link PlanReceiver.receive}), counted and reported: a result to
   * adopt if it is the latest request's, else dropped; see {@link Answer}.
   */
  receive(id: number, result: PlanResult | null, failure: string, threw: boolean, thrown: unknown): Answer {
    const agent = this.agent;
    const host = this.host;
    const stats = host.stats;
    // Reported as from a synchronous plan() (even for a stale answer: the code did fail): the planner's own throw, and what its search contained.
    if (threw) this.faults.fault('planner', host.planner.kind, null, -1, `Planner "${host.planner.kind}" threw in plan`, thrown, 0);
    if (result !== null && result.faults !== undefined) this.faults.searchFaults(result.faults, host.planner.kind);
    if (id !== this.id || id === 0) {
      stats.staleDropped++;
      if (host.listener !== undefined)
        this.faults.emit({
          tick: agent.tickCount,
          time: agent.time,
          agent: agent.id,
          runner: host.name,
          planner: host.planner.kind,
          ctx: agent.ctx,
          type: 'planDropped',
          id,
          reason: `superseded or cancelled (latest request: ${this.requests})`,
        });
      return Answer.Dropped;
    }
    this.id = 0;
    stats.pendingAnswers++;
    stats.pendingTicks += agent.tickCount - this.tick;
    const trigger = this.trigger;
    if (result === null) {
      stats.planningFailures++;
      if (host.listener !== undefined)
        this.faults.emit({
          tick: agent.tickCount,
          time: agent.time,
          agent: agent.id,
          runner: host.name,
          planner: host.planner.kind,
          ctx: agent.ctx,
          type: 'planningFailed',
          trigger,
          reason: failure,
        });
      return Answer.Failed;
    }
    return Answer.Result;
  }
}
