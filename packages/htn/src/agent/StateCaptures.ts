/**
 * @internal A planner adapter's last few searches by the state values they started from, for a planner whose searches
 * read nothing but those values (and a fixed domain): a search from values met lately is the search made
 * then, so the adapter can plan without tracing and report the capture it kept (checking that the plan
 * found is the one captured). Values are kept in one preallocated array, so remembering a state allocates
 * nothing once every slot has been used; `domain` is whatever else the search depends on (compared by
 * identity, e.g. the compiled domain a plug may replace).
 * @example
 * const byState = new StateCaptures<string>(4);
 * byState.add(domain, state.values, 'trace of this search');
 * byState.find(domain, state.values); // 'trace of this search'
 */
export class StateCaptures<T> {
  private values = new Int32Array(0);
  /** Cells per kept state (every state of one adapter has the same schema). */
  private size = -1;
  private readonly keys: Float64Array;
  private readonly domains: unknown[];
  private readonly kept: (T | null)[];
  /** Where the next new state goes (the oldest is replaced). */
  private next = 0;
  /** Where the last state found or added is: compared first. */
  private hit = 0;

  constructor(private readonly slots = 16) {
    this.keys = new Float64Array(slots);
    this.domains = new Array<unknown>(slots).fill(null);
    this.kept = new Array<T | null>(slots).fill(null);
  }

  /** The capture kept for a search of `domain` from `values`, or null. */
  find(domain: unknown, values: ArrayLike<number>): T | null {
    const size = values.length;
    if (size !== this.size) return null;
    const key = hash(values);
    const n = this.slots;
    const kept = this.values;
    for (let k = 0; k < n; k++) {
      const i = (this.hit + k) % n;
      if (this.keys[i] !== key || this.domains[i] !== domain || this.kept[i] === null) continue;
      const at = i * size;
      let c = 0;
      while (c < size && kept[at + c] === values[c]) c++;
      if (c === size) {
        this.hit = i;
        return this.kept[i];
      }
    }
    return null;
  }

  /** Keep `capture` as the search of `domain` from `values` (forgetting the oldest when full). */
  add(domain: unknown, values: ArrayLike<number>, capture: T): void {
    const size = values.length;
    if (size !== this.size) {
      this.clear();
      this.size = size;
      this.values = new Int32Array(size * this.slots);
    }
    const i = this.next;
    const at = i * size;
    for (let c = 0; c < size; c++) this.values[at + c] = values[c];
    this.keys[i] = hash(values);
    this.domains[i] = domain;
    this.kept[i] = capture;
    this.hit = i;
    this.next = (i + 1) % this.slots;
  }

  /** Forget every search (no observer is attached any more). */
  clear(): void {
    this.kept.fill(null);
    this.domains.fill(null);
    this.next = this.hit = 0;
  }
}

/** The values summed up in one number (states that differ mostly differ here, so few are compared cell by cell). */
function hash(values: ArrayLike<number>): number {
  let h = 0;
  for (let c = 0; c < values.length; c++) h = (Math.imul(h, 31) + values[c]) | 0;
  return h;
}
