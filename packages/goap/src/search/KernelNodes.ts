import { ACTION, DEPTH, F, FLAGS, G, H, KEY, NODE, PARENT, UNSAT, WORD } from './kernelSlots.js';

/**
 * The nodes of a `BitKernel` search, packed: per node six integers (word, depth, flags, open conditions, parent,
 * action; flags 1: replaced by a better copy, skipped when popped; 2: expanded) in {@link ints} and three doubles (f,
 * h, g) in {@link keys}; the open list, a binary heap of node indices ordered by lower f, then lower h, then lower
 * index; and the closed set, an open-addressed table keyed by the word, two entries a slot (node, stamp), slots of
 * earlier searches told apart by the stamp so nothing is cleared between searches. The kernel's loop reads and
 * writes the arrays' elements and hands back the counts with {@link settle}; the arrays are reused, and grow by
 * doubling. @internal
 */
export class KernelNodes {
  capacity = 0;
  count = 0;
  heapSize = 0;
  stamp = 0;
  ints = new Int32Array(0);
  keys = new Float64Array(0);
  heap = new Int32Array(0);
  table = new Int32Array(0);

  constructor(private readonly maxNodes: number) {
    this.grow(Math.min(64, maxNodes));
  }

  /** Bytes one stored node takes: its integers and its doubles. */
  get nodeBytes(): number {
    return 4 * NODE + 8 * KEY;
  }

  /** Node memory of the current search: its nodes' records and the table. */
  usedBytes(): number {
    return this.count * this.nodeBytes + 4 * this.table.length;
  }

  /** Forget every node and store the root: word `w`, `unsat` open conditions, h `h` (its f too: g is 0). */
  reset(w: number, unsat: number, h: number): void {
    let stamp = (this.stamp + 1) | 0;
    // After 2^32 searches the stamps wrap: forget every slot once.
    if (stamp === 0) {
      this.table.fill(0);
      stamp = 1;
    }
    this.stamp = stamp;
    const ints = this.ints;
    ints[WORD] = w;
    ints[DEPTH] = 0;
    ints[FLAGS] = 0;
    ints[UNSAT] = unsat;
    ints[PARENT] = -1;
    ints[ACTION] = -1;
    const keys = this.keys;
    keys[F] = h;
    keys[H] = h;
    keys[G] = 0;
    const slot = 2 * (hashOf(w) & ((this.table.length >> 1) - 1));
    this.table[slot] = 0;
    this.table[slot + 1] = stamp;
    this.heap[0] = 0;
    this.heapSize = 1;
    this.count = 1;
  }

  /** The counts after a run of the kernel's loop over the arrays: stored nodes and open ones. */
  settle(count: number, heapSize: number): void {
    this.count = count;
    this.heapSize = heapSize;
  }

  /** Room for `capacity` nodes (the nodes stored so far kept, the table rebuilt at twice the size or more). */
  grow(capacity: number): void {
    capacity = Math.min(capacity, this.maxNodes);
    const n = this.count;
    const ints = new Int32Array(capacity * NODE);
    ints.set(this.ints.subarray(0, n * NODE));
    this.ints = ints;
    const keys = new Float64Array(capacity * KEY);
    keys.set(this.keys.subarray(0, n * KEY));
    this.keys = keys;
    // The open list holds each node once, and a node put back after a budget stop once more.
    const heap = new Int32Array(capacity + 1);
    heap.set(this.heap.subarray(0, this.heapSize));
    this.heap = heap;
    this.capacity = capacity;
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    if (2 * slots === this.table.length) return;
    const old = this.table;
    const table = new Int32Array(2 * slots);
    const mask = slots - 1;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i + 1] !== this.stamp) continue;
      const m = old[i];
      let j = hashOf(ints[m * NODE + WORD]) & mask;
      while (table[2 * j + 1] === this.stamp) j = (j + 1) & mask;
      table[2 * j] = m;
      table[2 * j + 1] = this.stamp;
    }
    this.table = table;
  }
}

/**
 * Push node `node` back on the open list `heap` of `size` nodes ordered by `keys` (a budget stopped the search before
 * expanding it, so the next step pops it first); the new size. @internal
 */
export function pushBack(heap: Int32Array, keys: Float64Array, node: number, size: number): number {
  const fn = keys[node * KEY + F];
  const hn = keys[node * KEY + H];
  let j = size;
  while (j > 0) {
    const p = (j - 1) >> 1;
    const q = heap[p];
    const fq = keys[q * KEY + F];
    const hq = keys[q * KEY + H];
    if (!(fn !== fq ? fn < fq : hn !== hq ? hn < hq : node < q)) break;
    heap[j] = q;
    j = p;
  }
  heap[j] = node;
  return size + 1;
}

/** Hash of a one-word node: `BitNodes`' hash of (`w`, 0). @internal */
export function hashOf(w: number): number {
  let x = Math.imul(w, 0x9e3779b1);
  x ^= x >>> 15;
  x = Math.imul(x, 0xc2b2ae35);
  return x ^ (x >>> 13);
}
