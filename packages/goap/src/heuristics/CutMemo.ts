/** Most bytes of h_max tables a memo keeps per search; past them it answers from what it has and stores no more. */
const MAX_TABLE_BYTES = 1 << 23;

/**
 * What backward LM-cut has learnt in one search: its rounds as a tree. Backward, every node's LM-cut starts from
 * the same h_max (the start state's), and a round's cut, its cost and the h_max after it depend only on the state
 * before the round and on the goal item that is critical there (which facts it allows). So the state after a
 * sequence of rounds is named by the sequence of critical items, and nodes of one search share long prefixes of
 * them (a regressed goal differs from its parent in a cell or two). Each tree node is such a state: its h_max table
 * (to find the next critical item of any goal), the cut that led to it from its parent, and that cut's cost.
 * A node's estimate walks down while its critical items are known and computes only the rounds below.
 *
 * Tables are pooled in typed arrays that grow by doubling and are kept between searches (a search that stays within
 * the pool allocates nothing); children are found through an open-addressing table stamped per search. @internal
 */
export class CutMemo {
  private capacity: number;
  private count = 1;
  /** h_max per tree node: `hmax[node * nFacts + fact]`. */
  private hmaxPool: Float64Array;
  private parentOf: Int32Array;
  private keyCell: Int32Array;
  private keyMask: Int32Array;
  /** The cost of the cut from the parent; the cut's operators are `cutOps[cutStart[node]..cutStart[node + 1]]`. */
  private leastOf: Float64Array;
  private cutStart: Int32Array;
  private cutOps: Int32Array;
  /** Children by (parent, cell, mask): a node index + 1 per slot, valid when the slot's stamp is this search's. */
  private slots: Int32Array;
  private stamps: Int32Array;
  private stamp = 1;
  private readonly maxNodes: number;

  constructor(private readonly nFacts: number) {
    this.capacity = 64;
    this.maxNodes = Math.max(2, Math.floor(MAX_TABLE_BYTES / 8 / Math.max(1, nFacts)));
    this.hmaxPool = new Float64Array(this.capacity * nFacts);
    this.parentOf = new Int32Array(this.capacity);
    this.keyCell = new Int32Array(this.capacity);
    this.keyMask = new Int32Array(this.capacity);
    this.leastOf = new Float64Array(this.capacity);
    this.cutStart = new Int32Array(this.capacity + 1);
    this.cutOps = new Int32Array(this.capacity * 4);
    this.slots = new Int32Array(this.capacity * 2);
    this.stamps = new Int32Array(this.capacity * 2);
  }

  /** Start a search's tree: its root is the state `hmax` (the start state's h_max). */
  reset(hmax: Float64Array): void {
    this.count = 1;
    this.hmaxPool.set(hmax, 0);
    this.cutStart[1] = 0;
    if (++this.stamp === 0x7fffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
  }

  /** The h_max tables (node `n`'s from `n * nFacts`). */
  get hmax(): Float64Array {
    return this.hmaxPool;
  }

  /** The cost of the cut that led to `node`. */
  least(node: number): number {
    return this.leastOf[node];
  }

  /** The child of `node` whose round had the item (`cell`, `mask`) critical, or -1. */
  child(node: number, cell: number, mask: number): number {
    const slots = this.slots;
    const m = slots.length - 1;
    for (let i = hashOf(node, cell, mask) & m; this.stamps[i] === this.stamp; i = (i + 1) & m) {
      const c = slots[i] - 1;
      if (this.parentOf[c] === node && this.keyCell[c] === cell && this.keyMask[c] === mask) return c;
    }
    return -1;
  }

  /**
   * Store the child of `node` reached by the round with item (`cell`, `mask`) critical: the cut `cut[0..nc]` of
   * cost `least`, and the h_max after it. Returns the child, or -1 when the memo is full.
   */
  add(node: number, cell: number, mask: number, least: number, cut: Int32Array, nc: number, hmax: Float64Array): number {
    if (this.count === this.capacity && !this.grow()) return -1;
    const n = this.count++;
    this.parentOf[n] = node;
    this.keyCell[n] = cell;
    this.keyMask[n] = mask;
    this.leastOf[n] = least;
    const from = this.cutStart[n];
    if (from + nc > this.cutOps.length) this.cutOps = grown(this.cutOps, Math.max(this.cutOps.length * 2, from + nc));
    const ops = this.cutOps;
    for (let i = 0; i < nc; i++) ops[from + i] = cut[i];
    this.cutStart[n + 1] = from + nc;
    this.hmaxPool.set(hmax, n * this.nFacts);
    const slots = this.slots;
    const m = slots.length - 1;
    let i = hashOf(node, cell, mask) & m;
    while (this.stamps[i] === this.stamp) i = (i + 1) & m;
    this.stamps[i] = this.stamp;
    slots[i] = n + 1;
    return n;
  }

  /** The nodes from the root's child down to `node`, written to `out`; returns how many. */
  path(node: number, out: Int32Array): number {
    let depth = 0;
    for (let n = node; n > 0; n = this.parentOf[n]) depth++;
    for (let n = node, i = depth; n > 0; n = this.parentOf[n]) out[--i] = n;
    return depth;
  }

  /** Copy the cut that led to `node` into `out`; returns its size. */
  cutOf(node: number, out: Int32Array): number {
    const from = this.cutStart[node];
    const nc = this.cutStart[node + 1] - from;
    const ops = this.cutOps;
    for (let i = 0; i < nc; i++) out[i] = ops[from + i];
    return nc;
  }

  /** Double the pool (false when that would pass the byte limit); the children's table is rebuilt. */
  private grow(): boolean {
    if (this.capacity >= this.maxNodes) return false;
    const cap = Math.min(this.maxNodes, this.capacity * 2);
    this.hmaxPool = grown(this.hmaxPool, cap * this.nFacts);
    this.parentOf = grown(this.parentOf, cap);
    this.keyCell = grown(this.keyCell, cap);
    this.keyMask = grown(this.keyMask, cap);
    this.leastOf = grown(this.leastOf, cap);
    this.cutStart = grown(this.cutStart, cap + 1);
    this.capacity = cap;
    // A power of two at least twice the nodes, so probing by mask always finds a free slot.
    const room = 1 << (33 - Math.clz32(cap - 1));
    this.slots = new Int32Array(room);
    this.stamps = new Int32Array(room);
    const m = this.slots.length - 1;
    for (let n = 1; n < this.count; n++) {
      let i = hashOf(this.parentOf[n], this.keyCell[n], this.keyMask[n]) & m;
      while (this.stamps[i] === this.stamp) i = (i + 1) & m;
      this.stamps[i] = this.stamp;
      this.slots[i] = n + 1;
    }
    return true;
  }
}

function hashOf(node: number, cell: number, mask: number): number {
  let h = Math.imul(node, 0x9e3779b1) ^ Math.imul(cell + 1, 0x85ebca6b) ^ Math.imul(mask, 0xc2b2ae35);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) >>> 0;
}

function grown<T extends Float64Array | Int32Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}
