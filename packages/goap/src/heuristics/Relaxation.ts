import { EffOp } from '@dualplan/world-state';
import { maskAt, violates } from '../domain/cellSet.js';
import type { GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';

/** What a relaxation needs from the search: per-action usability and effective cost in this search. */
export interface ActionCosts {
  /** Effective cost of action `a` in this search; Infinity when it cannot be used. */
  costOf(a: number): number;
}

/** Cheapest relaxed cost among the values a mask allows (`fc`: cost per fact; `base`: the cell's `factBase`). @internal */
export function factMaskCost(fc: Float64Array, base: number, mask: number): number {
  let best = Infinity;
  for (let m = mask; m !== 0; m &= m - 1) {
    const x = fc[base + (31 - Math.clz32(m & -m))];
    if (x < best) best = x;
  }
  return best;
}

/**
 * Delete-relaxed reachability (the HSP/FF relaxation): from a state, the cheapest
 * relaxed cost of every (cell, value) fact, where an action's relaxed cost is its
 * own cost plus the sum (h_add) or the max (h_max) of its conditions' costs, and
 * each value it sets costs at most that. Int cells are not relaxed value by value:
 * a violated int condition costs the cheapest relaxed action that changes the cell
 * in either direction, a lower bound. Scratch owned by one planner; computing allocates nothing. @internal
 */
export class Relaxation {
  /** Relaxed cost per (cell, value) fact of bool/enum cells: `factBase[cell] + value`. */
  readonly factCost: Float64Array;
  /** Per int cell: the relaxed cost of the cheapest action that changes it (the direction is ignored: a lower bound). */
  readonly intCost: Float64Array;
  /** Per fact: the action that reached it most cheaply (its best supporter), or -1. */
  readonly supporter: Int32Array;
  /** Per int cell: the action behind {@link intCost}, or -1. */
  readonly intSupporter: Int32Array;
  /** The state the relaxation was computed from (`values[from + cell]`), for int conditions. */
  values: Int32Array | Float64Array | Uint8Array | Int8Array | Int16Array | Uint16Array | Uint32Array = new Int32Array(0);
  from = 0;
  private readonly marks: Int32Array;
  private readonly stack: Int32Array;
  private mark = 0;

  constructor(readonly domain: GoapDomain) {
    const size = domain.schema.size;
    this.factCost = new Float64Array(domain.factBase[size]);
    this.intCost = new Float64Array(size);
    this.supporter = new Int32Array(domain.factBase[size]);
    this.intSupporter = new Int32Array(size);
    this.marks = new Int32Array(domain.actionCount);
    this.stack = new Int32Array(domain.actionCount);
  }

  /** Cost of cell `c`'s set in the node at `words[at..]`: its mask's cheapest value, or its int interval's. */
  nodeCellCost(words: ArrayLike<number>, at: number, c: number): number {
    const d = this.domain;
    const o = at + d.offset[c];
    if (d.wide[c] === 1) return this.wideCost(words, o, c);
    if (d.isInt[c] === 0) {
      const m = maskAt(words, o, d.shift[c], d.full[c]);
      return m === d.full[c] ? 0 : factMaskCost(this.factCost, d.factBase[c], m);
    }
    return violates(words, o, 0, true, this.values[this.from + c]) ? this.intCost[c] : 0;
  }

  /** Cheapest relaxed cost among the values the wide (multi-word) mask of cell `c` at `words[o..]` allows. */
  wideCost(words: ArrayLike<number>, o: number, c: number): number {
    const fc = this.factCost;
    const base = this.domain.factBase[c];
    let best = Infinity;
    for (let w = 0, W = (this.domain.schema.max[c] + 32) >>> 5; w < W; w++) {
      for (let m = words[o + w]; m !== 0; m &= m - 1) {
        const x = fc[base + w * 32 + (31 - Math.clz32(m & -m))];
        if (x < best) best = x;
      }
    }
    return best;
  }

  /** Relax from the state `values[from..]`, combining conditions by sum (`max` false) or max. */
  compute(costs: ActionCosts, values: Relaxation['values'], from: number, max: boolean): void {
    const d = this.domain;
    const T = d.touch;
    const fc = this.factCost;
    const full = d.full;
    const fb = d.factBase;
    this.values = values;
    this.from = from;
    fc.fill(Infinity);
    this.supporter.fill(-1);
    this.intCost.fill(Infinity);
    this.intSupporter.fill(-1);
    for (let c = 0, n = d.schema.size; c < n; c++) if (d.isInt[c] === 0) fc[fb[c] + values[from + c]] = 0;
    // Bellman-Ford over the actions: a few passes on game domains (each pass settles a layer).
    for (let changed = true; changed;) {
      changed = false;
      for (let a = 0; a < d.actionCount; a++) {
        const cost = costs.costOf(a);
        if (cost === Infinity) continue;
        let pc = 0;
        const end = d.touchStart[a + 1];
        for (let t = d.touchStart[a]; t < end && pc < Infinity; t++) {
          const k = t * Touch.size;
          const c = T[k + Touch.cell];
          let x: number;
          if (d.isInt[c] === 1) x = violates(T, k + Touch.allowA, 0, true, values[from + c]) ? this.intCost[c] : 0;
          else if (d.wide[c] === 1) x = this.wideCost(d.sets, T[k + Touch.allowA], c);
          else x = T[k + Touch.allowA] === full[c] ? 0 : factMaskCost(fc, fb[c], T[k + Touch.allowA]);
          if (max) pc = x > pc ? x : pc;
          else pc += x;
        }
        pc += cost;
        if (pc === Infinity) continue;
        for (let t = d.effectStart[a]; t < end; t++) {
          const k = t * Touch.size;
          const c = T[k + Touch.cell];
          if (d.isInt[c] === 1) {
            if (pc < this.intCost[c]) {
              this.intCost[c] = pc;
              this.intSupporter[c] = a;
              changed = true;
            }
            continue;
          }
          if (T[k + Touch.effOp] !== EffOp.Set) continue;
          const f = fb[c] + T[k + Touch.effValue];
          if (pc < fc[f]) {
            fc[f] = pc;
            this.supporter[f] = a;
            changed = true;
          }
        }
      }
    }
  }

  /**
   * h_FF: the cost of a relaxed plan for the cell sets at `words[at + offset[c]]` (every
   * constrained cell), built by chaining best supporters back from them; each action counts once.
   * Needs a sum relaxation ({@link compute} with `max` false) for the supporters.
   */
  relaxedPlanCost(costs: ActionCosts, words: Int32Array, at: number): number {
    const d = this.domain;
    const mark = (this.mark = (this.mark + 1) | 0);
    let sp = 0;
    let total = 0;
    for (let c = 0, n = d.schema.size; c < n; c++) {
      const a = d.wide[c] === 1 ? this.needWide(words, at + d.offset[c], c) : this.need(words, at + d.offset[c], d.shift[c], c);
      if (a === -2) return Infinity;
      if (a >= 0 && this.marks[a] !== mark) {
        this.marks[a] = mark;
        total += costs.costOf(a);
        this.stack[sp++] = a;
      }
    }
    const T = d.touch;
    while (sp > 0) {
      const b = this.stack[--sp];
      for (let t = d.touchStart[b], end = d.touchStart[b + 1]; t < end; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        const a = d.wide[c] === 1 ? this.needWide(d.sets, T[k + Touch.allowA], c) : this.need(T, k + Touch.allowA, 0, c);
        if (a === -2) return Infinity;
        if (a >= 0 && this.marks[a] !== mark) {
          this.marks[a] = mark;
          total += costs.costOf(a);
          this.stack[sp++] = a;
        }
      }
    }
    return total;
  }

  /** True when action `a` is in the relaxed plan the last {@link relaxedPlanCost} built. */
  inRelaxedPlan(a: number): boolean {
    return this.marks[a] === this.mark;
  }

  /** The supporter the cell set at `words[o]` (bit `sh` for a field) of cell `c` needs: -1 when it holds already, -2 when unreachable. */
  private need(words: ArrayLike<number>, o: number, sh: number, c: number): number {
    const d = this.domain;
    if (d.isInt[c] === 1) {
      if (!violates(words, o, 0, true, this.values[this.from + c])) return -1;
      return this.intCost[c] === Infinity ? -2 : this.intSupporter[c];
    }
    const mask = maskAt(words, o, sh, d.full[c]);
    if (mask === d.full[c]) return -1;
    const fc = this.factCost;
    const base = d.factBase[c];
    let best = Infinity;
    let v = -1;
    for (let m = mask; m !== 0; m &= m - 1) {
      const x = 31 - Math.clz32(m & -m);
      if (fc[base + x] < best) {
        best = fc[base + x];
        v = x;
      }
    }
    if (best === Infinity) return -2;
    return best === 0 ? -1 : this.supporter[base + v];
  }

  /** {@link need} for the wide (multi-word) mask of cell `c` at `words[o..]`. */
  private needWide(words: ArrayLike<number>, o: number, c: number): number {
    const d = this.domain;
    const fc = this.factCost;
    const base = d.factBase[c];
    let best = Infinity;
    let f = -1;
    for (let w = 0, W = (d.schema.max[c] + 32) >>> 5; w < W; w++) {
      for (let m = words[o + w]; m !== 0; m &= m - 1) {
        const x = base + w * 32 + (31 - Math.clz32(m & -m));
        if (fc[x] < best) {
          best = fc[x];
          f = x;
        }
      }
    }
    if (best === Infinity) return -2;
    return best === 0 ? -1 : this.supporter[f];
  }
}
