import { showValue, type Schema } from '@dualplan/world-state';
import { MonitorError } from './MonitorError.js';
import { named } from './namedState.js';
import { EVENT_TYPES, EventCode } from './EventCode.js';
import type { NamedState, PlanningTrigger, TimelineEvent, TimelineEventType } from './Recording.js';

/** Numbers per event (see {@link Timeline.rows}), and where its changed cells are. */
const ROW = 8;
const CHANGE_AT = 6;
const CHANGE_COUNT = 7;

/**
 * @internal One agent's run-time timeline, kept as numbers and references in
 * preallocated rows (a ring of `capacity` events: the oldest is dropped to
 * make room), so recording an event makes no object. Changed cells are kept as
 * (cell, value) pairs in a FIFO that grows only while the kept events need more room.
 * {@link TimelineEvent} objects are made when the timeline is read. Also knows
 * which events were sent to subscribers (those up to {@link markSent}).
 */
export class Timeline {
  readonly capacity: number;
  private readonly schema: Schema;
  /**
   * Each kept event's numbers in one row of {@link ROW} (so recording one writes one
   * short stretch of memory): seq, tick, time, type code, run (step and plan events,
   * `planning`), step index, where its changed cells start in the pair FIFO (a running
   * count) and how many there are.
   */
  private readonly rows: Float64Array;
  /** Each kept event's strings in one row of three: runner; task (step events), trigger (`replanSkipped`) or `by` (`stateChanged`); reason. */
  private readonly texts: string[];
  private cells = new Int32Array(64);
  private values = new Int32Array(64);
  /** Running count of pairs written (the pair FIFO is `cells`/`values` modulo their length; see {@link pairsOut}). */
  private pairsIn = 0;
  /**
   * A running count of pairs released that is at most the true one ({@link pairsOut}): while the FIFO has room by
   * this count, adding a pair reads no event row (the oldest row is far from the newest in memory, and cold).
   */
  private pairsOutSeen = 0;
  private start = 0;
  private count = 0;
  private nextSeq = 0;
  /** Events before this seq were sent to subscribers (or recorded while there were none). */
  private sentSeq = 0;
  private droppedCount = 0;

  constructor(capacity: number, schema: Schema) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new MonitorError('BAD_OPTION', 'eventsPerAgent', `A timeline needs an integer capacity (eventsPerAgent) >= 1, got ${showValue(capacity)}.`);
    this.capacity = capacity;
    this.schema = schema;
    this.rows = new Float64Array(capacity * ROW);
    this.texts = new Array<string>(capacity * 3).fill('');
  }

  /** Events kept. */
  get length(): number {
    return this.count;
  }

  /** Events dropped because the timeline was full. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Events kept that were not sent yet. */
  get unsent(): number {
    return Math.min(this.count, this.nextSeq - this.sentSeq);
  }

  /** Every event recorded so far counts as sent. */
  markSent(): void {
    this.sentSeq = this.nextSeq;
  }

  /**
   * Record one event (`type` a {@link TimelineEventType}); `text` is its task, trigger or
   * `by`, `run` its run (or -1), `index` its step index. Returns its slot, for {@link addChange}.
   */
  push(type: TimelineEventType, tick: number, time: number, runner: string, text: string, run: number, index: number, reason: string): number {
    return this.pushCode(EventCode[type], tick, time, runner, text, run, index, reason);
  }

  /** {@link push} with the type as its {@link EventCode}. */
  pushCode(code: EventCode, tick: number, time: number, runner: string, text: string, run: number, index: number, reason: string): number {
    let slot: number;
    const rows = this.rows;
    if (this.count < this.capacity) slot = (this.start + this.count++) % this.capacity;
    else {
      slot = this.start;
      this.start = (this.start + 1) % this.capacity;
      this.droppedCount++;
    }
    const r = slot * ROW;
    rows[r] = this.nextSeq++;
    rows[r + 1] = tick;
    rows[r + 2] = time;
    rows[r + 3] = code;
    rows[r + 4] = run;
    rows[r + 5] = index;
    rows[r + CHANGE_AT] = this.pairsIn;
    rows[r + CHANGE_COUNT] = 0;
    const t = slot * 3;
    const texts = this.texts;
    texts[t] = runner;
    texts[t + 1] = text;
    texts[t + 2] = reason;
    return slot;
  }

  /** Note that `cell` became `value` in the event at `slot` (the newest event). */
  addChange(slot: number, cell: number, value: number): void {
    // Pairs are only released, so the count seen last is a lower bound: the true one is read only when that bound says full.
    if (this.pairsIn - this.pairsOutSeen === this.cells.length && this.pairsIn - (this.pairsOutSeen = this.pairsOut()) === this.cells.length) this.grow();
    const at = this.pairsIn++ % this.cells.length;
    this.cells[at] = cell;
    this.values[at] = value;
    this.rows[slot * ROW + CHANGE_COUNT]++;
  }

  /**
   * The running count of pairs released: the first pair of the oldest kept event (events keep their pairs in
   * order). Read only when a change is added, so recording an event reads nothing of the slot it overwrites.
   */
  private pairsOut(): number {
    return this.count > 0 ? this.rows[this.start * ROW + CHANGE_AT] : this.pairsIn;
  }

  /** Twice the room for pairs: each kept pair moves to its running position modulo the new length. */
  private grow(): void {
    const n = this.cells.length;
    const cells = new Int32Array(n * 2);
    const values = new Int32Array(n * 2);
    for (let p = this.pairsOut(); p < this.pairsIn; p++) {
      cells[p % (n * 2)] = this.cells[p % n];
      values[p % (n * 2)] = this.values[p % n];
    }
    this.cells = cells;
    this.values = values;
  }

  /** The kept events, oldest first, as new objects; only the unsent ones with `unsent`. */
  toArray(unsent = false): TimelineEvent[] {
    const n = unsent ? this.unsent : this.count;
    const out = new Array<TimelineEvent>(n);
    for (let i = 0; i < n; i++) out[i] = this.event((this.start + this.count - n + i) % this.capacity);
    return out;
  }

  private event(slot: number): TimelineEvent {
    const rows = this.rows;
    const r = slot * ROW;
    const t = slot * 3;
    const head = { seq: rows[r], tick: rows[r + 1], time: rows[r + 2], runner: this.texts[t] };
    const type = EVENT_TYPES[rows[r + 3]];
    const run = rows[r + 4];
    const text = this.texts[t + 1];
    const reason = this.texts[t + 2];
    switch (type) {
      case 'planning':
      case 'planFinished':
        return { ...head, type, run };
      case 'planFailed':
        return { ...head, type, run, reason };
      case 'replanSkipped':
        return { ...head, type, trigger: text as PlanningTrigger, reason };
      case 'stepStarted':
      case 'stepSucceeded':
        return { ...head, type, task: text, index: rows[r + 5], run };
      case 'stepFailed':
      case 'stepAborted':
        return { ...head, type, task: text, index: rows[r + 5], run, reason };
      case 'stateChanged':
        return { ...head, type, by: text, changes: this.changes(slot) };
    }
  }

  private changes(slot: number): NamedState {
    const out: NamedState = {};
    const n = this.cells.length;
    const at = this.rows[slot * ROW + CHANGE_AT];
    const count = this.rows[slot * ROW + CHANGE_COUNT];
    for (let i = 0; i < count; i++) {
      const cell = this.cells[(at + i) % n];
      out[this.schema.nameOf(cell)] = named(this.schema, cell, this.values[(at + i) % n]);
    }
    return out;
  }
}
