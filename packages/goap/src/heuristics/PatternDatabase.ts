import { EffOp } from '@dualplan/world-state';
import { maskAt } from '../domain/cellSet.js';
import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';
import { BucketQueue, MinHeap, type CostQueue } from './CostQueue.js';

/** Largest abstract state space a pattern database is built for (8 bytes per state). */
export const PDB_MAX_STATES = 1 << 20;

const cache = new WeakMap<CompiledGoal, PatternDatabase | null>();

/**
 * A pattern database over every cell the goal's relevant actions read (a
 * projection of the task onto them): the cheapest cost to the goal from each
 * assignment of those cells, computed once per goal by Dijkstra backwards from
 * the goal's assignments and then looked up per node in forward search. Every
 * relevant action only reads and writes these cells, so the projection loses
 * nothing: the table is the exact remaining cost (h*) of the relevant part of
 * the task, and forward A* walks straight along an optimal plan. Built only
 * when the cells are bool/enum cells whose value counts multiply to at most
 * {@link PDB_MAX_STATES}; costs are the actions' base costs (0 for dynamic
 * costs), so runtime penalties and unusable actions only make the true cost
 * higher: the table stays a lower bound. @internal
 */
export class PatternDatabase {
  /** The pattern's cells and their strides in the table index. */
  readonly cells: Int32Array;
  readonly strides: Int32Array;
  /** Cheapest cost to the goal per abstract state (Infinity: the goal cannot be reached). */
  readonly dist: Float64Array;

  /**
   * The goal's database (built on first use and cached per goal), or null when the relevant cells do not fit.
   * `relevant`: the search's relevance analysis of this goal (1 per relevant action; null: every action).
   */
  static of(domain: GoapDomain, goal: CompiledGoal, relevant: Uint8Array | null): PatternDatabase | null {
    let db = cache.get(goal);
    if (db === undefined) {
      db = build(domain, goal, relevant ?? new Uint8Array(domain.actionCount).fill(1));
      cache.set(goal, db);
    }
    return db;
  }

  /** The goal's table if one was built (null: it did not fit), undefined before the first attempt. */
  static cached(goal: CompiledGoal): PatternDatabase | null | undefined {
    return cache.get(goal);
  }

  constructor(cells: Int32Array, strides: Int32Array, dist: Float64Array) {
    this.cells = cells;
    this.strides = strides;
    this.dist = dist;
  }

  /** The table's cost for the state whose cell values are at `values[from + cell]`. */
  lookup(values: ArrayLike<number>, from: number): number {
    const { cells, strides } = this;
    let i = 0;
    for (let k = 0; k < cells.length; k++) i += values[from + cells[k]] * strides[k];
    return this.dist[i];
  }
}

/**
 * The cells of the goal's pattern (the goal's cells and every cell a relevant
 * action reads) and its state count, or null when a cell is an int cell or the
 * states exceed `maxStates` ({@link PDB_MAX_STATES}): the cheap test of whether a table fits.
 */
export function patternOf(d: GoapDomain, goal: CompiledGoal, keep: Uint8Array, maxStates = PDB_MAX_STATES): { cells: number[]; states: number } | null {
  const T = d.touch;
  const inPattern = new Uint8Array(d.schema.size);
  for (let i = 0; i < goal.cells.length; i++) inPattern[goal.cells[i]] = 1;
  for (let a = 0; a < d.actionCount; a++) {
    if (keep[a] === 0) continue;
    for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
      const k = t * Touch.size;
      const c = T[k + Touch.cell];
      if (d.isInt[c] === 1 ? T[k + Touch.allowA] !== d.schema.min[c] || T[k + Touch.allowB] !== d.schema.max[c] : T[k + Touch.allowA] !== d.full[c])
        inPattern[c] = 1;
    }
  }
  const cells: number[] = [];
  let states = 1;
  for (let c = 0; c < d.schema.size; c++) {
    if (inPattern[c] === 0) continue;
    // Int keys and enums of more than 32 values (multi-word masks) make no table.
    if (d.isInt[c] === 1 || d.wide[c] === 1) return null;
    cells.push(c);
    states *= d.schema.max[c] + 1;
    if (states > maxStates) return null;
  }
  return { cells, states };
}

function build(d: GoapDomain, goal: CompiledGoal, keep: Uint8Array): PatternDatabase | null {
  const pattern = patternOf(d, goal, keep);
  if (pattern === null) return null;
  const { cells, states } = pattern;
  const T = d.touch;
  const n = cells.length;
  const size = Int32Array.from(cells, (c) => d.schema.max[c] + 1);
  const strides = new Int32Array(n);
  for (let k = 0, s = 1; k < n; k++, s *= size[k - 1]) strides[k] = s;
  const slot = new Int32Array(d.schema.size).fill(-1);
  cells.forEach((c, k) => (slot[c] = k));
  // Per relevant action on the pattern (flat rows): its writes (slot, value, the mask allowed before) and
  // its conditions on slots it does not write. Filed under the (slot, value) of its first write.
  const cost: number[] = [];
  const setRows: number[][] = [];
  const preRows: number[][] = [];
  const byWrite: number[][] = [];
  for (let k = 0; k < n; k++) for (let v = 0; v < size[k]; v++) byWrite.push([]);
  const writeBase = new Int32Array(n);
  for (let k = 1; k < n; k++) writeBase[k] = writeBase[k - 1] + size[k - 1];
  for (let a = 0; a < d.actionCount; a++) {
    if (keep[a] === 0) continue;
    const sets: number[] = [];
    const pres: number[] = [];
    for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
      const k = t * Touch.size;
      const s = slot[T[k + Touch.cell]];
      if (s < 0) continue;
      const mask = T[k + Touch.allowA] === d.full[T[k + Touch.cell]] ? -1 : T[k + Touch.allowA];
      if (t >= d.effectStart[a] && T[k + Touch.effOp] === EffOp.Set) sets.push(s, T[k + Touch.effValue], mask);
      else if (mask !== -1) pres.push(s, mask);
    }
    if (sets.length === 0) continue;
    byWrite[writeBase[sets[0]] + sets[1]].push(cost.length);
    cost.push(d.costFns[a] !== null ? 0 : d.baseCost[a]);
    setRows.push(sets);
    preRows.push(pres);
  }
  // byWrite as flat lists (CSR); per action, when each write allows one value before it, the fixed index
  // shift from the state after it to the one before (the common case: one predecessor, no enumeration).
  const listStart = new Int32Array(byWrite.length + 1);
  for (let x = 0; x < byWrite.length; x++) listStart[x + 1] = listStart[x] + byWrite[x].length;
  const listed = Int32Array.from(byWrite.flat());
  const shift = new Int32Array(cost.length);
  const single = new Uint8Array(cost.length);
  for (let ai = 0; ai < cost.length; ai++) {
    const sets = setRows[ai];
    single[ai] = 1;
    for (let y = 0; y < sets.length; y += 3) {
      const mask = sets[y + 2];
      if (mask === -1 || (mask & (mask - 1)) !== 0) single[ai] = 0;
      else shift[ai] += (31 - Math.clz32(mask) - sets[y + 1]) * strides[sets[y]];
    }
  }
  const dist = new Float64Array(states).fill(Infinity);
  // Integer costs (the usual case) take Dial's bucket queue: O(1) per push and pop instead of a heap's log.
  let maxCost = 0;
  for (let x = 0; x < cost.length && maxCost >= 0; x++)
    maxCost = Number.isInteger(cost[x]) && cost[x] >= 0 && cost[x] < BUCKET_SPAN ? Math.max(maxCost, cost[x]) : -1;
  const heap: CostQueue = maxCost >= 0 ? new BucketQueue(maxCost + 1) : new MinHeap(states);
  const values = new Int32Array(n);
  const decode = (i: number) => {
    for (let k = 0; k < n; k++) values[k] = ((i / strides[k]) | 0) % size[k];
  };
  // Goal states: every assignment the goal's masks allow, enumerated as an odometer over the allowed values.
  const allowed = Int32Array.from(cells, (c) => maskAt(goal.words, d.offset[c], d.shift[c], d.full[c]));
  for (let k = 0; k < n; k++)
    if ((allowed[k] & (size[k] >= 32 ? -1 : (1 << size[k]) - 1)) === 0) return new PatternDatabase(Int32Array.from(cells), strides, dist);
  values.fill(0);
  for (let k = 0; k < n; k++) while (((allowed[k] >>> values[k]) & 1) === 0) values[k]++;
  for (;;) {
    let i = 0;
    for (let k = 0; k < n; k++) i += values[k] * strides[k];
    dist[i] = 0;
    heap.push(0, i);
    let k = 0;
    for (; k < n; k++) {
      do values[k]++;
      while (values[k] < size[k] && ((allowed[k] >>> values[k]) & 1) === 0);
      if (values[k] < size[k]) break;
      values[k] = 0;
      while (((allowed[k] >>> values[k]) & 1) === 0) values[k]++;
    }
    if (k === n) break;
  }
  // Predecessors of state `from` through an action whose writes are `sets`: any allowed value on each written slot.
  const relax = (sets: number[], w: number, j: number, from: number, c: number): void => {
    if (w === sets.length) {
      if (j !== from && c < dist[j]) {
        dist[j] = c;
        heap.push(c, j);
      }
      return;
    }
    const s = sets[w];
    const mask = sets[w + 2];
    const base = j - values[s] * strides[s];
    for (let v = 0; v < size[s]; v++) if (((mask >>> v) & 1) === 1) relax(sets, w + 3, base + v * strides[s], from, c);
  };
  while (heap.size > 0) {
    const c = heap.topKey();
    const i = heap.pop();
    if (c > dist[i]) continue;
    decode(i);
    for (let k = 0; k < n; k++) {
      for (let x = listStart[writeBase[k] + values[k]], end = listStart[writeBase[k] + values[k] + 1]; x < end; x++) {
        const ai = listed[x];
        // Applying the action gives state i: every write matches, and the conditions on unwritten slots hold in i.
        const sets = setRows[ai];
        let ok = true;
        for (let y = 0; y < sets.length && ok; y += 3) ok = values[sets[y]] === sets[y + 1];
        const pres = preRows[ai];
        for (let y = 0; y < pres.length && ok; y += 2) ok = ((pres[y + 1] >>> values[pres[y]]) & 1) === 1;
        if (!ok) continue;
        if (single[ai] === 0) relax(sets, 0, i, i, c + cost[ai]);
        else if (shift[ai] !== 0 && c + cost[ai] < dist[i + shift[ai]]) {
          dist[i + shift[ai]] = c + cost[ai];
          heap.push(c + cost[ai], i + shift[ai]);
        }
      }
    }
  }
  return new PatternDatabase(Int32Array.from(cells), strides, dist);
}

/** Largest integer action cost the bucket queue takes (its ring has one bucket per cost value). */
const BUCKET_SPAN = 4096;
