/**
 * The recent tracked writes of a state, oldest overwritten first: per write,
 * the cell, its old value and the state's version just before the write. A
 * failed piece of user code is undone by rolling back every write made since
 * the version read before calling it, so nothing has to be marked before each
 * call. Preallocated: recording allocates nothing. Used through
 * {@link WorldState.enableUndo} and {@link WorldState.rollback}.
 * @example
 * const journal = new UndoJournal(64);
 * journal.record(3, 0, 17); // cell 3 was 0 before the write at version 17
 */
export class UndoJournal {
  readonly capacity: number;
  private readonly cells: Int32Array;
  private readonly olds: Float64Array;
  private readonly versions: Float64Array;
  /** The next slot to write. */
  private head = 0;
  /** Valid entries, at most {@link capacity}. */
  private count = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.cells = new Int32Array(capacity);
    this.olds = new Float64Array(capacity);
    this.versions = new Float64Array(capacity);
  }

  /** Note that `cell` held `old` before a write made at state version `version`. */
  record(cell: number, old: number, version: number): void {
    const i = this.head;
    this.cells[i] = cell;
    this.olds[i] = old;
    this.versions[i] = version;
    this.head = i + 1 === this.capacity ? 0 : i + 1;
    if (this.count < this.capacity) this.count++;
  }

  /**
   * Undo the writes made at version `since` or later on `values`, newest first
   * (so a cell written twice ends at its oldest value), counting each in
   * `counts`, and forget them. Returns how many there were.
   */
  unwind(since: number, values: { [cell: number]: number }, counts: Uint32Array): number {
    let n = 0;
    while (this.count > 0) {
      const i = this.head === 0 ? this.capacity - 1 : this.head - 1;
      if (this.versions[i] < since) break;
      const cell = this.cells[i];
      values[cell] = this.olds[i];
      counts[cell]++;
      this.head = i;
      this.count--;
      n++;
    }
    return n;
  }
}
