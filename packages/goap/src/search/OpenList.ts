import { Heap } from 'heap-js';
import { BucketQueue } from './BucketQueue.js';

/** Expansions before a search lets its open list move to the bucket queue (see {@link OpenList.preferBuckets}). @internal */
export const BUCKETS_AFTER = 16;

/** The per-node keys an open list orders by (the node space's arrays, read afresh: they are replaced when they grow). @internal */
export interface OpenKeys {
  readonly f: Float64Array;
  readonly h: Float64Array;
}

/**
 * The open list of a node space: node indices, lower f first, then lower h, then lower index. A search starts on a
 * heap-js heap (the general case); {@link preferBuckets} moves it to a bucket queue when every node so far has a key
 * there (blind search, integer costs), and it goes back to the heap for good at the first node that has none. Both
 * pop in the same order. The storage stays allocated between searches. @internal
 */
export class OpenList {
  private readonly heap: Heap<number>;
  private readonly buckets = new BucketQueue();
  private bucketed = false;
  private bucketsAllowed = false;

  constructor(private readonly keys: OpenKeys) {
    // The comparator reads the keys object it closes over (one load fewer than through `this`: it runs per heap step).
    this.heap = new Heap<number>((a, b) => {
      const f = keys.f;
      const d = f[a] - f[b];
      if (d !== 0) return d;
      const h = keys.h;
      const e = h[a] - h[b];
      return e !== 0 ? e : a - b;
    });
  }

  /**
   * Empty the list. With `buckets`, it may move to the bucket queue: only for searches that never raise a node's f
   * after adding it (no deferred estimates).
   */
  reset(buckets: boolean): void {
    // Pop rather than truncate: V8 keeps the backing store, so no allocation.
    const heap = this.heap.heapArray;
    while (heap.length > 0) heap.pop();
    this.buckets.clear();
    this.bucketed = false;
    this.bucketsAllowed = buckets;
  }

  /**
   * Move to the bucket queue if allowed and every open node has a key there. Worth it once a search is past a few
   * expansions: on tiny searches the heap is cheaper than the bucket queue's set-up.
   */
  preferBuckets(): void {
    if (!this.bucketsAllowed || this.bucketed) return;
    const open = this.heap.heapArray;
    const f = this.keys.f;
    const h = this.keys.h;
    for (let i = 0; i < open.length; i++) {
      if (!BucketQueue.fits(f[open[i]], h[open[i]])) {
        this.bucketsAllowed = false;
        return;
      }
    }
    // Popped in order, so each list gets its nodes in index order.
    for (let n = this.heap.pop(); n !== undefined; n = this.heap.pop()) this.buckets.push(n, f[n]);
    this.bucketed = true;
  }

  /** Add node `n`. */
  push(n: number): void {
    if (this.bucketed) {
      const f = this.keys.f[n];
      if (BucketQueue.fits(f, this.keys.h[n])) {
        this.buckets.push(n, f);
        return;
      }
      // Not a small integer key: the rest of this search runs on the heap.
      this.bucketed = this.bucketsAllowed = false;
      for (let m = this.buckets.pop(); m >= 0; m = this.buckets.pop()) this.heap.add(m);
      this.buckets.clear();
    }
    this.heap.add(n);
  }

  /** Remove and return the node that comes first, or -1 when none is left. */
  pop(): number {
    if (this.bucketed) return this.buckets.pop();
    const n = this.heap.pop();
    return n === undefined ? -1 : n;
  }

  /** Put back node `n`, just popped, unchanged (a search stopped by a budget resumes from it). */
  unpop(n: number): void {
    if (this.bucketed) this.buckets.unpop(n, this.keys.f[n]);
    else this.heap.add(n);
  }
}
