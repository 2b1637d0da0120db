import { violates } from './cellSet.js';
import type { CompiledGoal, GoapDomain } from './GoapDomain.js';
import * as Touch from './Touch.js';

/**
 * A goal split into independent parts: the cells the goal and its relevant actions touch, grouped so that no relevant
 * action touches (reads or writes) cells of two parts. Each part is then a problem of its own: its actions change
 * only its cells and read only its cells, so any plan is an interleaving of one plan per part, and running the parts
 * one after the other in any order is as valid and costs the same. A backward search may therefore regress one part
 * at a time (see {@link firstOpenPart}) and still find every plan's cost, while a goal of k parts otherwise offers
 * every one of the k! orders. @internal
 */
export interface GoalParts {
  /** Number of parts (at least 1 when the goal constrains a cell). */
  readonly count: number;
  /** Per action: its part, or -1 when it is not relevant to the goal. */
  readonly partOfAction: Int32Array;
  /** The cells of part p are `cells[cellStart[p]..cellStart[p + 1]]`, the goal's cells first. */
  readonly cellStart: Int32Array;
  readonly cells: Int32Array;
}

/**
 * The independent parts of goal `g` over the actions `relevant` marks (1 per relevant action, as
 * `relevantActions` returns): cells are joined when one relevant action touches both. Parts are numbered in the
 * order of the goal's cells. Computed once per goal. @internal
 */
export function goalParts(d: GoapDomain, g: CompiledGoal, relevant: Uint8Array): GoalParts {
  const size = d.schema.size;
  const T = d.touch;
  const up = new Int32Array(size);
  for (let c = 0; c < size; c++) up[c] = c;
  const find = (c: number): number => {
    while (up[c] !== c) c = up[c] = up[up[c]];
    return c;
  };
  // Per cell: 2 for the goal's cells, 1 for the others the relevant actions touch.
  const used = new Uint8Array(size);
  for (let i = 0; i < g.cells.length; i++) used[g.cells[i]] = 2;
  for (let a = 0; a < d.actionCount; a++) {
    if (relevant[a] !== 1) continue;
    const first = find(T[d.touchStart[a] * Touch.size + Touch.cell]);
    for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
      const c = T[t * Touch.size + Touch.cell];
      if (used[c] === 0) used[c] = 1;
      up[find(c)] = first;
    }
  }
  // Number the parts in the order of the goal's cells, then list each part's cells, goal cells first.
  const partOfRoot = new Int32Array(size).fill(-1);
  let count = 0;
  for (let i = 0; i < g.cells.length; i++) {
    const r = find(g.cells[i]);
    if (partOfRoot[r] < 0) partOfRoot[r] = count++;
  }
  const cellStart = new Int32Array(count + 1);
  const listed: number[] = [];
  for (let c = 0; c < size; c++) if (used[c] !== 0 && partOfRoot[find(c)] >= 0) listed.push(c);
  for (const c of listed) cellStart[partOfRoot[find(c)] + 1]++;
  for (let p = 0; p < count; p++) cellStart[p + 1] += cellStart[p];
  const cells = new Int32Array(cellStart[count]);
  const fill = cellStart.slice(0, count);
  for (let i = 0; i < g.cells.length; i++) {
    const c = g.cells[i];
    cells[fill[partOfRoot[find(c)]]++] = c;
  }
  for (const c of listed) if (used[c] === 1) cells[fill[partOfRoot[find(c)]]++] = c;
  const partOfAction = new Int32Array(d.actionCount).fill(-1);
  for (let a = 0; a < d.actionCount; a++) {
    if (relevant[a] === 1) partOfAction[a] = partOfRoot[find(T[d.touchStart[a] * Touch.size + Touch.cell])];
  }
  return { count, partOfAction, cellStart, cells };
}

/**
 * The first part (in part order) with a condition of the regressed goal at `words[at..]` that the start state
 * `values` violates, or -1 when the start state satisfies every one of them (the node is a goal). @internal
 */
export function firstOpenPart(d: GoapDomain, parts: GoalParts, words: Int32Array, at: number, values: ArrayLike<number>): number {
  const cells = parts.cells;
  const cellStart = parts.cellStart;
  for (let p = 0; p < parts.count; p++) {
    for (let i = cellStart[p], end = cellStart[p + 1]; i < end; i++) {
      const c = cells[i];
      if (violates(words, at + d.offset[c], d.shift[c], d.isInt[c] === 1, values[c])) return p;
    }
  }
  return -1;
}
