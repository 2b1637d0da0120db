import { OpenList } from './OpenList.js';

/**
 * Node storage owned by one planner. Search nodes are indices into
 * preallocated typed arrays (g, f, h, parent, action, depth, hash); a node's
 * words (its regressed goal or state) live in a separate pool and are written
 * only when needed: most generated nodes are never expanded, so they are kept
 * as (parent, action) until popped. The closed/open set is an open-addressing
 * hash table probed through a byte of hash fingerprint per slot (cleared slot by
 * slot between searches); the open list is an {@link OpenList}. Pools grow by
 * doubling, then stay allocated for reuse.
 * @internal
 */
export class SearchSpace {
  /** Words per node. */
  readonly width: number;
  readonly maxNodes: number;
  capacity = 0;
  count = 0;
  g!: Float64Array;
  f!: Float64Array;
  h!: Float64Array;
  /** h before weighting (the unweighted heuristic sum), for incremental updates. */
  hraw!: Float64Array;
  unsat!: Int32Array;
  parent!: Int32Array;
  action!: Int32Array;
  depth!: Int32Array;
  hash!: Int32Array;
  /** 1 when a cheaper copy replaced the node (skipped when popped); 2 when expanded. */
  flags!: Uint8Array;
  /** Offset of the node's words in {@link words}, or -1 while it is stored as (parent, action). */
  base!: Int32Array;
  /** The word pool. */
  words: Int32Array;
  private wordSlots = 0;
  private usedSlots = 0;
  /**
   * The closed/open table: one {@link Slot}-sized entry per slot (node, node hash),
   * read only where the slot's fingerprint matches.
   */
  private table!: Int32Array;
  /** One byte per slot: 0 when empty, else the top bits of the entry's hash; small, so most probes stay in cache. */
  private fp!: Uint8Array;
  private tableMask = 0;
  /** The parent words a candidate's patch overwrote during a comparison (grows once to the longest patch). */
  private saved = new Int32Array(16);
  /** Set by {@link admit}: a stored node has the candidate's words (it was pruned or replaces them). */
  matched = false;
  private slot = 0;
  /** The open nodes (it reads their f and h from this space). */
  readonly open: OpenList = new OpenList(this);

  /** Greedy best-first: order by h alone (f = h). */
  readonly greedy: boolean;

  /**
   * @param materialize writes a lazily stored node's words (the search's expander); a space whose nodes are all
   * written when stored (tests) needs none.
   */
  constructor(
    width: number,
    initial: number,
    maxNodes: number,
    greedy = false,
    private readonly materialize: (node: number) => void = () => {},
  ) {
    this.greedy = greedy;
    this.width = Math.max(1, width);
    this.maxNodes = Math.max(2, maxNodes);
    this.wordSlots = Math.min(Math.max(initial, 2), this.maxNodes);
    this.words = new Int32Array(this.wordSlots * this.width);
    this.grow(Math.min(Math.max(initial, 2), this.maxNodes));
  }

  /**
   * Bytes one node takes: its record in the per-node arrays (g, f, h, hraw as
   * float64; unsat, parent, action, depth, hash, base as int32; flags) plus its
   * words (4 bytes each). The hash table adds {@link usedBytes}' share.
   */
  get nodeBytes(): number {
    return NODE_RECORD_BYTES + this.width * 4;
  }

  /**
   * Node memory of the current search: the records of its nodes, the words of
   * the nodes written so far (lazily stored nodes have none) and the hash table.
   */
  usedBytes(): number {
    return this.count * NODE_RECORD_BYTES + this.usedSlots * this.width * 4 + this.table.byteLength + this.fp.byteLength;
  }

  /**
   * Forget every node (clearing the table slots they used). With
   * `buckets`, the open list may move to the bucket queue: only for searches that
   * never raise a node's f after adding it (no deferred estimates).
   */
  reset(buckets: boolean): void {
    this.clearTable();
    this.count = 0;
    this.usedSlots = 0;
    this.open.reset(buckets);
  }

  /** Empty the used slots: all at once when the nodes fill a good share, else each node's run from its home slot. */
  private clearTable(): void {
    const fp = this.fp;
    if (this.count * 8 >= fp.length) {
      // A plain loop on small tables: a tiny search (a game agent's) would pay more for the builtin call.
      if (fp.length <= 256) for (let i = 0; i < fp.length; i++) fp[i] = 0;
      else fp.fill(0);
      return;
    }
    for (let n = 0; n < this.count; n++) {
      for (let i = this.hash[n] & this.tableMask; fp[i] !== 0; i = (i + 1) & this.tableMask) fp[i] = 0;
    }
  }

  /** Make room for one more node at index `count`; false when `maxNodes` is reached. */
  reserve(): boolean {
    if (this.count < this.capacity) return true;
    if (this.capacity >= this.maxNodes) return false;
    this.grow(Math.min(this.capacity * 2, this.maxNodes));
    return true;
  }

  /** Room for one node's words in the pool; returns its offset (the pool may be reallocated). */
  claim(): number {
    if (this.usedSlots === this.wordSlots) {
      this.wordSlots *= 2;
      const words = new Int32Array(this.wordSlots * this.width);
      words.set(this.words);
      this.words = words;
    }
    return this.usedSlots++ * this.width;
  }

  /**
   * The stored node equal to the words at `cand` (same hash and words), or -1; then the free slot is
   * remembered for {@link commit}. Used for the root, whose words are written before it is stored.
   */
  find(hash: number, cand: number): number {
    const table = this.table;
    const fp = this.fp;
    const f = fingerprint(hash);
    for (let i = hash & this.tableMask; ; i = (i + 1) & this.tableMask) {
      const e = i * Slot.size;
      if (fp[i] === 0) {
        this.slot = i;
        return -1;
      }
      const n = table[e + Slot.node];
      if (fp[i] === f && table[e + Slot.hash] === hash && this.sameWords(n, cand, null)) {
        this.slot = i;
        return n;
      }
    }
  }

  /**
   * True when stored node `n` has the words at `at`, patched by `ch` when given (building `n`'s
   * words first if it is stored lazily). The patch is written over the words at `at` for the
   * comparison and undone after it, so a candidate given as parent + changes is compared without
   * being written anywhere; patches apply in order, as {@link writeChanges} does.
   */
  private sameWords(n: number, at: number, ch: CandidateChange | null): boolean {
    if (this.base[n] < 0) this.materialize(n);
    const words = this.words;
    const nb = this.base[n];
    const count = ch === null ? 0 : ch.n;
    let saved = this.saved;
    if (count > saved.length) saved = this.saved = new Int32Array(count * 2);
    for (let i = 0; i < count; i++) {
      const o = at + ch!.idx[i];
      saved[i] = words[o];
      words[o] = ch!.val[i];
    }
    let same = true;
    for (let j = 0, W = this.width; j < W; j++) {
      if (words[nb + j] !== words[at + j]) {
        same = false;
        break;
      }
    }
    for (let i = count - 1; i >= 0; i--) words[at + ch!.idx[i]] = saved[i];
    return same;
  }

  /**
   * Closed-set check that respects the plan-length limit, for a candidate given as
   * the words of its parent (at `pb`) patched by `ch`, with hash `hash`, cost `g`
   * and `depth` actions; nothing is written for a candidate that is pruned. Several
   * nodes may share a state when neither dominates the other: a cheaper but deeper
   * path must not hide a shallower one that the length limit would still allow.
   * The candidate is pruned when a stored equal node is no costlier and no deeper:
   * returns -1. Otherwise every stored equal node it dominates (costlier and no
   * shallower) is marked replaced (flags 1) and its table entry handed to the
   * candidate, which {@link commit} then stores; returns how many of those had been
   * expanded (reopenings). With uniform costs depth follows cost, so this keeps one
   * node per state, as plain A* does. Call {@link reserve} first (growing rehashes).
   */
  admit(hash: number, pb: number, ch: CandidateChange, g: number, depth: number): number {
    // Most candidates share their hash with no stored node: find that out in a small loop, kept apart from the comparisons.
    const table = this.table;
    const fp = this.fp;
    const f = fingerprint(hash);
    this.matched = false;
    for (let i = hash & this.tableMask; ; i = (i + 1) & this.tableMask) {
      const x = fp[i];
      if (x === 0) {
        this.slot = i;
        return 0;
      }
      if (x === f && table[i * Slot.size + Slot.hash] === hash) return this.admitFrom(i, hash, pb, ch, g, depth);
    }
  }

  /** {@link admit} from table slot `from`, the first with the candidate's hash. */
  private admitFrom(from: number, hash: number, pb: number, ch: CandidateChange, g: number, depth: number): number {
    const next = this.count;
    let reopened = 0;
    let slot = -1;
    const table = this.table;
    const fp = this.fp;
    for (let i = from; ; i = (i + 1) & this.tableMask) {
      const e = i * Slot.size;
      if (fp[i] === 0) {
        this.slot = slot >= 0 ? slot : i;
        return reopened;
      }
      const n = table[e + Slot.node];
      if (table[e + Slot.hash] !== hash || n === next || !this.sameWords(n, pb, ch)) continue;
      this.matched = true;
      const dn = this.depth[n];
      if (this.g[n] <= g && dn <= depth) return -1;
      if (g <= this.g[n] && depth <= dn) {
        // The candidate is as good on both counts: the old copy is skipped when popped.
        if (this.flags[n] === 2) reopened++;
        this.flags[n] = 1;
        table[e + Slot.node] = next;
        if (slot < 0) slot = i;
      }
    }
  }

  /**
   * Keep the candidate as node `count` (reached from `parent` through `action`,
   * with cost `g`, estimate `h`, and the raw estimate and open-condition count
   * it was made from), inserted at (or replacing the entry of) the last
   * {@link find}/{@link admit}. `at` is the offset of its words, or -1 to build them later.
   */
  commit(hash: number, at: number, parent: number, action: number, g: number, h: number, hraw: number, unsat: number): void {
    const n = this.count++;
    this.parent[n] = parent;
    this.action[n] = action;
    this.depth[n] = parent < 0 ? 0 : this.depth[parent] + 1;
    this.g[n] = g;
    this.h[n] = h;
    this.f[n] = this.greedy ? h : g + h;
    this.hraw[n] = hraw;
    this.unsat[n] = unsat;
    this.hash[n] = hash;
    this.flags[n] = 0;
    this.base[n] = at;
    const e = this.slot * Slot.size;
    this.fp[this.slot] = fingerprint(hash);
    this.table[e + Slot.node] = n;
    this.table[e + Slot.hash] = hash;
    // A dead end (no estimate can reach the goal) is remembered as closed, never opened.
    if (h === Infinity) this.flags[n] = 2;
    else this.open.push(n);
  }

  /**
   * Popped node `n`, whose estimate was deferred, now has the raw estimate `hraw` (weighted by `weight`). True when
   * it goes back to the open list (its f rose) or is a dead end (closed); false when it is to be expanded now.
   */
  reestimated(n: number, hraw: number, weight: number): boolean {
    this.flags[n] = 0;
    if (hraw === Infinity) {
      this.flags[n] = 2;
      return true;
    }
    if (hraw <= this.hraw[n]) return false;
    this.hraw[n] = hraw;
    this.h[n] = weight * hraw;
    this.f[n] = this.greedy ? this.h[n] : this.g[n] + this.h[n];
    this.open.push(n);
    return true;
  }

  /** Write the actions on the path from the root to node `n` into `out`: as the parents lead (`fromLeaf`) or reversed. */
  pathTo(n: number, out: Int32Array, fromLeaf: boolean): void {
    const parent = this.parent;
    const action = this.action;
    let i = fromLeaf ? 0 : this.depth[n];
    for (let m = n; parent[m] >= 0; m = parent[m]) {
      if (fromLeaf) out[i++] = action[m];
      else out[--i] = action[m];
    }
  }

  private grow(capacity: number): void {
    const n = this.count;
    const copyF = (a: Float64Array | undefined) => {
      const b = new Float64Array(capacity);
      if (a) b.set(a.subarray(0, n));
      return b;
    };
    const copyI = (a: Int32Array | undefined) => {
      const b = new Int32Array(capacity);
      if (a) b.set(a.subarray(0, n));
      return b;
    };
    const flags = new Uint8Array(capacity);
    if (this.flags) flags.set(this.flags.subarray(0, n));
    this.flags = flags;
    this.g = copyF(this.g);
    this.f = copyF(this.f);
    this.h = copyF(this.h);
    this.hraw = copyF(this.hraw);
    this.unsat = copyI(this.unsat);
    this.parent = copyI(this.parent);
    this.action = copyI(this.action);
    this.depth = copyI(this.depth);
    this.hash = copyI(this.hash);
    this.base = copyI(this.base);
    this.capacity = capacity;
    // Rehash live nodes into a table of at least twice the capacity.
    let size = 16;
    while (size < capacity * 2) size *= 2;
    const old = this.table;
    const oldFp = this.fp;
    const table = (this.table = new Int32Array(size * Slot.size));
    const fp = (this.fp = new Uint8Array(size));
    this.tableMask = size - 1;
    if (old) {
      for (let i = 0; i < oldFp.length; i++) {
        if (oldFp[i] === 0) continue;
        const e = i * Slot.size;
        let j = old[e + Slot.hash] & this.tableMask;
        while (fp[j] !== 0) j = (j + 1) & this.tableMask;
        fp[j] = oldFp[i];
        // Element copies, not `set(subarray)`: a view per live node made the first search's growth its largest cost.
        const to = j * Slot.size;
        table[to + Slot.node] = old[e + Slot.node];
        table[to + Slot.hash] = old[e + Slot.hash];
      }
    }
  }
}

/** Bytes of one node's record in the per-node arrays: 4 float64, 6 int32 and a flags byte. */
const NODE_RECORD_BYTES = 4 * 8 + 6 * 4 + 1;

/** A candidate as changes to its parent's words: `n` (word index, value) pairs, applied in order. */
export interface CandidateChange {
  readonly idx: Int32Array;
  readonly val: Int32Array;
  readonly n: number;
}

/** Layout of one table slot: the node and its hash (whether it is used is in the fingerprint array). */
const Slot = { node: 0, hash: 1, size: 2 } as const;

/** A used slot's fingerprint: the hash's top byte, never 0 (0 marks an empty slot). */
function fingerprint(hash: number): number {
  return hash >>> 24 || 1;
}
