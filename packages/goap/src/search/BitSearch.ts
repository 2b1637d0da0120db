import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import type { ActionCache } from './ActionCache.js';
import type { BackwardIndex } from './BackwardIndex.js';
import type { BitLayout } from './BitLayout.js';
import { createChangeList, type ChangeList } from './ChangeList.js';
import { TreeNode, type ForwardIndex } from './ForwardIndex.js';
import type { GoapResult } from './GoapResult.js';
import { MutexPruning } from './MutexPruning.js';

/** What {@link BitSearch.step} ended with. @internal */
export const BitStep = {
  running: 0,
  found: 1,
  none: 2,
  /** Open list empty after the plan-length budget cut a branch. */
  length: 3,
  expansions: 4,
  time: 5,
  nodes: 6,
  /** The heuristic's restart is due: the search goes on in the general path. */
  restart: 7,
} as const;

/** What the expansion does after a candidate: go on, stop (the length limit cut it) or fail (no room for a node). */
const GO_ON = 0;
const STOP = 1;
const FULL = 2;

/** The settings the fast path reads, fixed when the planner is built. @internal */
export interface BitSettings {
  readonly mode: 'backward' | 'forward';
  readonly weight: number;
  readonly greedy: boolean;
  readonly maxExpansions: number;
  readonly maxPlanLength: number;
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
  private capacity = 0;
  private count = 0;
  private g = new Float64Array(0);
  private f = new Float64Array(0);
  private h = new Float64Array(0);
  private parent = new Int32Array(0);
  private action = new Int32Array(0);
  private depth = new Int32Array(0);
  private unsat = new Int32Array(0);
  private flags = new Uint8Array(0);
  private words = new Int32Array(0);
  private heap = new Int32Array(0);
  private heapSize = 0;
  private slots = new Int32Array(0);
  private slotStamp = new Int32Array(0);
  private tableMask = 0;
  private stamp = 0;
  private index: BackwardIndex | null = null;
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
  /** Bytes of the closed-set table. */
  private tableBytes = 0;
  private expandedInStep = 0;

  constructor(
    private readonly domain: GoapDomain,
    private readonly L: BitLayout,
    private readonly settings: BitSettings,
    private readonly cache: ActionCache,
    private readonly result: GoapResult,
    private readonly expansion: BitExpansion,
  ) {
    this.W = L.width;
    this.forward = settings.mode === 'forward';
    this.mutex = this.forward ? null : MutexPruning.of(domain);
    this.seen = new Int32Array(domain.actionCount);
    this.scratch = new Int32Array(domain.words);
    this.ch = createChangeList(domain);
    this.s0 = new Int32Array(L.width);
    this.grow(Math.min(64, settings.maxNodes));
  }

  /** Expansions done by the last {@link step}. */
  get done(): number {
    return this.expandedInStep;
  }

  /** Nodes stored by the current or last search. */
  get stored(): number {
    return this.count;
  }

  /** Bytes one node takes: g, f, h as float64, parent, action, depth, unsat as int32, a flags byte and its words. */
  get nodeBytes(): number {
    return 3 * 8 + 4 * 4 + 1 + this.W * 4;
  }

  /** Node memory of the current search: its nodes' records and the table. */
  usedBytes(): number {
    return this.count * this.nodeBytes + this.tableBytes;
  }

  /**
   * Store the root of a search towards `goal` from the state `values` (`unsat` of the goal's conditions open there);
   * with `restartAt` > 0 the search hands over to the general path once it has stored that many nodes.
   */
  begin(goal: CompiledGoal, values: ArrayLike<number>, unsat: number, restartAt: number): void {
    const L = this.L;
    const W = this.W;
    this.startValues = values;
    this.restartAt = restartAt;
    this.index = this.expansion.backwardIndexInUse;
    this.forwardIndex = this.expansion.forwardIndexInUse;
    this.mutexAfter = this.expansion.invariantPruningAfter;
    this.mutexActive = false;
    this.expansions = 0;
    this.cut = false;
    this.count = 0;
    this.heapSize = 0;
    this.stamp = (this.stamp + 1) | 0;
    // After 2^32 searches the stamps wrap: forget every slot once.
    if (this.stamp === 0) {
      this.slotStamp.fill(0);
      this.stamp = 1;
    }
    this.goalWords = goal.words;
    this.scratchReady = false;
    for (let j = 0; j < W; j++) this.s0[j] = 0;
    for (let i = 0; i < L.cells.length; i++) this.s0[L.cellWord[i]] |= 1 << (L.cellShift[i] + values[L.cells[i]]);
    this.g0 = goal.words[L.wordAt[0]];
    this.g1 = W === 2 ? goal.words[L.wordAt[1]] : 0;
    // Backward the root is the goal; forward, the start state.
    const w0 = this.forward ? this.s0[0] : this.g0;
    const w1 = this.forward ? this.s0[1] || 0 : this.g1;
    const slot = this.findSlot(w0, w1);
    this.store(slot, -1, -1, 0, unsat, w0, w1);
  }

  /** Expand up to `n` nodes; `deadline`: the `performance.now()` past which the time budget is spent (Infinity: none). */
  step(n: number, deadline: number): number {
    const r = this.result;
    this.expandedInStep = 0;
    while (this.expandedInStep < n) {
      const node = this.pop();
      if (node < 0) return this.cut ? BitStep.length : BitStep.none;
      if (this.flags[node] === 1) continue;
      if (this.unsat[node] === 0) {
        this.writePlan(node);
        return BitStep.found;
      }
      if (this.restartAt > 0 && this.count >= this.restartAt) return BitStep.restart;
      if (r.expanded >= this.settings.maxExpansions) {
        this.push(node);
        return BitStep.expansions;
      }
      if (deadline !== Infinity && (r.expanded & 15) === 0 && performance.now() > deadline) {
        this.push(node);
        return BitStep.time;
      }
      this.flags[node] = 2;
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
      let i = this.depth[node];
      for (let n = node; this.parent[n] >= 0; n = this.parent[n]) r.actions[--i] = this.action[n];
    } else {
      let i = 0;
      for (let n = node; this.parent[n] >= 0; n = this.parent[n]) r.actions[i++] = this.action[n];
    }
    r.setPlan(this.depth[node], this.g[node]);
  }

  /** Generate `node`'s successors: the general path's candidates in its order. False when the node pool is full. */
  private expand(node: number): boolean {
    if (this.expansions++ === this.mutexAfter && this.mutex !== null) this.mutexActive = this.mutex.admit(this.startValues);
    const stamp = (this.expansionId = (this.expansionId + 1) | 0);
    const atLimit = this.depth[node] >= this.settings.maxPlanLength;
    if (atLimit && this.cut) return true;
    const W = this.W;
    const w0 = this.words[node * W];
    const w1 = W === 2 ? this.words[node * W + 1] : 0;
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
    const need = L.need;
    const seen = this.seen;
    const { cellStart, start, achievers } = index;
    for (let i = 0; i < L.cells.length; i++) {
      const full = L.cellFull[i];
      let m = ((L.cellWord[i] === 0 ? w0 : w1) >>> L.cellShift[i]) & full;
      if (m === full) continue;
      for (; m !== 0; m &= m - 1) {
        const fact = cellStart[L.cells[i]] + 31 - Math.clz32(m & -m);
        for (let k = start[fact], end = start[fact + 1]; k < end; k++) {
          const a = achievers[k];
          if (seen[a] === stamp) continue;
          seen[a] = stamp;
          // An effect that sets a value the goal excludes fails at once.
          if ((w0 & need[a * W]) !== need[a * W] || (W === 2 && (w1 & need[a * W + 1]) !== need[a * W + 1])) continue;
          const next = this.consider(node, a, atLimit, w0, w1);
          if (next !== GO_ON) return next === STOP;
        }
      }
    }
    return true;
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
    const unsat = this.unsat[node] + popcount(n0 & ~this.g0) - popcount(w0 & ~this.g0) + popcount(n1 & ~this.g1) - popcount(w1 & ~this.g1);
    return this.link(node, a, w0, w1, n0, n1, unsat);
  }

  /** Candidate `a` of `node` (words `w0`, `w1`): usability, regression (rules 2-3), the length limit, then storing it. */
  private consider(node: number, a: number, atLimit: boolean, w0: number, w1: number): number {
    if (this.cache.usable(a) !== 0) return GO_ON;
    const L = this.L;
    const W = this.W;
    const o = a * W;
    let n0 = w0 & L.cond[o];
    if ((n0 & L.need[o]) !== L.need[o]) return GO_ON;
    let n1 = 0;
    if (W === 2) {
      n1 = w1 & L.cond[o + 1];
      if ((n1 & L.need[o + 1]) !== L.need[o + 1]) return GO_ON;
    }
    for (let t = L.checkStart[a], end = L.checkStart[a + 1]; t < end; t++) if (((L.checkWord[t] === 0 ? n0 : n1) & L.checkMask[t]) === 0) return GO_ON;
    n0 = (n0 & L.clear[o]) | L.put[o];
    if (W === 2) n1 = (n1 & L.clear[o + 1]) | L.put[o + 1];
    if (atLimit) {
      this.cut = true;
      return STOP;
    }
    const s0 = this.s0;
    let unsat = this.unsat[node] + popcount(s0[0] & ~n0) - popcount(s0[0] & ~w0);
    if (W === 2) unsat += popcount(s0[1] & ~n1) - popcount(s0[1] & ~w1);
    return this.link(node, a, w0, w1, n0, n1, unsat);
  }

  /**
   * Store the candidate (words `n0`, `n1`) unless a stored node for the same goal is as cheap and as short; one it
   * beats on both counts is replaced (skipped when popped). Returns what the expansion does next.
   */
  private link(node: number, a: number, w0: number, w1: number, n0: number, n1: number, unsat: number): number {
    if (this.count >= this.settings.maxNodes) return FULL;
    if (this.count === this.capacity) this.grow(Math.min(this.capacity * 2, this.settings.maxNodes));
    const g = this.g[node] + this.cache.cachedCost(a);
    const depth = this.depth[node] + 1;
    const W = this.W;
    const next = this.count;
    const words = this.words;
    let slot = -1;
    let reopened = 0;
    let matched = false;
    let i = hashOf(n0, n1) & this.tableMask;
    for (; this.slotStamp[i] === this.stamp; i = (i + 1) & this.tableMask) {
      const m = this.slots[i];
      if (words[m * W] !== n0 || (W === 2 && words[m * W + 1] !== n1)) continue;
      matched = true;
      if (this.g[m] <= g && this.depth[m] <= depth) return GO_ON;
      if (g <= this.g[m] && depth <= this.depth[m]) {
        if (this.flags[m] === 2) reopened++;
        this.flags[m] = 1;
        this.slots[i] = next;
        if (slot < 0) slot = i;
      }
    }
    if (slot < 0) slot = i;
    if (!matched && this.mutexActive && this.dead(w0, w1, n0, n1)) return GO_ON;
    this.result.addReopened(reopened);
    this.store(slot, node, a, g, unsat, n0, n1);
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

  /** Keep a node at table slot `slot` (empty, or handed over by a replaced node) and open it. */
  private store(slot: number, parent: number, a: number, g: number, unsat: number, w0: number, w1: number): void {
    const n = this.count++;
    const W = this.W;
    const h = this.settings.weight * unsat;
    this.parent[n] = parent;
    this.action[n] = a;
    this.depth[n] = parent < 0 ? 0 : this.depth[parent] + 1;
    this.g[n] = g;
    this.h[n] = h;
    this.f[n] = this.settings.greedy ? h : g + h;
    this.unsat[n] = unsat;
    this.flags[n] = 0;
    this.words[n * W] = w0;
    if (W === 2) this.words[n * W + 1] = w1;
    this.slots[slot] = n;
    this.slotStamp[slot] = this.stamp;
    this.push(n);
  }

  /** True when node `a` comes before node `b` in the open list: lower f, then lower h, then lower index. */
  private before(a: number, b: number): boolean {
    const f = this.f;
    if (f[a] !== f[b]) return f[a] < f[b];
    const h = this.h;
    return h[a] !== h[b] ? h[a] < h[b] : a < b;
  }

  private push(n: number): void {
    const heap = this.heap;
    let i = this.heapSize++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(n, heap[p])) break;
      heap[i] = heap[p];
      i = p;
    }
    heap[i] = n;
  }

  private pop(): number {
    if (this.heapSize === 0) return -1;
    const heap = this.heap;
    const top = heap[0];
    const last = heap[--this.heapSize];
    const size = this.heapSize;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && this.before(heap[c + 1], heap[c])) c++;
      if (!this.before(heap[c], last)) break;
      heap[i] = heap[c];
      i = c;
    }
    if (size > 0) heap[i] = last;
    return top;
  }

  /** The first slot of the run of (`w0`, `w1`) that is free in this search. */
  private findSlot(w0: number, w1: number): number {
    let i = hashOf(w0, w1) & this.tableMask;
    while (this.slotStamp[i] === this.stamp) i = (i + 1) & this.tableMask;
    return i;
  }

  /** Room for `capacity` nodes (the nodes stored so far kept, the table rebuilt at twice the size or more). */
  private grow(capacity: number): void {
    const n = this.count;
    const W = this.W;
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(capacity);
      b.set(a.subarray(0, n));
      return b;
    };
    const i32 = (a: Int32Array, per = 1) => {
      const b = new Int32Array(capacity * per);
      b.set(a.subarray(0, n * per));
      return b;
    };
    this.g = f64(this.g);
    this.f = f64(this.f);
    this.h = f64(this.h);
    this.parent = i32(this.parent);
    this.action = i32(this.action);
    this.depth = i32(this.depth);
    this.unsat = i32(this.unsat);
    this.words = i32(this.words, W);
    // The open list holds each node at most twice (a node put back after a budget stop is popped first).
    const heap = new Int32Array(capacity + 1);
    heap.set(this.heap.subarray(0, this.heapSize));
    this.heap = heap;
    const flags = new Uint8Array(capacity);
    flags.set(this.flags.subarray(0, n));
    this.flags = flags;
    this.capacity = capacity;
    let size = 16;
    while (size < capacity * 2) size *= 2;
    if (size === this.slots.length) return;
    const oldSlots = this.slots;
    const oldStamp = this.slotStamp;
    this.slots = new Int32Array(size);
    this.slotStamp = new Int32Array(size);
    this.tableMask = size - 1;
    this.tableBytes = 8 * size;
    for (let i = 0; i < oldSlots.length; i++) {
      if (oldStamp[i] !== this.stamp) continue;
      const m = oldSlots[i];
      let j = hashOf(this.words[m * W], W === 2 ? this.words[m * W + 1] : 0) & this.tableMask;
      while (this.slotStamp[j] === this.stamp) j = (j + 1) & this.tableMask;
      this.slots[j] = m;
      this.slotStamp[j] = this.stamp;
    }
  }
}

/** Hash of a node's one or two words (a multiply-xorshift mix). */
function hashOf(w0: number, w1: number): number {
  let h = Math.imul(w0 ^ Math.imul(w1, 0x85ebca6b), 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 13);
}

/** Set bits of a 32-bit word. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
