import { UserCodeError, type WorldState } from '@dualplan/world-state';
import type { CompiledGoal, GoapDomain } from '../compileGoapDomain.js';
import type { GoapHeuristic, GoapNodeView } from '../GoapResult.js';
import { Relaxation } from './Relaxation.js';

/** What a heuristic reads from the search it serves. @internal */
export interface HeuristicSearch {
  readonly domain: GoapDomain;
  readonly mode: 'backward' | 'forward';
  readonly start: WorldState<any>;
  readonly goal: CompiledGoal | null;
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
  readonly incremental: boolean;
  /** The relaxation an incremental backward additive estimate reads, else null. */
  readonly relaxation: Relaxation | null;
  prepare(s: HeuristicSearch): void;
  estimate(s: HeuristicSearch, words: Int32Array, at: number, unsat: number): number;
}

/** h = open conditions (backward: the node's conditions the start state violates; forward: the goal's this state violates). */
class CountHeuristic implements SearchHeuristic {
  readonly admissible = false;
  readonly incremental = true;
  readonly relaxation = null;
  prepare(): void {}
  estimate(_s: HeuristicSearch, _w: Int32Array, _at: number, unsat: number): number {
    return unsat;
  }
}

/**
 * The delete-relaxation heuristics. Backward, the relaxation is computed once per
 * search from the start state (HSP-r) and each node is a lookup per constrained
 * cell; forward, it is recomputed from each node's state (HSP).
 * - `add`: sum of the conditions' relaxed costs (informative, not admissible).
 * - `max`: their max, combined with the admissible count (max of two admissible
 *   estimates): admissible.
 * - `ff`: the cost of a relaxed plan chained from best supporters (FF; not admissible).
 */
class RelaxedHeuristic implements SearchHeuristic {
  readonly admissible: boolean;
  readonly incremental: boolean;
  readonly relaxation: Relaxation;
  /** Admissible count weight of this search: cheapest usable action / most effects of one action. */
  private countWeight = 0;
  private readonly maxEffects: number;

  constructor(domain: GoapDomain, readonly kind: 'add' | 'max' | 'ff', readonly backward: boolean) {
    this.admissible = kind === 'max';
    this.incremental = kind === 'add' && backward;
    this.relaxation = new Relaxation(domain);
    let e = 0;
    for (let a = 0; a < domain.actionCount; a++) e = Math.max(e, domain.touchStart[a + 1] - domain.effectStart[a]);
    this.maxEffects = e;
  }

  prepare(s: HeuristicSearch): void {
    const r = this.relaxation;
    if (this.backward) r.compute(s, s.start.values, 0, this.kind === 'max');
    if (this.kind === 'max') {
      let min = Infinity;
      for (let a = 0; a < s.domain.actionCount; a++) min = Math.min(min, s.costOf(a));
      this.countWeight = this.maxEffects > 0 && min < Infinity ? min / this.maxEffects : 0;
    }
  }

  estimate(s: HeuristicSearch, words: Int32Array, at: number, unsat: number): number {
    const r = this.relaxation;
    const d = s.domain;
    const max = this.kind === 'max';
    // Forward: relax from this node's state, then evaluate the goal; backward: evaluate the node.
    let cells = words;
    let base = at;
    if (!this.backward) {
      r.compute(s, words, at, max);
      cells = s.goal!.words;
      base = 0;
    }
    if (this.kind === 'ff') return r.relaxedPlanCost(s, cells, base);
    let h = 0;
    for (let c = 0, n = d.schema.size; c < n; c++) {
      const x = r.cellCost(cells, base + d.offset[c], c);
      if (max) h = x > h ? x : h;
      else h += x;
    }
    if (max) {
      const count = unsat * this.countWeight;
      if (count > h) h = count;
    }
    return h;
  }
}

/**
 * A user function over a reused node view. User code, so contained like a cost
 * function: if it throws or returns something that is not a number (NaN, a
 * string), it is reported once (in the result's `faults`) and the rest of that
 * search uses h = 0, a uniform-cost search that still finds a plan; the next
 * search calls it again.
 */
class CustomHeuristic implements SearchHeuristic {
  readonly admissible = false;
  readonly incremental = false;
  readonly relaxation = null;
  /** Set when the function failed in this search. */
  private failed = false;
  private readonly view: { mode: 'backward' | 'forward'; unsatisfied: number; words: Int32Array; at: number };
  constructor(
    private readonly fn: GoapHeuristic,
    mode: 'backward' | 'forward',
  ) {
    this.view = { mode, unsatisfied: 0, words: new Int32Array(0), at: 0 };
  }
  prepare(): void {
    this.failed = false;
  }
  estimate(s: HeuristicSearch, words: Int32Array, at: number, unsat: number): number {
    if (this.failed) return 0;
    const view = this.view;
    view.unsatisfied = unsat;
    view.words = words;
    view.at = at;
    let h: number;
    try {
      h = this.fn(view as GoapNodeView);
    } catch (thrown) {
      return this.fail(s, 'HEURISTIC_THREW', 'The custom heuristic threw (the rest of this search uses h = 0)', thrown);
    }
    if (typeof h !== 'number' || Number.isNaN(h)) return this.fail(s, 'INVALID_HEURISTIC', 'The custom heuristic returned an estimate that is not a number (the rest of this search uses h = 0)', h);
    return h > 0 ? h : 0;
  }
  /** Cold path: report once per search, then h = 0. */
  private fail(s: HeuristicSearch, code: string, context: string, cause: unknown): number {
    this.failed = true;
    s.faultLog.push(new UserCodeError(code, 'heuristic', 'heuristic', context, cause));
    return 0;
  }
}

/** Heuristic names accepted by the `heuristic` option. */
export type GoapHeuristicName = 'count' | 'additive' | 'max' | 'ff';

/** Build the heuristic object a planner keeps for its life. @internal */
export function createHeuristic(domain: GoapDomain, choice: GoapHeuristicName | GoapHeuristic, mode: 'backward' | 'forward'): SearchHeuristic {
  if (typeof choice === 'function') return new CustomHeuristic(choice, mode);
  if (choice === 'count') return new CountHeuristic();
  return new RelaxedHeuristic(domain, choice === 'additive' ? 'add' : choice, mode === 'backward');
}
