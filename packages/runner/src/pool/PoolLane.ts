import { describeThrown, type PlanCodec, type PlanReceiver, type PlanResult, type StateValues } from '@dualplan/world-state';
import { RunnerError } from '../RunnerError.js';
import { UrgencyQueue, type Queued } from '../scheduling/UrgencyQueue.js';
import { frozenResult } from '../sharing/frozenResult.js';
import { readWire, type WireBatch } from './wire.js';
import type { PlainOutcome } from '@dualplan/world-state';

type ValuesClass = new (buffer: ArrayBufferLike | number, offset?: number, length?: number) => StateValues;

/**
 * @internal The requests of one batch in flight: their states back to back,
 * and who asked. With shared memory, `values` and `answers` are views of
 * SharedArrayBuffers that the worker reads and writes in place, and the block
 * is reused batch after batch; without, `values` is transferred to the worker
 * and a block is used once.
 */
export class Block<P = unknown> {
  readonly planners: (P | null)[];
  readonly ids: Int32Array;
  readonly receivers: (PlanReceiver | null)[];
  ctxs: unknown[] | null = null;
  count = 0;

  constructor(
    readonly values: StateValues,
    /** Shared memory only: a fence (element 0), then one answer per request. */
    readonly answers: Int32Array | null,
    capacity: number,
  ) {
    this.planners = new Array<P | null>(capacity).fill(null);
    this.ids = new Int32Array(capacity);
    this.receivers = new Array<PlanReceiver | null>(capacity).fill(null);
  }

  /** The batch is written: its first `count` requests, and their contexts (null when none has one). */
  filled(count: number, ctxs: unknown[] | null): void {
    this.count = count;
    this.ctxs = ctxs;
  }

  /** Forget who asked, so a finished batch keeps no agent alive. */
  clear(): void {
    for (let i = 0; i < this.count; i++) {
      this.planners[i] = null;
      this.receivers[i] = null;
    }
    this.ctxs = null;
    this.count = 0;
  }
}

/** @internal One worker's distinct outcomes for a lane: plain, and decoded once per codec. */
interface OutcomeTable {
  readonly plain: PlainOutcome[];
  readonly decoded: Map<PlanCodec, (PlanResult | Error | undefined)[]>;
}

/**
 * @internal Everything the pool keeps per domain: the urgency queue of its
 * agents' requests, its free blocks, and the outcome tables of the workers
 * that answered for it.
 */
export class PoolLane<P extends Queued> {
  readonly queue = new UrgencyQueue<P>();
  private readonly free: Block<P>[] = [];
  private readonly tables = new Map<string, OutcomeTable>();
  /** Cells per state, and the typed array class of the domain's states (known from the first request). */
  cells = -1;
  /** Requests per batch in the current flush. */
  per = 1;
  private valuesClass: ValuesClass | null = null;

  constructor(
    readonly domain: string,
    private readonly shared: boolean,
    private readonly capacity: number,
    private readonly maxTables: number,
  ) {}

  /** Learn (or check) the state layout from a request's values. */
  /** Spread what waits in the queue over `workers` workers, a batch at most `maxBatch` requests: sets {@link per}. */
  spread(maxBatch: number, workers: number): void {
    this.per = Math.min(maxBatch, Math.ceil(this.queue.size / workers));
  }

  check(values: StateValues): void {
    if (this.cells === values.length && this.valuesClass === values.constructor) return;
    if (this.cells >= 0)
      throw new RunnerError(
        'SCHEMA_MISMATCH',
        this.domain,
        `Domain "${this.domain}": a state of ${values.length} cells (${values.constructor.name}) among states of ${this.cells}.`,
      );
    this.cells = values.length;
    this.valuesClass = values.constructor as ValuesClass;
  }

  /** A block for up to `n` requests: a free shared one, or fresh. */
  take(n: number): Block<P> {
    const ctor = this.valuesClass!;
    if (!this.shared) return new Block<P>(new ctor(n * this.cells), null, n);
    const block = this.free.pop();
    if (block !== undefined) return block;
    const bytes = (ctor as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
    return new Block<P>(
      new ctor(new SharedArrayBuffer(this.capacity * this.cells * bytes)),
      new Int32Array(new SharedArrayBuffer(4 * (1 + this.capacity))),
      this.capacity,
    );
  }

  /** A shared block whose batch was answered goes back to the free list (one whose worker failed does not: it may still write). */
  give(block: Block<P>): void {
    block.clear();
    if (this.shared) this.free.push(block);
  }

  /**
   * Take in a reply's new outcomes from worker `token` (after clearing its
   * table on `reset`); returns the table to read the reply's answers from.
   */
  absorb(token: string, reset: boolean, base: number, added: WireBatch | null, addedCount: number): OutcomeTable {
    let table = this.tables.get(token);
    if (table === undefined) {
      // A replaced worker's table is never read again: keep the most recent few.
      if (this.tables.size >= this.maxTables) this.tables.delete(this.tables.keys().next().value!);
      table = { plain: [], decoded: new Map() };
      this.tables.set(token, table);
    }
    if (reset) {
      table.plain.length = 0;
      for (const d of table.decoded.values()) d.length = 0;
    }
    if (added !== null) readWire(added, addedCount, (k, plain) => (table.plain[base + k] = plain!));
    return table;
  }

  /**
   * Outcome `n` of `table` re-attached by `codec`: decoded on first use and
   * frozen, then the same object for every agent it answers. A step the
   * codec does not know is an Error (kept, so it is not decoded again).
   */
  outcome(table: OutcomeTable, n: number, codec: PlanCodec): PlanResult | Error {
    let decoded = table.decoded.get(codec);
    if (decoded === undefined) table.decoded.set(codec, (decoded = []));
    let r = decoded[n];
    if (r === undefined) {
      try {
        r = frozenResult(codec.decode(table.plain[n]));
      } catch (e) {
        r = e instanceof Error ? e : new Error(describeThrown(e));
      }
      decoded[n] = r;
    }
    return r;
  }
}
