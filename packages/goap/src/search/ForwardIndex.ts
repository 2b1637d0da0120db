import type { GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';
import { VALUES_PER_CELL } from '../domain/Touch.js';

/**
 * Successor generator for forward search (as in Fast Downward): each action is
 * filed under one of its conditions on a bool or enum cell (the one allowing the
 * fewest values, then the cell with the most values), once per value it allows.
 * A state then only looks at the actions filed under its own value of each keyed
 * cell, plus those with no such condition, instead of testing every action.
 * Each action is met at most once per state (a state has one value per cell).
 * Built once per planner. @internal
 */
export class ForwardIndex {
  /** Actions without a bool/enum condition: tried in every state. */
  readonly always: Int32Array;
  /** Cells some action is filed under. */
  readonly cells: Int32Array;
  /** Per cell × VALUES_PER_CELL + value: the range of {@link actions} filed under that value (start; end is the next entry). */
  readonly start: Int32Array;
  readonly actions: Int32Array;

  constructor(d: GoapDomain) {
    const T = d.touch;
    const size = d.schema.size;
    const buckets: number[][] = Array.from({ length: size * VALUES_PER_CELL }, () => []);
    const always: number[] = [];
    const keyed = new Set<number>();
    for (let a = 0; a < d.actionCount; a++) {
      let best = -1;
      let bestCount = 33;
      for (let t = d.touchStart[a]; t < d.touchStart[a + 1]; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        if (d.isInt[c] === 1 || T[k + Touch.allowA] === d.full[c]) continue;
        const count = popcount(T[k + Touch.allowA]);
        if (count < bestCount || (count === bestCount && d.schema.max[c] > d.schema.max[T[best * Touch.size + Touch.cell]])) {
          best = t;
          bestCount = count;
        }
      }
      if (best < 0) {
        always.push(a);
        continue;
      }
      const c = T[best * Touch.size + Touch.cell];
      keyed.add(c);
      for (let m = T[best * Touch.size + Touch.allowA]; m !== 0; m &= m - 1) buckets[c * VALUES_PER_CELL + (31 - Math.clz32(m & -m))].push(a);
    }
    this.always = Int32Array.from(always);
    this.cells = Int32Array.from([...keyed].sort((x, y) => x - y));
    this.start = new Int32Array(size * VALUES_PER_CELL + 1);
    const list: number[] = [];
    for (let f = 0; f < size * VALUES_PER_CELL; f++) {
      this.start[f] = list.length;
      list.push(...buckets[f]);
    }
    this.start[size * VALUES_PER_CELL] = list.length;
    this.actions = Int32Array.from(list);
  }
}

function popcount(m: number): number {
  let n = 0;
  for (let x = m; x !== 0; x &= x - 1) n++;
  return n;
}
