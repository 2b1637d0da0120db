import { Edge, EffOp } from '@dualplan/world-state';
import { violates, wideHas } from '../domain/cellSet.js';
import * as Touch from '../domain/Touch.js';
import { factMaskCost } from '../heuristics/Relaxation.js';
import type { RegressionContext } from './RegressionContext.js';
import { fail, pendingIndex, type ChangeList } from './ChangeList.js';
import { regressWide } from './regressWide.js';
import { mixWord } from './hashWords.js';
import type { SearchSpace } from './SearchSpace.js';
import * as Verdict from './Verdict.js';

/**
 * Regress node `node` through action `a` (rules 2 and 3) without writing a node:
 * the changed words go to `ch`, with the hash, unsatisfied count and heuristic
 * deltas. Returns a verdict code (0 = consistent; else the failing touch record
 * is in `ch.failTouch`). @internal
 */
export function regress(s: RegressionContext, node: number, a: number, ch: ChangeList): number {
  const space = s.space;
  const d = s.domain;
  const words = space.words;
  const min = d.schema.min;
  const max = d.schema.max;
  const s0 = s.startValues;
  const T = d.touch;
  const full = d.full;
  const pb = space.base[node];
  const idx = ch.idx;
  const val = ch.val;
  const additive = s.additive;
  const relaxed = s.relaxation;
  let n = 0;
  let unsat = space.unsat[node];
  let hraw = space.hraw[node];
  let hash = space.hash[node];
  const effects = d.effectStart[a];
  for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
    const k = t * Touch.size;
    const c = T[k + Touch.cell];
    const j = T[k + Touch.offset];
    const v0 = s0[c];
    if (T[k + Touch.isInt] === 0) {
      // A bool/enum field of word j; when an earlier record of this action changed that word, its pending value.
      const p = T[k + Touch.shares] === 1 ? pendingIndex(idx, n, j) : -1;
      const w = p >= 0 ? val[p] : words[pb + j];
      const sh = T[k + Touch.shift];
      const m = (w >>> sh) & full[c];
      let nm: number;
      if (t < effects) {
        nm = m & T[k + Touch.allowA];
        if (nm === 0) return fail(ch, t, Verdict.conditionConflicts);
      } else {
        if (((m >>> T[k + Touch.effValue]) & 1) === 0) return fail(ch, t, Verdict.effectConflicts);
        nm = T[k + Touch.allowA];
      }
      if (nm !== m) {
        const du = (((nm >>> v0) & 1) ^ 1) - (((m >>> v0) & 1) ^ 1);
        unsat += du;
        hraw += additive ? factMaskCost(relaxed!.factCost, d.factBase[c], nm) - factMaskCost(relaxed!.factCost, d.factBase[c], m) : du;
        const nw = w ^ ((m ^ nm) << sh);
        hash ^= mixWord(j, w) ^ mixWord(j, nw);
        if (p >= 0) val[p] = nw;
        else {
          idx[n] = j;
          val[n++] = nw;
        }
      }
      continue;
    }
    if (T[k + Touch.isInt] === Touch.WIDE) {
      // An enum of more than 32 values: a multi-word field, regressed apart (rare, so kept out of this loop).
      ch.n = n;
      ch.unsat = unsat;
      ch.hraw = hraw;
      ch.hash = hash;
      const verdict = regressWide(s, node, t, k, t < effects, ch);
      if (verdict !== 0) return verdict;
      n = ch.n;
      unsat = ch.unsat;
      hraw = ch.hraw;
      hash = ch.hash;
      continue;
    }
    const lo = words[pb + j];
    const hi = words[pb + j + 1];
    const allowLo = T[k + Touch.allowA];
    const allowHi = T[k + Touch.allowB];
    let nlo: number;
    let nhi: number;
    if (t < effects) {
      nlo = lo > allowLo ? lo : allowLo;
      nhi = hi < allowHi ? hi : allowHi;
      if (nlo > nhi) return fail(ch, t, Verdict.conditionConflicts);
    } else {
      const v = T[k + Touch.effValue];
      if (T[k + Touch.effOp] === EffOp.Set) {
        if (v < lo || v > hi) return fail(ch, t, Verdict.effectConflicts);
        nlo = allowLo;
        nhi = allowHi;
      } else {
        // Preimage of [lo, hi] under x + v, clamped at the key's range unless the edge policy errors.
        const clamp = T[k + Touch.edge] === Edge.Clamp;
        let plo = lo - v;
        let phi = hi - v;
        if (clamp && v > 0 && hi === max[c]) phi = max[c];
        if (clamp && v < 0 && lo === min[c]) plo = min[c];
        if (plo < min[c]) plo = min[c];
        if (phi > max[c]) phi = max[c];
        if (plo > phi) return fail(ch, t, Verdict.effectConflicts);
        nlo = plo > allowLo ? plo : allowLo;
        nhi = phi < allowHi ? phi : allowHi;
        if (nlo > nhi) return fail(ch, t, Verdict.conditionConflicts);
      }
    }
    if (nlo !== lo || nhi !== hi) {
      const before = v0 < lo || v0 > hi ? 1 : 0;
      const after = v0 < nlo || v0 > nhi ? 1 : 0;
      unsat += after - before;
      hraw += additive ? (after - before) * relaxed!.intCost[c] || 0 : after - before;
      hash ^= mixWord(j, lo) ^ mixWord(j, nlo) ^ mixWord(j + 1, hi) ^ mixWord(j + 1, nhi);
      idx[n] = j;
      val[n++] = nlo;
      idx[n] = j + 1;
      val[n++] = nhi;
    }
  }
  ch.n = n;
  ch.unsat = unsat;
  ch.hraw = hraw;
  ch.hash = hash;
  return 0;
}

/**
 * Forward: check `a`'s conditions on the node's state (unless `checks` is false:
 * the successor generator already decided them) and write its effects to `ch`. The goal count is updated from the changed cells only: cells the goal
 * leaves free hold a full mask or range in its words, so they never count. @internal
 */
export function progress(s: RegressionContext, node: number, a: number, ch: ChangeList, checks: boolean): number {
  const d = s.domain;
  const space = s.space;
  const words = space.words;
  const min = d.schema.min;
  const max = d.schema.max;
  const T = d.touch;
  const pb = space.base[node];
  for (let t = d.touchStart[a], end = checks ? d.touchStart[a + 1] : 0; t < end; t++) {
    const k = t * Touch.size;
    const kind = T[k + Touch.isInt];
    const v = words[pb + T[k + Touch.cell]];
    // Written out (forward search's hottest test): a mask, an interval, or a wide enum's mask in `d.sets`.
    const violated =
      kind === 0
        ? ((T[k + Touch.allowA] >>> v) & 1) === 0
        : kind === 1
          ? v < T[k + Touch.allowA] || v > T[k + Touch.allowB]
          : !wideHas(d.sets, T[k + Touch.allowA], v);
    if (violated) return fail(ch, t, Verdict.conditionFailed);
  }
  const gw = s.goalWords;
  const offset = d.offset;
  const shift = d.shift;
  let hash = space.hash[node];
  let unsat = space.unsat[node];
  let n = 0;
  for (let t = d.effectStart[a], end = d.touchStart[a + 1]; t < end; t++) {
    const k = t * Touch.size;
    const c = T[k + Touch.cell];
    const old = words[pb + c];
    let nv = T[k + Touch.effValue];
    if (T[k + Touch.effOp] === EffOp.Add) {
      nv += old;
      if (nv > max[c] || nv < min[c]) {
        if (T[k + Touch.edge] === Edge.Error) return fail(ch, t, Verdict.conditionFailed);
        nv = nv > max[c] ? max[c] : min[c];
      }
    }
    if (nv !== old) {
      const int = T[k + Touch.isInt] === 1;
      unsat += (violates(gw, offset[c], shift[c], int, nv) ? 1 : 0) - (violates(gw, offset[c], shift[c], int, old) ? 1 : 0);
      hash ^= mixWord(c, old) ^ mixWord(c, nv);
      ch.idx[n] = c;
      ch.val[n++] = nv;
    }
  }
  ch.n = n;
  ch.hash = hash;
  ch.unsat = unsat;
  ch.hraw = unsat;
  return 0;
}

/** Write node `from`'s words, patched by `ch`, to the pool at `at`. @internal */
export function writeChanges(space: SearchSpace, from: number, ch: ChangeList, at: number): void {
  const W = space.width;
  const words = space.words;
  const fb = space.base[from];
  if (W <= 32) for (let j = 0; j < W; j++) words[at + j] = words[fb + j];
  else words.copyWithin(at, fb, fb + W);
  for (let i = 0; i < ch.n; i++) words[at + ch.idx[i]] = ch.val[i];
}
