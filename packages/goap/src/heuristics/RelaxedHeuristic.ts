import type { GoapDomain } from '../domain/GoapDomain.js';
import { Relaxation } from './Relaxation.js';
import type { HeuristicSearch, SearchHeuristic } from './SearchHeuristic.js';

/**
 * The delete-relaxation heuristics. Backward, the relaxation is computed once per
 * search from the start state (HSP-r) and each node is a lookup per constrained
 * cell; forward, it is recomputed from each node's state (HSP).
 * - `add`: sum of the conditions' relaxed costs (informative, not admissible).
 * - `max`: their max, combined with the admissible count (max of two admissible
 *   estimates): admissible.
 * - `ff`: the cost of a relaxed plan chained from best supporters (FF; not admissible).
 * @internal
 */
export class RelaxedHeuristic implements SearchHeuristic {
  readonly admissible: boolean;
  readonly incremental: boolean;
  readonly relaxation: Relaxation;
  /** Admissible count weight of this search: cheapest usable action / most effects of one action. */
  private countWeight = 0;
  private readonly maxEffects: number;

  constructor(
    domain: GoapDomain,
    readonly kind: 'add' | 'max' | 'ff',
    readonly backward: boolean,
    /** See `SearchHeuristic.regressesByParts` (the default's restart sets it). */
    readonly regressesByParts = false,
  ) {
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
      const x = r.nodeCellCost(cells, base, c);
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
