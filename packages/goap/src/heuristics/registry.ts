import type { GoapDomain } from '../domain/GoapDomain.js';
import { chooseMode, precomputePatterns } from './chooseMode.js';
import { AdaptiveAdmissible } from './AdaptiveAdmissible.js';
import { CountHeuristic } from './CountHeuristic.js';
import { heuristicEntry } from './HeuristicEntry.js';
import { LmCut } from './LmCut.js';
import { RelaxedHeuristic } from './RelaxedHeuristic.js';
import type { HeuristicSearch } from './SearchHeuristic.js';

// The named heuristics, registered once: the option's type, its checks, `optimal: true`'s admissibility test, the
// default direction and the docs table all derive from this list. A new heuristic is its class, one entry here and
// its test.

const count = heuristicEntry({
  name: 'count',
  admissible: false,
  create: () => new CountHeuristic(),
});

const max = heuristicEntry({
  name: 'max',
  admissible: true,
  create: (domain, mode) => new RelaxedHeuristic(domain, 'max', mode === 'backward'),
});

const additive = heuristicEntry({
  name: 'additive',
  admissible: false,
  create: (domain, mode) => new RelaxedHeuristic(domain, 'add', mode === 'backward'),
});

const ff = heuristicEntry({
  name: 'ff',
  admissible: false,
  create: (domain, mode) => new RelaxedHeuristic(domain, 'ff', mode === 'backward'),
});

const lmcut = heuristicEntry({
  name: 'lmcut',
  admissible: true,
  create: (domain) => new LmCut(domain),
});

const admissible = heuristicEntry({
  name: 'admissible',
  admissible: true,
  create: (domain, mode) => new AdaptiveAdmissible<HeuristicSearch>(new RelaxedHeuristic(domain, 'max', mode === 'backward'), new LmCut(domain)),
  preferredMode: (domain: GoapDomain) => chooseMode(domain),
  precompute: (domain, mode) => {
    if (mode === 'forward') precomputePatterns(domain);
  },
});

/** The named heuristics of the `heuristic` option, in the order docs list them. @internal */
export const HEURISTICS = [count, max, additive, ff, lmcut, admissible] as const;

/** Heuristic names accepted by the `heuristic` option. */
export type GoapHeuristicName = (typeof HEURISTICS)[number]['name'];

/** The registry entry of `name`, or undefined. @internal */
export function heuristicNamed(name: unknown): (typeof HEURISTICS)[number] | undefined {
  return HEURISTICS.find((h) => h.name === name);
}
