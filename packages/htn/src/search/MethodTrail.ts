import { grow } from '../domain/grow.js';

/**
 * @internal The ordered search's method traversal record (MTR): per compound decomposed on the path, the position
 * of the method taken in its try order. With a reference MTR to beat (a running plan's), it also knows how many
 * leading entries tie it ({@link tie}), which bounds the methods still worth trying ({@link bound}).
 *
 * The search's inline loop (which never prunes) holds the length in a local while it runs, writes entries
 * into {@link entries} itself (after {@link room} when the buffer is full) and hands the length back with
 * {@link truncate}: a call per entry would cost the loop more than it does.
 */
export class MethodTrail {
  private mtr = new Int32Array(64);
  private len = 0;
  private against: readonly number[] | null = null;
  private ties = 0;

  /** The buffer, for the inline loop: entry i at [i]. */
  get entries(): Int32Array {
    return this.mtr;
  }

  /** How many entries the path holds. */
  get length(): number {
    return this.len;
  }

  /** How many leading entries equal the reference MTR's. */
  get tie(): number {
    return this.ties;
  }

  /** Whether a reference MTR prunes this search. */
  get pruning(): boolean {
    return this.against !== null;
  }

  /** Empty, pruning against `against` (null: no pruning). */
  reset(against: readonly number[] | null): void {
    this.against = against;
    this.len = 0;
    this.ties = 0;
  }

  /** Start from `m` (resuming a continuation). */
  set(m: readonly number[]): void {
    if (m.length + 1 > this.mtr.length) this.mtr = grow(this.mtr, m.length + 1);
    for (let i = 0; i < m.length; i++) this.mtr[i] = m[i];
    this.len = m.length;
  }

  /** Keep the first `length` entries. */
  truncate(length: number): void {
    this.len = length;
  }

  /** Back to a saved length and tie (backtracking). */
  restore(length: number, tie: number): void {
    this.len = length;
    this.ties = tie;
  }

  /** The last position worth trying among `k` methods at `depth`: while the path ties the reference, nothing after its choice can beat it. */
  bound(depth: number, k: number): number {
    const ref = this.against;
    return ref !== null && this.ties === depth && depth < ref.length ? ref[depth] : k - 1;
  }

  /** Position `p` was taken at `depth`: the path's entries end there. */
  take(depth: number, p: number): void {
    this.room(depth + 1)[depth] = p;
    this.len = depth + 1;
    const ref = this.against;
    if (ref !== null && this.ties === depth && depth < ref.length && ref[depth] === p) this.ties = depth + 1;
  }

  /** The buffer with room for at least `n` entries (grown when needed). */
  room(n: number): Int32Array {
    if (n > this.mtr.length) this.mtr = grow(this.mtr, n);
    return this.mtr;
  }

  /** Copy the entries into `out` (in place: no allocation when it keeps its length). */
  writeTo(out: number[]): void {
    const n = this.len;
    for (let i = 0; i < n; i++) out[i] = this.mtr[i];
    if (out.length !== n) out.length = n;
  }

  /** The entries as a new array (a continuation's). */
  toArray(): number[] {
    return Array.from(this.mtr.subarray(0, this.len));
  }
}
