/** f values below this have keys; a node with a larger f sends the search back to the heap. */
const MAX_F = 1 << 16;

/**
 * Open list for blind searches (h = 0, so f = g) with integer costs: one FIFO
 * list of node indices per f, linked through a per-node array. Nodes enter a
 * search in index order, so each list is sorted by index and the pop order is
 * exactly the heap's (lower f, then lower h, then lower index) at O(1) per
 * operation. {@link fits} tells which nodes have a key; the caller keeps the
 * others on the heap. Arrays grow by doubling and stay allocated, so a
 * steady-state search allocates nothing. @internal
 */
export class BucketQueue {
  private heads = new Int32Array(0);
  private tails = new Int32Array(0);
  private next = new Int32Array(0);
  /** The lists of keys `floor..hi` are valid (emptied when first used since the last {@link clear}); none below `lo` holds a node. */
  private floor = 0;
  private hi = -1;
  private lo = 0;

  /** True when a node with estimates `f`, `h` has a key: h = 0 and f a small integer >= 0. */
  static fits(f: number, h: number): boolean {
    return h === 0 && (f | 0) === f && f >= 0 && f < MAX_F;
  }

  /** Add node `n` (index above every node added since the last pop-to-empty) with cost `f` (it must {@link fits}). */
  push(n: number, f: number): void {
    if (f >= this.heads.length) this.growKeys(f + 1);
    if (n >= this.next.length) this.growNodes(n + 1);
    this.next[n] = -1;
    // Lists outside floor..hi may hold stale heads from before the last clear: empty the ones now needed.
    if (this.hi < this.floor) {
      this.heads[f] = -1;
      this.floor = this.hi = this.lo = f;
    } else if (f > this.hi) {
      for (let k = this.hi + 1; k <= f; k++) this.heads[k] = -1;
      this.hi = f;
    } else if (f < this.floor) {
      for (let k = f; k < this.floor; k++) this.heads[k] = -1;
      this.floor = f;
    }
    if (this.heads[f] < 0) this.heads[f] = n;
    else this.next[this.tails[f]] = n;
    this.tails[f] = n;
    if (f < this.lo) this.lo = f;
  }

  /** Put back node `n`, just popped with cost `f`, at the front of its list (where the heap would have it). */
  unpop(n: number, f: number): void {
    this.next[n] = this.heads[f];
    if (this.heads[f] < 0) this.tails[f] = n;
    this.heads[f] = n;
    if (f < this.lo) this.lo = f;
  }

  /** The first node of the lowest f, removed; -1 when empty. */
  pop(): number {
    while (this.lo <= this.hi && this.heads[this.lo] < 0) this.lo++;
    if (this.lo > this.hi) return -1;
    const n = this.heads[this.lo];
    this.heads[this.lo] = this.next[n];
    return n;
  }

  /** Remove every node. */
  clear(): void {
    this.floor = 0;
    this.hi = -1;
    this.lo = 0;
  }

  private growKeys(size: number): void {
    let length = Math.max(64, this.heads.length);
    while (length < size) length *= 2;
    const heads = new Int32Array(length);
    heads.set(this.heads);
    const tails = new Int32Array(length);
    tails.set(this.tails);
    this.heads = heads;
    this.tails = tails;
  }

  private growNodes(size: number): void {
    let length = Math.max(64, this.next.length);
    while (length < size) length *= 2;
    const next = new Int32Array(length);
    next.set(this.next);
    this.next = next;
  }
}
