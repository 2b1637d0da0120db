/**
 * The last few distinct searches a planner adapter captured for its observers, so that a
 * search that recurs (agents meet the same few states again and again) is reported as the
 * same capture object: comparing its numbers with a remembered capture's costs less than
 * copying them, and an observer that counts captures can count a repeat by reference.
 * Captures must never change once made. `same(capture, probe)` tells whether capturing
 * what `probe` describes (the adapter fills in one reused probe per call) would make
 * exactly `capture`. A caller may also give each capture a number that sums it up (its sizes,
 * say): a capture whose number differs from the probe's is passed over without looking at it
 * (the numbers sit together, the captures apart in memory).
 * @example
 * const recent = new RecentCaptures<number[], { values: number[] }>((c, p) => c.length === p.values.length && c.every((v, i) => v === p.values[i]));
 * const probe = { values: [1, 2] };
 * const first = recent.find(probe) ?? recent.add(probe.values.slice());
 * recent.find(probe) === first; // true
 */
export class RecentCaptures<T, Probe> {
  private readonly kept: (T | null)[];
  /** Each kept capture's number (see the class). */
  private readonly keys: Float64Array;
  /** Where the next new capture goes (the oldest is replaced). */
  private next = 0;
  /** Where the last capture given was: compared first (an agent often plans from the same state again). */
  private hit = 0;

  constructor(
    private readonly same: (capture: T, probe: Probe) => boolean,
    size = 8,
  ) {
    this.kept = new Array<T | null>(Math.max(1, size)).fill(null);
    this.keys = new Float64Array(this.kept.length);
  }

  /** The remembered capture `probe` describes, or null; `key` is the probe's number, when captures are given one. */
  find(probe: Probe, key = 0): T | null {
    const kept = this.kept;
    const keys = this.keys;
    const n = kept.length;
    for (let k = 0; k < n; k++) {
      const i = (this.hit + k) % n;
      if (keys[i] !== key) continue;
      const c = kept[i];
      if (c !== null && this.same(c, probe)) {
        this.hit = i;
        return c;
      }
    }
    return null;
  }

  /** Remember a new `capture` (forgetting the oldest when full), with its number `key` (see {@link find}); returns it. */
  add(capture: T, key = 0): T {
    this.kept[this.next] = capture;
    this.keys[this.next] = key;
    this.hit = this.next;
    this.next = (this.next + 1) % this.kept.length;
    return capture;
  }

  /** Forget every capture (no observer is attached any more). */
  clear(): void {
    this.kept.fill(null);
    this.next = this.hit = 0;
  }
}
