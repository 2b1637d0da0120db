/**
 * A priority queue of (cost, item) pairs for the Dijkstra passes of the
 * heuristics (pattern database builds, h_max in LM-cut): `topKey` then `pop`
 * takes the cheapest. Both kinds keep their arrays between uses, so a pass
 * allocates nothing once they have grown to the task's size. @internal
 */
export interface CostQueue {
  size: number;
  topKey(): number;
  push(k: number, v: number): void;
  pop(): number;
}

/**
 * Dial's bucket queue for integer costs: a ring of `span` LIFO lists, linked
 * through typed arrays with a free list; O(1) per push and pop. Every queued
 * cost lies in [current, current + span) when `span` is the largest action
 * cost + 1, so each lands in its own bucket. @internal
 */
export class BucketQueue implements CostQueue {
  private readonly head: Int32Array;
  private next = new Int32Array(1024);
  private val = new Int32Array(1024);
  private free = -1;
  private used = 0;
  private cur = 0;
  size = 0;
  constructor(private readonly span: number) {
    this.head = new Int32Array(span).fill(-1);
  }
  topKey(): number {
    while (this.head[this.cur % this.span] < 0) this.cur++;
    return this.cur;
  }
  push(k: number, v: number): void {
    let e = this.free;
    if (e >= 0) this.free = this.next[e];
    else {
      if (this.used === this.val.length) this.grow();
      e = this.used++;
    }
    const b = k % this.span;
    this.val[e] = v;
    this.next[e] = this.head[b];
    this.head[b] = e;
    this.size++;
  }
  pop(): number {
    const b = this.topKey() % this.span;
    const e = this.head[b];
    this.head[b] = this.next[e];
    this.next[e] = this.free;
    this.free = e;
    this.size--;
    return this.val[e];
  }
  private grow(): void {
    this.next = doubled(this.next);
    this.val = doubled(this.val);
  }
}

/**
 * Buckets by integer cost for a pass whose pops never go below the cheapest cost queued (Dijkstra with
 * non-negative integer costs below `limit`): one LIFO list per cost, linked through typed arrays, and a cursor
 * that only moves up. Unlike {@link BucketQueue} the first pushes may spread over the whole range. O(1) per push,
 * and a pass scans each cost up to the dearest it pops once. @internal
 */
export class CostBuckets implements CostQueue {
  private readonly head: Int32Array;
  private next = new Int32Array(256);
  private val = new Int32Array(256);
  private used = 0;
  private cur = 0;
  size = 0;
  constructor(readonly limit: number) {
    this.head = new Int32Array(limit).fill(-1);
  }
  topKey(): number {
    const head = this.head;
    let c = this.cur;
    while (head[c] < 0) c++;
    return (this.cur = c);
  }
  push(k: number, v: number): void {
    if (this.size === 0) {
      // Entries are freed in bulk when the queue runs empty (a pass pushes each fact a few times at most).
      this.used = 0;
      this.cur = k;
    } else if (k < this.cur) this.cur = k;
    if (this.used === this.val.length) this.grow();
    const e = this.used++;
    this.val[e] = v;
    this.next[e] = this.head[k];
    this.head[k] = e;
    this.size++;
  }
  pop(): number {
    const c = this.topKey();
    const e = this.head[c];
    this.head[c] = this.next[e];
    this.size--;
    return this.val[e];
  }
  private grow(): void {
    this.next = doubled(this.next);
    this.val = doubled(this.val);
  }
}

/** A binary min-heap of (cost, item) pairs in typed arrays, for costs that are not small integers. @internal */
export class MinHeap implements CostQueue {
  private key: Float64Array;
  private val: Int32Array;
  size = 0;
  constructor(capacity: number) {
    this.key = new Float64Array(Math.max(16, capacity));
    this.val = new Int32Array(this.key.length);
  }
  topKey(): number {
    return this.key[0];
  }
  push(k: number, v: number): void {
    if (this.size === this.key.length) {
      const key = new Float64Array(this.key.length * 2);
      const val = new Int32Array(key.length);
      key.set(this.key);
      val.set(this.val);
      this.key = key;
      this.val = val;
    }
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.key[p] <= k) break;
      this.key[i] = this.key[p];
      this.val[i] = this.val[p];
      i = p;
    }
    this.key[i] = k;
    this.val[i] = v;
  }
  pop(): number {
    const top = this.val[0];
    const n = --this.size;
    const k = this.key[n];
    const v = this.val[n];
    let i = 0;
    for (;;) {
      let j = 2 * i + 1;
      if (j >= n) break;
      if (j + 1 < n && this.key[j + 1] < this.key[j]) j++;
      if (this.key[j] >= k) break;
      this.key[i] = this.key[j];
      this.val[i] = this.val[j];
      i = j;
    }
    this.key[i] = k;
    this.val[i] = v;
    return top;
  }
}

/** A copy of `a` in an array twice as long (a bucket queue's entry lists when full). */
function doubled(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
