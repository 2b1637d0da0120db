import type { GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';

/**
 * A candidate node written as a change to its parent's words (index/value
 * pairs), with the candidate's hash, unsatisfied-condition count and raw
 * heuristic, and, when a regression fails, the touch record that failed. Plain
 * scratch data that the regression functions fill in (`regress`, `progress`);
 * one {@link Expander} owns each. @internal
 */
export interface ChangeList {
  readonly idx: Int32Array;
  readonly val: Int32Array;
  n: number;
  unsat: number;
  hraw: number;
  hash: number;
  /** The touch record (condition or effect) that made the last regression or progression fail; -1 or -2: none, or invariants. */
  failTouch: number;
}

/** A change list with room for any action of `domain`: two words per cell it touches, or a wide enum's words. @internal */
export function createChangeList(domain: GoapDomain): ChangeList {
  let room = 2;
  for (let a = 0; a < domain.actionCount; a++) {
    let words = 0;
    for (let t = domain.touchStart[a]; t < domain.touchStart[a + 1]; t++) {
      const c = domain.touch[t * Touch.size + Touch.cell];
      words += domain.wide[c] === 1 ? (domain.schema.max[c] + 32) >>> 5 : 2;
    }
    room = Math.max(room, words);
  }
  return { idx: new Int32Array(room), val: new Int32Array(room), n: 0, unsat: 0, hraw: 0, hash: 0, failTouch: -1 };
}

/** Where word `j` is among the first `n` changes (`idx`), or -1: several bool/enum fields can share a word. @internal */
export function pendingIndex(idx: Int32Array, n: number, j: number): number {
  for (let i = n - 1; i >= 0; i--) if (idx[i] === j) return i;
  return -1;
}

/** Remember the failing touch record in `ch` (for trace details) and return the verdict. @internal */
export function fail(ch: ChangeList, touch: number, verdict: number): number {
  ch.failTouch = touch;
  return verdict;
}
