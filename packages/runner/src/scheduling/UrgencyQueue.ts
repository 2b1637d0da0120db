import type { PlanUrgency } from '@dualplan/world-state';

/** @internal Urgency levels as queue indices, most urgent first. */
export const URGENCY_LEVEL: Readonly<Record<PlanUrgency, number>> = { noPlan: 0, invalidated: 1, recheck: 2 };

/** @internal What the queue needs of an entry: which level and ticket it is queued under now. */
export interface Queued {
  /** The level the entry is queued at, or -1. */
  level: number;
  /** Bumped on every (re)queue, so older queue slots of this entry are recognised as dead. */
  ticket: number;
  /** The frame it was queued in, for aging. */
  since: number;
}

/**
 * @internal Three FIFO rings, one per urgency level. Re-queueing an entry
 * leaves its old slot behind as a dead ticket, skipped on pop, so moving an
 * entry never searches the rings. Rings grow by doubling (warm-up only), so a
 * steady state allocates nothing.
 */
export class UrgencyQueue<T extends Queued> {
  private readonly items: (T | null)[][] = [[], [], []];
  private readonly tickets: Int32Array[] = [new Int32Array(16), new Int32Array(16), new Int32Array(16)];
  private readonly heads = [0, 0, 0];
  private readonly counts = [0, 0, 0];
  /** Live entries. */
  size = 0;

  constructor() {
    for (const ring of this.items) ring.length = 16;
  }

  /** Queue `entry` at the tail of `level` (removing it from wherever it was). */
  push(entry: T, level: number, frame: number): void {
    if (entry.level >= 0) this.size--;
    entry.level = level;
    entry.ticket = (entry.ticket + 1) | 0;
    entry.since = frame;
    this.size++;
    let ring = this.items[level];
    if (this.counts[level] === ring.length) ring = this.grow(level);
    const at = (this.heads[level] + this.counts[level]) % ring.length;
    ring[at] = entry;
    this.tickets[level][at] = entry.ticket;
    this.counts[level]++;
  }

  /** Take `entry` out of the queue (its slot becomes dead). */
  remove(entry: T): void {
    if (entry.level < 0) return;
    entry.level = -1;
    entry.ticket = (entry.ticket + 1) | 0;
    this.size--;
  }

  /** The oldest live entry of the most urgent non-empty level, removed; or null. */
  pop(): T | null {
    for (let level = 0; level < 3; level++) {
      const entry = this.head(level);
      if (entry !== null) {
        this.drop(level);
        entry.level = -1;
        this.size--;
        return entry;
      }
    }
    return null;
  }

  /**
   * Promote entries queued at `level` (1 or 2) since `frame` or earlier one
   * level up, so rechecks are served even while more urgent requests keep coming.
   */
  age(level: number, frame: number, now: number): void {
    for (let entry = this.head(level); entry !== null && entry.since <= frame; entry = this.head(level)) {
      this.drop(level);
      entry.level = -1;
      this.size--;
      this.push(entry, level - 1, now);
    }
  }

  /** The live head of `level` (dead slots before it are discarded), or null. */
  private head(level: number): T | null {
    const ring = this.items[level];
    const tickets = this.tickets[level];
    while (this.counts[level] > 0) {
      const at = this.heads[level];
      const entry = ring[at]!;
      if (entry.level === level && entry.ticket === tickets[at]) return entry;
      this.drop(level);
    }
    return null;
  }

  private drop(level: number): void {
    const ring = this.items[level];
    ring[this.heads[level]] = null;
    this.heads[level] = (this.heads[level] + 1) % ring.length;
    this.counts[level]--;
  }

  private grow(level: number): (T | null)[] {
    const old = this.items[level];
    const oldTickets = this.tickets[level];
    const n = old.length;
    const ring = new Array<T | null>(n * 2).fill(null);
    const tickets = new Int32Array(n * 2);
    for (let i = 0; i < n; i++) {
      const from = (this.heads[level] + i) % n;
      ring[i] = old[from];
      tickets[i] = oldTickets[from];
    }
    this.items[level] = ring;
    this.tickets[level] = tickets;
    this.heads[level] = 0;
    return ring;
  }
}
