import type { GoapDomain } from '../domain/GoapDomain.js';
import { RelaxedHeuristic } from './RelaxedHeuristic.js';
import type { HeuristicRestart, HeuristicSearch, SearchHeuristic } from './SearchHeuristic.js';

/**
 * Stored nodes after which an `'adaptive'` search starts over with h_add. Game searches store a few dozen (the
 * soldier 6, the troll 15); a goal of many independent conditions with mixed costs stores thousands per cost
 * level under the count, because the count ties on every node that makes the same number of conditions true.
 */
export const ADAPTIVE_RESTART_NODES = 1024;

/**
 * The fewest independent goal parts k for which a count search stores `afterNodes` nodes even when it walks straight
 * to the goal: each node on the way has a successor per part it leaves open, k + (k - 1) + ... + 1 in all.
 */
export function partsAtOnce(afterNodes: number): number {
  let k = 1;
  while ((k * (k + 1)) / 2 < afterNodes) k++;
  return k;
}

/**
 * The `'adaptive'` heuristic, the default: the count of open conditions (as `'count'`, nearly free per node) while
 * the search is small, so small game searches plan exactly as with the count; a search that stores
 * {@link ADAPTIVE_RESTART_NODES} nodes starts over with h_add (the open conditions' relaxed costs summed), which
 * tells apart the nodes the count ties on (goals made of many conditions, actions of different costs). Ties on f
 * go to the lower h, so where h_add is exact the search walks straight to the goal. Backward, the restarted search
 * regresses the goal's independent parts one at a time (`regressesByParts`), so a goal of k parts no longer stores
 * a node for each of their orders; a goal of so many parts that the count would store the restart's nodes on its
 * straightest walk starts with h_add at once (see {@link partsAtOnce}). Not admissible. @internal
 */
export class AdaptiveCount implements SearchHeuristic {
  readonly admissible = false;
  readonly incremental = true;
  readonly countsConditions = true;
  readonly relaxation = null;
  readonly restart: HeuristicRestart;

  constructor(domain: GoapDomain, mode: 'backward' | 'forward', afterNodes = ADAPTIVE_RESTART_NODES) {
    this.restart = { afterNodes, heuristic: new RelaxedHeuristic(domain, 'add', mode === 'backward', true), partsAtOnce: partsAtOnce(afterNodes) };
  }

  prepare(): void {}

  estimate(_s: HeuristicSearch, _w: Int32Array, _at: number, unsat: number): number {
    return unsat;
  }
}
