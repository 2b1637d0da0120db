/**
 * The tracked writes of a state: per write, the cell, its old value and the
 * state's version just before the write. A failed piece of user code is undone
 * by rolling back every write made since the version read before calling it.
 *
 * A ring buffer: writes older than the floor (the version when the
 * outermost open undo point was taken, which the state passes with each write) may be overwritten, since no open call
 * can need them; writes at or after it never are: when those fill the buffer
 * it doubles, so rollback of an open call is always exact. The buffer is kept,
 * so once it is as large as the most writes a call makes, recording allocates
 * nothing. Used through {@link WorldState.enableUndo}, {@link WorldState.undoPoint},
 * {@link WorldState.undoDone} and {@link WorldState.rollback}.
 * @example
 * const journal = new UndoJournal(64);
 * journal.record(3, 0, 17, 17); // cell 3 was 0 before the write at version 17, in a call that began at version 17
 */
export class UndoJournal {
  /** Entries the buffer holds before it must overwrite or grow. */
  capacity: number;
  private cells: Int32Array;
  private olds: Float64Array;
  private versions: Float64Array;
  /** The next slot to write. */
  private head = 0;
  /** Valid entries, at most {@link capacity}. */
  private count = 0;

  constructor(capacity: number) {
    this.capacity = Math.max(1, capacity | 0);
    this.cells = new Int32Array(this.capacity);
    this.olds = new Float64Array(this.capacity);
    this.versions = new Float64Array(this.capacity);
  }

  /**
   * Note that `cell` held `old` before a write made at state version `version`. Writes at version `floor` or later
   * are kept until unwound (the outermost open call began there; Infinity: no call is open). The state keeps the
   * floor, so opening and closing a call touches no journal.
   */
  record(cell: number, old: number, version: number, floor: number): void {
    if (this.count === this.capacity) {
      // Full: the oldest entry sits at head. Overwrite it unless an open call may still need it.
      if (this.versions[this.head] >= floor) this.grow();
      else this.count--;
    }
    const i = this.head;
    this.cells[i] = cell;
    this.olds[i] = old;
    this.versions[i] = version;
    this.head = i + 1 === this.capacity ? 0 : i + 1;
    this.count++;
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

  /** Double the buffer (cold: only when one open call writes more than ever before), oldest entry first. */
  private grow(): void {
    const n = this.capacity;
    const cells = new Int32Array(n * 2);
    const olds = new Float64Array(n * 2);
    const versions = new Float64Array(n * 2);
    // Full, so the entries run from head (oldest) round to head - 1 (newest).
    const h = this.head;
    cells.set(this.cells.subarray(h), 0);
    cells.set(this.cells.subarray(0, h), n - h);
    olds.set(this.olds.subarray(h), 0);
    olds.set(this.olds.subarray(0, h), n - h);
    versions.set(this.versions.subarray(h), 0);
    versions.set(this.versions.subarray(0, h), n - h);
    this.cells = cells;
    this.olds = olds;
    this.versions = versions;
    this.capacity = n * 2;
    this.head = n;
  }
}
