import { Heap } from 'heap-js';

/**
 * An open list of unevaluated successors for lazy search: entries (parent node, action) keyed by the parent's
 * estimate, popped lowest key first and, among equal keys, first in first out: a heap-js heap of entry indices
 * over typed arrays that grow by doubling and are reused across searches. @internal
 */
export class LazyQueue {
  private parents = new Int32Array(64);
  private actions = new Int32Array(64);
  private keys = new Float64Array(64);
  /** Entry indices: a lower key first, then the one queued earlier. */
  private readonly heap = new Heap<number>((a, b) => this.keys[a] - this.keys[b] || a - b);
  private entries = 0;

  /** Entries waiting. */
  get size(): number {
    return this.heap.length;
  }

  /** Forget every entry. */
  clear(): void {
    this.entries = 0;
    // Pop rather than truncate: V8 keeps the backing store, so no allocation.
    const open = this.heap.heapArray;
    while (open.length > 0) open.pop();
  }

  /** The parent node of entry `e`. */
  parentOf(e: number): number {
    return this.parents[e];
  }

  /** The action of entry `e`. */
  actionOf(e: number): number {
    return this.actions[e];
  }

  /** Queue action `action` from node `parent` with key `key`. */
  push(parent: number, action: number, key: number): void {
    if (this.entries === this.parents.length) this.grow();
    const e = this.entries++;
    this.parents[e] = parent;
    this.actions[e] = action;
    this.keys[e] = key;
    this.heap.add(e);
  }

  /** Remove and return the first entry (call only when {@link size} > 0). */
  pop(): number {
    return this.heap.pop()!;
  }

  private grow(): void {
    const n = this.parents.length * 2;
    const i32 = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.parents = i32(this.parents);
    this.actions = i32(this.actions);
    const keys = new Float64Array(n);
    keys.set(this.keys);
    this.keys = keys;
  }
}
