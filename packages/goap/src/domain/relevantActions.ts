import { maskAt, wideFree } from './cellSet.js';
import type { CompiledGoal, GoapDomain } from './GoapDomain.js';
import * as Touch from './Touch.js';

/**
 * Relevance analysis (backward from the goal, before the search): a value of a
 * bool/enum cell is relevant when the goal or a relevant action's condition
 * allows it, an int cell (or an enum of more than 32 values) when either constrains it; an action is relevant when
 * one of its effects sets a relevant value or changes a relevant int cell.
 * Dropping the other actions keeps every plan's relevant part valid (no goal or
 * condition ever reads a value they write) and never costlier, so optimal plans
 * survive. Returns 1 per relevant action.
 * @example
 * const keep = relevantActions(domain, domain.goals[0]); // Uint8Array, 1 = relevant
 */
export function relevantActions(d: GoapDomain, goal: CompiledGoal): Uint8Array {
  const T = d.touch;
  const size = d.schema.size;
  // Per cell: the relevant values (mask cells) or -1 (a relevant int cell); 0 = none.
  const wanted = new Int32Array(size);
  for (let i = 0; i < goal.cells.length; i++) {
    const c = goal.cells[i];
    wanted[c] = d.isInt[c] === 1 || d.wide[c] === 1 ? -1 : maskAt(goal.words, d.offset[c], d.shift[c], d.full[c]);
  }
  const keep = new Uint8Array(d.actionCount);
  for (let changed = true; changed;) {
    changed = false;
    for (let a = 0; a < d.actionCount; a++) {
      if (keep[a] === 1) continue;
      let achieves = false;
      for (let t = d.effectStart[a], end = d.touchStart[a + 1]; t < end && !achieves; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        achieves = d.isInt[c] === 1 || d.wide[c] === 1 ? wanted[c] !== 0 : ((wanted[c] >>> T[k + Touch.effValue]) & 1) === 1;
      }
      if (!achieves) continue;
      keep[a] = 1;
      changed = true;
      for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        if (d.isInt[c] === 1) {
          if (T[k + Touch.allowA] !== d.schema.min[c] || T[k + Touch.allowB] !== d.schema.max[c]) wanted[c] = -1;
        } else if (d.wide[c] === 1) {
          if (!wideFree(d.sets, T[k + Touch.allowA], d.schema.max[c] + 1)) wanted[c] = -1;
        } else if (T[k + Touch.allowA] !== d.full[c]) wanted[c] |= T[k + Touch.allowA];
      }
    }
  }
  return keep;
}
