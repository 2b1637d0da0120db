import type { GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';

/**
 * A candidate node written as a change to its parent's words (index/value
 * pairs), with the candidate's hash, unsatisfied-condition count and raw
 * heuristic. Scratch owned by one planner. @internal
 */
export class ChangeList {
  readonly idx: Int32Array;
  readonly val: Int32Array;
  n = 0;
  unsat = 0;
  hraw = 0;
  hash = 0;
  /** Room for any action of `domain`: two words per cell it touches, or a wide enum's words. */
  constructor(domain: GoapDomain) {
    let room = 2;
    for (let a = 0; a < domain.actionCount; a++) {
      let words = 0;
      for (let t = domain.touchStart[a]; t < domain.touchStart[a + 1]; t++) {
        const c = domain.touch[t * Touch.size + Touch.cell];
        words += domain.wide[c] === 1 ? (domain.schema.max[c] + 32) >>> 5 : 2;
      }
      room = Math.max(room, words);
    }
    this.idx = new Int32Array(room);
    this.val = new Int32Array(room);
  }
}

/** Where word `j` is among the first `n` changes (`idx`), or -1: several bool/enum fields can share a word. @internal */
export function pendingIndex(idx: Int32Array, n: number, j: number): number {
  for (let i = n - 1; i >= 0; i--) if (idx[i] === j) return i;
  return -1;
}
