import {
  ForwardingPlanner,
  type AgentPlanner,
  type Availability,
  type Plan,
  type PlanCodec,
  type PlanReceiver,
  type PendingPlanner,
  type PlanUrgency,
  type WorldState,
} from '@dualplan/world-state';
import { URGENCY_LEVEL, type Queued } from '../scheduling/UrgencyQueue.js';
import type { PoolLane } from './PoolLane.js';

/** How a pooled planner plans locally and re-attaches plans: the same domain, compiled on the main thread too. */
export interface PooledPlannerOptions<Ctx> {
  /** The main thread's planner over the same domain: it decides replacements and takes step feedback. */
  local: AgentPlanner<Ctx>;
  /** Re-attaches the workers' plain plans to the main thread's compiled domain. */
  codec: PlanCodec;
  /** The context as the worker sees it (must survive structured cloning); default: the context itself. */
  ctx?: (ctx: Ctx) => unknown;
  /**
   * What this agent's planner has learnt from step feedback, read when a request is sent, or null when
   * nothing: for GOAP, its planner's cost multipliers (`() => goap.multipliers`), so a worker avoids an action
   * that just failed for this agent as the main thread would. The worker's `PoolDomain.feedback` applies it.
   */
  feedback?: () => ArrayLike<number> | null;
}

/** @internal What a pooled planner needs of its pool: queueing a request, and counting a cancelled one. */
export interface PoolQueue {
  enqueue(planner: PooledPlanner<any>, level: number): void;
  readonly stats: { cancelled: number };
}

/**
 * @internal One agent's planner on the pool. At most one request waits in the
 * pool's queue per agent (a new request replaces it, at its own urgency), and
 * only the latest request's answer is delivered. The running plan goes along
 * (as plain data, encoded once per plan), so a worker plans as the main
 * thread would: HTN `prune` compares against its MTR; with `feedback`, GOAP
 * failure penalties of this agent apply too. The waiting request keeps a
 * reference to the state, read when it is sent: the freshest state, no copy
 * per request.
 */
export class PooledPlanner<Ctx> extends ForwardingPlanner<Ctx> implements PendingPlanner<Ctx>, Queued {
  level = -1;
  ticket = 0;
  since = 0;
  /** The request whose answer is wanted, 0 when none. */
  awaited = 0;
  /** The request waiting to be sent (0: none), its state, context and receiver. */
  queuedId = 0;
  queuedState: WorldState<any> | null = null;
  queuedCtx: unknown = undefined;
  queuedRunning: Plan | null = null;
  /** The waiting request's availability view (cooldowns, once), or undefined. */
  queuedAvailability: Availability | undefined = undefined;
  queuedReceiver: PlanReceiver | null = null;
  readonly codec: PlanCodec;
  readonly feedback: (() => ArrayLike<number> | null) | undefined;
  private readonly mapCtx: ((ctx: Ctx) => unknown) | undefined;

  constructor(
    private readonly pool: PoolQueue,
    readonly lane: PoolLane<PooledPlanner<any>>,
    options: PooledPlannerOptions<Ctx>,
  ) {
    // One queued request per agent: a second agent's would supersede the first's.
    super(options.local, true);
    this.codec = options.codec;
    this.feedback = options.feedback;
    this.mapCtx = options.ctx;
  }

  get domain(): string {
    return this.lane.domain;
  }

  request(state: WorldState<any>, ctx: Ctx, running: Plan | null, id: number, urgency: PlanUrgency, receiver: PlanReceiver, availability?: Availability): void {
    this.lane.check(state.values);
    this.awaited = id;
    this.queuedId = id;
    this.queuedState = state;
    this.queuedCtx = this.mapCtx !== undefined ? this.mapCtx(ctx) : ctx;
    this.queuedRunning = running;
    this.queuedAvailability = availability;
    this.queuedReceiver = receiver;
    this.pool.enqueue(this, URGENCY_LEVEL[urgency]);
  }

  cancel(id: number): void {
    if (this.awaited !== id || id === 0) return;
    this.awaited = 0;
    if (this.queuedId === id) {
      // Never sent: nothing plans it. (A request in flight is planned anyway; its answer is dropped.)
      this.lane.queue.remove(this);
      this.unqueue();
      this.pool.stats.cancelled++;
    }
  }

  /** The answer to request `id` came (or it failed): true when it is the one awaited, which is then no longer awaited. */
  answered(id: number): boolean {
    if (this.awaited !== id) return false;
    this.awaited = 0;
    return true;
  }

  /** Forget the waiting request (it was sent or cancelled). */
  unqueue(): void {
    this.queuedId = 0;
    this.queuedState = null;
    this.queuedCtx = undefined;
    this.queuedRunning = null;
    this.queuedAvailability = undefined;
    this.queuedReceiver = null;
  }
}
