import { achieves, isFree } from '../domain/cellSet.js';
import * as Touch from '../domain/Touch.js';
import { VALUES_PER_CELL } from '../domain/Touch.js';
import type { ChangeList } from './ChangeList.js';
import { fail, progress, regress, writeChanges } from './regress.js';
import type { SearchState } from './SearchState.js';
import * as Verdict from './Verdict.js';
import { NODES_FULL } from './Verdict.js';

/** Node flag: open, its estimate deferred until popped (see `link`). @internal */
export const DEFERRED = 3;

/**
 * Expand a regressed goal: look up, through the effect→action index, only the
 * actions with an effect that satisfies one of the node's conditions (rule 1),
 * and regress the node through each (rules 2-4), generating each candidate in
 * `ch`. False when the node pool is full.
 * @internal
 */
export function expandBackward(s: SearchState, node: number, ch: ChangeList): boolean {
  const d = s.domain;
  const space = s.space;
  const min = d.schema.min;
  const max = d.schema.max;
  const size = d.schema.size;
  const base = space.base[node];
  const stamp = s.expansionId;
  const seen = s.seen;
  const T = d.touch;
  const offset = d.offset;
  const isInt = d.isInt;
  const full = d.full;
  const indexStart = d.indexStart;
  const indexActions = d.indexActions;
  const indexTouch = d.indexTouch;
  const trace = s.trace;
  // Depth is per node: at the length limit no child is stored, and once one branch was cut the rest need no work.
  const atLimit = space.depth[node] >= s.maxPlanLength;
  if (atLimit && s.lengthPruned && trace === null) return true;
  for (let c = 0; c < size; c++) {
    const words = space.words;
    const o = base + offset[c];
    const int = isInt[c] === 1;
    if (isFree(words, o, int, c, min, max, full)) continue;
    const lo = words[o];
    const hi = int ? words[o + 1] : 0;
    for (let k = indexStart[c], end = indexStart[c + 1]; k < end; k++) {
      const a = indexActions[k];
      if (seen[a] === stamp || !achieves(T, indexTouch[k] * Touch.size, int, lo, hi, c, min, max)) continue;
      seen[a] = stamp;
      const verdict = consider(s, node, a, atLimit, true, ch);
      if (verdict === NODES_FULL) return false;
      if (trace !== null) traceVerdict(s, a, verdict);
      else if (verdict === Verdict.tooLong) return true;
    }
  }
  if (trace !== null) {
    for (let a = 0; a < d.actionCount; a++) if (seen[a] !== stamp) trace.consider(a, Verdict.noEffect, -1);
  }
  return true;
}

/**
 * Forward A* expansion over full states: every action whose conditions hold
 * on the node's state is applied, generating each candidate in `ch`. False
 * when the node pool is full.
 * @internal
 */
export function expandForward(s: SearchState, node: number, ch: ChangeList): boolean {
  const trace = s.trace;
  const atLimit = s.space.depth[node] >= s.maxPlanLength;
  if (atLimit && s.lengthPruned && trace === null) return true;
  if (trace !== null) {
    // Traced: every action gets a verdict.
    for (let a = 0, n = s.domain.actionCount; a < n; a++) {
      const verdict = consider(s, node, a, atLimit, false, ch);
      if (verdict === NODES_FULL) return false;
      traceVerdict(s, a, verdict);
    }
    return true;
  }
  // Only the actions the successor generator files under this state's values.
  const index = s.forwardIndex!;
  const always = index.always;
  for (let i = 0; i < always.length; i++) {
    const verdict = consider(s, node, always[i], atLimit, false, ch);
    if (verdict === NODES_FULL) return false;
    if (verdict === Verdict.tooLong) return true;
  }
  const cells = index.cells;
  const start = index.start;
  const actions = index.actions;
  const base = s.space.base[node];
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    // The words array may be reallocated by a stored candidate: read it per cell.
    const f = c * VALUES_PER_CELL + s.space.words[base + c];
    for (let k = start[f], end = start[f + 1]; k < end; k++) {
      const verdict = consider(s, node, actions[k], atLimit, false, ch);
      if (verdict === NODES_FULL) return false;
      if (verdict === Verdict.tooLong) return true;
    }
  }
  return true;
}

/**
 * Candidate `a` of `node`, generated in `ch`: rules 2-3 (or applicability),
 * usability (rule 4, cost), the length limit, then {@link link}. Returns the verdict code.
 */
function consider(s: SearchState, node: number, a: number, atLimit: boolean, backward: boolean, ch: ChangeList): number {
  const use = s.usable(a);
  // Unusable actions are dropped before regressing; with a trace they are regressed first, so verdicts keep the rule order.
  if (use !== 0 && s.trace === null) return use;
  const verdict = backward ? regress(s, node, a, ch) : progress(s, node, a, ch);
  if (verdict !== Verdict.kept) return verdict;
  // A regressed goal that needs two values no reachable state holds together is dead (state-invariant pruning).
  if (backward && s.mutexActive && s.mutex!.dead(s.space.words, s.space.base[node], ch)) return fail(s, -2, Verdict.unreachable);
  if (use !== 0) return fail(s, -1, use);
  if (atLimit) {
    s.lengthPruned = true;
    return fail(s, -1, Verdict.tooLong);
  }
  return link(s, node, a, ch);
}

/**
 * Build a lazily stored node's words from its (built) parent and its action.
 * It can run in the middle of generating a candidate, so it uses its own change list.
 * @internal
 */
export function materialize(s: SearchState, node: number): void {
  const space = s.space;
  const parent = space.parent[node];
  if (parent < 0) return;
  if (space.base[parent] < 0) materialize(s, parent);
  const ch = s.rebuild;
  if (s.mode === 'backward') regress(s, parent, space.action[node], ch);
  else progress(s, parent, space.action[node], ch);
  const at = space.claim();
  space.base[node] = at;
  writeChanges(space, parent, ch, at);
}

/**
 * Store the candidate (`node`'s words patched by `ch`) as a node, unless it is
 * unreachable or a known node for the same state is as cheap and as short (see
 * `SearchSpace.admit`).
 */
function link(s: SearchState, node: number, a: number, ch: ChangeList): number {
  const space = s.space;
  if (ch.hraw === Infinity) return fail(s, -1, Verdict.unreachable);
  if (!space.reserve()) return NODES_FULL;
  // usable(a) cached the cost for this search.
  const g = space.g[node] + s.costCache[a];
  const depth = space.depth[node] + 1;
  const hash = ch.hash;
  let at = -1;
  let reopened = 0;
  // Narrow nodes are cheaper to write now than to rebuild when popped; wide ones are built lazily.
  if (space.width <= 32 || !s.incremental) {
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
    return fail(s, -1, Verdict.duplicate);
  }
  s.result.reopened += reopened;
  if (s.deferred) {
    // h(parent) <= cost(a) + h*(child), so this bound is admissible whenever h is; the real estimate comes when popped.
    const bound = space.hraw[node] - s.costCache[a];
    const h = bound > 0 ? bound : 0;
    space.commit(hash, at, node, a, g, s.weight * h, h, ch.unsat);
    space.flags[space.count - 1] = DEFERRED;
    return Verdict.kept;
  }
  const hraw = s.incremental ? ch.hraw : s.estimate(space.words, at, ch.unsat);
  space.commit(hash, at, node, a, g, hraw === Infinity ? Infinity : s.weight * hraw, hraw, ch.unsat);
  return hraw === Infinity ? fail(s, -1, Verdict.unreachable) : Verdict.kept;
}

/** Trace entry of an expanded node (numbers and a copy of its words; named when the trace is read). @internal */
export function traceExpansion(s: SearchState, node: number): void {
  const space = s.space;
  s.trace!.expand(node, space.parent[node], space.action[node], space.g[node], space.h[node], space.words, space.base[node]);
}

function traceVerdict(s: SearchState, a: number, verdict: number): void {
  // An unusable action records whether relevance analysis dropped it rather than its cost.
  const fail =
    verdict === Verdict.procedural ? s.failedCheck[a] : verdict === Verdict.unusable ? (s.relevant !== null && s.relevant[a] === 0 ? 1 : 0) : s.lastFail;
  s.trace!.consider(a, verdict, fail);
}
