import type { GoapDomain } from '../domain/GoapDomain.js';
import type { SearchHeuristic } from './SearchHeuristic.js';

/**
 * One named heuristic of the `heuristic` option, as the registry ({@link HEURISTICS})
 * holds it: everything the planner, the option checks, the presets and the
 * docs table need to know about it, in one place.
 * @internal
 */
export interface HeuristicEntry<Name extends string = string> {
  /** The name users write: `heuristic: 'lmcut'`. */
  readonly name: Name;
  /** Never overestimates: with weight <= 1 (not greedy) the planner's plans are optimal, and `optimal: true` accepts it. */
  readonly admissible: boolean;
  /** The heuristic object a planner keeps for its life. */
  create(domain: GoapDomain, mode: 'backward' | 'forward'): SearchHeuristic;
  /**
   * The search direction this heuristic prefers on `domain` when no `mode` is
   * given (absent: backward, the game case of goals on a few keys).
   */
  preferredMode?(domain: GoapDomain): 'backward' | 'forward';
  /** Work a planner may do when built instead of in its first searches (option `precompute`). */
  precompute?(domain: GoapDomain, mode: 'backward' | 'forward'): void;
}

/**
 * Declare a registry entry, keeping its name's literal type.
 * @internal
 */
export function heuristicEntry<const Name extends string>(entry: HeuristicEntry<Name>): HeuristicEntry<Name> {
  return entry;
}
