import { SlotList } from './SlotList.js';

/**
 * @internal The empty slots an ordered search tried (each once), kept through backtracking: a plan found after
 * trying one (a fallback such as fleeing because no weapon is plugged) depends on the slot being empty, so it
 * becomes stale when something is plugged in. Reset per search; allocates only when it grows.
 */
export class EmptySlots {
  private readonly list = new SlotList();

  /** How many slots were tried empty. */
  get count(): number {
    return this.list.count;
  }

  /** The slot indices tried empty: the first {@link count} entries. */
  get indices(): Int32Array {
    return this.list.indices;
  }

  /** Slot `index` was tried and found empty. */
  note(index: number): void {
    const list = this.list.indices;
    for (let i = 0; i < this.list.count; i++) if (list[i] === index) return;
    this.list.note(index);
  }

  /** Forget them (a new search). */
  reset(): void {
    this.list.truncate(0);
  }
}
