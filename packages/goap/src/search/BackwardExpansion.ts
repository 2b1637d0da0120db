import { achieves, isFree, maskAt, wideFree } from '../domain/cellSet.js';
import type { GoapDomain } from '../domain/GoapDomain.js';
import { firstOpenPart, type GoalParts } from '../domain/goalParts.js';
import * as Touch from '../domain/Touch.js';
import { BackwardIndex } from './BackwardIndex.js';
import type { ChangeList } from './ChangeList.js';
import { Check, FULL, GO_ON, STOP } from './ExpandStep.js';
import { MutexPruning } from './MutexPruning.js';
import type { SearchObserver } from './SearchObserver.js';
import type { SearchSpace } from './SearchSpace.js';
import * as Verdict from './Verdict.js';
import { NODES_FULL } from './Verdict.js';

/** What backward expansion hands each candidate to: the expander that checks, stores and traces it. @internal */
export interface CandidateSink {
  /** Check candidate action `a` of `node` (generated in `ch`) and store it if kept; returns the verdict code. */
  consider(node: number, a: number, atLimit: boolean, check: number, ch: ChangeList): number;
  /** Report action `a`'s verdict to the search's observer. */
  traceVerdict(a: number, verdict: number): void;
}

/**
 * Which actions a regressed goal is regressed through (rule 1: the achievers of the values it allows), in the
 * general path's order, each handed to the expander's {@link CandidateSink}. Owns what only the backward direction
 * needs: the achiever index, the per-expansion "already considered" stamps, state-invariant pruning and when it starts,
 * and the goal part the node being expanded regresses. Allocates nothing. @internal
 */
export class BackwardExpansion {
  /** Per-expansion "already considered" stamps. */
  private readonly seen: Int32Array;
  private expansionId = 0;
  private index: BackwardIndex;
  /** The domain's cross-key invariants (null: none), and whether this search prunes with them. */
  private readonly mutex: MutexPruning | null;
  private mutexActive = false;
  /** Expansions before invariant pruning starts: searches smaller than this (the soldier's 4) skip its cost. */
  private mutexAfter = 16;
  private expansions = 0;
  /** The goal's independent parts when this search regresses one at a time (else null), and the part the node being expanded regresses. */
  private parts: GoalParts | null = null;
  private openPart = -1;
  private observer: SearchObserver | null = null;

  constructor(
    private readonly domain: GoapDomain,
    private readonly space: SearchSpace,
    private readonly sink: CandidateSink,
    /** The search's start state values: the goal's open parts and the invariants are read against them. */
    private readonly startValues: ArrayLike<number>,
  ) {
    this.seen = new Int32Array(domain.actionCount);
    this.index = new BackwardIndex(domain);
    this.mutex = MutexPruning.of(domain);
  }

  /** Start a search reporting to `observer`: with `parts` (of two or more), each node regresses only the first part it leaves open. */
  begin(observer: SearchObserver | null, parts: GoalParts | null): void {
    this.parts = parts !== null && parts.count > 1 ? parts : null;
    this.observer = observer;
    this.mutexActive = false;
    this.expansions = 0;
  }

  /** The achiever index expansions read. */
  get indexInUse(): BackwardIndex {
    return this.index;
  }

  /** For tests: expand through this index (with or without action bitsets). @internal */
  useIndex(index: BackwardIndex): void {
    this.index = index;
  }

  /** Expansions of each search before invariant pruning starts (-1: never). */
  get pruningAfter(): number {
    return this.mutexAfter;
  }

  /** For tests: invariant pruning from the `n`-th expansion of each search (-1: never). @internal */
  pruneAfter(n: number): void {
    this.mutexAfter = n;
  }

  /** True when the node at `words[base..]` patched by `ch` needs two values no reachable state holds together (pruning on). */
  dead(words: Int32Array, base: number, ch: ChangeList): boolean {
    return this.mutexActive && this.mutex!.dead(words, base, ch);
  }

  /**
   * Expand a regressed goal: look up only the actions with an effect that satisfies one of the node's conditions
   * (rule 1: the achievers of each allowed value of a bool/enum cell, the effect→action index for int cells), and
   * hand each to the sink (rules 2-4), generating each candidate in `ch`. With `skip` (the length limit cut this
   * branch already and nothing is traced) it only counts the expansion. False when the node pool is full.
   */
  expand(node: number, atLimit: boolean, skip: boolean, ch: ChangeList): boolean {
    if (this.expansions++ === this.mutexAfter && this.mutex !== null) this.mutexActive = this.mutex.admit(this.startValues);
    const stamp = (this.expansionId = (this.expansionId + 1) | 0);
    if (skip) return true;
    const d = this.domain;
    const space = this.space;
    const min = d.schema.min;
    const max = d.schema.max;
    const size = d.schema.size;
    const base = space.base[node];
    const seen = this.seen;
    const T = d.touch;
    const offset = d.offset;
    const shift = d.shift;
    const isInt = d.isInt;
    const wide = d.wide;
    const full = d.full;
    const indexStart = d.indexStart;
    const indexActions = d.indexActions;
    const indexTouch = d.indexTouch;
    const trace = this.observer;
    this.openPart = this.parts === null ? -1 : firstOpenPart(d, this.parts, space.words, base, this.startValues);
    const index = this.index;
    const start = index.start;
    const cellStart = index.cellStart;
    const achievers = index.achievers;
    // Bool/enum cells through the action bitsets where the domain has them; the achiever lists below otherwise.
    const bySets = index.setterBits !== null;
    if (bySets) {
      const next = this.expandBySets(node, atLimit, ch);
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
              const next = this.regressThrough(node, a, atLimit, ch);
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
        const next = this.regressThrough(node, a, atLimit, ch);
        if (next !== GO_ON) return next === STOP;
      }
    }
    if (trace !== null) {
      for (let a = 0; a < d.actionCount; a++) if (seen[a] !== stamp) trace.consider(a, Verdict.noEffect, -1);
    }
    return true;
  }

  /**
   * The bool/enum part of {@link expand} over the action bitsets of {@link BackwardIndex}: the candidates are the
   * actions that set a value the node allows in some constrained cell (rule 1), less those that set a value it
   * excludes in any (they would fail at once); each is regressed in action order and marked seen, so the int cells'
   * lookups skip it. With a trace, the excluded ones are regressed too, so every relevant action gets its verdict.
   * Returns what the expansion does next.
   */
  private expandBySets(node: number, atLimit: boolean, ch: ChangeList): number {
    const index = this.index;
    const W = index.setWords;
    const rel = index.relevantScratch;
    const dead = index.deadScratch;
    const traced = this.observer !== null;
    // Invariant pruning, where it is on: also out, the actions with a condition that excludes a value the node needs
    // in a cell they leave alone (regressing through them gives a dead goal). A trace regresses them for their verdicts.
    index.collectCandidates(this.space.words, this.space.base[node], this.mutexActive && !traced ? this.mutex!.deadBits : null);
    const stamp = this.expansionId;
    const seen = this.seen;
    for (let i = 0; i < W; i++) {
      let bits = traced ? rel[i] : rel[i] & ~dead[i];
      // Excluded candidates count as seen (the int cells' lookups would only regress them to fail).
      for (let x = rel[i] & dead[i]; x !== 0; x &= x - 1) seen[(i << 5) + 31 - Math.clz32(x & -x)] = stamp;
      for (; bits !== 0; bits &= bits - 1) {
        const a = (i << 5) + 31 - Math.clz32(bits & -bits);
        seen[a] = stamp;
        const next = this.regressThrough(node, a, atLimit, ch);
        if (next !== GO_ON) return next;
      }
    }
    return GO_ON;
  }

  /** Regress `node` through action `a` and trace the verdict: whether the expansion goes on, stops or fails. */
  private regressThrough(node: number, a: number, atLimit: boolean, ch: ChangeList): number {
    // Another part of the goal: regressed after this node's first open part (see `GoalParts`).
    if (this.openPart >= 0 && this.parts!.partOfAction[a] !== this.openPart) return GO_ON;
    const verdict = this.sink.consider(node, a, atLimit, Check.backward, ch);
    if (verdict === NODES_FULL) return FULL;
    if (this.observer !== null) this.sink.traceVerdict(a, verdict);
    else if (verdict === Verdict.tooLong) return STOP;
    return GO_ON;
  }
}
