import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import type { GoalParts } from '../domain/goalParts.js';
import type { Relaxation } from '../heuristics/Relaxation.js';
import type { HeuristicSearch, SearchHeuristic } from '../heuristics/SearchHeuristic.js';
import type { ActionCache } from './ActionCache.js';
import { BackwardExpansion, type CandidateSink } from './BackwardExpansion.js';
import type { BackwardIndex } from './BackwardIndex.js';
import { createChangeList, fail, type ChangeList } from './ChangeList.js';
import { ForwardIndex, TreeNode } from './ForwardIndex.js';
import type { GoapResult } from './GoapResult.js';
import { progress, regress, writeChanges } from './regress.js';
import type { RegressionContext } from './RegressionContext.js';
import type { SearchObserver } from './SearchObserver.js';
import type { SearchSpace } from './SearchSpace.js';
import * as Verdict from './Verdict.js';
import { NODES_FULL } from './Verdict.js';
import { Check } from './ExpandStep.js';
import { Limit } from './Limit.js';

/** Node flag: open, its estimate deferred until popped (see `link`). @internal */
export const DEFERRED = 3;

/** The settings an expander reads, fixed when the planner is built. @internal */
export interface ExpanderSettings {
  readonly mode: 'backward' | 'forward';
  readonly weight: number;
  readonly maxPlanLength: number;
}

/**
 * Generates the successors of a node: A* expansion backward (regression through
 * the achievers of the node's conditions) or forward (progression through the
 * applicable actions), storing each new candidate in the node space. Owns what
 * expanding needs and nothing else: the candidate change lists, the forward
 * successor generator, the backward direction's {@link BackwardExpansion} (achievers,
 * invariant pruning), and whether the plan-length budget cut a branch. Lazily stored nodes are
 * built with {@link materialize}, which the node space calls. Steady-state expansion
 * allocates nothing. @internal
 */
export class Expander implements RegressionContext, CandidateSink {
  readonly mode: 'backward' | 'forward';
  readonly weight: number;
  readonly maxPlanLength: number;
  /** Backward additive: h is updated from each candidate's changes, reading the relaxed costs. */
  readonly additive: boolean;
  /** True when h is kept up to date from change lists (count, backward additive); false when it reads the node's words. */
  readonly incremental: boolean;
  /** The estimate of a new node waits until it is popped (costly heuristics). */
  readonly deferred: boolean;
  /** h = 0 for every node (see `SearchHeuristic.blind`): nothing to estimate. */
  private readonly blind: boolean;
  /** The relaxation an incremental backward additive estimate reads, else null. */
  readonly relaxation: Relaxation | null;
  /**
   * Nodes of at most this many words are written when generated, wider ones when popped (most generated nodes never
   * are). Forward nodes hold one value per cell: 32. Backward nodes pack bool/enum fields, so their words are dearer to
   * rebuild and cheaper to skip: 8 (measured before duplicates were compared as parent + changes: writing chain(100)'s 13-word candidates eagerly grew its pool 1.5×).
   */
  private readonly eagerWords: number;
  /** The candidate being generated; {@link rebuild} is the node being rebuilt by `materialize` (it may run mid-candidate). */
  private readonly change: ChangeList;
  private readonly rebuild: ChangeList;
  /** Forward mode: the successor generator. */
  private readonly forwardIndex: ForwardIndex | null;
  /** Backward mode: which actions a node is regressed through. */
  private readonly backward: BackwardExpansion | null;
  /** Set when a node was pruned by the plan-length budget. */
  private cut = false;
  private observer: SearchObserver | null = null;
  /** The goal's words (forward: the goal count is kept from them). */
  goalWords: Int32Array = new Int32Array(0);

  constructor(
    readonly domain: GoapDomain,
    settings: ExpanderSettings,
    readonly space: SearchSpace,
    readonly estimator: SearchHeuristic,
    /** The search the heuristic is asked about (it reads the goal, the start state and costs from it). */
    private readonly search: HeuristicSearch,
    readonly cache: ActionCache,
    /** The search's start state values (its real state): the regression counts open conditions against them. */
    readonly startValues: ArrayLike<number>,
    private readonly result: GoapResult,
    /** The search's limits: at {@link Limit.costBound}, the cost from which nodes are dropped (read, never written here). */
    private readonly limits: Float64Array,
  ) {
    this.mode = settings.mode;
    this.weight = settings.weight;
    this.maxPlanLength = settings.maxPlanLength;
    this.eagerWords = this.mode === 'forward' ? 32 : 8;
    this.additive = estimator.incremental && estimator.relaxation !== null;
    this.incremental = estimator.incremental;
    this.deferred = estimator.deferred === true && !estimator.incremental;
    this.blind = estimator.blind === true;
    this.relaxation = estimator.relaxation;
    this.change = createChangeList(domain);
    this.rebuild = createChangeList(domain);
    this.forwardIndex = this.mode === 'forward' ? new ForwardIndex(domain) : null;
    this.backward = this.mode === 'backward' ? new BackwardExpansion(domain, space, this, startValues) : null;
  }

  /**
   * Start expanding for a new search towards `goal`, reporting to `observer` (null: none); backward, with `parts`
   * (the goal's independent parts, of two or more) each node regresses only the first part it leaves open.
   */
  begin(goal: CompiledGoal, observer: SearchObserver | null, parts: GoalParts | null = null): void {
    this.goalWords = goal.words;
    this.backward?.begin(observer, parts);
    this.observer = observer;
    this.cut = false;
  }

  /** True when the plan-length budget kept a candidate out of this search. */
  get lengthPruned(): boolean {
    return this.cut;
  }

  /** For tests: invariant pruning from the `n`-th expansion of each search (-1: never). @internal */
  pruneInvariantsAfter(n: number): void {
    this.backward?.pruneAfter(n);
  }

  /** The backward index expansions read (null forward). */
  get backwardIndexInUse(): BackwardIndex | null {
    return this.backward === null ? null : this.backward.indexInUse;
  }

  /** The successor generator forward expansions walk (null backward). */
  get forwardIndexInUse(): ForwardIndex | null {
    return this.forwardIndex;
  }

  /** Expansions of each search before invariant pruning starts (-1: never). */
  get invariantPruningAfter(): number {
    return this.backward === null ? -1 : this.backward.pruningAfter;
  }

  /** For tests: expand backward through this index (with or without action bitsets). @internal */
  useBackwardIndex(index: BackwardIndex): void {
    this.backward?.useIndex(index);
  }

  /** Remember the failing touch record (for trace details) and return the verdict. */
  private fail(touch: number, verdict: number): number {
    return fail(this.change, touch, verdict);
  }

  /**
   * Expand `node` (popped, its words built): generate every successor in the
   * node space. False when the node pool is full.
   */
  expand(node: number): boolean {
    const space = this.space;
    const trace = this.observer;
    if (trace !== null) trace.expand(node, space.parent[node], space.action[node], space.g[node], space.h[node], space.words, space.base[node]);
    if (this.backward === null) return this.expandForward(node);
    // Depth is per node: at the length limit no child is stored, and once one branch was cut the rest need no work.
    const atLimit = space.depth[node] >= this.maxPlanLength;
    return this.backward.expand(node, atLimit, atLimit && this.cut && trace === null, this.change);
  }

  /**
   * Forward A* expansion over full states: every action whose conditions hold
   * on the node's state is applied, generating each candidate in `ch`. False
   * when the node pool is full.
   * @internal
   */
  private expandForward(node: number): boolean {
    const ch = this.change;
    const trace = this.observer;
    const atLimit = this.space.depth[node] >= this.maxPlanLength;
    if (atLimit && this.cut && trace === null) return true;
    if (trace !== null) {
      // Traced: every action gets a verdict.
      for (let a = 0, n = this.domain.actionCount; a < n; a++) {
        const verdict = this.consider(node, a, atLimit, Check.forward, ch);
        if (verdict === NODES_FULL) return false;
        this.traceVerdict(a, verdict);
      }
      return true;
    }
    // Only the actions whose single-value conditions hold here: walk the successor generator's decision tree.
    const index = this.forwardIndex!;
    const tree = index.nodes;
    const children = index.children;
    const actions = index.actions;
    const rest = index.checkRest;
    const stack = index.stack;
    const base = this.space.base[node];
    let top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const at = stack[--top] * TreeNode.size;
      for (let k = tree[at + TreeNode.first], end = tree[at + TreeNode.end]; k < end; k++) {
        const a = actions[k];
        const verdict = this.consider(node, a, atLimit, rest[a] === 1 ? Check.forward : Check.effectsOnly, ch);
        if (verdict === NODES_FULL) return false;
        if (verdict === Verdict.tooLong) return true;
      }
      const c = tree[at + TreeNode.cell];
      if (c < 0) continue;
      if (tree[at + TreeNode.dontCare] >= 0) stack[top++] = tree[at + TreeNode.dontCare];
      // The words array may be reallocated by a stored candidate: read it per node.
      const child = children[tree[at + TreeNode.children] + this.space.words[base + c]];
      if (child >= 0) stack[top++] = child;
    }
    return true;
  }

  /**
   * Candidate `a` of `node`, generated in `ch`: rules 2-3 (or applicability),
   * usability (rule 4, cost), the length limit, then {@link link}. Returns the verdict code.
   */
  consider(node: number, a: number, atLimit: boolean, check: number, ch: ChangeList): number {
    const use = this.cache.usable(a);
    // Unusable actions are dropped before regressing; with a trace they are regressed first, so verdicts keep the rule order.
    if (use !== 0 && this.observer === null) return use;
    const backward = check === Check.backward;
    const verdict = backward ? regress(this, node, a, ch) : progress(this, node, a, ch, check === Check.forward);
    if (verdict !== Verdict.kept) return verdict;
    // A regressed goal that needs two values no reachable state holds together is dead (state-invariant pruning).
    // Traced, it is checked here so verdicts keep the rule order; else in `link`, once duplicates are out.
    if (backward && this.observer !== null && this.backward!.dead(this.space.words, this.space.base[node], ch)) return this.fail(-2, Verdict.unreachable);
    if (use !== 0) return this.fail(-1, use);
    if (atLimit) {
      this.cut = true;
      return this.fail(-1, Verdict.tooLong);
    }
    return this.link(node, a, ch);
  }

  /**
   * Build a lazily stored node's words from its (built) parent and its action.
   * It can run in the middle of generating a candidate, so it uses its own change list.
   * @internal
   */
  materialize(node: number): void {
    const space = this.space;
    const parent = space.parent[node];
    if (parent < 0) return;
    if (space.base[parent] < 0) this.materialize(parent);
    const ch = this.rebuild;
    if (this.mode === 'backward') regress(this, parent, space.action[node], ch);
    // The action applied when the node was generated: its effects alone rebuild the state.
    else progress(this, parent, space.action[node], ch, false);
    const at = space.claim();
    space.base[node] = at;
    writeChanges(space, parent, ch, at);
  }

  /**
   * Store the candidate (`node`'s words patched by `ch`) as a node, unless it is
   * unreachable or a known node for the same state is as cheap and as short (see
   * `SearchSpace.admit`).
   */
  private link(node: number, a: number, ch: ChangeList): number {
    const space = this.space;
    if (ch.hraw === Infinity) return this.fail(-1, Verdict.unreachable);
    if (!space.reserve()) return NODES_FULL;
    // usable(a) cached the cost for this search.
    const g = space.g[node] + this.cache.cachedCost(a);
    // No cheaper plan than the bound passes through it: it cannot reach the goal cheaply enough.
    if (g >= this.limits[Limit.costBound]) return this.fail(-1, Verdict.unreachable);
    const depth = space.depth[node] + 1;
    const hash = ch.hash;
    // Compared as parent + changes: a duplicate (most candidates) is never written.
    const reopened = space.admit(hash, space.base[node], ch, g, depth);
    if (reopened < 0) return this.fail(-1, Verdict.duplicate);
    // Not yet checked for invariants (see `consider`): a candidate equal to a stored node was checked as that node.
    if (this.backward !== null && this.observer === null && !space.matched && this.backward.dead(space.words, space.base[node], ch))
      return this.fail(-2, Verdict.unreachable);
    let at = -1;
    // Narrow nodes are cheaper to write now than to rebuild when popped; wide ones are built lazily (see `eagerWords`).
    if (space.width <= this.eagerWords || (!this.incremental && !this.blind)) {
      at = space.claim();
      writeChanges(space, node, ch, at);
    }
    this.result.addReopened(reopened);
    if (this.deferred) {
      // h(parent) <= cost(a) + h*(child), so this bound is admissible whenever h is; the real estimate comes when popped.
      const bound = space.hraw[node] - this.cache.cachedCost(a);
      const h = bound > 0 ? bound : 0;
      space.commit(hash, at, node, a, g, this.weight * h, h, ch.unsat);
      space.flags[space.count - 1] = DEFERRED;
      return Verdict.kept;
    }
    const hraw = this.blind ? 0 : this.incremental ? ch.hraw : this.estimator.estimate(this.search, space.words, at, ch.unsat);
    space.commit(hash, at, node, a, g, hraw === Infinity ? Infinity : this.weight * hraw, hraw, ch.unsat);
    return hraw === Infinity ? this.fail(-1, Verdict.unreachable) : Verdict.kept;
  }

  /** Report action `a`'s verdict to the observer, with what failed (a touch record, a check) where it says. */
  traceVerdict(a: number, verdict: number): void {
    // An unusable action records whether relevance analysis dropped it rather than its cost.
    const fail =
      verdict === Verdict.procedural
        ? this.cache.failedCheck(a)
        : verdict === Verdict.unavailable
          ? this.cache.unavailableCode(a)
          : verdict === Verdict.unusable
            ? this.cache.relevant !== null && this.cache.relevant[a] === 0
              ? 1
              : 0
            : this.change.failTouch;
    this.observer!.consider(a, verdict, fail);
  }
}
