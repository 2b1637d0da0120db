/**
 * The nodes of a {@link BitSearch}: per node g, f, h, parent, action, depth, open-condition count, flags (1: replaced
 * by a better copy, skipped when popped; 2: expanded) and its one or two words, in typed arrays that grow by doubling
 * and are then reused; the closed set, an open-addressed table of node indices keyed by the words (slots of earlier
 * searches told apart by a stamp, so nothing is cleared between searches); and the open list, a binary heap of node
 * indices ordered as the general path's (lower f, then lower h, then lower index). @internal
 */
export class BitNodes {
  private capacity = 0;
  count = 0;
  g = new Float64Array(0);
  f = new Float64Array(0);
  h = new Float64Array(0);
  parent = new Int32Array(0);
  action = new Int32Array(0);
  depth = new Int32Array(0);
  unsat = new Int32Array(0);
  flags = new Uint8Array(0);
  words = new Int32Array(0);
  /** Set by {@link admit}: a stored node has the candidate's words; and how many expanded nodes it replaced. */
  matched = false;
  reopened = 0;
  private heap = new Int32Array(0);
  private heapSize = 0;
  private slots = new Int32Array(0);
  private slotStamp = new Int32Array(0);
  private tableMask = 0;
  private stamp = 0;
  /** Bytes of the closed-set table. */
  private tableBytes = 0;

  constructor(
    /** Words per node: 1 or 2. */
    private readonly W: number,
    private readonly maxNodes: number,
    private readonly baseWeight: number,
    private readonly greedy: boolean,
  ) {
    this.weight = baseWeight;
    this.grow(Math.min(64, maxNodes));
  }

  /** The weight of the running search's estimate: the planner's, or 0 for a blind phase (see {@link reset}). */
  private weight: number;

  /** Bytes one node takes: g, f, h as float64, parent, action, depth, unsat as int32, a flags byte and its words. */
  get nodeBytes(): number {
    return 3 * 8 + 4 * 4 + 1 + this.W * 4;
  }

  /** Node memory of the current search: its nodes' records and the table. */
  usedBytes(): number {
    return this.count * this.nodeBytes + this.tableBytes;
  }

  /** Forget every node; the next search weighs the count by the planner's weight, or not at all when `blind` (h = 0). */
  reset(blind = false): void {
    this.weight = blind ? 0 : this.baseWeight;
    this.count = 0;
    this.heapSize = 0;
    this.stamp = (this.stamp + 1) | 0;
    // After 2^32 searches the stamps wrap: forget every slot once.
    if (this.stamp === 0) {
      this.slotStamp.fill(0);
      this.stamp = 1;
    }
  }

  /** Make room for one more node; false when `maxNodes` are stored. */
  reserve(): boolean {
    if (this.count >= this.maxNodes) return false;
    if (this.count === this.capacity) this.grow(Math.min(this.capacity * 2, this.maxNodes));
    return true;
  }

  /**
   * The closed-set test of a candidate with words `n0`, `n1`, cost `g` and `depth` actions: -1 when a stored node
   * with those words is as cheap and as short (the candidate is pruned); otherwise the slot {@link store} takes,
   * after marking every stored copy the candidate beats on both counts as replaced (counted in {@link reopened}
   * when expanded) and handing it their slots. Call {@link reserve} first.
   */
  admit(n0: number, n1: number, g: number, depth: number): number {
    const W = this.W;
    const next = this.count;
    const words = this.words;
    let slot = -1;
    this.reopened = 0;
    this.matched = false;
    let i = hashOf(n0, n1) & this.tableMask;
    for (; this.slotStamp[i] === this.stamp; i = (i + 1) & this.tableMask) {
      const m = this.slots[i];
      if (words[m * W] !== n0 || (W === 2 && words[m * W + 1] !== n1)) continue;
      this.matched = true;
      if (this.g[m] <= g && this.depth[m] <= depth) return -1;
      if (g <= this.g[m] && depth <= this.depth[m]) {
        if (this.flags[m] === 2) this.reopened++;
        this.flags[m] = 1;
        this.slots[i] = next;
        if (slot < 0) slot = i;
      }
    }
    return slot < 0 ? i : slot;
  }

  /** Keep a node at table slot `slot` (empty, or handed over by a replaced node) and open it. */
  store(slot: number, parent: number, a: number, g: number, unsat: number, w0: number, w1: number): void {
    const n = this.count++;
    const W = this.W;
    const h = this.weight * unsat;
    this.parent[n] = parent;
    this.action[n] = a;
    this.depth[n] = parent < 0 ? 0 : this.depth[parent] + 1;
    this.g[n] = g;
    this.h[n] = h;
    this.f[n] = this.greedy ? h : g + h;
    this.unsat[n] = unsat;
    this.flags[n] = 0;
    this.words[n * W] = w0;
    if (W === 2) this.words[n * W + 1] = w1;
    this.slots[slot] = n;
    this.slotStamp[slot] = this.stamp;
    this.push(n);
  }

  /** True when node `a` comes before node `b` in the open list: lower f, then lower h, then lower index. */
  private before(a: number, b: number): boolean {
    const f = this.f;
    if (f[a] !== f[b]) return f[a] < f[b];
    const h = this.h;
    return h[a] !== h[b] ? h[a] < h[b] : a < b;
  }

  /** Add node `n` to the open list. */
  push(n: number): void {
    const heap = this.heap;
    let i = this.heapSize++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(n, heap[p])) break;
      heap[i] = heap[p];
      i = p;
    }
    heap[i] = n;
  }

  /** Remove and return the open node that comes first, or -1 when none is left. */
  pop(): number {
    if (this.heapSize === 0) return -1;
    const heap = this.heap;
    const top = heap[0];
    const last = heap[--this.heapSize];
    const size = this.heapSize;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && this.before(heap[c + 1], heap[c])) c++;
      if (!this.before(heap[c], last)) break;
      heap[i] = heap[c];
      i = c;
    }
    if (size > 0) heap[i] = last;
    return top;
  }

  /** The first slot of the run of (`w0`, `w1`) that is free in this search. */
  findSlot(w0: number, w1: number): number {
    let i = hashOf(w0, w1) & this.tableMask;
    while (this.slotStamp[i] === this.stamp) i = (i + 1) & this.tableMask;
    return i;
  }

  /** Room for `capacity` nodes (the nodes stored so far kept, the table rebuilt at twice the size or more). */
  private grow(capacity: number): void {
    const n = this.count;
    const W = this.W;
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(capacity);
      b.set(a.subarray(0, n));
      return b;
    };
    const i32 = (a: Int32Array, per = 1) => {
      const b = new Int32Array(capacity * per);
      b.set(a.subarray(0, n * per));
      return b;
    };
    this.g = f64(this.g);
    this.f = f64(this.f);
    this.h = f64(this.h);
    this.parent = i32(this.parent);
    this.action = i32(this.action);
    this.depth = i32(this.depth);
    this.unsat = i32(this.unsat);
    this.words = i32(this.words, W);
    // The open list holds each node at most twice (a node put back after a budget stop is popped first).
    const heap = new Int32Array(capacity + 1);
    heap.set(this.heap.subarray(0, this.heapSize));
    this.heap = heap;
    const flags = new Uint8Array(capacity);
    flags.set(this.flags.subarray(0, n));
    this.flags = flags;
    this.capacity = capacity;
    let size = 16;
    while (size < capacity * 2) size *= 2;
    if (size === this.slots.length) return;
    const oldSlots = this.slots;
    const oldStamp = this.slotStamp;
    this.slots = new Int32Array(size);
    this.slotStamp = new Int32Array(size);
    this.tableMask = size - 1;
    this.tableBytes = 8 * size;
    for (let i = 0; i < oldSlots.length; i++) {
      if (oldStamp[i] !== this.stamp) continue;
      const m = oldSlots[i];
      let j = hashOf(this.words[m * W], W === 2 ? this.words[m * W + 1] : 0) & this.tableMask;
      while (this.slotStamp[j] === this.stamp) j = (j + 1) & this.tableMask;
      this.slots[j] = m;
      this.slotStamp[j] = this.stamp;
    }
  }
}

/** Hash of a node's one or two words (a multiply-xorshift mix). */
function hashOf(w0: number, w1: number): number {
  let h = Math.imul(w0 ^ Math.imul(w1, 0x85ebca6b), 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 13);
}

/** Set bits of a 32-bit word. @internal */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
