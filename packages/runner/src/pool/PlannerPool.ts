import workerpool from 'workerpool';
import {
  describeThrown,
  describeValue,
  nameOf,
  type Availability,
  type PendingPlanner,
  type Plan,
  type PlanCodec,
  type PlanReceiver,
  type PlanResult,
} from '@dualplan/world-state';
import { RunnerError } from '../RunnerError.js';
import { checkPoolOptions, type PlannerPoolOptions } from './poolOptions.js';
import { revivedFaults, revivedThrown, type InlineAnswer } from './poolFaults.js';
import { PooledPlanner, type PooledPlannerOptions } from './PooledPlanner.js';
import { PoolLane, type Block } from './PoolLane.js';
import type { PlanBatchReply } from './servePlanners.js';

export type { PooledPlannerOptions } from './PooledPlanner.js';
export type { PlannerPoolOptions } from './poolOptions.js';

type Lane = PoolLane<PooledPlanner<any>>;

/** Counters of a {@link PlannerPool}. */
export interface PlannerPoolStats {
  /** Requests sent to a worker. */
  sent: number;
  /** Messages they went in (requests travel together). */
  batches: number;
  /** Answers delivered. */
  answered: number;
  /** Requests answered with a failure: the worker crashed, hung or threw. */
  failures: number;
  /** Answers that arrived for cancelled or superseded requests, and were not delivered. */
  dropped: number;
  /** Requests cancelled or superseded before they were sent (never planned). */
  cancelled: number;
  /** Distinct outcomes the workers sent (each decoded once on the main thread). */
  outcomes: number;
}

/** Batches in flight per worker: one planning while the next waits, so a worker never idles for the main thread. */
const IN_FLIGHT_PER_WORKER = 2;

/**
 * Runs planners on worker threads (Node) or Web Workers (browser) through
 * workerpool, with one API. Each worker compiles a domain once. Requests wait
 * in an urgency queue (no plan first, then invalidated plans, then rechecks;
 * aged so every request is served) and go out in batches, a couple per worker
 * in flight: the states written back to back into shared memory (or one
 * transferred array), the answers back as one number each. Plans repeat
 * across a crowd, so each distinct outcome crosses once and is re-attached to
 * the main thread's compiled domain once ({@link PlanCodec}); later answers
 * are that same frozen result. A worker that crashes or exceeds `timeoutMs`
 * is replaced, and its requests are answered with a failure (the runner
 * reports `planningFailed` and asks again), never lost. A planner that throws
 * in a worker, and faults its search contained, reach the runner as they
 * would from a planner on the main thread.
 * @example
 * const pool = createPlannerPool({ script: 'dist/plannerWorker.js', maxWorkers: 2 });
 * const planner = pool.planner('soldier', { local: goapAgentPlanner(new GoapPlanner(domain)), codec: goapPlanCodec(domain) });
 * const agent = createAgent({ id: 's1', state, ctx: {}, planner, operators });
 * // ... agents tick as usual; answers arrive between ticks
 * await pool.terminate();
 */
export class PlannerPool {
  readonly stats: PlannerPoolStats = { sent: 0, batches: 0, answered: 0, failures: 0, dropped: 0, cancelled: 0, outcomes: 0 };
  /** Whether states and answers go through shared memory. */
  readonly sharedMemory: boolean;
  private readonly pool: workerpool.Pool;
  private readonly timeoutMs: number;
  private readonly maxWorkers: number;
  private readonly maxBatch: number;
  private readonly agingTurns: number;
  private readonly lanes = new Map<string, Lane>();
  private readonly order: Lane[] = [];
  private next = 0;
  private inFlight = 0;
  private turn = 0;
  private pumpQueued = false;
  /** Running plans as plain JSON, encoded once per plan object. */
  private readonly runningKeys = new WeakMap<Plan, string>();
  private readonly runningIndex = new Map<string, number>();

  constructor(options: PlannerPoolOptions) {
    const { timeout, max, batch, aging, kill, shared, canShare, type, processes } = checkPoolOptions(options);
    this.sharedMemory = shared === 'auto' ? canShare : shared;
    this.timeoutMs = timeout;
    this.maxWorkers = max;
    this.maxBatch = batch;
    this.agingTurns = aging;
    // workerTerminateTimeout: how long a stopping or timed-out worker gets before it is killed. workerpool's
    // default (1 s) outlives a test run's terminate(true) with a hung worker, leaving its timer behind.
    this.pool = workerpool.pool(options.script, {
      maxWorkers: max,
      workerTerminateTimeout: kill,
      workerType: type,
      // Child processes get their messages structured-cloned (typed arrays intact) rather than through JSON.
      ...(processes ? { forkOpts: { serialization: 'advanced' as const } } : {}),
    });
  }

  /** Workers alive, busy and idle, and batches waiting for one. */
  get workers(): { total: number; busy: number; idle: number; pending: number } {
    const s = this.pool.stats();
    return { total: s.totalWorkers, busy: s.busyWorkers, idle: s.idleWorkers, pending: s.pendingTasks };
  }

  /** Requests waiting to be sent. */
  get waiting(): number {
    let n = 0;
    for (const lane of this.order) n += lane.queue.size;
    return n;
  }

  /**
   * A {@link PendingPlanner} for one agent that plans domain `domain` (a key of
   * the worker's `servePlanners` table) on the pool.
   * @example
   * const planner = pool.planner('troll', { local: htnAgentPlanner(new HtnPlanner(domain)), codec: htnPlanCodec(domain) });
   */
  planner<Ctx>(domain: string, options: PooledPlannerOptions<Ctx>): PendingPlanner<Ctx> {
    if (typeof domain !== 'string' || domain === '')
      throw new RunnerError('BAD_PLANNER', nameOf(domain), `pool.planner(domain) needs the domain's name (a non-empty string), got ${describeValue(domain)}.`);
    if (!options?.local || typeof options.local.plan !== 'function')
      throw new RunnerError('BAD_PLANNER', domain, `pool.planner("${domain}") needs the local AgentPlanner of the same domain.`);
    if (!options.codec || typeof options.codec.decode !== 'function')
      throw new RunnerError('BAD_PLANNER', domain, `pool.planner("${domain}") needs the domain's PlanCodec.`);
    let lane = this.lanes.get(domain);
    if (lane === undefined) {
      lane = new PoolLane<PooledPlanner<any>>(domain, this.sharedMemory, this.maxBatch, 4 * this.maxWorkers + 4);
      this.lanes.set(domain, lane);
      this.order.push(lane);
    }
    return new PooledPlanner(this, lane, options);
  }

  /** @internal Queue `planner`'s request at `level`; the queue is served at the end of this turn of the event loop. */
  enqueue(planner: PooledPlanner<any>, level: number): void {
    if (planner.level >= 0) this.stats.cancelled++; // the request it replaces was never sent
    planner.lane.queue.push(planner, level, this.turn);
    if (!this.pumpQueued) {
      this.pumpQueued = true;
      queueMicrotask(() => this.flush());
    }
  }

  /** Send waiting requests now, most urgent first, as far as the workers have room. */
  flush(): void {
    this.pumpQueued = false;
    const turn = ++this.turn;
    for (const lane of this.order) {
      lane.queue.age(2, turn - this.agingTurns, turn);
      lane.queue.age(1, turn - this.agingTurns, turn);
      // Spread what waits over the workers, a batch at most maxBatch.
      lane.spread(this.maxBatch, this.maxWorkers);
    }
    const limit = this.maxWorkers * IN_FLIGHT_PER_WORKER;
    const lanes = this.order;
    for (let idle = 0; this.inFlight < limit && idle < lanes.length;) {
      const lane = lanes[this.next];
      this.next = (this.next + 1) % lanes.length;
      const waiting = lane.queue.size;
      if (waiting === 0) {
        idle++;
        continue;
      }
      idle = 0;
      this.send(lane, lane.per);
    }
  }

  /** Stop every worker (waiting for running requests unless `force`). */
  async terminate(force = false): Promise<void> {
    await this.pool.terminate(force);
  }

  private send(lane: Lane, n: number): void {
    const block = lane.take(n);
    const cells = lane.cells;
    const values = block.values;
    let count = 0;
    let ctxs: unknown[] | null = null;
    let runnings: string[] | null = null;
    let runningOf: Int32Array | null = null;
    let feedbacks: (Float64Array | null)[] | null = null;
    let availabilities: (Availability | null)[] | null = null;
    for (let p = lane.queue.pop(); p !== null; p = count < n ? lane.queue.pop() : null) {
      // User code first (the planner's feedback, encoding its running plan): if it throws, this request fails alone.
      let learnt: ArrayLike<number> | null;
      let key: string | null;
      try {
        learnt = p.feedback === undefined ? null : p.feedback();
        key = p.queuedRunning === null ? null : this.runningKey(p.queuedRunning, p.codec);
      } catch (e) {
        this.refuse(lane, p, e);
        continue;
      }
      // A state is a few dozen cells: a plain loop beats TypedArray.set's call overhead at that size.
      const from = p.queuedState!.values;
      for (let c = 0, at = count * cells; c < cells; c++) values[at + c] = from[c];
      if (p.queuedCtx !== undefined) (ctxs ??= new Array<unknown>(n))[count] = p.queuedCtx;
      if (p.queuedAvailability !== undefined) (availabilities ??= new Array<Availability | null>(n).fill(null))[count] = p.queuedAvailability;
      if (learnt !== null) (feedbacks ??= new Array<Float64Array | null>(n).fill(null))[count] = Float64Array.from(learnt);
      if (key !== null) {
        // The running plan, each distinct one once per batch (a crowd runs the same few plans).
        if (runnings === null) {
          runnings = [];
          runningOf = new Int32Array(n).fill(-1);
          this.runningIndex.clear();
        }
        let k = this.runningIndex.get(key);
        if (k === undefined) this.runningIndex.set(key, (k = runnings.push(key) - 1));
        runningOf![count] = k;
      }
      block.planners[count] = p;
      block.ids[count] = p.queuedId;
      block.receivers[count] = p.queuedReceiver;
      p.unqueue();
      count++;
    }
    block.filled(count, ctxs);
    if (count === 0) return lane.give(block); // every request of it failed before sending
    const answers = block.answers;
    if (answers !== null) Atomics.store(answers, 0, 0); // release: the states written above are visible to the worker
    this.stats.sent += count;
    this.stats.batches++;
    this.inFlight++;
    let task: Promise<PlanBatchReply>;
    try {
      const args = [
        lane.domain,
        answers === null ? values.subarray(0, count * cells) : values,
        count,
        ctxs,
        answers,
        runnings,
        runningOf,
        feedbacks,
        availabilities,
      ];
      const t = this.pool.exec('planBatch', args, answers === null ? { transfer: [values.buffer as ArrayBuffer] } : undefined);
      task = (this.timeoutMs > 0 ? t.timeout(this.timeoutMs) : t) as unknown as Promise<PlanBatchReply>;
    } catch (e) {
      // Structured cloning refused a context (a function, a class instance): fail these requests only.
      task = Promise.reject(e);
    }
    task.then(
      (reply) => this.answer(lane, block, reply),
      (e: unknown) => this.fail(lane, block, e),
    );
  }

  /** `plan` as the JSON of its plain outcome, for the worker to re-attach (once per plan object). */
  private runningKey(plan: Plan, codec: PlanCodec): string {
    let key = this.runningKeys.get(plan);
    if (key === undefined) {
      key = JSON.stringify(codec.encode({ status: 'found', plan, reason: '', budget: null, stats: plan.stats }));
      this.runningKeys.set(plan, key);
    }
    return key;
  }

  private answer(lane: Lane, block: Block<PooledPlanner<any>>, reply: PlanBatchReply): void {
    this.inFlight--;
    const table = lane.absorb(reply.token, reply.reset, reply.base, reply.added, reply.addedCount);
    this.stats.outcomes += reply.addedCount;
    let answers = reply.answers;
    let at = 0;
    if (answers === null) {
      answers = block.answers!;
      Atomics.load(answers, 0); // acquire: the worker's answers are visible
      at = 1;
    }
    const stats = this.stats;
    for (let i = 0; i < block.count; i++) {
      const planner = block.planners[i]!;
      const id = block.ids[i];
      const receiver = block.receivers[i]!;
      if (!planner.answered(id)) {
        stats.dropped++;
        continue;
      }
      const n = answers[at + i];
      if (n >= 0) {
        const r = lane.outcome(table, n, planner.codec);
        if (r instanceof Error) this.failed(receiver, id, `domain ${lane.domain}: ${r.message}`);
        else {
          stats.answered++;
          receiver.receive(id, r, '');
        }
      } else this.inline(lane, planner, receiver, id, reply.inline[-1 - n]);
    }
    lane.give(block);
    this.flush();
  }

  /** An answer that travelled whole: the planner threw in the worker, or its search contained faults. */
  private inline(lane: Lane, planner: PooledPlanner<any>, receiver: PlanReceiver, id: number, a: InlineAnswer): void {
    if ('thrown' in a) {
      this.stats.failures++;
      receiver.receive(id, null, `domain ${lane.domain}: planner threw: ${a.thrown.message}`, true, revivedThrown(a.thrown));
      return;
    }
    let result: PlanResult;
    try {
      result = planner.codec.decode(a.outcome);
    } catch (e) {
      return this.failed(receiver, id, `domain ${lane.domain}: ${e instanceof Error ? e.message : describeThrown(e)}`);
    }
    this.stats.answered++;
    receiver.receive(id, { ...result, faults: revivedFaults(a.faults) } as PlanResult, '');
  }

  /** A request whose planner's own code threw before it was sent: it fails alone, reported like a throw in plan. */
  private refuse(lane: Lane, p: PooledPlanner<any>, thrown: unknown): void {
    const id = p.queuedId;
    const receiver = p.queuedReceiver!;
    p.unqueue();
    p.answered(id);
    this.stats.failures++;
    receiver.receive(id, null, `domain ${lane.domain}: planner threw: ${thrown instanceof Error ? thrown.message : describeThrown(thrown)}`, true, thrown);
  }

  private fail(lane: Lane, block: Block<PooledPlanner<any>>, e: unknown): void {
    this.inFlight--;
    const reason = `domain ${lane.domain}: worker failed: ${e instanceof Error ? e.message : describeThrown(e)}`;
    for (let i = 0; i < block.count; i++) {
      const planner = block.planners[i]!;
      const id = block.ids[i];
      if (!planner.answered(id)) {
        this.stats.dropped++;
        continue;
      }
      this.failed(block.receivers[i]!, id, reason);
    }
    block.clear(); // not given back: a worker that failed may still write into its memory
    this.flush();
  }

  private failed(receiver: PlanReceiver, id: number, failure: string): void {
    this.stats.failures++;
    receiver.receive(id, null, failure);
  }
}

/**
 * Create a {@link PlannerPool}.
 * @example
 * const pool = createPlannerPool({ script: new URL('./plannerWorker.js', import.meta.url).href, maxWorkers: 4 });
 */
export function createPlannerPool(options: PlannerPoolOptions): PlannerPool {
  return new PlannerPool(options);
}
