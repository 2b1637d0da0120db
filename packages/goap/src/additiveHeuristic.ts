import { Eff, TOUCH } from './compileGoapDomain.js';
import { violates } from './cellSet.js';
import type { GoapPlanner } from './GoapPlanner.js';

/** Relaxed cost of a mask cell's allowed set: its cheapest allowed value. @internal */
export function maskCost(p: GoapPlanner, cell: number, mask: number): number {
  const fc = p.factCost;
  let best = Infinity;
  for (let m = mask; m !== 0; m &= m - 1) {
    const v = 31 - Math.clz32(m & -m);
    const x = fc[cell * 32 + v];
    if (x < best) best = x;
  }
  return best;
}

/**
 * Additive heuristic setup (@internal), once per search: relaxed (delete-free) reachability
 * from the start state, Bellman-Ford style. An action's relaxed cost is its
 * cost plus the sum of its conditions' costs; each value it sets costs at most that.
 */
export function relax(p: GoapPlanner): void {
  const d = p.domain;
  const schema = d.schema;
  const fc = p.factCost;
  const s0 = p.start.values;
  const T = d.touch;
  fc.fill(Infinity);
  for (let c = 0; c < schema.size; c++) {
    if (!d.isInt[c]) fc[c * 32 + s0[c]] = 0;
    else p.intCost[c] = Infinity;
  }
  // Int cells: the cheapest action that changes them (conditions ignored: a lower bound).
  for (let a = 0; a < d.actionCount; a++) {
    if (p.usable(a) !== 0) continue;
    const cost = p.costOf(a);
    for (let t = d.effectStart[a]; t < d.touchStart[a + 1]; t++) {
      const c = T[t * TOUCH];
      if (d.isInt[c] && cost < p.intCost[c]) p.intCost[c] = cost;
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (let a = 0; a < d.actionCount; a++) {
      if (p.usable(a) !== 0) continue;
      let pc = p.costOf(a);
      for (let t = d.touchStart[a]; t < d.touchStart[a + 1] && pc < Infinity; t++) {
        const k = t * TOUCH;
        const c = T[k];
        if (d.isInt[c]) pc += violates(T, k + 6, true, s0[c]) ? p.intCost[c] : 0;
        else if (T[k + 6] !== d.full[c]) pc += maskCost(p, c, T[k + 6]);
      }
      if (pc === Infinity) continue;
      for (let t = d.effectStart[a]; t < d.touchStart[a + 1]; t++) {
        const k = t * TOUCH;
        const c = T[k];
        if (d.isInt[c] || T[k + 3] !== Eff.Set) continue;
        const f = c * 32 + T[k + 4];
        if (pc < fc[f]) {
          fc[f] = pc;
          changed = true;
        }
      }
    }
  }
}

/** Heuristic sum of the root goal. @internal */
export function rootCost(p: GoapPlanner): number {
  const d = p.domain;
  const g = p.goal!;
  const s0 = p.start.values;
  let sum = 0;
  for (let i = 0; i < g.cells.length; i++) {
    const c = g.cells[i];
    const o = d.offset[c];
    if (d.isInt[c]) sum += violates(g.words, o, true, s0[c]) ? p.intCost[c] : 0;
    else sum += maskCost(p, c, g.words[o]);
  }
  return sum;
}

