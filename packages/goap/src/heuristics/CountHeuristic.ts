import type { HeuristicSearch, SearchHeuristic } from './SearchHeuristic.js';

/** h = open conditions (backward: the node's conditions the start state violates; forward: the goal's this state violates). */
/** @internal */
export class CountHeuristic implements SearchHeuristic {
  readonly admissible = false;
  readonly incremental = true;
  readonly countsConditions = true;
  readonly relaxation = null;
  prepare(): void {}
  estimate(_s: HeuristicSearch, _w: Int32Array, _at: number, unsat: number): number {
    return unsat;
  }
}
