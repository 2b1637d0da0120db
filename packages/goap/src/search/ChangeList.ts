import type { GoapDomain } from '../domain/GoapDomain.js';

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
  /** Room for any action of `domain`: two words per cell it touches. */
  constructor(domain: GoapDomain) {
    let touches = 1;
    for (let a = 0; a < domain.actionCount; a++) touches = Math.max(touches, domain.touchStart[a + 1] - domain.touchStart[a]);
    this.idx = new Int32Array(touches * 2);
    this.val = new Int32Array(touches * 2);
  }
}

/** Where word `j` is among the first `n` changes (`idx`), or -1: several bool/enum fields can share a word. @internal */
export function pendingIndex(idx: Int32Array, n: number, j: number): number {
  for (let i = n - 1; i >= 0; i--) if (idx[i] === j) return i;
  return -1;
}
