import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import type { ActionCache } from './ActionCache.js';
import type { BackwardIndex } from './BackwardIndex.js';
import type { BitLayout } from './BitLayout.js';
import { createChangeList, type ChangeList } from './ChangeList.js';
import { TreeNode, type ForwardIndex } from './ForwardIndex.js';
import type { GoapResult } from './GoapResult.js';
import { MutexPruning } from './MutexPruning.js';
import { BitNodes, popcount } from './BitNodes.js';
import { Limit } from './Limit.js';
import { FULL, GO_ON, STOP } from './ExpandStep.js';
import type { ExpanderSettings } from './Expander.js';
import { BitStep } from './BitStep.js';
import { achieverMasks } from './achieverMasks.js';

/** The settings the fast path reads, fixed when the planner is built. @internal */
export interface BitSettings extends ExpanderSettings {
  readonly greedy: boolean;
  readonly maxExpansions: number;
  readonly maxNodes: number;
}

/** Where the fast path reads the backward index and invariant pruning the general expander uses (tests swap them). @internal */
export interface BitExpansion {
  readonly backwardIndexInUse: BackwardIndex | null;
  readonly forwardIndexInUse: ForwardIndex | null;
  readonly invariantPruningAfter: number;
}

/**
 * A* with the count heuristic, backward or forward, for domains that fit a {@link BitLayout}: a node is one or two integers in
 * typed arrays, the closed set an open-addressed table keyed by them, the open list a binary heap of node indices,
 * and regression is mask arithmetic. It makes the general path's decisions in the same order (candidates, rule
 * checks, duplicate and dominance tests, invariant pruning, open-list order: lower f, then h, then index), so
 * its plans, costs and counts are the general path's. Owned by one search; steady-state searches allocate nothing.
 * @internal
 */
export class BitSearch {
  private readonly W: number;
  private readonly forward: boolean;
  private readonly mutex: MutexPruning | null;
  /** Forward: the goal's fast words (a state's field with its bit outside them is an open condition). */
  private g0 = 0;
  private g1 = 0;
  private readonly seen: Int32Array;
  /** The node in the domain's node words (the other words are the goal's), for the index's and the invariants' checks. */
  private readonly scratch: Int32Array;
  private readonly ch: ChangeList;
  /** Per fast word: one bit per cell, its value in the start state. */
  private readonly s0: Int32Array;
  private readonly nodes: BitNodes;
  private index: BackwardIndex | null = null;
  /** The index's achievers per fact as masks (see `achieverMasks`; null: walk its lists), and the index they are of. */
  private masks: Int32Array | null = null;
  private masksOf: BackwardIndex | null = null;
  /** With {@link masks}: the actions the running expansion has met. */
  private met = 0;
  private forwardIndex: ForwardIndex | null = null;
  private mutexAfter = 16;
  private mutexActive = false;
  private expansions = 0;
  private expansionId = 0;
  private cut = false;
  private restartAt = 0;
  private startValues: ArrayLike<number> = [];
  /** The goal's node words, copied into {@link scratch} when a search first needs it ({@link scratchReady}). */
  private goalWords: Int32Array = new Int32Array(0);
  private scratchReady = false;
  private expandedInStep = 0;

  constructor(
    private readonly domain: GoapDomain,
    private readonly L: BitLayout,
    private readonly settings: BitSettings,
    private readonly cache: ActionCache,
    private readonly result: GoapResult,
    private readonly expansion: BitExpansion,
    /** The search's limits (`Limit`): the cost from which nodes are dropped and the time past which the search stops. */
    private readonly limits: Float64Array,
  ) {
    this.W = L.width;
    this.forward = settings.mode === 'forward';
    this.mutex = this.forward ? null : MutexPruning.of(domain);
    this.seen = new Int32Array(domain.actionCount);
    this.scratch = new Int32Array(domain.words);
    this.ch = createChangeList(domain);
    this.s0 = new Int32Array(L.width);
    this.nodes = new BitNodes(L.width, settings.maxNodes, settings.weight, settings.greedy);
  }

  /** Expansions done by the last {@link step}. */
  get done(): number {
    return this.expandedInStep;
  }

  /**
   * Node `node` of the current or last search in the general path's layout (backward: the domain's node words;
   * forward: one value per cell), for describing it. Allocates.
   */
  nodeWords(node: number): Int32Array {
    const w0 = this.nodes.words[node * this.W];
    const w1 = this.W === 2 ? this.nodes.words[node * this.W + 1] : 0;
    return this.L.generalWords(this.forward, w0, w1, this.goalWords, this.startValues, this.domain.schema.size);
  }

  /** Nodes stored by the current or last search. */
  get stored(): number {
    return this.nodes.count;
  }

  /** Bytes one stored node takes. */
  get nodeBytes(): number {
    return this.nodes.nodeBytes;
  }

  /** Node memory of the current search: its nodes' records and the table. */
  usedBytes(): number {
    return this.nodes.usedBytes();
  }

  /**
   * Store the root of a search towards `goal` from the state `values` (`unsat` of the goal's conditions open there);
   * with `restartAt` > 0 the search hands over to the general path once it has stored that many nodes. With `blind`,
   * the search ignores the count (h = 0: a blind phase of forward `'admissible'`).
   */
  begin(goal: CompiledGoal, values: ArrayLike<number>, unsat: number, restartAt: number, blind = false): void {
    const L = this.L;
    const W = this.W;
    this.startValues = values;
    this.restartAt = restartAt;
    this.index = this.expansion.backwardIndexInUse;
    if (this.index !== this.masksOf) {
      this.masksOf = this.index;
      this.masks = this.index === null ? null : achieverMasks(this.index, this.domain.actionCount);
    }
    this.forwardIndex = this.expansion.forwardIndexInUse;
    this.mutexAfter = this.expansion.invariantPruningAfter;
    this.mutexActive = false;
    this.expansions = 0;
    this.cut = false;
    this.nodes.reset(blind);
    this.goalWords = goal.words;
    this.scratchReady = false;
    // The start state's value bits, gathered in locals (a search's setup is a good share of a tiny search).
    let s0 = 0;
    let s1 = 0;
    const { cells, cellBit } = L;
    for (let i = 0, n = cells.length; i < n; i++) {
      // The value's bit across the two words (a shift counts modulo 32, so bit b of the second word is 1 << b).
      const b = cellBit[i] + values[cells[i]];
      if (b < 32) s0 |= 1 << b;
      else s1 |= 1 << b;
    }
    this.s0[0] = s0;
    if (W === 2) this.s0[1] = s1;
    this.g0 = goal.words[L.wordAt[0]];
    this.g1 = W === 2 ? goal.words[L.wordAt[1]] : 0;
    // Backward the root is the goal; forward, the start state.
    const w0 = this.forward ? s0 : this.g0;
    const w1 = this.forward ? s1 : this.g1;
    this.nodes.store(this.nodes.findSlot(w0, w1), -1, -1, 0, unsat, w0, w1);
  }

  /** After a {@link step} that asked to hand over: go on with this search to its end instead. */
  keepPhase(): void {
    this.restartAt = 0;
  }

  /** Node `n`'s cost from the root when it is open, else -1. */
  openCost(n: number): number {
    return this.nodes.flags[n] === 0 ? this.nodes.g[n] : -1;
  }

  /** Forward: node `n`'s state into `out[at..]`, one value per cell. */
  stateInto(n: number, out: Int32Array, at: number): void {
    const W = this.W;
    this.L.stateInto(this.nodes.words[n * W], W === 2 ? this.nodes.words[n * W + 1] : 0, this.startValues, this.domain.schema.size, out, at);
  }

  /** Expand up to `n` nodes, until the deadline in the limits (Infinity: none). */
  step(n: number): number {
    const deadline = this.limits[Limit.deadline];
    const r = this.result;
    this.expandedInStep = 0;
    while (this.expandedInStep < n) {
      const node = this.nodes.pop();
      if (node < 0) return this.cut ? BitStep.length : BitStep.none;
      if (this.nodes.flags[node] === 1) continue;
      if (this.nodes.unsat[node] === 0) {
        this.writePlan(node);
        return BitStep.found;
      }
      if (this.restartAt > 0 && this.nodes.count >= this.restartAt) {
        // Open again: the search may go on (see `keepPhase`).
        this.nodes.push(node);
        return BitStep.restart;
      }
      if (r.expanded >= this.settings.maxExpansions) {
        this.nodes.push(node);
        return BitStep.expansions;
      }
      if (deadline !== Infinity && (r.expanded & 15) === 0 && performance.now() > deadline) {
        this.nodes.push(node);
        return BitStep.time;
      }
      this.nodes.flags[node] = 2;
      r.countExpansion();
      this.expandedInStep++;
      if (!this.expand(node)) return BitStep.nodes;
    }
    return BitStep.running;
  }

  /** The plan of `node` (backward its parents lead back to the goal, so in execution order) into the result; its cost. */
  private writePlan(node: number): void {
    const r = this.result;
    if (this.forward) {
      let i = this.nodes.depth[node];
      for (let n = node; this.nodes.parent[n] >= 0; n = this.nodes.parent[n]) r.actions[--i] = this.nodes.action[n];
    } else {
      let i = 0;
      for (let n = node; this.nodes.parent[n] >= 0; n = this.nodes.parent[n]) r.actions[i++] = this.nodes.action[n];
    }
    r.setPlan(this.nodes.depth[node], this.nodes.g[node]);
  }

  /** Generate `node`'s successors: the general path's candidates in its order. False when the node pool is full. */
  private expand(node: number): boolean {
    if (this.expansions++ === this.mutexAfter && this.mutex !== null) this.mutexActive = this.mutex.admit(this.startValues);
    const stamp = (this.expansionId = (this.expansionId + 1) | 0);
    const atLimit = this.nodes.depth[node] >= this.settings.maxPlanLength;
    if (atLimit && this.cut) return true;
    const W = this.W;
    const w0 = this.nodes.words[node * W];
    const w1 = W === 2 ? this.nodes.words[node * W + 1] : 0;
    if (this.forward) return this.expandForward(node, atLimit, w0, w1);
    const index = this.index!;
    if (index.setterBits !== null) {
      const L = this.L;
      this.readyScratch();
      this.scratch[L.wordAt[0]] = w0;
      if (W === 2) this.scratch[L.wordAt[1]] = w1;
      index.collectCandidates(this.scratch, 0, this.mutexActive ? this.mutex!.deadBits : null);
      const rel = index.relevantScratch;
      const dead = index.deadScratch;
      for (let i = 0; i < index.setWords; i++) {
        for (let bits = rel[i] & ~dead[i]; bits !== 0; bits &= bits - 1) {
          const next = this.consider(node, (i << 5) + 31 - Math.clz32(bits & -bits), atLimit, w0, w1);
          if (next !== GO_ON) return next === STOP;
        }
      }
      return true;
    }
    const L = this.L;
    const cellStart = index.cellStart;
    if (!L.bitOrdered) return this.expandByCells(node, atLimit, w0, w1, stamp);
    this.met = 0;
    for (let j = 0; j < W; j++) {
      const w = j === 0 ? w0 : w1;
      // The constrained fields (those with an excluded value: a 0 bit), lowest bit first, which is cell order here.
      for (let z = ~w & L.fieldBits[j]; z !== 0;) {
        const at = L.bitCell[32 * j + 31 - Math.clz32(z & -z)];
        const full = L.cellFull[at];
        const sh = L.cellShift[at];
        z &= ~(full << sh);
        for (let m = (w >>> sh) & full; m !== 0; m &= m - 1) {
          const fact = cellStart[L.cells[at]] + 31 - Math.clz32(m & -m);
          const next = this.masks !== null ? this.regressByMask(node, fact, atLimit, w0, w1) : this.regressByFact(node, fact, atLimit, w0, w1, stamp);
          if (next !== GO_ON) return next === STOP;
        }
      }
    }
    return true;
  }

  /** {@link regressByFact} over the fact's achiever mask: the actions of it not met yet in this expansion, in list order. */
  private regressByMask(node: number, fact: number, atLimit: boolean, w0: number, w1: number): number {
    const need = this.L.need;
    const W = this.W;
    let bits = this.masks![fact] & ~this.met;
    this.met |= bits;
    for (; bits !== 0; bits &= bits - 1) {
      const a = 31 - Math.clz32(bits & -bits);
      if ((w0 & need[a * W]) !== need[a * W] || (W === 2 && (w1 & need[a * W + 1]) !== need[a * W + 1])) continue;
      const next = this.consider(node, a, atLimit, w0, w1);
      if (next !== GO_ON) return next;
    }
    return GO_ON;
  }

  /** {@link expand}'s walk over the achiever lists where the layout's bit order is not cell order: every cell looked at. */
  private expandByCells(node: number, atLimit: boolean, w0: number, w1: number, stamp: number): boolean {
    const L = this.L;
    const cellStart = this.index!.cellStart;
    for (let i = 0; i < L.cells.length; i++) {
      const full = L.cellFull[i];
      let m = ((L.cellWord[i] === 0 ? w0 : w1) >>> L.cellShift[i]) & full;
      if (m === full) continue;
      for (; m !== 0; m &= m - 1) {
        const next = this.regressByFact(node, cellStart[L.cells[i]] + 31 - Math.clz32(m & -m), atLimit, w0, w1, stamp);
        if (next !== GO_ON) return next === STOP;
      }
    }
    return true;
  }

  /** The achievers of fact `fact` (a value the node allows) not yet considered in this expansion, each considered in turn. */
  private regressByFact(node: number, fact: number, atLimit: boolean, w0: number, w1: number, stamp: number): number {
    const { start, achievers } = this.index!;
    const seen = this.seen;
    const need = this.L.need;
    const W = this.W;
    for (let k = start[fact], end = start[fact + 1]; k < end; k++) {
      const a = achievers[k];
      if (seen[a] === stamp) continue;
      seen[a] = stamp;
      // An effect that sets a value the goal excludes fails at once.
      if ((w0 & need[a * W]) !== need[a * W] || (W === 2 && (w1 & need[a * W + 1]) !== need[a * W + 1])) continue;
      const next = this.consider(node, a, atLimit, w0, w1);
      if (next !== GO_ON) return next;
    }
    return GO_ON;
  }

  /**
   * Forward: the actions the successor generator's decision tree offers for the state (`w0`, `w1`), in its order,
   * applied where their conditions hold. False when the node pool is full.
   */
  private expandForward(node: number, atLimit: boolean, w0: number, w1: number): boolean {
    const index = this.forwardIndex!;
    const tree = index.nodes;
    const children = index.children;
    const actions = index.actions;
    const stack = index.stack;
    const L = this.L;
    let top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const at = stack[--top] * TreeNode.size;
      for (let k = tree[at + TreeNode.first], end = tree[at + TreeNode.end]; k < end; k++) {
        const next = this.apply(node, actions[k], atLimit, w0, w1);
        if (next !== GO_ON) return next === STOP;
      }
      const c = tree[at + TreeNode.cell];
      if (c < 0) continue;
      if (tree[at + TreeNode.dontCare] >= 0) stack[top++] = tree[at + TreeNode.dontCare];
      // The cell's value: its field's one bit, or (a cell no action touches) its start value.
      const j = L.fieldWord[c];
      const v = j < 0 ? this.startValues[c] : 31 - Math.clz32(((j === 0 ? w0 : w1) >>> this.domain.shift[c]) & this.domain.full[c]);
      const child = children[tree[at + TreeNode.children] + v];
      if (child >= 0) stack[top++] = child;
    }
    return true;
  }

  /** Forward candidate `a` of the state `w0`, `w1`: usability, its conditions, the length limit, then storing the successor. */
  private apply(node: number, a: number, atLimit: boolean, w0: number, w1: number): number {
    if (this.cache.usable(a) !== 0) return GO_ON;
    const L = this.L;
    for (let t = L.applyStart[a], end = L.applyStart[a + 1]; t < end; t++) if (((L.applyWord[t] === 0 ? w0 : w1) & L.applyMask[t]) === 0) return GO_ON;
    const o = a * this.W;
    const n0 = (w0 & L.clear[o]) | L.need[o];
    const n1 = this.W === 2 ? (w1 & L.clear[o + 1]) | L.need[o + 1] : 0;
    if (atLimit) {
      this.cut = true;
      return STOP;
    }
    const unsat = this.nodes.unsat[node] + popcount(n0 & ~this.g0) - popcount(w0 & ~this.g0) + popcount(n1 & ~this.g1) - popcount(w1 & ~this.g1);
    return this.link(node, a, w0, w1, n0, n1, unsat);
  }

  /** Candidate `a` of `node` (words `w0`, `w1`): usability, regression (rules 2-3), the length limit, then storing it. */
  private consider(node: number, a: number, atLimit: boolean, w0: number, w1: number): number {
    if (this.cache.usable(a) !== 0) return GO_ON;
    const L = this.L;
    const W = this.W;
    const o = a * W;
    let n0 = w0 & L.cond[o];
    if ((n0 & L.hold[o]) !== L.hold[o]) return GO_ON;
    let n1 = 0;
    if (W === 2) {
      n1 = w1 & L.cond[o + 1];
      if ((n1 & L.hold[o + 1]) !== L.hold[o + 1]) return GO_ON;
    }
    for (let t = L.checkStart[a], end = L.checkStart[a + 1]; t < end; t++) if (((L.checkWord[t] === 0 ? n0 : n1) & L.checkMask[t]) === 0) return GO_ON;
    n0 = (n0 & L.clear[o]) | L.put[o];
    if (W === 2) n1 = (n1 & L.clear[o + 1]) | L.put[o + 1];
    if (atLimit) {
      this.cut = true;
      return STOP;
    }
    const s0 = this.s0;
    let unsat = this.nodes.unsat[node] + popcount(s0[0] & ~n0) - popcount(s0[0] & ~w0);
    if (W === 2) unsat += popcount(s0[1] & ~n1) - popcount(s0[1] & ~w1);
    return this.link(node, a, w0, w1, n0, n1, unsat);
  }

  /**
   * Store the candidate (words `n0`, `n1`) unless a stored node for the same goal is as cheap and as short; one it
   * beats on both counts is replaced (skipped when popped). Returns what the expansion does next.
   */
  private link(node: number, a: number, w0: number, w1: number, n0: number, n1: number, unsat: number): number {
    const nodes = this.nodes;
    if (!nodes.reserve()) return FULL;
    const g = nodes.g[node] + this.cache.cachedCost(a);
    if (g >= this.limits[Limit.costBound]) return GO_ON;
    const slot = nodes.admit(n0, n1, g, nodes.depth[node] + 1);
    if (slot < 0) return GO_ON;
    // A candidate equal to a stored node was checked for invariants as that node.
    if (!nodes.matched && this.mutexActive && this.dead(w0, w1, n0, n1)) return GO_ON;
    this.result.addReopened(nodes.reopened);
    nodes.store(slot, node, a, g, unsat, n0, n1);
    return GO_ON;
  }

  /** True when the candidate (words `n0`, `n1` of parent `w0`, `w1`) needs two values no reachable state holds together. */
  private dead(w0: number, w1: number, n0: number, n1: number): boolean {
    const L = this.L;
    const ch = this.ch;
    const s = this.scratch;
    this.readyScratch();
    s[L.wordAt[0]] = w0;
    ch.n = 0;
    if (n0 !== w0) {
      ch.idx[ch.n] = L.wordAt[0];
      ch.val[ch.n++] = n0;
    }
    if (this.W === 2) {
      s[L.wordAt[1]] = w1;
      if (n1 !== w1) {
        ch.idx[ch.n] = L.wordAt[1];
        ch.val[ch.n++] = n1;
      }
    }
    return this.mutex!.dead(s, 0, ch);
  }

  /** Make {@link scratch} hold the goal's words (the fast words are then written over it per use). */
  private readyScratch(): void {
    if (this.scratchReady) return;
    this.scratch.set(this.goalWords);
    this.scratchReady = true;
  }
}
