import { grow } from '../domain/grow.js';

/**
 * @internal The slots a search path expanded, in order (a slot expanded twice is listed twice), for the plan's
 * `meta.slots`. The ordered search cuts the list back when it backtracks ({@link truncate}); the best-first search
 * fills it once from the found node's path. Grows only while warming up.
 */
export class UsedSlots {
  private list = new Int32Array(8);
  private len = 0;

  /** How many slots the path expanded. */
  get count(): number {
    return this.len;
  }

  /** The slot indices: the first {@link count} entries. */
  get indices(): Int32Array {
    return this.list;
  }

  /** The path expanded slot `index`. */
  note(index: number): void {
    const n = this.len;
    if (n >= this.list.length) this.list = grow(this.list, n + 1);
    this.list[n] = index;
    this.len = n + 1;
  }

  /** Back to the first `count` entries (backtracking; 0 when a search starts). */
  truncate(count: number): void {
    this.len = count;
  }
}
