import type { UserCodeError, WorldState } from '@dualplan/world-state';
import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import type { Relaxation } from './Relaxation.js';

/** What a heuristic reads from the search it serves. @internal */
export interface HeuristicSearch {
  readonly domain: GoapDomain;
  readonly mode: 'backward' | 'forward';
  readonly start: WorldState<any>;
  readonly goal: CompiledGoal | null;
  /** Relevance analysis of this search's goal (1 per relevant action), or null when it does not apply. */
  readonly relevant: Uint8Array | null;
  /** Effective cost of action `a` in this search; Infinity when it cannot be used. */
  costOf(a: number): number;
  /** Faults of user code contained in this search, moved into the result's `faults`. */
  readonly faultLog: UserCodeError[];
}

/**
 * One heuristic, chosen when the planner is built. `prepare` runs once per
 * search (after the start state and the goal are set); `estimate` once per
 * stored node, with the node's words at `words[at..]` (backward: a mask or an
 * interval per cell at `domain.offset`; forward: the cell values) and its count
 * of open conditions. It returns the raw (unweighted) estimate; Infinity marks a
 * dead end. Incremental heuristics (count, backward additive) are maintained by
 * the expansion from each candidate's changes instead, so their `estimate` only
 * serves the root. @internal
 */
export interface SearchHeuristic {
  readonly admissible: boolean;
  /** True when dropping the actions irrelevant to the goal (relevance analysis) makes each estimate cheaper. */
  readonly prunesIrrelevant?: boolean;
  /**
   * True for costly estimates: a new node is stored with its parent's estimate
   * less the action's cost (still a lower bound) and estimated only when popped
   * (deferred evaluation): most stored nodes are never expanded.
   */
  readonly deferred?: boolean;
  readonly incremental: boolean;
  /** True when the estimate is always 0 (blind search): the expansion stores h = 0 without asking. */
  readonly blind?: boolean;
  /**
   * The heuristic whose estimates this one's are (a bounded phase of it, as the LM-cut dive is of LM-cut): a search
   * with this heuristic set aside for a blind phase on the fast path resumes, instead of starting over, when the
   * phase picks that heuristic next.
   */
  readonly estimatesAs?: SearchHeuristic;
  /**
   * True when a forward search with this heuristic may restart into a blind phase (a restart heuristic with
   * {@link blind}): the small-domain fast path runs that phase where the domain fits it.
   */
  readonly blindPhases?: boolean;
  /** True when the estimate is the count of open conditions (at least until a restart): the small-domain fast path keeps it itself. */
  readonly countsConditions?: boolean;
  /** The relaxation an incremental backward additive estimate reads, else null. */
  readonly relaxation: Relaxation | null;
  /**
   * True when a backward search with this heuristic regresses one independent part of the goal at a time (see
   * `GoalParts`): a node's successors come from the first part it leaves open only. Plans keep their costs; only the
   * order of independent steps is fixed.
   */
  readonly regressesByParts?: boolean;
  /**
   * When set, a search that has stored `afterNodes` nodes without finding a plan starts over from its root with
   * `heuristic` (the first heuristic's budget spent counts against the search's budgets). Small searches never
   * reach it, so their plans are the first heuristic's. Read after {@link prepare} and the root's estimate, so it may
   * depend on the search; the restarted search reads its own heuristic's `restart` (phases chain).
   */
  readonly restart?: HeuristicRestart;
  prepare(s: HeuristicSearch): void;
  estimate(s: HeuristicSearch, words: Int32Array, at: number, unsat: number): number;
  /**
   * Told once when a search prepared with this heuristic ends (found, none, budget, or cancelled), with the nodes it
   * expanded over all its phases: a heuristic that keeps per-goal tables weighs them against the searches made without.
   */
  ended?(s: HeuristicSearch, expanded: number): void;
}

/** Where and with what a search starts over (see {@link SearchHeuristic.restart}). @internal */
export interface HeuristicRestart {
  readonly afterNodes: number;
  readonly heuristic: SearchHeuristic;
  /**
   * Backward: a goal of at least this many independent parts (see `GoalParts`) starts with `heuristic` at once
   * (absent: never).
   */
  readonly partsAtOnce?: number;
  /** When set, the phase also restarts after this many expansions of its own, if that comes first. */
  readonly afterExpansions?: number;
  /**
   * Asked once, when the search reaches `afterNodes` stored nodes (or `afterExpansions`): the heuristic to start over with, or null to keep
   * this phase to the end of the search (absent: start over with `heuristic`).
   */
  decide?(s: PhaseSearch): SearchHeuristic | null;
}

/** What {@link HeuristicRestart.decide} may read of the search it judges: its stored nodes and their costs. @internal */
export interface PhaseSearch extends HeuristicSearch {
  /** Nodes stored by the running phase. */
  readonly storedNodes: number;
  /** Node `n`'s cost from the root when it is open (not yet expanded), else -1. */
  openCost(n: number): number;
  /** The offset of node `n`'s words in {@link nodeWords} (built now if it was stored lazily). */
  wordsAt(n: number): number;
  /** The node words (read after {@link wordsAt}: building a node may replace the array). */
  readonly nodeWords: Int32Array;
  /** The cheapest effective cost of a usable action in this search (Infinity when none). */
  cheapestCost(): number;
}
