/** Estimates (h) below this share an f bucket's range of keys: key = f × H_SPAN + h. */
const H_SPAN = 32;
/** The most keys a queue grows to; a node with a larger key sends the search back to the heap. */
const MAX_KEYS = 1 << 16;

/**
 * Open list for searches whose f and h are small integers (unit or integer
 * costs, blind or counting estimates): one FIFO list of node indices per
 * (f, h) key, linked through a per-node array. Nodes enter a search in index
 * order, so each list is sorted by index and the pop order is exactly the
 * heap's (lower f, then lower h, then lower index) at O(1) per operation.
 * {@link push} refuses a node it cannot key (fractional f or h, or too large):
 * the caller then moves to the heap. Arrays grow by doubling and stay allocated,
 * so a steady-state search allocates nothing. @internal
 */
export class BucketQueue {
  private heads = new Int32Array(0);
  private tails = new Int32Array(0);
  private next = new Int32Array(0);
  /** No list below `lo` holds a node; none above `hi` was used since the last {@link clear}. */
  private lo = 0;
  private hi = -1;

  /** Add node `n` (index above every node added since the last pop-to-empty) with estimates `f`, `h`; false when they have no key. */
  push(n: number, f: number, h: number): boolean {
    if ((f | 0) !== f || (h | 0) !== h || h < 0 || h >= H_SPAN || f < 0 || f >= MAX_KEYS / H_SPAN) return false;
    const key = f * H_SPAN + h;
    if (key >= this.heads.length) this.growKeys(key + 1);
    if (n >= this.next.length) this.growNodes(n + 1);
    this.next[n] = -1;
    if (key > this.hi) {
      // Lists above `hi` may hold stale heads from before the last clear.
      for (let k = this.hi + 1; k <= key; k++) this.heads[k] = -1;
      this.hi = key;
    }
    if (this.heads[key] < 0) this.heads[key] = n;
    else this.next[this.tails[key]] = n;
    this.tails[key] = n;
    if (key < this.lo) this.lo = key;
    return true;
  }

  /** Put back node `n`, just popped with estimates `f`, `h`, at the front of its list (where the heap would have it). */
  unpop(n: number, f: number, h: number): void {
    const key = f * H_SPAN + h;
    this.next[n] = this.heads[key];
    if (this.heads[key] < 0) this.tails[key] = n;
    this.heads[key] = n;
    if (key < this.lo) this.lo = key;
  }

  /** The first node of the lowest key, removed; -1 when empty. */
  pop(): number {
    this.skip();
    if (this.lo > this.hi) return -1;
    const n = this.heads[this.lo];
    this.heads[this.lo] = this.next[n];
    return n;
  }

  /** Remove every node. */
  clear(): void {
    this.lo = 0;
    this.hi = -1;
  }

  private skip(): void {
    while (this.lo <= this.hi && this.heads[this.lo] < 0) this.lo++;
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
