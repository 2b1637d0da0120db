import { wideHas } from '../domain/cellSet.js';
import * as Touch from '../domain/Touch.js';
import { fail, type ChangeList } from './ChangeList.js';
import type { RegressionContext } from './RegressionContext.js';
import { mixWord } from './hashWords.js';
import * as Verdict from './Verdict.js';

/** The regressed mask of one wide field (at most 1,024 values: 32 words); no search nests two regressions of it. */
const next = new Int32Array(32);

/**
 * Regress node `node`'s wide (multi-word) enum field through touch record `t`
 * (at `T[k..]`; a condition when `condition`, else an effect), like `regress`
 * does for narrow fields: the changed words are appended to `ch`, and its
 * hash, open-condition count and raw estimate updated. Returns 0, or the verdict. @internal
 */
export function regressWide(s: RegressionContext, node: number, t: number, k: number, condition: boolean, ch: ChangeList): number {
  const d = s.domain;
  const T = d.touch;
  const words = s.space.words;
  const c = T[k + Touch.cell];
  const at = s.space.base[node] + T[k + Touch.offset];
  const allow = T[k + Touch.allowA];
  const sets = d.sets;
  const W = (d.schema.max[c] + 32) >>> 5;
  if (condition) {
    let any = 0;
    for (let w = 0; w < W; w++) any |= next[w] = words[at + w] & sets[allow + w];
    if (any === 0) return fail(ch, t, Verdict.conditionConflicts);
  } else {
    if (!wideHas(words, at, T[k + Touch.effValue])) return fail(ch, t, Verdict.effectConflicts);
    for (let w = 0; w < W; w++) next[w] = sets[allow + w];
  }
  const j = T[k + Touch.offset];
  let changed = false;
  for (let w = 0; w < W; w++) {
    const old = words[at + w];
    if (old === next[w]) continue;
    changed = true;
    ch.hash ^= mixWord(j + w, old) ^ mixWord(j + w, next[w]);
    ch.idx[ch.n] = j + w;
    ch.val[ch.n++] = next[w];
  }
  if (!changed) return 0;
  const v0 = s.startValues[c];
  const du = (wideHas(next, 0, v0) ? 0 : 1) - (wideHas(words, at, v0) ? 0 : 1);
  ch.unsat += du;
  const relaxed = s.relaxation;
  ch.hraw += s.additive ? relaxed!.wideCost(next, 0, c) - relaxed!.wideCost(words, at, c) : du;
  return 0;
}
