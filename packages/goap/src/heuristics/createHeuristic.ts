import type { GoapDomain } from '../domain/GoapDomain.js';
import { CustomHeuristic } from './CustomHeuristic.js';
import type { GoapHeuristic } from './GoapHeuristic.js';
import { heuristicNamed, type GoapHeuristicName } from './registry.js';
import type { SearchHeuristic } from './SearchHeuristic.js';

export type { GoapHeuristicName } from './registry.js';

/** Build the heuristic object a planner keeps for its life: a registered one by name, or a custom function. @internal */
export function createHeuristic(domain: GoapDomain, choice: GoapHeuristicName | GoapHeuristic, mode: 'backward' | 'forward'): SearchHeuristic {
  if (typeof choice === 'function') return new CustomHeuristic(choice, mode, domain);
  return heuristicNamed(choice)!.create(domain, mode);
}

/** The direction a heuristic prefers on a domain when no `mode` is given: backward unless its entry says otherwise. @internal */
export function preferredMode(domain: GoapDomain, choice: GoapHeuristicName | GoapHeuristic): 'backward' | 'forward' {
  const entry = typeof choice === 'function' ? undefined : heuristicNamed(choice);
  return entry?.preferredMode?.(domain) ?? 'backward';
}

/** Do a heuristic's build-time work (option `precompute`). @internal */
export function precomputeHeuristic(domain: GoapDomain, choice: GoapHeuristicName | GoapHeuristic, mode: 'backward' | 'forward'): void {
  if (typeof choice !== 'function') heuristicNamed(choice)?.precompute?.(domain, mode);
}
