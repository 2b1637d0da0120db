import { countViolated } from '../domain/cellSet.js';
import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import type { ActionCache } from './ActionCache.js';
import type { BackwardIndex } from './BackwardIndex.js';
import type { BitLayout } from './BitLayout.js';
import { popcount } from './BitNodes.js';
import type { BitExpansion, BitSettings } from './BitSearch.js';
import { BitStep } from './BitStep.js';
import { createChangeList, type ChangeList } from './ChangeList.js';
import type { GoapResult } from './GoapResult.js';
import { Limit } from './Limit.js';
import { MutexPruning } from './MutexPruning.js';
import { achieverMasks } from './achieverMasks.js';
import { KernelNodes, hashOf, pushBack } from './KernelNodes.js';
import {
  ACT,
  ACTION,
  CHECKS,
  CHECKS_END,
  CLEAR,
  COND,
  DEPTH,
  F,
  FLAGS,
  G,
  H,
  HOLD,
  KEY,
  NEED,
  NODE,
  PARENT,
  PUT,
  TAB_ACT,
  TAB_ORDER,
  UNSAT,
  WORD,
} from './kernelSlots.js';

/** What a {@link BitKernel} works with: the search's domain, layout, settings, action cache, result, backward expansion and limits. @internal */
export interface KernelParts {
  readonly domain: GoapDomain;
  readonly layout: BitLayout;
  readonly settings: BitSettings;
  readonly cache: ActionCache;
  readonly result: GoapResult;
  readonly expansion: BitExpansion;
  /** The search's limits (`Limit`): the cost from which nodes are dropped and the time past which the search stops. */
  readonly limits: Float64Array;
}

/**
 * Backward A* with the count heuristic for the smallest domains: every field an action touches in one 32-bit word and
 * at most 32 actions. A regressed goal is one integer, an action's achievers and conditions are masks, the usable
 * actions of the running search a mask, and a whole slice of the search (pop, expansion, regression, duplicate test,
 * open-list insertion) runs in one function over typed arrays (its own and its `KernelNodes`), with no call in its inner loop but the first
 * question about each action (its usability, which may run user code). It makes `BitSearch`'s decisions in the same
 * order (achievers by fact, lowest cell and value first; duplicate and dominance tests; invariant pruning; open-list
 * order: lower f, then lower h, then lower index), so its plans, costs and counts are the general path's.
 * Owned by one search; steady-state searches allocate nothing.
 * @internal
 */
export class BitKernel {
  /** The fast word's offset among the domain's node words. */
  private readonly at: number;
  /** Per cell of the word, two entries: the cell, and the bit of its value 0 (a state's value v sets bit + v). */
  private readonly cellBits: Int32Array;
  private readonly fieldBits: number;
  /**
   * The kernel's tables in one array (fewer arrays for its loop to hold): per bit of the word, two entries, the bits
   * of the field holding it (0: none) and the actions setting that value (from the backward index in use); from
   * `TAB_ORDER`, one expansion's candidates, in the order they are considered: runs of actions as masks, each taken
   * lowest first; from `TAB_ACT`, per action (stride `ACT`), the masks of `BitLayout` for the one word (need, cond,
   * hold, clear, put) and the range of its multi-value conditions' fields, whose masks follow the actions'.
   */
  private readonly tab: Int32Array;
  private index: BackwardIndex | null = null;
  private indexFits = false;
  /**
   * True when the index in use has action bitsets: an expansion's candidates are then every action setting a value
   * its constrained fields allow, in action order (as `BackwardIndex.collectCandidates` gives them), not fact by fact.
   */
  private byAction = false;
  private readonly mutex: MutexPruning | null;
  private readonly scratch: Int32Array;
  private readonly ch: ChangeList;
  /** Per action: its effective cost in the running search, read once it is known usable. */
  private readonly cost = new Float64Array(32);
  /** Actions asked about in the running search, and those of them that are usable. */
  private known = 0;
  private usable = 0;
  /** The start state's value bits, and the goal's words. */
  private s0 = 0;
  private goalWords: Int32Array = new Int32Array(0);
  private startValues: ArrayLike<number> = [];
  private restartAt = 0;
  private mutexAfter = 16;
  private mutexActive = false;
  private expansions = 0;
  private cut = false;
  private expandedInStep = 0;
  private readonly nodes: KernelNodes;
  private readonly maxNodes: number;
  private readonly domain: GoapDomain;
  private readonly L: BitLayout;
  private readonly settings: BitSettings;
  private readonly cache: ActionCache;
  private readonly result: GoapResult;
  private readonly expansion: BitExpansion;
  private readonly limits: Float64Array;

  constructor(parts: KernelParts) {
    ({
      domain: this.domain,
      layout: this.L,
      settings: this.settings,
      cache: this.cache,
      result: this.result,
      expansion: this.expansion,
      limits: this.limits,
    } = parts);
    const { domain, layout: L, settings } = parts;
    this.at = L.wordAt[0];
    this.cellBits = new Int32Array(2 * L.cells.length);
    for (let i = 0; i < L.cells.length; i++) {
      this.cellBits[2 * i] = L.cells[i];
      this.cellBits[2 * i + 1] = L.cellBit[i];
    }
    this.fieldBits = L.fieldBits[0];
    const A = domain.actionCount;
    const checks = TAB_ACT + A * ACT;
    const tab = (this.tab = new Int32Array(checks + L.checkMask.length));
    for (let i = 0; i < L.cells.length; i++) {
      const field = L.cellFull[i] << L.cellShift[i];
      for (let b = 0; b < 32; b++) if ((field >>> b) & 1) tab[2 * b] = field;
    }
    for (let a = 0; a < A; a++) {
      const o = TAB_ACT + a * ACT;
      tab[o + NEED] = L.need[a];
      tab[o + COND] = L.cond[a];
      tab[o + HOLD] = L.hold[a];
      tab[o + CLEAR] = L.clear[a];
      tab[o + PUT] = L.put[a];
      tab[o + CHECKS] = checks + L.checkStart[a];
      tab[o + CHECKS_END] = checks + L.checkStart[a + 1];
    }
    tab.set(L.checkMask, checks);
    this.mutex = MutexPruning.of(domain);
    this.scratch = new Int32Array(domain.words);
    this.ch = createChangeList(domain);
    this.maxNodes = settings.maxNodes;
    this.nodes = new KernelNodes(this.maxNodes);
  }

  /** True when backward searches over `L` may run on a kernel: one word, its fields in cell order, at most 32 actions. */
  static fits(domain: GoapDomain, L: BitLayout, settings: BitSettings): boolean {
    return settings.mode === 'backward' && L.width === 1 && L.bitOrdered && domain.actionCount <= 32;
  }

  /** Expansions done by the last {@link step}. */
  get done(): number {
    return this.expandedInStep;
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

  /** Node `node` of the current or last search in the domain's node words, for describing it. Allocates. */
  nodeWords(node: number): Int32Array {
    const out = Int32Array.from(this.goalWords);
    out[this.at] = this.nodes.ints[node * NODE + WORD];
    return out;
  }

  /**
   * Store the root of a search towards `goal` from the state `values`; with `restartAt` > 0 the search hands over to the general path once it has stored that many nodes. False (nothing
   * done) when the backward index in use does not fit the kernel (action bitsets, or achiever lists out of order).
   */
  begin(goal: CompiledGoal, values: ArrayLike<number>, restartAt: number): boolean {
    const x = this.expansion;
    if (x.backwardIndexInUse !== this.index) this.useIndex(x.backwardIndexInUse);
    if (!this.indexFits) return false;
    let s0 = 0;
    const cellBits = this.cellBits;
    for (let i = 0, n = cellBits.length; i < n; i += 2) s0 |= 1 << (cellBits[i + 1] + values[cellBits[i]]);
    this.s0 = s0;
    const w = goal.words[this.at];
    // The goal's conditions the start state violates: in the word, the value bits the goal excludes; a condition on
    // another cell (one no action touches) is counted the general way.
    let unsat = popcount(s0 & ~w);
    const { cells } = goal;
    const fieldWord = this.L.fieldWord;
    for (let i = 0; i < cells.length; i++) {
      if (fieldWord[cells[i]] !== 0) {
        unsat = countViolated(this.domain, goal, values);
        break;
      }
    }
    this.startValues = values;
    this.goalWords = goal.words;
    this.restartAt = restartAt;
    this.mutexAfter = x.invariantPruningAfter;
    this.mutexActive = false;
    this.expansions = 0;
    this.cut = false;
    this.known = 0;
    this.usable = 0;
    this.nodes.reset(w, unsat, this.settings.weight * unsat);
    return true;
  }

  /** Read the achiever masks of `index` per bit of the word (none fit when it uses action bitsets or lists out of order). */
  private useIndex(index: BackwardIndex | null): void {
    this.index = index;
    // With at most 32 actions an action bitset is one word: per fact, the achievers' mask.
    this.byAction = index !== null && index.setterBits !== null;
    const masks = index === null ? null : this.byAction ? index.setterBits : achieverMasks(index, this.domain.actionCount);
    this.indexFits = masks !== null;
    if (masks === null) return;
    const L = this.L;
    for (let i = 0; i < L.cells.length; i++) {
      const first = index!.cellStart[L.cells[i]];
      // A field's values are its low bits: value v is bit shift + v.
      for (let v = 0; L.cellFull[i] >>> v !== 0; v++) this.tab[2 * (L.cellShift[i] + v) + 1] = masks[first + v];
    }
  }

  /** Expand up to `n` nodes, until the deadline in the limits (Infinity: none); returns a {@link BitStep} code. */
  step(n: number): number {
    let done = 0;
    for (;;) {
      const code = this.run(n - done);
      done += this.expandedInStep;
      if (code !== GROW) {
        this.expandedInStep = done;
        return code;
      }
      const nodes = this.nodes;
      nodes.grow(Math.max(nodes.capacity * 2, nodes.count + this.domain.actionCount));
    }
  }

  /**
   * {@link step} in one function until it ends or the node arrays need to grow ({@link GROW}): pop, the budget checks,
   * then the node's candidates (per open field, lowest first; per value it allows, the actions setting it not met
   * yet, lowest first) regressed, tested against the closed set and pushed.
   */
  private run(n: number): number {
    const tab = this.tab;
    const fieldBits = this.fieldBits;
    const byAction = this.byAction;
    const costs = this.cost;
    const cache = this.cache;
    const r = this.result;
    const s0 = this.s0;
    const { maxPlanLength, maxExpansions, weight, greedy } = this.settings;
    const maxNodes = this.maxNodes;
    const deadline = this.limits[Limit.deadline];
    const bound = this.limits[Limit.costBound];
    const restartAt = this.restartAt;
    const A = this.domain.actionCount;
    const nodes = this.nodes;
    const { ints, keys, heap, table } = nodes;
    const tableMask = (table.length >> 1) - 1;
    const stamp = nodes.stamp;
    const capacity = nodes.capacity;
    let count = nodes.count;
    let size = nodes.heapSize;
    let known = this.known;
    let usable = this.usable;
    let expanded = r.expanded;
    let code: number = BitStep.running;
    let done = 0;
    search: while (done < n) {
      if (size === 0) {
        code = this.cut ? BitStep.length : BitStep.none;
        break;
      }
      if (count + A > capacity && capacity < maxNodes) {
        code = GROW;
        break;
      }
      // Pop the first open node (lower f, then lower h, then lower index) and sift the last one down from the top.
      const node = heap[0];
      if (--size > 0) {
        const last = heap[size];
        const fl = keys[last * KEY + F];
        const hl = keys[last * KEY + H];
        let i = 0;
        for (;;) {
          let c = 2 * i + 1;
          if (c >= size) break;
          let hc = heap[c];
          let fc = keys[hc * KEY + F];
          if (c + 1 < size) {
            const d = heap[c + 1];
            const fd = keys[d * KEY + F];
            if (fd !== fc ? fd < fc : keys[d * KEY + H] !== keys[hc * KEY + H] ? keys[d * KEY + H] < keys[hc * KEY + H] : d < hc) {
              c++;
              hc = d;
              fc = fd;
            }
          }
          if (!(fc !== fl ? fc < fl : keys[hc * KEY + H] !== hl ? keys[hc * KEY + H] < hl : hc < last)) break;
          heap[i] = hc;
          i = c;
        }
        heap[i] = last;
      }
      const at = node * NODE;
      if (ints[at + FLAGS] === 1) continue;
      if (ints[at + UNSAT] === 0) {
        // Parents lead back to the goal, so the chain is in execution order.
        const actions = r.actions;
        let k = 0;
        for (let m = node; ints[m * NODE + PARENT] >= 0; m = ints[m * NODE + PARENT]) actions[k++] = ints[m * NODE + ACTION];
        r.setPlan(ints[at + DEPTH], keys[node * KEY + G]);
        code = BitStep.found;
        break;
      }
      if (restartAt > 0 && count >= restartAt) {
        code = BitStep.restart;
        break;
      }
      if (expanded >= maxExpansions || (deadline !== Infinity && (expanded & 15) === 0 && performance.now() > deadline)) {
        code = expanded >= maxExpansions ? BitStep.expansions : BitStep.time;
        // Put the node back: the next step pops it first.
        size = pushBack(heap, keys, node, size);
        break;
      }
      ints[at + FLAGS] = 2;
      expanded++;
      done++;
      if (this.expansions++ === this.mutexAfter && this.mutex !== null) this.mutexActive = this.mutex.admit(this.startValues);
      const atLimit = ints[at + DEPTH] >= maxPlanLength;
      if (atLimit && this.cut) continue;
      const w0 = ints[at + WORD];
      const g0 = keys[node * KEY + G];
      const d1 = ints[at + DEPTH] + 1;
      const open0 = ints[at + UNSAT] - popcount(s0 & ~w0);
      // The candidates: the actions setting a value the node's constrained fields (a 0 bit: an excluded value) allow;
      // by fact (fields and values lowest first, each action at its first fact), or in action order with bitsets.
      // They come as runs, each a mask taken lowest action first: one per fact, or one in all with bitsets.
      let met = 0;
      let runs = 0;
      for (let z = ~w0 & fieldBits; z !== 0;) {
        const field = tab[2 * (31 - Math.clz32(z & -z))];
        z &= ~field;
        for (let m = w0 & field; m !== 0; m &= m - 1) {
          const bits = tab[2 * (31 - Math.clz32(m & -m)) + 1] & ~met;
          met |= bits;
          if (bits !== 0 && !byAction) tab[TAB_ORDER + runs++] = bits;
        }
      }
      if (byAction) {
        // Invariant pruning also rules out, per constrained field, the actions needing what excludes all it allows.
        tab[TAB_ORDER] = this.mutexActive ? met & this.liveByAction(w0) : met;
        runs = 1;
      }
      for (let q = 0; q < runs; q++) {
        candidates: for (let bits = tab[TAB_ORDER + q]; bits !== 0; bits &= bits - 1) {
          const a = 31 - Math.clz32(bits & -bits);
          const o = TAB_ACT + a * ACT;
          // An effect that sets a value the goal excludes fails at once.
          const need = tab[o + NEED];
          if ((w0 & need) !== need) continue;
          const bit = 1 << a;
          if ((known & bit) === 0) {
            known |= bit;
            if (cache.usable(a) === 0) {
              usable |= bit;
              costs[a] = cache.cachedCost(a);
            }
          }
          if ((usable & bit) === 0) continue;
          let n0 = w0 & tab[o + COND];
          const hold = tab[o + HOLD];
          if ((n0 & hold) !== hold) continue;
          for (let t = tab[o + CHECKS], end = tab[o + CHECKS_END]; t < end; t++) if ((n0 & tab[t]) === 0) continue candidates;
          n0 = (n0 & tab[o + CLEAR]) | tab[o + PUT];
          if (atLimit) {
            this.cut = true;
            continue search;
          }
          if (count >= maxNodes) {
            code = BitStep.nodes;
            break search;
          }
          const gn = g0 + costs[a];
          if (gn >= bound) continue;
          // The closed set: a stored node with this word as cheap and as short prunes the candidate; those it
          // beats on both counts are replaced (skipped when popped) and hand it their slot.
          let s = hashOf(n0) & tableMask;
          let slot = -1;
          let matched = false;
          let reopened = 0;
          for (; table[2 * s + 1] === stamp; s = (s + 1) & tableMask) {
            const e = table[2 * s];
            if (ints[e * NODE + WORD] !== n0) continue;
            matched = true;
            const ge = keys[e * KEY + G];
            const de = ints[e * NODE + DEPTH];
            if (ge <= gn && de <= d1) continue candidates;
            if (gn <= ge && d1 <= de) {
              if (ints[e * NODE + FLAGS] === 2) reopened++;
              ints[e * NODE + FLAGS] = 1;
              table[2 * s] = count;
              if (slot < 0) slot = s;
            }
          }
          if (slot < 0) slot = s;
          // A candidate equal to a stored node was checked for invariants as that node.
          if (!matched && this.mutexActive && this.dead(w0, n0)) continue;
          if (reopened > 0) r.addReopened(reopened);
          const k = count++;
          const u = open0 + popcount(s0 & ~n0);
          const hk = weight * u;
          const fk = greedy ? hk : gn + hk;
          const ik = k * NODE;
          ints[ik + WORD] = n0;
          ints[ik + DEPTH] = d1;
          ints[ik + FLAGS] = 0;
          ints[ik + UNSAT] = u;
          ints[ik + PARENT] = node;
          ints[ik + ACTION] = a;
          const kk = k * KEY;
          keys[kk + F] = fk;
          keys[kk + H] = hk;
          keys[kk + G] = gn;
          table[2 * slot] = k;
          table[2 * slot + 1] = stamp;
          // Push: sift the new node up (it has the highest index, so it goes first only on lower f or h).
          let j = size++;
          while (j > 0) {
            const p = (j - 1) >> 1;
            const q = heap[p];
            const fq = keys[q * KEY + F];
            if (!(fk !== fq ? fk < fq : hk < keys[q * KEY + H])) break;
            heap[j] = q;
            j = p;
          }
          heap[j] = k;
        }
      }
    }
    r.countExpansions(expanded - r.expanded);
    nodes.settle(count, size);
    this.known = known;
    this.usable = usable;
    this.expandedInStep = done;
    return code;
  }

  /** With action bitsets and invariant pruning on: the candidates of the node `w0` that no rule rules out (see `BackwardIndex.collectCandidates`). */
  private liveByAction(w0: number): number {
    const s = this.scratch;
    const index = this.index!;
    s.set(this.goalWords);
    s[this.at] = w0;
    index.collectCandidates(s, 0, this.mutex!.deadBits);
    return index.relevantScratch[0] & ~index.deadScratch[0];
  }

  /** True when the candidate `n0` of the node `w0` needs two values no reachable state holds together. */
  private dead(w0: number, n0: number): boolean {
    const s = this.scratch;
    const ch = this.ch;
    s.set(this.goalWords);
    s[this.at] = w0;
    ch.n = 0;
    if (n0 !== w0) {
      ch.idx[0] = this.at;
      ch.val[0] = n0;
      ch.n = 1;
    }
    return this.mutex!.dead(s, 0, ch);
  }
}

/** What {@link BitKernel.run} returns when the node arrays must grow before it goes on (not a {@link BitStep} code). */
const GROW = -1;
