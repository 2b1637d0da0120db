import {
  describeThrown,
  describeValue,
  isSlicedPlanner,
  type AgentPlanner,
  type Availability,
  type Plan,
  type PlanResult,
  type PlanReceiver,
  type PendingPlanner,
  type PlanUrgency,
  type WorldState,
} from '@dualplan/world-state';
import { RunnerError } from '../RunnerError.js';
import type { Job } from './Job.js';
import { ScheduledPlanner } from './ScheduledPlanner.js';
import { URGENCY_LEVEL, UrgencyQueue } from './UrgencyQueue.js';

/** Options of a {@link PlanningScheduler}. */
export interface PlanningSchedulerOptions {
  /** Planning time per frame in ms (default 2). A frame starts no slice it expects to overrun this. */
  frameBudgetMs?: number;
  /** Work units (expansions, decomposition steps) per frame; default unlimited. */
  frameWork?: number;
  /** Work units per slice of a sliced planner, between clock reads (default 64). */
  sliceWork?: number;
  /** A request waiting this many frames moves up one urgency level, so none starves (default 30). */
  agingFrames?: number;
  /** How many recent frame times {@link PlanningScheduler.frameTimes} keeps (default 4096). */
  frameSamples?: number;
  /** Millisecond clock; default `performance.now`. */
  clock?: () => number;
}

/** Counters of a {@link PlanningScheduler}. */
export interface SchedulerStats {
  frames: number;
  /** Requests answered with a planning result. */
  answered: number;
  /** Requests answered with a failure (the planner threw). */
  failures: number;
  /** Requests cancelled before their answer. */
  cancelled: number;
  /** Work units done over all frames. */
  work: number;
  /** Slices run (a non-sliced planner's whole plan counts as one). */
  slices: number;
  /** Frames waited from request to answer, summed over answers. */
  latencyFrames: number;
  /** The longest frame's planning time in ms. */
  maxFrameMs: number;
}

/**
 * Plans for many agents within a per-frame budget (for example 2 ms of a
 * 16 ms frame). Wrap each agent's planner with {@link schedule}; its runner
 * then asks instead of planning in its tick, and {@link runFrame} (once per
 * frame) serves the queue: agents without a plan first, then those whose plan
 * failed, then rechecks, oldest first within a level, and anything waiting
 * longer than `agingFrames` moves up a level. A sliced planner (GOAP's
 * resumable search) advances `sliceWork` expansions at a time and may span
 * frames; any other planner plans whole in one slice. The state is read when
 * the agent's turn comes (the freshest state, no copy); the context is the
 * snapshot the runner asked with. A steady-state frame allocates nothing.
 * @example
 * const scheduler = new PlanningScheduler({ frameBudgetMs: 2 });
 * const agent = createAgent({ id, state, ctx, planner: scheduler.schedule(goapSlicedPlanner(new GoapPlanner(domain))), operators });
 * // each frame:
 * scheduler.runFrame();
 * for (const a of agents) a.tick(dt);
 */
export class PlanningScheduler {
  readonly stats: SchedulerStats = { frames: 0, answered: 0, failures: 0, cancelled: 0, work: 0, slices: 0, latencyFrames: 0, maxFrameMs: 0 };
  /** Recent frame planning times in ms, a ring of `frameSamples` (see {@link frameTimeCount}). */
  readonly frameTimes: Float64Array;
  private readonly budgetMs: number;
  private readonly frameWork: number;
  private readonly sliceWork: number;
  private readonly agingFrames: number;
  /** A custom clock, or null for `performance.now()` called directly: a double returned through a closure that is not inlined is boxed, one allocation per read. */
  private readonly clock: (() => number) | null;
  private readonly queue = new UrgencyQueue<Job>();
  private active: Job | null = null;
  /** Running mean of one slice's time, to stop before a slice would overrun the budget. */
  private sliceMs = 0;
  /** Running mean of slice times' distance from {@link sliceMs}: slow slices stop a frame earlier. */
  private sliceDev = 0;
  /** Slice times sampled so far. */
  private samples = 0;

  constructor(options: PlanningSchedulerOptions = {}) {
    this.budgetMs = positive(options.frameBudgetMs ?? 2, 'frameBudgetMs');
    this.frameWork = positive(options.frameWork ?? Infinity, 'frameWork');
    this.sliceWork = positive(options.sliceWork ?? 64, 'sliceWork');
    this.agingFrames = positive(options.agingFrames ?? 30, 'agingFrames');
    this.frameTimes = new Float64Array(positive(options.frameSamples ?? 4096, 'frameSamples'));
    this.clock = options.clock ?? null;
  }

  /** Requests waiting or being planned. */
  get pending(): number {
    return this.queue.size + (this.active !== null ? 1 : 0);
  }

  /** How many entries of {@link frameTimes} hold samples. */
  get frameTimeCount(): number {
    return Math.min(this.stats.frames, this.frameTimes.length);
  }

  /**
   * Wrap one agent's planner so that its runner's requests are served by this
   * scheduler. Give each agent its own planner: a planner holds one search.
   * @example
   * const planner = scheduler.schedule(htnAgentPlanner(new HtnPlanner(domain)));
   */
  schedule<Ctx>(planner: AgentPlanner<Ctx>): PendingPlanner<Ctx> {
    if (!planner || typeof planner.plan !== 'function') throw new RunnerError('BAD_PLANNER', 'schedule', 'PlanningScheduler.schedule needs an AgentPlanner.');
    const job: Job<Ctx> = {
      planner,
      sliced: isSlicedPlanner(planner) ? planner : null,
      level: -1,
      ticket: 0,
      since: 0,
      id: 0,
      requested: 0,
      state: null,
      ctx: undefined,
      running: null,
      availability: undefined,
      receiver: null,
      begun: false,
    };
    return new ScheduledPlanner(this, job);
  }

  /** @internal Queue `job`'s request (replacing the one it served, if any). */
  submit<Ctx>(
    job: Job<Ctx>,
    state: WorldState<any>,
    ctx: Ctx,
    running: Plan | null,
    id: number,
    urgency: PlanUrgency,
    receiver: PlanReceiver,
    availability?: Availability,
  ): void {
    if (job.id !== 0) this.withdraw(job);
    job.id = id;
    job.state = state;
    job.ctx = ctx;
    job.running = running;
    job.availability = availability;
    job.receiver = receiver;
    job.begun = false;
    job.requested = this.stats.frames;
    this.queue.push(job, URGENCY_LEVEL[urgency], this.stats.frames);
  }

  /** @internal Drop `job`'s request `id` if it is the one being served. */
  cancel(job: Job, id: number): void {
    if (job.id !== id || id === 0) return;
    this.withdraw(job);
    this.stats.cancelled++;
  }

  /**
   * Plan for one frame: serve the queue until the time or work budget is
   * spent. Answers are delivered to the runners during this call. Returns the
   * time spent in ms.
   */
  runFrame(): number {
    const stats = this.stats;
    const frame = stats.frames;
    const clock = this.clock;
    const t0 = clock === null ? performance.now() : clock();
    this.queue.age(2, frame - this.agingFrames, frame);
    this.queue.age(1, frame - this.agingFrames, frame);
    let work = 0;
    let elapsed = 0;
    // The first slice always runs, so a frame always makes progress. After it, a slice starts only if it fits
    // by a cautious prediction: the running mean of slice times plus twice their mean deviation (each sample
    // capped at the budget, so one hiccup cannot stall planning). A sliced search under way that does not fit
    // whole gets the share of a slice's work that does, so the frame ends close to the budget rather than one
    // slice past it. The clock is read every `stride` slices, fewer the further the budget is from spent:
    // each read of performance.now() allocates (a boxed double), and a crowd's slices take microseconds. In
    // between, the elapsed time is predicted from the mean slice time.
    const budget = this.budgetMs;
    const sliceWork = this.sliceWork;
    let lastRead = 0;
    let sinceRead = 0;
    let stride = 1;
    for (let slices = 0; work < this.frameWork; slices++) {
      let units = sliceWork;
      if (slices > 0) {
        const high = this.sliceMs + 2 * this.sliceDev;
        if (elapsed + high > budget) {
          if (this.active === null || this.active.sliced === null) break;
          units = Math.floor((sliceWork * (budget - elapsed)) / high);
          if (units < 1) break;
        }
      }
      const job = this.active ?? this.queue.pop();
      if (job === null) break;
      work += this.slice(job, units);
      if (++sinceRead < stride && units === sliceWork) {
        elapsed += this.sliceMs;
        continue;
      }
      const now = (clock === null ? performance.now() : clock()) - t0;
      const per = Math.min((now - lastRead) / sinceRead, budget);
      if (units === sliceWork) this.sample(per);
      elapsed = lastRead = now;
      sinceRead = 0;
      if (units < sliceWork) break; // the shortened slice was the frame's last
      stride = this.sliceMs > 0 ? Math.max(1, Math.min(32, Math.floor((budget - elapsed) / (4 * (this.sliceMs + 2 * this.sliceDev))))) : 1;
    }
    if (sinceRead > 0) elapsed = (clock === null ? performance.now() : clock()) - t0;
    stats.work += work;
    const total = elapsed;
    this.frameTimes[frame % this.frameTimes.length] = total;
    if (total > stats.maxFrameMs) stats.maxFrameMs = total;
    stats.frames++;
    return total;
  }

  /**
   * The `p`-th percentile (0..100) of the kept frame times in ms (sorts a copy:
   * for reports, not for the frame loop).
   * @example
   * scheduler.frameTimePercentile(99); // e.g. 1.93
   */
  frameTimePercentile(p: number): number {
    const n = this.frameTimeCount;
    if (n === 0) return 0;
    const sorted = this.frameTimes.slice(0, n).sort();
    return sorted[Math.min(n - 1, Math.max(0, Math.ceil((p / 100) * n) - 1))];
  }

  /**
   * Fold one measured slice time (ms) into the running mean and mean deviation. The very first sample seeds the
   * estimate for its own frame only and the second replaces it: the first slice of a fresh process is slow (code
   * not yet compiled, first tables built), and folding it in would hold the next frames to a slice or two each
   * while it faded.
   */
  private sample(per: number): void {
    const n = ++this.samples;
    if (n <= 2) {
      this.sliceMs = per;
      return;
    }
    const d = per - this.sliceMs;
    this.sliceMs += d * 0.1;
    this.sliceDev += (Math.abs(d) - this.sliceDev) * 0.1;
  }

  /** One slice of `job`, at most `units` work units of a sliced search: the units done. Delivers the answer when the request is done. */
  private slice(job: Job, units: number): number {
    this.stats.slices++;
    const sliced = job.sliced;
    let result: PlanResult | null;
    let work: number;
    try {
      if (sliced !== null) {
        if (!job.begun) {
          if (job.availability === undefined) sliced.begin(job.state!, job.ctx, job.running);
          else sliced.begin(job.state!, job.ctx, job.running, job.availability);
          job.begun = true;
        }
        const before = sliced.work;
        result = sliced.step(units);
        work = sliced.work - before;
      } else {
        result =
          job.availability === undefined
            ? job.planner.plan(job.state!, job.ctx, job.running)
            : job.planner.plan(job.state!, job.ctx, job.running, job.availability);
        work = Math.max(1, result.stats.expanded);
      }
    } catch (e) {
      // User code (a cost, an opaque check) threw: the agent gets a failure and asks again.
      this.active = null;
      this.stats.failures++;
      this.answer(job, null, `planner ${job.planner.kind} threw: ${e instanceof Error ? e.message : describeThrown(e)}`, true, e);
      return 1;
    }
    if (result === null) {
      this.active = job;
      return work;
    }
    this.active = null;
    this.stats.answered++;
    this.answer(job, result, '');
    return work;
  }

  private answer(job: Job, result: PlanResult | null, failure: string, threw = false, thrown?: unknown): void {
    const id = job.id;
    const receiver = job.receiver!;
    this.stats.latencyFrames += this.stats.frames - job.requested;
    release(job);
    receiver.receive(id, result, failure, threw, thrown);
  }

  private withdraw(job: Job): void {
    if (this.active === job) {
      this.active = null;
      job.sliced?.cancel();
    } else this.queue.remove(job);
    release(job);
  }
}

/** Forget the request's references, so a finished request keeps no state or plan alive. */
function release(job: Job): void {
  job.id = 0;
  job.state = null;
  job.ctx = undefined;
  job.running = null;
  job.availability = undefined;
  job.receiver = null;
  job.begun = false;
}

function positive(value: number, name: string): number {
  if (typeof value !== 'number' || !(value > 0))
    throw new RunnerError('BAD_SCHEDULER_OPTION', name, `PlanningScheduler option ${name} must be a number > 0, got ${describeValue(value)}.`);
  return value;
}
