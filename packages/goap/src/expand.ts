import { TOUCH } from './compileDomain.js';
import { describeCell } from './describeCell.js';
import type { GoapPlanner } from './GoapPlanner.js';
import { mixWord } from './SearchSpace.js';
import { maskCost } from './additiveHeuristic.js';
import type { TraceVerdict } from './GoapTrace.js';

const VERDICTS: readonly TraceVerdict[] = ['neighbour', 'rule1', 'rule2', 'rule3', 'rule4', 'unusable', 'length', 'duplicate', 'inapplicable', 'unreachable'];
const NODES_FULL = -1;

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
  for (let c = 0; c < size; c++) {
    const words = space.words;
    const o = base + offset[c];
    const int = isInt[c] === 1;
    const lo = words[o];
    const hi = int ? words[o + 1] : 0;
    if (int ? lo === min[c] && hi === max[c] : lo === full[c]) continue;
    for (let k = indexStart[c], end = indexStart[c + 1]; k < end; k++) {
      const a = indexActions[k];
      if (seen[a] === stamp) continue;
      const t = indexTouch[k] * TOUCH;
      const v = T[t + 4];
      let relevant: boolean;
      if (!int) relevant = ((lo >>> v) & 1) === 1;
      else if (T[t + 3] === 1) relevant = v >= lo && v <= hi;
      else relevant = v > 0 ? lo > min[c] : v < 0 && hi < max[c];
      if (!relevant) continue;
      seen[a] = stamp;
      let verdict = regress(p, node, a);
      if (verdict === 0) verdict = link(p, node, a);
      if (verdict === NODES_FULL) return false;
      if (p.trace) traceVerdict(p, node, a, verdict);
    }
  }
  if (p.trace) {
    for (let a = 0; a < d.actionCount; a++) if (seen[a] !== stamp) p.trace.considered.push({ node, action: d.actionNames[a], verdict: 'rule1', detail: 'no effect satisfies an open condition' });
  }
  return true;
}

/**
 * Regress node `node` through action `a` (rules 2 and 3) without writing a node:
 * the changed words go to the planner's change list, with the hash, unsatisfied
 * count and heuristic deltas. Returns a verdict code (0 = consistent).
 */
function regress(p: GoapPlanner, node: number, a: number): number {
  const space = p.space;
  const d = p.domain;
  const words = space.words;
  const min = d.schema.min;
  const max = d.schema.max;
  const s0 = p.start.values;
  const T = d.touch;
  const pb = space.base[node];
  const chIdx = p.chIdx;
  const chVal = p.chVal;
  const additive = p.additive;
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
        hraw += additive ? maskCost(p, c, nm) - maskCost(p, c, m) : du;
        hash ^= mixWord(j, m) ^ mixWord(j, nm);
        chIdx[n] = j;
        chVal[n++] = nm;
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
      if (T[k + 3] === 1) {
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
      hraw += additive ? (after - before) * p.intCost[c] || 0 : after - before;
      hash ^= mixWord(j, lo) ^ mixWord(j, nlo) ^ mixWord(j + 1, hi) ^ mixWord(j + 1, nhi);
      chIdx[n] = j;
      chVal[n++] = nlo;
      chIdx[n] = j + 1;
      chVal[n++] = nhi;
    }
  }
  p.chN = n;
  p.chUnsat = unsat;
  p.chHraw = hraw;
  p.chHash = hash;
  return 0;
}

/**
 * Forward A* expansion over full states: every action whose preconditions hold
 * on the node's state is applied. False when the node pool is full.
 * @internal
 */
export function expandForward(p: GoapPlanner, node: number): boolean {
  const d = p.domain;
  for (let a = 0; a < d.actionCount; a++) {
    let verdict = progress(p, node, a);
    if (verdict === 0) {
      p.chUnsat = countForward(p, node);
      p.chHraw = p.chUnsat;
      verdict = link(p, node, a);
    }
    if (verdict === NODES_FULL) return false;
    if (p.trace) traceVerdict(p, node, a, verdict);
  }
  return true;
}

/** Forward: check `a`'s preconditions on the node's state and compute its effects as a change list. */
function progress(p: GoapPlanner, node: number, a: number): number {
  const d = p.domain;
  const space = p.space;
  const words = space.words;
  const min = d.schema.min;
  const max = d.schema.max;
  const T = d.touch;
  const pb = space.base[node];
  for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
    const k = t * TOUCH;
    const v = words[pb + T[k]];
    if (T[k + 2] === 0 ? ((T[k + 6] >>> v) & 1) === 0 : v < T[k + 6] || v > T[k + 7]) return fail(p, t, 8);
  }
  let hash = space.hash[node];
  let n = 0;
  for (let t = d.effectStart[a], end = d.touchStart[a + 1]; t < end; t++) {
    const k = t * TOUCH;
    const c = T[k];
    const old = words[pb + c];
    let nv = T[k + 4];
    if (T[k + 3] === 2) {
      nv += old;
      if (nv > max[c] || nv < min[c]) {
        if (T[k + 5] === 1) return fail(p, t, 8);
        nv = nv > max[c] ? max[c] : min[c];
      }
    }
    if (nv !== old) {
      hash ^= mixWord(c, old) ^ mixWord(c, nv);
      p.chIdx[n] = c;
      p.chVal[n++] = nv;
    }
  }
  p.chN = n;
  p.chHash = hash;
  return 0;
}

function countForward(p: GoapPlanner, node: number): number {
  const d = p.domain;
  const g = p.goal!;
  const gw = g.words;
  const words = p.space.words;
  const base = p.space.base[node];
  let unsat = 0;
  for (let i = 0; i < g.cells.length; i++) {
    const c = g.cells[i];
    let v = words[base + c];
    for (let j = 0; j < p.chN; j++) if (p.chIdx[j] === c) v = p.chVal[j];
    const o = d.offset[c];
    if (d.isInt[c] ? v < gw[o] || v > gw[o + 1] : ((gw[o] >>> v) & 1) === 0) unsat++;
  }
  return unsat;
}

/** Write node `from`'s words, patched by the change list, to the pool `out` at `at`. */
function writeChanges(p: GoapPlanner, from: number, out: Int32Array, at: number): void {
  const space = p.space;
  const W = space.width;
  const words = space.words;
  const fb = space.base[from];
  if (W <= 32) for (let j = 0; j < W; j++) out[at + j] = words[fb + j];
  else out.copyWithin(at, fb, fb + W);
  for (let i = 0; i < p.chN; i++) out[at + p.chIdx[i]] = p.chVal[i];
}

/** Build a lazily stored node's words from its (built) parent and its action. */
export function materialize(p: GoapPlanner, node: number): void {
  const space = p.space;
  const parent = space.parent[node];
  if (parent < 0) return;
  if (space.base[parent] < 0) materialize(p, parent);
  // Saves the caller's change list: materialize can run in the middle of a regression.
  const n = p.chN;
  const saved = p.chSave;
  for (let i = 0; i < n; i++) {
    saved[2 * i] = p.chIdx[i];
    saved[2 * i + 1] = p.chVal[i];
  }
  const u = p.chUnsat;
  const hr = p.chHraw;
  const hs = p.chHash;
  if (p.mode === 'backward') regress(p, parent, space.action[node]);
  else progress(p, parent, space.action[node]);
  const at = space.claim();
  space.base[node] = at;
  writeChanges(p, parent, space.words, at);
  for (let i = 0; i < n; i++) {
    p.chIdx[i] = saved[2 * i];
    p.chVal[i] = saved[2 * i + 1];
  }
  p.chN = n;
  p.chUnsat = u;
  p.chHraw = hr;
  p.chHash = hs;
}

/** Rules 4, cost and length, then store the candidate (parent + change list) as a node. */
function link(p: GoapPlanner, node: number, a: number): number {
  if (!p.procedural(a)) return fail(p, -1, 4);
  const cost = p.costOf(a);
  if (cost === Infinity) return fail(p, -1, 5);
  const space = p.space;
  const depth = space.depth[node] + 1;
  if (depth > p.maxPlanLength) {
    p.lengthPruned = true;
    return fail(p, -1, 6);
  }
  if (p.chHraw === Infinity) return fail(p, -1, 9);
  if (!space.reserve()) return NODES_FULL;
  const g = space.g[node] + cost;
  const hash = p.chHash;
  const n = space.count;
  let at = -1;
  let existing = -1;
  // Narrow nodes are cheaper to write now than to rebuild when popped; wide ones are built lazily.
  if (space.width <= 32 || p.heuristic !== null || space.hasHash(hash)) {
    at = space.claim();
    writeChanges(p, node, space.words, at);
    existing = space.find(hash, at);
  }
  if (existing >= 0) {
    if (g >= space.g[existing]) {
      space.release(at);
      return fail(p, -1, 7);
    }
    // 001: keep the cheapest node for a state; the old copy is skipped when popped.
    if (space.flags[existing] === 2) p.result.reopened++;
    space.flags[existing] = 1;
  }
  const h = p.heuristic !== null ? p.estimate(space.words, at, p.chUnsat) : p.weight * p.chHraw;
  space.g[n] = g;
  space.h[n] = h;
  space.f[n] = g + h;
  space.unsat[n] = p.chUnsat;
  space.hraw[n] = p.chHraw;
  space.parent[n] = node;
  space.action[n] = a;
  space.depth[n] = depth;
  space.commit(hash, at);
  return 0;
}

function fail(p: GoapPlanner, touch: number, verdict: number): number {
  p.lastFail = touch;
  return verdict;
}

function traceVerdict(p: GoapPlanner, node: number, a: number, verdict: number): void {
  const d = p.domain;
  const schema = d.schema;
  let detail = '';
  const k = p.lastFail * TOUCH;
  const T = d.touch;
  if (verdict === 2 || verdict === 3) {
    const c = T[k];
    const eff = T[k + 3] === 1 ? `${schema.nameOf(c)} = ${schema.format(c, T[k + 4])}` : `${schema.nameOf(c)} ${T[k + 4] < 0 ? '-=' : '+='} ${Math.abs(T[k + 4])}`;
    const goal = describeCell(d, p.space.words, p.space.base[node], c);
    detail = verdict === 3 ? `effect ${eff} conflicts with ${goal}` : `precondition on ${schema.nameOf(c)} conflicts with ${goal}${T[k + 3] ? ` (through ${eff})` : ''}`;
  } else if (verdict === 4) {
    const list = d.procedural[a]!;
    let i = 0;
    while (i < list.length - 1 && list.tests[list.data[i * 3 + 2]](p.start, p.ctx) === true) i++;
    detail = `procedural check ${list.describe(i)} failed`;
  } else if (verdict === 5) detail = 'cost is Infinity (unusable)';
  else if (verdict === 6) detail = `plan would exceed ${p.maxPlanLength} actions`;
  else if (verdict === 7) detail = 'an equal node is known at lower or equal cost';
  else if (verdict === 8) {
    const c = T[k];
    detail = `${schema.nameOf(c)} = ${schema.format(c, p.space.words[p.space.base[node] + c])} does not allow it`;
  } else if (verdict === 9) detail = 'a condition of the result is unreachable from the start state';
  p.trace!.considered.push({ node, action: d.actionNames[a], verdict: VERDICTS[verdict], detail });
}
