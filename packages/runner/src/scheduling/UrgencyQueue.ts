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
 * entry never searches the rings. A full ring that is at least half dead is
 * compacted in place rather than grown (entries re-queued again and again
 * while frames take nothing from their level would otherwise grow it without
 * bound); it grows by doubling only when mostly live (warm-up), so a steady
 * state allocates nothing.
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
    if (this.counts[level] === ring.length && !this.compact(level)) ring = this.grow(level);
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

  /** Slots of `level`'s ring, dead ones included (for tests). */
  capacity(level: number): number {
    return this.items[level].length;
  }

  /**
   * Squeeze the dead slots out of `level`'s ring, keeping the live entries in
   * order from the head. Returns false (leaving the ring alone) when fewer than
   * half its slots are dead: then it should grow instead.
   */
  private compact(level: number): boolean {
    const ring = this.items[level];
    const tickets = this.tickets[level];
    const n = ring.length;
    const head = this.heads[level];
    let live = 0;
    for (let i = 0; i < n; i++) {
      const at = (head + i) % n;
      const entry = ring[at]!;
      if (entry.level === level && entry.ticket === tickets[at]) live++;
    }
    if (live * 2 > n) return false;
    // Live entries move towards the head, never past a slot not yet read, so one pass in place suffices.
    let to = 0;
    for (let i = 0; i < n; i++) {
      const at = (head + i) % n;
      const entry = ring[at]!;
      if (entry.level === level && entry.ticket === tickets[at]) {
        const dest = (head + to++) % n;
        ring[dest] = entry;
        tickets[dest] = tickets[at];
      }
    }
    for (let i = to; i < n; i++) ring[(head + i) % n] = null;
    this.counts[level] = to;
    return true;
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
