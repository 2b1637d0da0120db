import { GameError } from './GameError.js';
import type { Point } from './GameMap.js';

/** How a query ended: a value, no path, a throw or rejection, its deadline passing, or cancelled by its asker. */
export type QueryStatus = 'pending' | 'done' | 'noPath' | 'failed' | 'timedOut' | 'cancelled';

/** Answers one path-length query: a number (Infinity: no path), or a promise of one. May throw or reject. */
export type QueryAnswer = (from: Point, to: Point) => number | Promise<number>;

/** Options of {@link QueryService}. */
export interface QueryServiceOptions {
  readonly answer: QueryAnswer;
  /** Queries started per {@link QueryService.pump} (the per-frame budget, in searches); default 16. */
  readonly perPump?: number;
  /** Game seconds a query may stay unanswered before it fails with `QUERY_TIMEOUT`; default 2. */
  readonly timeout?: number;
  /**
   * A cheap synchronous answer when one is at hand (a remembered length, a straight clear line), else
   * `undefined`. Queries it answers settle in the next pump without spending the `perPump` budget (at most
   * 16 times `perPump` of them per pump), so a crowd asking known questions is not queued behind searches.
   */
  readonly known?: (from: Point, to: Point) => number | undefined;
}

/**
 * One asynchronous plan-time query (a path length). Its asker reads {@link Query.status}, {@link Query.value}
 * and {@link Query.error} once `onSettled` has been called; only the service writes them.
 */
export class Query {
  status: QueryStatus = 'pending';
  value = Infinity;
  error: GameError | null = null;
  /** Set when an async answer arrived: delivered at the next pump, so delivery order is the frame order. */
  private arrived: { value: number } | { error: unknown } | null = null;
  private started = false;

  constructor(
    readonly id: number,
    readonly from: Point,
    readonly to: Point,
    readonly deadline: number,
    readonly onSettled: (q: Query) => void,
  ) {}

  /** @returns the name used in errors and logs, e.g. `query 12 (3.5,4.5)->(20.5,8.5)`. */
  get label(): string {
    return `query ${this.id} (${this.from.x},${this.from.y})->(${this.to.x},${this.to.y})`;
  }

  /** Settle the query with an answer known without asking (see {@link QueryServiceOptions.known}). */
  startKnown(value: number): void {
    this.started = true;
    this.settleValue(value);
  }

  /** Start the query: synchronous answers settle now, promises when they arrive. */
  start(answer: QueryAnswer): void {
    this.started = true;
    let out: number | Promise<number>;
    try {
      out = answer(this.from, this.to);
    } catch (e) {
      return this.settle('failed', Infinity, e);
    }
    if (typeof out === 'number') return this.settleValue(out);
    out.then(
      (value) => {
        if (this.status === 'pending') this.arrived = { value };
      },
      (error: unknown) => {
        if (this.status === 'pending') this.arrived = { error };
      },
    );
  }

  /** Deliver an async answer that arrived, or time out. Returns true once settled. */
  poll(now: number): boolean {
    if (this.status !== 'pending') return true;
    const a = this.arrived;
    if (a !== null) {
      if ('value' in a) this.settleValue(a.value);
      else this.settle('failed', Infinity, a.error);
      return true;
    }
    if (now >= this.deadline) {
      this.settle('timedOut', Infinity, null);
      return true;
    }
    return false;
  }

  /** Whether {@link start} ran. */
  get running(): boolean {
    return this.started;
  }

  /** Cancel it: no answer is delivered. */
  cancel(): void {
    if (this.status === 'pending') this.status = 'cancelled';
  }

  private settleValue(v: number): void {
    if (typeof v !== 'number' || Number.isNaN(v) || v < 0) return this.settle('failed', Infinity, new TypeError(`answer ${String(v)} is not a length >= 0`));
    if (v === Infinity) return this.settle('noPath', Infinity, null);
    this.settle('done', v, null);
  }

  private settle(status: QueryStatus, value: number, cause: unknown): void {
    this.status = status;
    this.value = value;
    if (status === 'failed')
      this.error = new GameError('QUERY_FAILED', this.label, `${this.label} failed: ${String((cause as Error)?.message ?? cause)}`, cause);
    else if (status === 'timedOut')
      this.error = new GameError('QUERY_TIMEOUT', this.label, `${this.label} was not answered before its deadline (t=${this.deadline}).`);
    else if (status === 'noPath') this.error = new GameError('NO_PATH', this.label, `${this.label}: no path.`);
    this.onSettled(this);
  }
}

/**
 * Asynchronous plan-time queries with a per-frame budget: {@link QueryService.ask} queues a query, each
 * {@link QueryService.pump} (once a frame) starts up to `perPump` of them, delivers answers that arrived and
 * times out the overdue. Answers come through the asker's callback during a pump, never during `ask`, so
 * planning never blocks a frame and the same inputs give the same order of answers.
 * @example
 * const queries = new QueryService({ answer: (a, b) => paths.length(a, b), perPump: 8 });
 * queries.ask(from, to, now, (q) => console.log(q.status, q.value));
 * queries.pump(now); // once per frame
 */
export class QueryService {
  private readonly answer: QueryAnswer;
  private readonly known: ((from: Point, to: Point) => number | undefined) | null;
  private readonly perPump: number;
  readonly timeout: number;
  private readonly queue: Query[] = [];
  private readonly waiting: Query[] = [];
  private ids = 0;
  private startedTotal = 0;

  constructor(options: QueryServiceOptions) {
    this.answer = options.answer;
    this.known = options.known ?? null;
    this.perPump = options.perPump ?? 16;
    this.timeout = options.timeout ?? 2;
  }

  /** Queries started so far. */
  get started(): number {
    return this.startedTotal;
  }

  /** Queries queued or waiting for an answer. */
  get pending(): number {
    return this.queue.length + this.waiting.length;
  }

  /** Queue a path-length query from `from` to `to`, asked at game time `now`; `onSettled` hears its end (not if cancelled). */
  ask(from: Point, to: Point, now: number, onSettled: (q: Query) => void): Query {
    const q = new Query(++this.ids, from, to, now + this.timeout, onSettled);
    this.queue.push(q);
    return q;
  }

  /** Run one frame's share: deliver arrived answers and timeouts, then start up to `perPump` queued queries. */
  pump(now: number): void {
    let w = 0;
    for (let i = 0; i < this.waiting.length; i++) {
      const q = this.waiting[i];
      if (q.status === 'cancelled' || q.poll(now)) continue;
      this.waiting[w++] = q;
    }
    this.waiting.length = w;
    let started = 0;
    let settledKnown = 0;
    const queue = this.queue;
    let head = 0;
    while (head < queue.length && started < this.perPump && settledKnown < this.perPump * 16) {
      const q = queue[head++];
      if (q.status !== 'pending') continue;
      if (now >= q.deadline) {
        q.poll(now);
        continue;
      }
      const value = this.known === null ? undefined : this.known(q.from, q.to);
      if (value !== undefined) {
        q.startKnown(value);
        settledKnown++;
        continue;
      }
      q.start(this.answer);
      this.startedTotal++;
      started++;
      if (q.status === 'pending') this.waiting.push(q);
    }
    queue.splice(0, head);
    // Queued too long without starting: those time out too.
    for (const q of this.queue) if (q.status === 'pending' && now >= q.deadline) q.poll(now);
  }
}
