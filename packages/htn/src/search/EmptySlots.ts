import { SlotList } from './SlotList.js';

/**
 * @internal The empty slots an ordered search tried (each once), kept through backtracking: a plan found after
 * trying one (a fallback such as fleeing because no weapon is plugged) depends on the slot being empty, so it
 * becomes stale when something is plugged in. A {@link SlotList} without repeats, read as one (its count and
 * indices are the list's own, with no call in between). Reset per search; allocates only when it grows.
 */
export class EmptySlots extends SlotList {
  /** Slot `index` was tried and found empty (listed once). */
  noteOnce(index: number): void {
    const list = this.indices;
    const n = this.count;
    for (let i = 0; i < n; i++) if (list[i] === index) return;
    this.note(index);
  }

  /** Forget them (a new search). */
  reset(): void {
    this.truncate(0);
  }
}
