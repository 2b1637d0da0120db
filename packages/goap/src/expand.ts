import { Eff, TOUCH } from './compileGoapDomain.js';
import { achieves, isFree, violates } from './cellSet.js';
import type { ChangeList } from './ChangeList.js';
import { describeCell } from './describeCell.js';
import type { GoapPlanner } from './GoapPlanner.js';
import { mixWord, type SearchSpace } from './SearchSpace.js';
import { maskCost } from './heuristics/Relaxation.js';

// Verdict codes 0-9 (named in GoapTrace): kept, then rules 1-4 of the backward search, then budgets and forward applicability.
const NODES_FULL = -1;
const LENGTH = 6;

/**
 * Expand a regressed goal: look up, through the effect→action index, only the
 * actions with an effect that satisfies one of the node's conditions (rule 1),
 * and regress the node through each (rules 2-4). False when the node pool is full.
 * @internal
 */
export function expandBackward(p: GoapPlanner, node: number): boolean {
  const d = p.domain;
  const space = p.space;
  const min = d.schema.min;
  const max = d.schema.max;
  const size = d.schema.size;
  const base = space.base[node];
  const stamp = p.expansionId;
  const seen = p.seen;
  const T = d.touch;
  const offset = d.offset;
  const isInt = d.isInt;
  const full = d.full;
  const indexStart = d.indexStart;
  const indexActions = d.indexActions;
  const indexTouch = d.indexTouch;
  const trace = p.trace;
  // Depth is per node: at the length limit no child is stored, and once one branch was cut the rest need no work.
  const atLimit = space.depth[node] >= p.maxPlanLength;
  if (atLimit && p.lengthPruned && trace === null) return true;
  for (let c = 0; c < size; c++) {
    const words = space.words;
    const o = base + offset[c];
    const int = isInt[c] === 1;
    if (isFree(words, o, int, c, min, max, full)) continue;
    const lo = words[o];
    const hi = int ? words[o + 1] : 0;
    for (let k = indexStart[c], end = indexStart[c + 1]; k < end; k++) {
      const a = indexActions[k];
      if (seen[a] === stamp || !achieves(T, indexTouch[k] * TOUCH, int, lo, hi, c, min, max)) continue;
      seen[a] = stamp;
      const verdict = consider(p, node, a, atLimit, true);
      if (verdict === NODES_FULL) return false;
      if (trace !== null) traceVerdict(p, a, verdict);
      else if (verdict === LENGTH) return true;
    }
  }
  if (trace !== null) {
    for (let a = 0; a < d.actionCount; a++) if (seen[a] !== stamp) trace.consider(a, 1, -1);
  }
  return true;
}

/**
 * Forward A* expansion over full states: every action whose conditions hold
 * on the node's state is applied. False when the node pool is full.
 * @internal
 */
export function expandForward(p: GoapPlanner, node: number): boolean {
  const trace = p.trace;
  const atLimit = p.space.depth[node] >= p.maxPlanLength;
  if (atLimit && p.lengthPruned && trace === null) return true;
  if (trace !== null) {
    // Traced: every action gets a verdict.
    for (let a = 0, n = p.domain.actionCount; a < n; a++) {
      const verdict = consider(p, node, a, atLimit, false);
      if (verdict === NODES_FULL) return false;
      traceVerdict(p, a, verdict);
    }
    return true;
  }
  // Only the actions the successor generator files under this state's values.
  const index = p.forwardIndex!;
  const always = index.always;
  for (let i = 0; i < always.length; i++) {
    const verdict = consider(p, node, always[i], atLimit, false);
    if (verdict === NODES_FULL) return false;
    if (verdict === LENGTH) return true;
  }
  const cells = index.cells;
  const start = index.start;
  const actions = index.actions;
  const base = p.space.base[node];
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    // The words array may be reallocated by a stored candidate: read it per cell.
    const f = c * 32 + p.space.words[base + c];
    for (let k = start[f], end = start[f + 1]; k < end; k++) {
      const verdict = consider(p, node, actions[k], atLimit, false);
      if (verdict === NODES_FULL) return false;
      if (verdict === LENGTH) return true;
    }
  }
  return true;
}

/**
 * Candidate `a` of `node`: rules 2-3 (or applicability), usability (rule 4, cost),
 * the length limit, then {@link link}. Returns the verdict code (0 = stored).
 */
function consider(p: GoapPlanner, node: number, a: number, atLimit: boolean, backward: boolean): number {
  const use = p.usable(a);
  // Unusable actions are dropped before regressing; with a trace they are regressed first, so verdicts keep the rule order.
  if (use !== 0 && p.trace === null) return use;
  const verdict = backward ? regress(p, node, a, p.change) : progress(p, node, a, p.change);
  if (verdict !== 0) return verdict;
  if (use !== 0) return fail(p, -1, use);
  if (atLimit) {
    p.lengthPruned = true;
    return fail(p, -1, LENGTH);
  }
  return link(p, node, a);
}

/**
 * Regress node `node` through action `a` (rules 2 and 3) without writing a node:
 * the changed words go to `ch`, with the hash, unsatisfied count and heuristic
 * deltas. Returns a verdict code (0 = consistent).
 */
function regress(p: GoapPlanner, node: number, a: number, ch: ChangeList): number {
  const space = p.space;
  const d = p.domain;
  const words = space.words;
  const min = d.schema.min;
  const max = d.schema.max;
  const s0 = p.start.values;
  const T = d.touch;
  const pb = space.base[node];
  const idx = ch.idx;
  const val = ch.val;
  const additive = p.additive;
  const relaxed = p.estimator.relaxation;
  let n = 0;
  let unsat = space.unsat[node];
  let hraw = space.hraw[node];
  let hash = space.hash[node];
  const effects = d.effectStart[a];
  for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
    const k = t * TOUCH;
    const c = T[k];
    const j = T[k + 1];
    const v0 = s0[c];
    if (T[k + 2] === 0) {
      const m = words[pb + j];
      let nm: number;
      if (t < effects) {
        nm = m & T[k + 6];
        if (nm === 0) return fail(p, t, 2);
      } else {
        if (((m >>> T[k + 4]) & 1) === 0) return fail(p, t, 3);
        nm = T[k + 6];
      }
      if (nm !== m) {
        const du = (((nm >>> v0) & 1) ^ 1) - (((m >>> v0) & 1) ^ 1);
        unsat += du;
        hraw += additive ? maskCost(relaxed!.factCost, c, nm) - maskCost(relaxed!.factCost, c, m) : du;
        hash ^= mixWord(j, m) ^ mixWord(j, nm);
        idx[n] = j;
        val[n++] = nm;
      }
      continue;
    }
    const lo = words[pb + j];
    const hi = words[pb + j + 1];
    let nlo: number;
    let nhi: number;
    if (t < effects) {
      nlo = lo > T[k + 6] ? lo : T[k + 6];
      nhi = hi < T[k + 7] ? hi : T[k + 7];
      if (nlo > nhi) return fail(p, t, 2);
    } else {
      const v = T[k + 4];
      if (T[k + 3] === Eff.Set) {
        if (v < lo || v > hi) return fail(p, t, 3);
        nlo = T[k + 6];
        nhi = T[k + 7];
      } else {
        // Preimage of [lo, hi] under x + v, clamped at the key's range unless the edge policy errors.
        const clamp = T[k + 5] === 0;
        let plo = lo - v;
        let phi = hi - v;
        if (clamp && v > 0 && hi === max[c]) phi = max[c];
        if (clamp && v < 0 && lo === min[c]) plo = min[c];
        if (plo < min[c]) plo = min[c];
        if (phi > max[c]) phi = max[c];
        if (plo > phi) return fail(p, t, 3);
        nlo = plo > T[k + 6] ? plo : T[k + 6];
        nhi = phi < T[k + 7] ? phi : T[k + 7];
        if (nlo > nhi) return fail(p, t, 2);
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
 * Forward: check `a`'s conditions on the node's state and write its effects
 * to `ch`. The goal count is updated from the changed cells only: cells the goal
 * leaves free hold a full mask or range in its words, so they never count.
 */
function progress(p: GoapPlanner, node: number, a: number, ch: ChangeList): number {
  const d = p.domain;
  const space = p.space;
  const words = space.words;
  const min = d.schema.min;
  const max = d.schema.max;
  const T = d.touch;
  const pb = space.base[node];
  for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
    const k = t * TOUCH;
    if (violates(T, k + 6, T[k + 2] === 1, words[pb + T[k]])) return fail(p, t, 8);
  }
  const gw = p.goal!.words;
  const offset = d.offset;
  let hash = space.hash[node];
  let unsat = space.unsat[node];
  let n = 0;
  for (let t = d.effectStart[a], end = d.touchStart[a + 1]; t < end; t++) {
    const k = t * TOUCH;
    const c = T[k];
    const old = words[pb + c];
    let nv = T[k + 4];
    if (T[k + 3] === Eff.Add) {
      nv += old;
      if (nv > max[c] || nv < min[c]) {
        if (T[k + 5] === 1) return fail(p, t, 8);
        nv = nv > max[c] ? max[c] : min[c];
      }
    }
    if (nv !== old) {
      const int = T[k + 2] === 1;
      unsat += (violates(gw, offset[c], int, nv) ? 1 : 0) - (violates(gw, offset[c], int, old) ? 1 : 0);
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

/** Write node `from`'s words, patched by `ch`, to the pool at `at`. */
function writeChanges(space: SearchSpace, from: number, ch: ChangeList, at: number): void {
  const W = space.width;
  const words = space.words;
  const fb = space.base[from];
  if (W <= 32) for (let j = 0; j < W; j++) words[at + j] = words[fb + j];
  else words.copyWithin(at, fb, fb + W);
  for (let i = 0; i < ch.n; i++) words[at + ch.idx[i]] = ch.val[i];
}

/**
 * Build a lazily stored node's words from its (built) parent and its action.
 * It can run in the middle of generating a candidate, so it uses its own change list.
 */
export function materialize(p: GoapPlanner, node: number): void {
  const space = p.space;
  const parent = space.parent[node];
  if (parent < 0) return;
  if (space.base[parent] < 0) materialize(p, parent);
  const ch = p.rebuild;
  if (p.mode === 'backward') regress(p, parent, space.action[node], ch);
  else progress(p, parent, space.action[node], ch);
  const at = space.claim();
  space.base[node] = at;
  writeChanges(space, parent, ch, at);
}

/**
 * Store the candidate (parent + change list) as a node, unless it is unreachable
 * or a known node for the same state is as cheap and as short (see {@link SearchSpace.admit}).
 */
function link(p: GoapPlanner, node: number, a: number): number {
  const space = p.space;
  const ch = p.change;
  if (ch.hraw === Infinity) return fail(p, -1, 9);
  if (!space.reserve()) return NODES_FULL;
  // usable(a) cached the cost for this search.
  const g = space.g[node] + p.costCache[a];
  const depth = space.depth[node] + 1;
  const hash = ch.hash;
  let at = -1;
  let reopened = 0;
  // Narrow nodes are cheaper to write now than to rebuild when popped; wide ones are built lazily.
  if (space.width <= 32 || !p.incremental) {
    at = space.claim();
    writeChanges(space, node, ch, at);
    reopened = space.admit(hash, at, g, depth);
  } else {
    const slot = space.hasHash(hash);
    if (slot >= 0) {
      at = space.claim();
      writeChanges(space, node, ch, at);
      reopened = space.admit(hash, at, g, depth, slot);
    }
  }
  if (reopened < 0) {
    space.release(at);
    return fail(p, -1, 7);
  }
  p.result.reopened += reopened;
  const hraw = p.incremental ? ch.hraw : p.estimate(space.words, at, ch.unsat);
  space.commit(hash, at, node, a, g, hraw === Infinity ? Infinity : p.weight * hraw, hraw, ch.unsat);
  return hraw === Infinity ? fail(p, -1, 9) : 0;
}

function fail(p: GoapPlanner, touch: number, verdict: number): number {
  p.lastFail = touch;
  return verdict;
}

/** Trace entry of an expanded node (numbers and a copy of its words; named when the trace is read). @internal */
export function traceExpansion(p: GoapPlanner, node: number): void {
  const s = p.space;
  p.trace!.expand(node, s.parent[node], s.action[node], s.g[node], s.h[node], s.words, s.base[node]);
}

function traceVerdict(p: GoapPlanner, a: number, verdict: number): void {
  // Verdict 5 (unusable) records whether relevance analysis dropped the action rather than its cost.
  const fail = verdict === 4 ? p.failedCheck[a] : verdict === 5 ? (p.relevant !== null && p.relevant[a] === 0 ? 1 : 0) : p.lastFail;
  p.trace!.consider(a, verdict, fail);
}
