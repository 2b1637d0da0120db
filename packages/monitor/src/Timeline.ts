import { showValue, type Schema } from '@dualplan/world-state';
import { MonitorError } from './MonitorError.js';
import { named } from './namedState.js';
import type { NamedState, PlanningTrigger, TimelineEvent, TimelineEventType } from './Recording.js';

/** Event types by code (the code is the index). */
const TYPES: readonly TimelineEventType[] = [
  'planning',
  'replanSkipped',
  'stepStarted',
  'stepSucceeded',
  'stepFailed',
  'stepAborted',
  'planFinished',
  'planFailed',
  'stateChanged',
];
const CODE = new Map<string, number>(TYPES.map((t, i) => [t, i]));

/**
 * @internal One agent's run-time timeline, kept as numbers and references in
 * preallocated columns (a ring of `capacity` events: the oldest is dropped to
 * make room), so recording an event makes no object. Changed cells are kept as
 * (cell, value) pairs in a FIFO that grows only while the kept events need more room.
 * {@link TimelineEvent} objects are made when the timeline is read. Also knows
 * which events were sent to subscribers (those up to {@link markSent}).
 */
export class Timeline {
  readonly capacity: number;
  private readonly schema: Schema;
  private readonly seq: Float64Array;
  private readonly tick: Float64Array;
  private readonly time: Float64Array;
  private readonly type: Uint8Array;
  /** The run (step and plan events, `planning`) or the step index. */
  private readonly run: Int32Array;
  private readonly index: Int32Array;
  private readonly runner: string[];
  /** The task (step events), trigger (`replanSkipped`) or `by` (`stateChanged`). */
  private readonly text: string[];
  private readonly reason: string[];
  /** Where an event's changed cells start in the pair FIFO (a running count), and how many there are. */
  private readonly changeAt: Float64Array;
  private readonly changeCount: Int32Array;
  private cells = new Int32Array(64);
  private values = new Int32Array(64);
  /** Running counts of pairs written and pairs released (the pair FIFO is `cells`/`values` modulo their length). */
  private pairsIn = 0;
  private pairsOut = 0;
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
    this.seq = new Float64Array(capacity);
    this.tick = new Float64Array(capacity);
    this.time = new Float64Array(capacity);
    this.type = new Uint8Array(capacity);
    this.run = new Int32Array(capacity);
    this.index = new Int32Array(capacity);
    this.runner = new Array<string>(capacity).fill('');
    this.text = new Array<string>(capacity).fill('');
    this.reason = new Array<string>(capacity).fill('');
    this.changeAt = new Float64Array(capacity);
    this.changeCount = new Int32Array(capacity);
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
    let slot: number;
    if (this.count < this.capacity) slot = (this.start + this.count++) % this.capacity;
    else {
      slot = this.start;
      this.start = (this.start + 1) % this.capacity;
      this.droppedCount++;
      this.pairsOut = this.changeAt[slot] + this.changeCount[slot];
    }
    this.seq[slot] = this.nextSeq++;
    this.tick[slot] = tick;
    this.time[slot] = time;
    this.type[slot] = CODE.get(type)!;
    this.runner[slot] = runner;
    this.text[slot] = text;
    this.run[slot] = run;
    this.index[slot] = index;
    this.reason[slot] = reason;
    this.changeAt[slot] = this.pairsIn;
    this.changeCount[slot] = 0;
    return slot;
  }

  /** Note that `cell` became `value` in the event at `slot` (the newest event). */
  addChange(slot: number, cell: number, value: number): void {
    if (this.pairsIn - this.pairsOut === this.cells.length) this.grow();
    const at = this.pairsIn++ % this.cells.length;
    this.cells[at] = cell;
    this.values[at] = value;
    this.changeCount[slot]++;
  }

  /** Twice the room for pairs: each kept pair moves to its running position modulo the new length. */
  private grow(): void {
    const n = this.cells.length;
    const cells = new Int32Array(n * 2);
    const values = new Int32Array(n * 2);
    for (let p = this.pairsOut; p < this.pairsIn; p++) {
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
    const head = { seq: this.seq[slot], tick: this.tick[slot], time: this.time[slot], runner: this.runner[slot] };
    const type = TYPES[this.type[slot]];
    const run = this.run[slot];
    switch (type) {
      case 'planning':
      case 'planFinished':
        return { ...head, type, run };
      case 'planFailed':
        return { ...head, type, run, reason: this.reason[slot] };
      case 'replanSkipped':
        return { ...head, type, trigger: this.text[slot] as PlanningTrigger, reason: this.reason[slot] };
      case 'stepStarted':
      case 'stepSucceeded':
        return { ...head, type, task: this.text[slot], index: this.index[slot], run };
      case 'stepFailed':
      case 'stepAborted':
        return { ...head, type, task: this.text[slot], index: this.index[slot], run, reason: this.reason[slot] };
      case 'stateChanged':
        return { ...head, type, by: this.text[slot], changes: this.changes(slot) };
    }
  }

  private changes(slot: number): NamedState {
    const out: NamedState = {};
    const n = this.cells.length;
    const at = this.changeAt[slot];
    for (let i = 0; i < this.changeCount[slot]; i++) {
      const cell = this.cells[(at + i) % n];
      out[this.schema.nameOf(cell)] = named(this.schema, cell, this.values[(at + i) % n]);
    }
    return out;
  }
}
