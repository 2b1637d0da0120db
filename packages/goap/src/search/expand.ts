import { achieves, isFree, maskAt, wideFree } from '../domain/cellSet.js';
import * as Touch from '../domain/Touch.js';
import type { ChangeList } from './ChangeList.js';
import { TreeNode } from './ForwardIndex.js';
import { fail, progress, regress, writeChanges } from './regress.js';
import type { SearchState } from './SearchState.js';
import * as Verdict from './Verdict.js';
import { NODES_FULL } from './Verdict.js';

/** Node flag: open, its estimate deferred until popped (see `link`). @internal */
export const DEFERRED = 3;

/** What {@link consider} runs: regression, or progression checking every condition or none (the decision tree decided them). */
const Check = { backward: 0, forward: 1, effectsOnly: 2 } as const;

/**
 * Expand a regressed goal: look up only the actions with an effect that
 * satisfies one of the node's conditions (rule 1: the achievers of each allowed
 * value of a bool/enum cell, the effect→action index for int cells), and
 * regress the node through each (rules 2-4), generating each candidate in
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
  const shift = d.shift;
  const isInt = d.isInt;
  const wide = d.wide;
  const full = d.full;
  const indexStart = d.indexStart;
  const indexActions = d.indexActions;
  const indexTouch = d.indexTouch;
  const trace = s.trace;
  // Depth is per node: at the length limit no child is stored, and once one branch was cut the rest need no work.
  const atLimit = space.depth[node] >= s.maxPlanLength;
  if (atLimit && s.lengthPruned && trace === null) return true;
  const index = s.backwardIndex!;
  const start = index.start;
  const cellStart = index.cellStart;
  const achievers = index.achievers;
  // Bool/enum cells through the action bitsets where the domain has them; the achiever lists below otherwise.
  const bySets = index.setterBits !== null;
  if (bySets) {
    const next = expandBySets(s, node, atLimit, ch);
    if (next !== GO_ON) return next === STOP;
  }
  for (let c = 0; c < size; c++) {
    const words = space.words;
    const o = base + offset[c];
    const int = isInt[c] === 1;
    if (!int && bySets) continue;
    // An enum of more than 32 values is a multi-word field, read word by word.
    const wd = wide[c] === 1;
    if (wd ? wideFree(words, o, max[c] + 1) : isFree(words, o, shift[c], int, c, min, max, full)) continue;
    if (!int) {
      // The achievers of each value the goal allows here (rule 1); one that sets an excluded value elsewhere fails at once.
      for (let w = 0, W = wd ? (max[c] + 32) >>> 5 : 1; w < W; w++) {
        // The pool may be reallocated by a stored candidate: the word is read from it afresh (`o` stays valid).
        for (let m = wd ? space.words[o + w] : maskAt(words, o, shift[c], full[c]); m !== 0; m &= m - 1) {
          const f = cellStart[c] + w * 32 + 31 - Math.clz32(m & -m);
          for (let k = start[f], end = start[f + 1]; k < end; k++) {
            const a = achievers[k];
            if (seen[a] === stamp) continue;
            seen[a] = stamp;
            if (trace === null && index.clashes(space.words, base, a)) continue;
            const next = regressThrough(s, node, a, atLimit, ch);
            if (next !== GO_ON) return next === STOP;
          }
        }
      }
      continue;
    }
    const lo = words[o];
    const hi = words[o + 1];
    for (let k = indexStart[c], end = indexStart[c + 1]; k < end; k++) {
      const a = indexActions[k];
      if (seen[a] === stamp || !achieves(T, indexTouch[k] * Touch.size, int, lo, hi, c, min, max)) continue;
      seen[a] = stamp;
      const next = regressThrough(s, node, a, atLimit, ch);
      if (next !== GO_ON) return next === STOP;
    }
  }
  if (trace !== null) {
    for (let a = 0; a < d.actionCount; a++) if (seen[a] !== stamp) trace.consider(a, Verdict.noEffect, -1);
  }
  return true;
}

/** What the expansion does after {@link regressThrough}: go on, stop (the length limit cut it: true), or fail (the node pool is full). */
const GO_ON = 0;
const STOP = 1;
const FULL = 2;

/**
 * The bool/enum part of {@link expandBackward} over the action bitsets of
 * {@link BackwardIndex}: the candidates are the actions that set a value the
 * node allows in some constrained cell (rule 1), less those that set a value it
 * excludes in any (they would fail at once); each is regressed in action order
 * and marked seen, so the int cells' lookups skip it. With a trace, the
 * excluded ones are regressed too, so every relevant action gets its verdict.
 * Returns what the expansion does next.
 */
function expandBySets(s: SearchState, node: number, atLimit: boolean, ch: ChangeList): number {
  const d = s.domain;
  const space = s.space;
  const index = s.backwardIndex!;
  const W = index.setWords;
  const setter = index.setterBits!;
  const other = index.otherBits!;
  const rel = index.relevantScratch;
  const dead = index.deadScratch;
  const cellDead = index.cellScratch;
  const cellStart = index.cellStart;
  const { offset, shift, isInt, wide, full } = d;
  const { min, max, size } = d.schema;
  const words = space.words;
  const base = space.base[node];
  const traced = s.trace !== null;
  // Invariant pruning, where it is on: also out, the actions with a condition that excludes a value the node needs
  // in a cell they leave alone (regressing through them gives a dead goal). A trace regresses them for their verdicts.
  const mutexBits = s.mutexActive && !traced ? s.mutex!.deadBits : null;
  for (let i = 0; i < W; i++) rel[i] = dead[i] = 0;
  for (let c = 0; c < size; c++) {
    if (isInt[c] === 1) continue;
    const o = base + offset[c];
    const wd = wide[c] === 1;
    if (wd ? wideFree(words, o, max[c] + 1) : isFree(words, o, shift[c], false, c, min, max, full)) continue;
    // Ruled out at this cell: the actions that set it to none of the allowed values (the setters of other values of each).
    let values = 0;
    for (let w = 0, n = wd ? (max[c] + 32) >>> 5 : 1; w < n; w++) {
      for (let m = wd ? words[o + w] : maskAt(words, o, shift[c], full[c]); m !== 0; m &= m - 1) {
        const fb = (cellStart[c] + w * 32 + 31 - Math.clz32(m & -m)) * W;
        for (let i = 0; i < W; i++) rel[i] |= setter[fb + i];
        // Out for this value: setting the cell to another value, or (pruning) needing what excludes this one.
        if (mutexBits === null) {
          if (values++ === 0) for (let i = 0; i < W; i++) cellDead[i] = other[fb + i];
          else for (let i = 0; i < W; i++) cellDead[i] &= other[fb + i];
        } else if (values++ === 0) for (let i = 0; i < W; i++) cellDead[i] = other[fb + i] | mutexBits[fb + i];
        else for (let i = 0; i < W; i++) cellDead[i] &= other[fb + i] | mutexBits[fb + i];
      }
    }
    for (let i = 0; i < W; i++) dead[i] |= cellDead[i];
  }
  const stamp = s.expansionId;
  const seen = s.seen;
  for (let i = 0; i < W; i++) {
    let bits = traced ? rel[i] : rel[i] & ~dead[i];
    // Excluded candidates count as seen (the int cells' lookups would only regress them to fail).
    for (let x = rel[i] & dead[i]; x !== 0; x &= x - 1) seen[(i << 5) + 31 - Math.clz32(x & -x)] = stamp;
    for (; bits !== 0; bits &= bits - 1) {
      const a = (i << 5) + 31 - Math.clz32(bits & -bits);
      seen[a] = stamp;
      const next = regressThrough(s, node, a, atLimit, ch);
      if (next !== GO_ON) return next;
    }
  }
  return GO_ON;
}

/** Regress `node` through action `a` and trace the verdict: whether the expansion goes on, stops or fails. */
function regressThrough(s: SearchState, node: number, a: number, atLimit: boolean, ch: ChangeList): number {
  const verdict = consider(s, node, a, atLimit, Check.backward, ch);
  if (verdict === NODES_FULL) return FULL;
  if (s.trace !== null) traceVerdict(s, a, verdict);
  else if (verdict === Verdict.tooLong) return STOP;
  return GO_ON;
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
      const verdict = consider(s, node, a, atLimit, Check.forward, ch);
      if (verdict === NODES_FULL) return false;
      traceVerdict(s, a, verdict);
    }
    return true;
  }
  // Only the actions whose single-value conditions hold here: walk the successor generator's decision tree.
  const index = s.forwardIndex!;
  const tree = index.nodes;
  const children = index.children;
  const actions = index.actions;
  const rest = index.checkRest;
  const stack = index.stack;
  const base = s.space.base[node];
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const at = stack[--top] * TreeNode.size;
    for (let k = tree[at + TreeNode.first], end = tree[at + TreeNode.end]; k < end; k++) {
      const a = actions[k];
      const verdict = consider(s, node, a, atLimit, rest[a] === 1 ? Check.forward : Check.effectsOnly, ch);
      if (verdict === NODES_FULL) return false;
      if (verdict === Verdict.tooLong) return true;
    }
    const c = tree[at + TreeNode.cell];
    if (c < 0) continue;
    if (tree[at + TreeNode.dontCare] >= 0) stack[top++] = tree[at + TreeNode.dontCare];
    // The words array may be reallocated by a stored candidate: read it per node.
    const child = children[tree[at + TreeNode.children] + s.space.words[base + c]];
    if (child >= 0) stack[top++] = child;
  }
  return true;
}

/**
 * Candidate `a` of `node`, generated in `ch`: rules 2-3 (or applicability),
 * usability (rule 4, cost), the length limit, then {@link link}. Returns the verdict code.
 */
function consider(s: SearchState, node: number, a: number, atLimit: boolean, check: number, ch: ChangeList): number {
  const use = s.usable(a);
  // Unusable actions are dropped before regressing; with a trace they are regressed first, so verdicts keep the rule order.
  if (use !== 0 && s.trace === null) return use;
  const backward = check === Check.backward;
  const verdict = backward ? regress(s, node, a, ch) : progress(s, node, a, ch, check === Check.forward);
  if (verdict !== Verdict.kept) return verdict;
  // A regressed goal that needs two values no reachable state holds together is dead (state-invariant pruning).
  // Traced, it is checked here so verdicts keep the rule order; else in `link`, once duplicates are out.
  if (backward && s.mutexActive && s.trace !== null && s.mutex!.dead(s.space.words, s.space.base[node], ch)) return fail(s, -2, Verdict.unreachable);
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
  // The action applied when the node was generated: its effects alone rebuild the state.
  else progress(s, parent, space.action[node], ch, false);
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
  // Compared as parent + changes: a duplicate (most candidates) is never written.
  const reopened = space.admit(hash, space.base[node], ch, g, depth);
  if (reopened < 0) return fail(s, -1, Verdict.duplicate);
  // Not yet checked for invariants (see `consider`): a candidate equal to a stored node was checked as that node.
  if (s.mutexActive && s.trace === null && !space.matched && s.mutex!.dead(space.words, space.base[node], ch)) return fail(s, -2, Verdict.unreachable);
  let at = -1;
  // Narrow nodes are cheaper to write now than to rebuild when popped; wide ones are built lazily (see `eagerWords`).
  if (space.width <= s.eagerWords || !s.incremental) {
    at = space.claim();
    writeChanges(space, node, ch, at);
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
