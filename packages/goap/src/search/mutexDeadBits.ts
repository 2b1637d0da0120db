import type { GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';

/**
 * `MutexPruning.deadBits` from its pair table: per value fact g (`base[cell] + value`, `nf` facts), a bitset of
 * `(actionCount + 31) >>> 5` words at `g * words` of the actions that leave g's cell alone and have a condition all
 * of whose values are excluded with g (`mx[g * nf + p] === 1`). Such an action needs, before it runs, a value no
 * reachable state holds together with g, which it cannot change: regressing a goal that needs g through it gives a
 * dead goal. Null above 1,024 actions. @internal
 */
export function mutexDeadBits(d: GoapDomain, mx: Uint8Array, base: Int32Array, cellOf: Int32Array): Int32Array | null {
  const T = d.touch;
  const nf = cellOf.length;
  const W = (d.actionCount + 31) >>> 5;
  if (W > 32) return null;
  const bits = new Int32Array(nf * W);
  const writes = new Uint8Array(d.schema.size);
  for (let a = 0; a < d.actionCount; a++) {
    for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++)
      if (T[t * Touch.size + Touch.effOp] !== Touch.NO_EFFECT) writes[T[t * Touch.size + Touch.cell]] = 1;
    for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
      const k = t * Touch.size;
      const c = T[k + Touch.cell];
      // Narrow bool/enum conditions only (a wide one's mask is elsewhere; skipping it only prunes less).
      if (d.isInt[c] !== 0 || d.wide[c] === 1 || T[k + Touch.allowA] === d.full[c]) continue;
      const mask = T[k + Touch.allowA];
      for (let g = 0; g < nf; g++) {
        if (cellOf[g] === c || writes[cellOf[g]] === 1) continue;
        let excluded = true;
        for (let m = mask; m !== 0 && excluded; m &= m - 1) excluded = mx[g * nf + base[c] + 31 - Math.clz32(m & -m)] === 1;
        if (excluded) bits[g * W + (a >>> 5)] |= 1 << (a & 31);
      }
    }
    for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) writes[T[t * Touch.size + Touch.cell]] = 0;
  }
  return bits;
}
