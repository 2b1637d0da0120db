import type { GoapDomain } from '../domain/GoapDomain.js';
import { PatternDatabase, patternOf } from '../heuristics/PatternDatabase.js';
import { relevantActions } from './relevantActions.js';

/**
 * The search direction a planner takes when no `mode` is given. With the
 * `'admissible'` heuristic (what `optimal: true` picks): forward when the
 * domain has goals and every one of them has a pattern database that fits
 * (bool/enum keys read by its relevant actions, at most 2^20 combinations),
 * since forward A* then follows the exact remaining cost and expands about one
 * node per plan step; backward otherwise, where h_max, LM-cut and invariant
 * pruning do better than forward's per-node relaxations. Any other heuristic:
 * backward (the game case: goals constrain few keys). @internal
 */
export function chooseMode(domain: GoapDomain, heuristic: unknown): 'forward' | 'backward' {
  if (heuristic !== 'admissible' || domain.goals.length === 0) return 'backward';
  for (const goal of domain.goals) if (patternOf(domain, goal, relevantActions(domain, goal)) === null) return 'backward';
  return 'forward';
}

/** Build (and cache) the pattern database of every domain goal that has one; returns how many were built. @internal */
export function precomputePatterns(domain: GoapDomain): number {
  let built = 0;
  for (const goal of domain.goals) if (PatternDatabase.of(domain, goal, relevantActions(domain, goal)) !== null) built++;
  return built;
}
