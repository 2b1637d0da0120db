import type { GoapDomain } from '../domain/GoapDomain.js';
import { AdaptiveAdmissible } from './AdaptiveAdmissible.js';
import { CountHeuristic } from './CountHeuristic.js';
import { CustomHeuristic } from './CustomHeuristic.js';
import type { GoapHeuristic } from './GoapHeuristic.js';
import { LmCut } from './LmCut.js';
import { RelaxedHeuristic } from './RelaxedHeuristic.js';
import type { HeuristicSearch, SearchHeuristic } from './SearchHeuristic.js';

/** Heuristic names accepted by the `heuristic` option. */
export type GoapHeuristicName = 'count' | 'additive' | 'max' | 'ff' | 'lmcut' | 'admissible';

/** Build the heuristic object a planner keeps for its life. @internal */
export function createHeuristic(domain: GoapDomain, choice: GoapHeuristicName | GoapHeuristic, mode: 'backward' | 'forward'): SearchHeuristic {
  if (typeof choice === 'function') return new CustomHeuristic(choice, mode, domain);
  if (choice === 'count') return new CountHeuristic();
  if (choice === 'lmcut') return new LmCut(domain);
  if (choice === 'admissible') return new AdaptiveAdmissible<HeuristicSearch>(new RelaxedHeuristic(domain, 'max', mode === 'backward'), new LmCut(domain));
  return new RelaxedHeuristic(domain, choice === 'additive' ? 'add' : choice, mode === 'backward');
}
