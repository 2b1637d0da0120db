import type { GoapDomain } from '../domain/GoapDomain.js';
import { PatternDatabase, patternOf } from './PatternDatabase.js';
import { relevantActions } from '../domain/relevantActions.js';

/**
 * The search direction the `'admissible'` heuristic (what `optimal: true` picks)
 * prefers when no `mode` is given (its registry entry asks): forward when the
 * domain has goals and every one of them either has a pattern database that
 * fits (bool/enum keys read by its relevant actions, at most 2^20
 * combinations: forward A* then follows the exact remaining cost and expands
 * about one node per plan step) or constrains at least a third of the keys
 * (planning-competition tasks: logistics, blocks world, miconic, where forward
 * LM-cut expands 2 to 5 times fewer nodes than backward, at a cost per estimate
 * within a factor of two), or has at least three conditions and its relevant
 * actions read bool and enum keys only (the same tasks with one bool per atom);
 * backward otherwise, where a goal on a few keys keeps the regressed goals
 * small (the game case). @internal
 */
export function chooseMode(domain: GoapDomain): 'forward' | 'backward' {
  if (domain.goals.length === 0) return 'backward';
  for (const goal of domain.goals) {
    if (goal.cells.length * MANY_KEYS >= domain.schema.size) continue;
    const relevant = relevantActions(domain, goal);
    if (patternOf(domain, goal, relevant) !== null) continue;
    // Planning-competition tasks with one bool per atom (no mutex groups): goals on a few of many bool keys, where
    // forward search (LM-cut where it prunes, else blind) beats regression by 2 to 90 times.
    if (goal.cells.length >= MANY_CONDITIONS && patternOf(domain, goal, relevant, Infinity) !== null) continue;
    return 'backward';
  }
  return 'forward';
}

/** A goal constrains many keys when it constrains at least 1 / MANY_KEYS of them. */
const MANY_KEYS = 3;

/** Goal conditions from which a goal over bool and enum keys only plans forward. */
const MANY_CONDITIONS = 3;

/** Build (and cache) the pattern database of every domain goal that has one; returns how many were built. @internal */
export function precomputePatterns(domain: GoapDomain): number {
  let built = 0;
  for (const goal of domain.goals) if (PatternDatabase.of(domain, goal, relevantActions(domain, goal)) !== null) built++;
  return built;
}
