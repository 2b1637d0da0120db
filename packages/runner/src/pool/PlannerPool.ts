import workerpool from 'workerpool';
import { ForwardingPlanner, type AgentPlanner, type PendingPlanner, type Plan, type PlanCodec, type PlainOutcome, type PlanResult, type PlanReceiver, type PlanUrgency, type StateValues, type WorldState } from '@dualplan/world-state';
import { RunnerError } from '../RunnerError.js';
import { readWire, type WireBatch } from './wire.js';

/** Options of {@link createPlannerPool}. */
export interface PlannerPoolOptions {
  /** The worker script: a file path in Node, a URL in the browser. It calls `servePlanners`. */
  script: string;
  /** Workers to run (default: the cores less one, at least 1). */
  maxWorkers?: number;
  /** A request running longer than this (ms) counts as hung: its worker is replaced and the request fails. Default 5000; 0 = never. */
  timeoutMs?: number;
  /** Requests per message at most (default 256); a turn's requests are split evenly over the workers up to this. */
  maxBatch?: number;
  /** Node only: `'thread'` (default, worker_threads) or `'process'`. The browser always uses Web Workers. */
  workerType?: 'auto' | 'thread' | 'process' | 'web';
}

/** Counters of a {@link PlannerPool}. */
export interface PlannerPoolStats {
  /** Requests sent to a worker. */
  sent: number;
  /** Messages they went in (a turn's requests travel together). */
  batches: number;
  /** Answers delivered. */
  answered: number;
  /** Requests answered with a failure: the worker crashed, hung or threw. */
  failures: number;
  /** Answers that arrived for cancelled or superseded requests, and were not delivered. */
  dropped: number;
}

/** How a pooled planner plans locally and re-attaches plans: the same domain, compiled on the main thread too. */
export interface PooledPlannerOptions<Ctx> {
  /** The main thread's planner over the same domain: it decides replacements and takes step feedback. */
  local: AgentPlanner<Ctx>;
  /** Re-attaches the workers' plain plans to the main thread's compiled domain. */
  codec: PlanCodec;
  /** The context as the worker sees it (must survive structured cloning); default: the context itself. */
  ctx?: (ctx: Ctx) => unknown;
}

/**
 * Runs planners on worker threads (Node) or Web Workers (browser) through
 * workerpool, with one API. Each worker compiles a domain once; requests made
 * in the same turn of the event loop (a frame's agent ticks) go out together,
 * one message per worker, so the main thread pays the messaging once per
 * batch: the states' values packed in one transferred typed array, the results
 * back as plain data that the main thread re-attaches to its own compiled
 * domain by step id ({@link PlanCodec}). A worker that crashes or exceeds
 * `timeoutMs` is replaced, and its requests are answered with a failure (the
 * runner reports `planningFailed` and asks again), never lost.
 * @example
 * const pool = createPlannerPool({ script: 'dist/plannerWorker.js', maxWorkers: 2 });
 * const planner = pool.planner('soldier', { local: goapAgentPlanner(new GoapPlanner(domain)), codec: goapPlanCodec(domain) });
 * const agent = createAgent({ id: 's1', state, ctx: {}, planner, operators });
 * // ... agents tick as usual; answers arrive between ticks
 * await pool.terminate();
 */
export class PlannerPool {
  readonly stats: PlannerPoolStats = { sent: 0, batches: 0, answered: 0, failures: 0, dropped: 0 };
  private readonly pool: workerpool.Pool;
  private readonly timeoutMs: number;
  private readonly maxWorkers: number;
  private readonly maxBatch: number;
  private readonly open = new Map<string, RequestBatch>();
  private flushQueued = false;

  constructor(options: PlannerPoolOptions) {
    if (!options || typeof options.script !== 'string' || options.script === '') throw new RunnerError('BAD_POOL_OPTION', 'script', 'A planner pool needs the path or URL of its worker script.');
    const timeout = options.timeoutMs ?? 5000;
    if (!(timeout >= 0)) throw new RunnerError('BAD_POOL_OPTION', 'timeoutMs', `timeoutMs must be a number >= 0, got ${timeout}.`);
    const max = options.maxWorkers ?? Math.max(1, workerpool.cpus - 1);
    if (!Number.isInteger(max) || max < 1) throw new RunnerError('BAD_POOL_OPTION', 'maxWorkers', `maxWorkers must be an integer >= 1, got ${max}.`);
    const batch = options.maxBatch ?? 256;
    if (!Number.isInteger(batch) || batch < 1) throw new RunnerError('BAD_POOL_OPTION', 'maxBatch', `maxBatch must be an integer >= 1, got ${batch}.`);
    this.timeoutMs = timeout;
    this.maxWorkers = max;
    this.maxBatch = batch;
    this.pool = workerpool.pool(options.script, { maxWorkers: max, workerType: options.workerType ?? (workerpool.platform === 'node' ? 'thread' : 'web') });
  }

  /** Workers alive, busy and idle, and batches waiting for one. */
  get workers(): { total: number; busy: number; idle: number; pending: number } {
    const s = this.pool.stats();
    return { total: s.totalWorkers, busy: s.busyWorkers, idle: s.idleWorkers, pending: s.pendingTasks };
  }

  /**
   * A {@link PendingPlanner} for one agent that plans domain `domain` (a key of
   * the worker's `servePlanners` table) on the pool.
   */
  planner<Ctx>(domain: string, options: PooledPlannerOptions<Ctx>): PendingPlanner<Ctx> {
    if (!options?.local || typeof options.local.plan !== 'function') throw new RunnerError('BAD_PLANNER', domain, `pool.planner("${domain}") needs the local AgentPlanner of the same domain.`);
    if (!options.codec || typeof options.codec.decode !== 'function') throw new RunnerError('BAD_PLANNER', domain, `pool.planner("${domain}") needs the domain's PlanCodec.`);
    return new PooledPlanner(this, domain, options);
  }

  /**
   * @internal Add a request to its domain's open batch (copying the state's
   * values now); the batches go out at the end of this turn of the event loop.
   */
  enqueue(domain: string, state: WorldState<any>, ctx: unknown, request: PoolRequest): void {
    let batch = this.open.get(domain);
    if (batch === undefined) this.open.set(domain, (batch = new RequestBatch(domain)));
    batch.add(state.values, ctx, request);
    this.stats.sent++;
    if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => this.flush());
    }
  }

  /** Send every open batch now, split so that each worker gets a share (at most `maxBatch` requests a message). */
  flush(): void {
    this.flushQueued = false;
    for (const batch of this.open.values()) {
      const n = batch.requests.length;
      if (n === 0) continue;
      const per = Math.min(this.maxBatch, Math.ceil(n / this.maxWorkers));
      for (let from = 0; from < n; from += per) this.send(batch, from, Math.min(n, from + per));
      batch.clear();
    }
  }

  /** Stop every worker (waiting for running requests unless `force`). */
  async terminate(force = false): Promise<void> {
    await this.pool.terminate(force);
  }

  private send(batch: RequestBatch, from: number, to: number): void {
    const size = batch.size;
    const values = batch.values!.slice(from * size, to * size);
    const requests = batch.requests.slice(from, to);
    const ctxs = batch.ctxs.slice(from, to);
    const domain = batch.domain;
    this.stats.batches++;
    let task: Promise<WireBatch>;
    try {
      const t = this.pool.exec('planBatch', [domain, values, to - from, ctxs], { transfer: [values.buffer] });
      task = (this.timeoutMs > 0 ? t.timeout(this.timeoutMs) : t) as unknown as Promise<WireBatch>;
    } catch (e) {
      // Structured cloning refused a context (a function, a class instance): fail these requests only.
      task = Promise.reject(e);
    }
    task.then(
      (batch) => readWire(batch, requests.length, (i, plain, failure) => this.deliver(requests[i], plain, plain === null ? `domain ${domain}: ${failure}` : '')),
      (e: unknown) => {
        for (const r of requests) this.deliver(r, null, `domain ${domain}: worker failed: ${message(e)}`);
      },
    );
  }

  private deliver(r: PoolRequest, plain: PlainOutcome | null, failure: string): void {
    const stats = this.stats;
    if (!r.planner.awaits(r.id)) return void stats.dropped++;
    r.planner.answered();
    let result: PlanResult | null = null;
    if (plain !== null) {
      try {
        result = r.planner.codec.decode(plain);
      } catch (e) {
        failure = `domain ${r.planner.domain}: ${message(e)}`;
      }
    }
    if (result === null) stats.failures++;
    else stats.answered++;
    r.receiver.receive(r.id, result, failure);
  }
}

/** @internal One request in a batch. */
interface PoolRequest {
  readonly planner: PooledPlanner<any>;
  readonly id: number;
  readonly receiver: PlanReceiver;
}

/** Requests for one domain gathered in one turn of the event loop: their states packed back to back. */
class RequestBatch {
  values: StateValues | null = null;
  size = 0;
  readonly ctxs: unknown[] = [];
  readonly requests: PoolRequest[] = [];

  constructor(readonly domain: string) {}

  add(values: StateValues, ctx: unknown, request: PoolRequest): void {
    const n = this.requests.length;
    if (this.values === null || this.values.constructor !== values.constructor || this.size !== values.length) {
      if (n > 0 && this.size !== values.length) throw new RunnerError('SCHEMA_MISMATCH', this.domain, `Domain "${this.domain}": a state of ${values.length} cells among states of ${this.size}.`);
      this.size = values.length;
      this.values = new (values.constructor as new (n: number) => StateValues)(values.length * 16);
    }
    if ((n + 1) * this.size > this.values.length) {
      const grown = new (values.constructor as new (n: number) => StateValues)(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values.set(values, n * this.size);
    this.ctxs.push(ctx);
    this.requests.push(request);
  }

  clear(): void {
    this.ctxs.length = 0;
    this.requests.length = 0;
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

/** One agent's planner on the pool: at most one request awaited at a time (the runner's latest). */
class PooledPlanner<Ctx> extends ForwardingPlanner<Ctx> implements PendingPlanner<Ctx> {
  private awaited = 0;
  readonly codec: PlanCodec;

  constructor(
    private readonly pool: PlannerPool,
    readonly domain: string,
    private readonly options: PooledPlannerOptions<Ctx>,
  ) {
    super(options.local);
    this.codec = options.codec;
  }

  request(state: WorldState<any>, ctx: Ctx, _running: Plan | null, id: number, _urgency: PlanUrgency, receiver: PlanReceiver): void {
    this.awaited = id;
    this.pool.enqueue(this.domain, state, this.options.ctx ? this.options.ctx(ctx) : ctx, { planner: this, id, receiver });
  }
  cancel(id: number): void {
    if (this.awaited === id) this.awaited = 0;
  }
  /** @internal */
  awaits(id: number): boolean {
    return this.awaited === id && id !== 0;
  }
  /** @internal */
  answered(): void {
    this.awaited = 0;
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
