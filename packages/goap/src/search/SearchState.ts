import { UserCodeError, createState, firstFailing, type WorldState } from '@dualplan/world-state';
import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import type { GoapTrace } from '../diagnostics/GoapTrace.js';
import type { HeuristicSearch, SearchHeuristic } from '../heuristics/SearchHeuristic.js';
import type { ActionStats } from './ActionStats.js';
import { BackwardIndex } from './BackwardIndex.js';
import { ChangeList } from './ChangeList.js';
import { ForwardIndex } from './ForwardIndex.js';
import { GoapResult } from './GoapResult.js';
import { MutexPruning } from './MutexPruning.js';
import type { SearchSpace } from './SearchSpace.js';
import * as Verdict from './Verdict.js';

/** The settings a search runs with, fixed when the planner is built (the planner has them). @internal */
export interface SearchSettings {
  readonly mode: 'backward' | 'forward';
  readonly weight: number;
  readonly maxExpansions: number;
  readonly maxPlanLength: number;
  readonly timeBudgetMs: number;
}

/**
 * The state of one planner's search, shared with the expansion functions: the
 * node space, the start state, per-action usability and cost caches, the
 * candidate change lists, the result and the trace, with the settings it runs
 * with. {@link GoapSearch} drives it. @internal
 */
export class SearchState implements SearchSettings, HeuristicSearch {
  readonly mode: 'backward' | 'forward';
  readonly weight: number;
  readonly maxExpansions: number;
  readonly maxPlanLength: number;
  readonly timeBudgetMs: number;
  /** The last search's outcome (reused). */
  readonly result: GoapResult;
  /** Trace of the running or last search, when one is attached. */
  trace: GoapTrace | null = null;
  /** User code that failed in the current call, each once per search; moved into the result's `faults`. */
  readonly faultLog: UserCodeError[] = [];
  readonly start: WorldState<any>;
  ctx: unknown = undefined;
  goal: CompiledGoal | null = null;
  /** Per-search action caches, valid when `useStamp` equals `searchId`: see {@link usable}. */
  readonly useStamp: Int32Array;
  readonly costCache: Float64Array;
  readonly useCode: Uint8Array;
  readonly failedCheck: Int32Array;
  /** Per-expansion "already considered" stamps. */
  readonly seen: Int32Array;
  searchId = 0;
  expansionId = 0;
  /** Touch record of the last rejection, for trace details. */
  lastFail = -1;
  /** Set when a node was pruned by the plan-length budget. */
  lengthPruned = false;
  /** The candidate being generated; {@link rebuild} is the node being rebuilt by `materialize` (it may run mid-candidate). */
  readonly change: ChangeList;
  readonly rebuild: ChangeList;
  /** Backward additive: h is updated from each candidate's changes, reading the relaxed costs. */
  readonly additive: boolean;
  /** True when h is kept up to date from change lists (count, backward additive); false when it reads the node's words. */
  readonly incremental: boolean;
  /** The estimate of a new node waits until it is popped (costly heuristics). */
  readonly deferred: boolean;
  /** Backward: the domain's cross-key invariants (null: none), and whether this search prunes with them. */
  readonly mutex: MutexPruning | null;
  mutexActive = false;
  /** Expansions before invariant pruning starts: searches smaller than this (the soldier's 4) skip its cost. */
  mutexAfter = 16;
  /**
   * Nodes of at most this many words are written when generated, wider ones when popped (most generated nodes never
   * are). Forward nodes hold one value per cell: 32. Backward nodes pack bool/enum fields, so their words are dearer to
   * rebuild and cheaper to skip: 8 (measured before duplicates were compared as parent + changes: writing chain(100)'s 13-word candidates eagerly grew its pool 1.5×).
   */
  readonly eagerWords: number;
  /** Forward mode: the successor generator. */
  readonly forwardIndex: ForwardIndex | null;
  /** Backward mode: achievers per value and effect lists. */
  readonly backwardIndex: BackwardIndex | null;
  /** Actions relevant to this search's goal (1) when relevance analysis applies (forward search, relaxation heuristics), else null. */
  relevant: Uint8Array | null = null;
  protected readonly pruneIrrelevant: boolean;

  constructor(
    readonly domain: GoapDomain,
    settings: SearchSettings,
    /** The node store: its node budget and order (A* or greedy) are set by the planner. */
    readonly space: SearchSpace,
    readonly estimator: SearchHeuristic,
    readonly stats: ActionStats,
  ) {
    this.mode = settings.mode;
    this.weight = settings.weight;
    this.maxExpansions = settings.maxExpansions;
    this.maxPlanLength = settings.maxPlanLength;
    this.timeBudgetMs = settings.timeBudgetMs;
    this.eagerWords = this.mode === 'forward' ? 32 : 8;
    this.additive = estimator.incremental && estimator.relaxation !== null;
    this.incremental = estimator.incremental;
    this.deferred = estimator.deferred === true && !estimator.incremental;
    const A = domain.actionCount;
    this.result = new GoapResult(this.maxPlanLength);
    this.start = createState(domain.schema);
    this.costCache = new Float64Array(A);
    this.useStamp = new Int32Array(A);
    this.useCode = new Uint8Array(A);
    this.failedCheck = new Int32Array(A);
    this.seen = new Int32Array(A);
    this.change = new ChangeList(domain);
    this.rebuild = new ChangeList(domain);
    this.forwardIndex = this.mode === 'forward' ? new ForwardIndex(domain) : null;
    this.backwardIndex = this.mode === 'backward' ? new BackwardIndex(domain) : null;
    // Backward search only ever regresses through relevant actions; the others still cost forward search and relaxations.
    this.pruneIrrelevant = this.mode === 'forward' || estimator.relaxation !== null || estimator.prunesIrrelevant === true;
    this.mutex = this.mode === 'backward' ? MutexPruning.of(domain) : null;
  }

  /** Raw (unweighted) h of the node whose words are at `words[at..]`, with `unsat` open conditions. */
  estimate(words: Int32Array, at: number, unsat: number): number {
    return this.estimator.estimate(this, words, at, unsat);
  }

  /** Effective cost of action `a` in this search (dynamic cost × penalty); Infinity when unusable. */
  costOf(a: number): number {
    return this.usable(a) === 0 ? this.costCache[a] : Infinity;
  }

  /**
   * 0 when action `a` is usable in this search, else its verdict code:
   * `procedural` when a procedural check fails on the real (start) state (rule 4;
   * the check's index goes to `failedCheck`), `unusable` when its cost is Infinity.
   * Evaluated once per search.
   */
  usable(a: number): number {
    return this.useStamp[a] === this.searchId ? this.useCode[a] : this.evaluateUse(a);
  }

  /**
   * The first {@link usable} call of a search for action `a` (kept apart so the
   * cached path inlines small). A check or cost function that throws, or a cost
   * that is not a number >= 0, makes the action unusable for this search (like
   * a cost of Infinity) and is logged once as a fault; the search goes on.
   */
  private evaluateUse(a: number): number {
    const d = this.domain;
    if (this.relevant !== null && this.relevant[a] === 0) {
      // Relevance analysis dropped it: no effect the goal can use (unusable, its cost never asked).
      this.costCache[a] = Infinity;
      this.failedCheck[a] = -1;
      this.useStamp[a] = this.searchId;
      return (this.useCode[a] = Verdict.unusable);
    }
    const list = d.procedural[a];
    let failed: number;
    let cost = Infinity;
    let part = 'procedural check';
    try {
      failed = list === null ? -1 : firstFailing(list, this.start, this.ctx);
      if (failed < 0) {
        const fn = d.costFns[a];
        part = 'cost function';
        cost = fn === null ? d.baseCost[a] : fn(this.start, this.ctx);
        if (typeof cost !== 'number' || Number.isNaN(cost) || cost < 0) {
          this.faultLog.push(
            new UserCodeError(
              'INVALID_COST',
              d.actionNames[a],
              'cost',
              `Cost function of action "${d.actionNames[a]}" returned a cost that is not a number >= 0 (the action is skipped in this search)`,
              cost,
            ),
          );
          cost = Infinity;
        }
        cost *= this.stats.multipliers[a];
      }
    } catch (thrown) {
      this.faultLog.push(
        new UserCodeError(
          part === 'cost function' ? 'COST_THREW' : 'CONDITION_THREW',
          d.actionNames[a],
          part === 'cost function' ? 'cost' : 'condition',
          `The ${part} of action "${d.actionNames[a]}" threw (the action is skipped in this search)`,
          thrown,
        ),
      );
      failed = -1;
      cost = Infinity;
    }
    this.costCache[a] = cost;
    this.useCode[a] = failed >= 0 ? Verdict.procedural : cost === Infinity ? Verdict.unusable : 0;
    this.failedCheck[a] = failed;
    this.useStamp[a] = this.searchId;
    return this.useCode[a];
  }
}
