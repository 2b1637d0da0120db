import { grow } from '../domain/grow.js';

/**
 * @internal The empty slots an ordered search tried (each once), kept through backtracking: a plan found after
 * trying one (a fallback such as fleeing because no weapon is plugged) depends on the slot being empty, so it
 * becomes stale when something is plugged in. Reset per search; allocates only when it grows. (Its own list rather
 * than a {@link SlotList}: a subclass would make the used slots' list calls see two classes, and a list inside it
 * would add a call between the planner and the indices.)
 */
export class EmptySlots {
  private list = new Int32Array(4);
  private len = 0;

  /** How many slots were tried empty. */
  get count(): number {
    return this.len;
  }

  /** The slot indices tried empty: the first {@link count} entries. */
  get indices(): Int32Array {
    return this.list;
  }

  /** Slot `index` was tried and found empty (listed once). */
  note(index: number): void {
    for (let i = 0; i < this.len; i++) if (this.list[i] === index) return;
    if (this.len >= this.list.length) this.list = grow(this.list, this.len + 1);
    this.list[this.len++] = index;
  }

  /** Forget them (a new search). */
  reset(): void {
    this.len = 0;
  }
}
