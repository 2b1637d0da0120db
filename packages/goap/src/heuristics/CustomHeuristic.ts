import { UserCodeError } from '@dualplan/world-state';
import type { GoapDomain } from '../domain/GoapDomain.js';
import type { GoapHeuristic } from './GoapHeuristic.js';
import { NodeView } from './NodeView.js';
import type { HeuristicSearch, SearchHeuristic } from './SearchHeuristic.js';

/**
 * A user function over a reused node view. User code, so contained like a cost
 * function: if it throws or returns something that is not a number >= 0 (NaN, a
 * negative number, a string), it is reported once (in the result's `faults`) and the rest of that
 * search uses h = 0, a uniform-cost search that still finds a plan; the next
 * search calls it again.
 * @internal
 */
export class CustomHeuristic implements SearchHeuristic {
  readonly admissible = false;
  readonly incremental = false;
  readonly relaxation = null;
  /** Set when the function failed in this search. */
  private failed = false;
  private readonly view: NodeView;
  constructor(
    private readonly fn: GoapHeuristic,
    mode: 'backward' | 'forward',
    domain: GoapDomain,
  ) {
    this.view = new NodeView(mode, domain);
  }
  prepare(): void {
    this.failed = false;
  }
  estimate(s: HeuristicSearch, words: Int32Array, at: number, unsat: number): number {
    if (this.failed) return 0;
    const view = this.view.show(words, at, unsat);
    let h: number;
    try {
      h = this.fn(view);
    } catch (thrown) {
      return this.fail(s, 'HEURISTIC_THREW', 'The custom heuristic threw (the rest of this search uses h = 0)', thrown);
    }
    // Infinity is an answer (a dead end: the node is kept but never expanded); NaN, a negative or a non-number is a bug.
    if (typeof h !== 'number' || !(h >= 0))
      return this.fail(s, 'INVALID_HEURISTIC', 'The custom heuristic returned an estimate that is not a number >= 0 (the rest of this search uses h = 0)', h);
    return h;
  }
  /** Cold path: report once per search, then h = 0. */
  private fail(s: HeuristicSearch, code: string, context: string, cause: unknown): number {
    this.failed = true;
    s.faultLog.push(new UserCodeError(code, 'heuristic', 'heuristic', context, cause));
    return 0;
  }
}
