import { grow } from '../domain/grow.js';

/**
 * @internal A list of slot indices in the order they were noted: the slots a search path expanded, repeats kept
 * (for the plan's `meta.slots`; the ordered search cuts it back when it backtracks, with {@link truncate}), and the
 * empty slots an ordered search tried, each once (see {@link includes}). Grows only while warming up.
 */
export class SlotList {
  private list = new Int32Array(8);
  private len = 0;

  /** How many slots are listed. */
  get count(): number {
    return this.len;
  }

  /** The slot indices: the first {@link count} entries. */
  get indices(): Int32Array {
    return this.list;
  }

  /** Add slot `index` at the end. */
  note(index: number): void {
    const n = this.len;
    if (n >= this.list.length) this.list = grow(this.list, n + 1);
    // Stored only when different: a path mostly expands the slots the last one did, and a load leaves the line clean.
    if (this.list[n] !== index) this.list[n] = index;
    this.len = n + 1;
  }

  /** Whether slot `index` is listed. */
  includes(index: number): boolean {
    const list = this.list;
    for (let i = 0; i < this.len; i++) if (list[i] === index) return true;
    return false;
  }

  /** Back to the first `count` entries (backtracking; 0 when a search starts). */
  truncate(count: number): void {
    this.len = count;
  }
}
