import type { LmCut } from './LmCut.js';
import type { HeuristicRestart, HeuristicSearch, SearchHeuristic } from './SearchHeuristic.js';

/** The dive's expansions per cheapest action the start estimate allows, and a floor: 4 h0 / c_min + 16. */
export const DIVE_PER_STEP = 4;
export const DIVE_FLOOR = 16;

/** A restart record the dive fills in per search (its own, never shared). */
interface DiveRestart {
  afterNodes: number;
  afterExpansions: number;
  readonly heuristic: SearchHeuristic;
}

/**
 * LM-cut for a bounded number of expansions, then a restart with `next` (see `AdaptiveAdmissible`): 4 h0 / c_min +
 * 16, where h0 is LM-cut at the start and c_min the cheapest action's cost, so a few times the longest plan that
 * LM-cut's start estimate allows. A* breaks ties on f by the lower h, so where LM-cut's lowest f layer holds a plan
 * (its start estimate is the optimum, as on chains of conditions, or close to it, as on the classic tasks it
 * solves in a few dozen expansions) the search dives along it and ends within the budget, however many nodes share
 * that layer; where it does not, the dive costs a bounded prefix.
 * @internal
 */
export class LmCutDive implements SearchHeuristic {
  readonly admissible = true;
  readonly incremental = false;
  readonly relaxation = null;
  readonly prunesIrrelevant = true;
  readonly deferred = true;
  /** LM-cut's own estimates: a dive set aside for the blind phase resumes as LM-cut's search. */
  readonly estimatesAs: SearchHeuristic;
  private readonly dive: DiveRestart;
  /** Estimates made in the running search (the first is the root's). */
  private estimates = 0;
  private cheapest = Infinity;
  /** For tests: a fixed budget of expansions instead of the one from the start estimate (null: computed). */
  budget: number | null = null;

  constructor(
    private readonly lmcut: LmCut,
    next: SearchHeuristic,
  ) {
    this.dive = { afterNodes: 1 << 30, afterExpansions: DIVE_FLOOR, heuristic: next };
    this.estimatesAs = lmcut;
  }

  /** The restart after the dive's budget, set from the root's estimate. */
  get restart(): HeuristicRestart {
    return this.dive;
  }

  prepare(s: HeuristicSearch): void {
    this.estimates = 0;
    let low = Infinity;
    for (let a = 0, n = s.domain.actionCount; a < n; a++) {
      const c = s.costOf(a);
      if (c > 0 && c < low) low = c;
    }
    this.cheapest = low;
    this.dive.afterExpansions = this.budget ?? DIVE_FLOOR;
    this.lmcut.prepare(s);
  }

  estimate(s: HeuristicSearch, words: Int32Array, at: number): number {
    const h = this.lmcut.estimate(s, words, at);
    if (this.estimates++ === 0 && this.budget === null && h !== Infinity && this.cheapest !== Infinity)
      this.dive.afterExpansions = Math.ceil((DIVE_PER_STEP * h) / this.cheapest) + DIVE_FLOOR;
    return h;
  }
}
