import { EffOp } from '@dualplan/world-state';
import type { CompiledGoal, GoapDomain } from './GoapDomain.js';
import * as Touch from './Touch.js';

// A cell set is how nodes, goals and touch entries constrain one cell: a bit
// field of allowed values (bool/enum cells) at bit `sh` of words[o], or an
// interval [words[o], words[o + 1]] (int cells). Touch records hold unshifted
// masks (`sh` 0); node and goal words hold packed fields (see `Layout`).
// These helpers are small enough for V8 to inline into the search loops.

/** The allowed-values mask of the bool/enum field at bit `sh` of `words[o]` (`full`: the cell's full mask). @internal */
export function maskAt(words: ArrayLike<number>, o: number, sh: number, full: number): number {
  return (words[o] >>> sh) & full;
}

/**
 * True when value `v` is outside the cell set at `words[o]` (bit `sh` for a field; a wide field
 * has `sh` 0 and value v in word `v >>> 5`). @internal
 */
export function violates(words: ArrayLike<number>, o: number, sh: number, int: boolean, v: number): boolean {
  return int ? v < words[o] || v > words[o + 1] : ((words[o + ((sh + v) >>> 5)] >>> ((sh + v) & 31)) & 1) === 0;
}

/** True when the wide (multi-word) mask at `words[o..]` allows value `v`. @internal */
export function wideHas(words: ArrayLike<number>, o: number, v: number): boolean {
  return ((words[o + (v >>> 5)] >>> (v & 31)) & 1) === 1;
}

/** True when the wide mask of an `n`-value enum at `words[o..]` allows every value. @internal */
export function wideFree(words: ArrayLike<number>, o: number, n: number): boolean {
  const last = n >>> 5;
  for (let w = 0; w < last; w++) if (words[o + w] !== -1) return false;
  return (n & 31) === 0 || words[o + last] === (1 << (n & 31)) - 1;
}

/**
 * True when the cell set at `words[o]` (bit `sh` for a field) allows every value
 * of cell `c` (`min`, `max`: the schema's ranges; `full`: the layout's full
 * masks). The tables are passed rather than their entries so that only the
 * ones needed are read. @internal
 */
export function isFree(
  words: ArrayLike<number>,
  o: number,
  sh: number,
  int: boolean,
  c: number,
  min: ArrayLike<number>,
  max: ArrayLike<number>,
  full: ArrayLike<number>,
): boolean {
  return int ? words[o] === min[c] && words[o + 1] === max[c] : ((words[o] >>> sh) & full[c]) === full[c];
}

/**
 * Rule 1: the effect of the touch record at `T[k..]` satisfies the cell set `lo`/`hi`
 * (an unshifted mask, or an interval of int cell `c`): a `set` to an
 * allowed value, or an `add`/`sub` that moves towards a bound the set excludes. @internal
 */
export function achieves(T: Int32Array, k: number, int: boolean, lo: number, hi: number, c: number, min: ArrayLike<number>, max: ArrayLike<number>): boolean {
  const v = T[k + Touch.effValue];
  if (!int) return ((lo >>> v) & 1) === 1;
  if (T[k + Touch.effOp] === EffOp.Set) return v >= lo && v <= hi;
  return v > 0 ? lo > min[c] : v < 0 && hi < max[c];
}

/** Number of goal `g`'s conditions that the cell values `values` violate. @internal */
export function countViolated(d: GoapDomain, g: CompiledGoal, values: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < g.cells.length; i++) {
    const c = g.cells[i];
    if (violates(g.words, d.offset[c], d.shift[c], d.isInt[c] === 1, values[c])) n++;
  }
  return n;
}
