const NO_VALUES: Int32Array = /* @__PURE__ */ new Int32Array(0);

/**
 * A planner adapter's recent searches by the state values they started from, for searches that read nothing but
 * those values (and a fixed domain): a search from values met lately is the search made then, so the adapter can
 * plan without tracing and report the capture it kept (after checking that the plan found is the one captured).
 * An agent meets a few hundred distinct states again and again, so the table is sized for hundreds: values are
 * kept in one preallocated array and found through a hash index (one short chain per lookup), and remembering
 * a state allocates nothing once every slot has been used; the oldest state is forgotten first. `domain` is
 * whatever else the search depends on, compared by identity (the compiled domain a plug may replace, a goal).
 * @example
 * const byState = new StateCaptures<string>(4);
 * byState.add(domain, state.values, 'trace of this search');
 * byState.find(domain, state.values); // 'trace of this search'
 */
export class StateCaptures<T> {
  private values = NO_VALUES;
  /** Cells per kept state (every state of one adapter has the same schema). */
  private size = -1;
  // Made on the first add: an adapter that is never observed allocates nothing.
  private keys = NO_VALUES;
  private domains: unknown[] = [];
  private kept: (T | null)[] = [];
  /** Per hash bucket, its first slot (-1: none); per slot, the next slot of its bucket. */
  private heads = NO_VALUES;
  private chain = NO_VALUES;
  /** Where the next new state goes (the oldest is replaced). */
  private next = 0;

  constructor(private readonly slots = 16) {}

  /** The capture kept for a search of `domain` from `values`, or null. */
  find(domain: unknown, values: ArrayLike<number>): T | null {
    const size = values.length;
    if (size !== this.size) return null;
    const key = hash(values);
    const kept = this.values;
    for (let i = this.heads[key & (this.heads.length - 1)]; i >= 0; i = this.chain[i]) {
      if (this.keys[i] !== key || this.domains[i] !== domain) continue;
      const at = i * size;
      let c = 0;
      while (c < size && kept[at + c] === values[c]) c++;
      if (c === size) return this.kept[i];
    }
    return null;
  }

  /** Keep `capture` as the search of `domain` from `values` (forgetting the oldest when full). */
  add(domain: unknown, values: ArrayLike<number>, capture: T): void {
    const size = values.length;
    if (size !== this.size) {
      if (this.kept.length === 0) this.allocate();
      this.clear();
      this.size = size;
      this.values = new Int32Array(size * this.slots);
    }
    const i = this.next;
    if (this.kept[i] !== null) this.unlink(i);
    const at = i * size;
    for (let c = 0; c < size; c++) this.values[at + c] = values[c];
    const key = hash(values);
    this.keys[i] = key;
    this.domains[i] = domain;
    this.kept[i] = capture;
    const b = key & (this.heads.length - 1);
    this.chain[i] = this.heads[b];
    this.heads[b] = i;
    this.next = (i + 1) % this.slots;
  }

  /** Forget every search (no observer is attached any more). */
  clear(): void {
    this.kept.fill(null);
    this.domains.fill(null);
    this.heads.fill(-1);
    this.chain.fill(-1);
    this.next = 0;
  }

  private allocate(): void {
    const slots = this.slots;
    this.keys = new Int32Array(slots);
    this.domains = new Array<unknown>(slots).fill(null);
    this.kept = new Array<T | null>(slots).fill(null);
    let buckets = 1;
    while (buckets < 2 * slots) buckets *= 2;
    this.heads = new Int32Array(buckets).fill(-1);
    this.chain = new Int32Array(slots).fill(-1);
  }

  /** Take slot `i` out of its bucket's chain. */
  private unlink(i: number): void {
    const b = this.keys[i] & (this.heads.length - 1);
    if (this.heads[b] === i) this.heads[b] = this.chain[i];
    else {
      let p = this.heads[b];
      while (this.chain[p] !== i) p = this.chain[p];
      this.chain[p] = this.chain[i];
    }
    this.chain[i] = -1;
  }
}

/** The values summed up in one number (states that differ mostly differ here, so few are compared cell by cell). */
function hash(values: ArrayLike<number>): number {
  let h = 0;
  for (let c = 0; c < values.length; c++) h = (Math.imul(h, 31) + values[c]) | 0;
  // Mixed, so that states differing in the last cells spread over the buckets.
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return h ^ (h >>> 16);
}
