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
  summary: 'open conditions (admissible with weight <= admissibleWeight(domain))',
  create: () => new CountHeuristic(),
});

const max = heuristicEntry({
  name: 'max',
  admissible: true,
  summary: "h_max: the costliest open condition's relaxed cost, combined with the admissible count",
  create: (domain, mode) => new RelaxedHeuristic(domain, 'max', mode === 'backward'),
});

const additive = heuristicEntry({
  name: 'additive',
  admissible: false,
  summary: "h_add: the sum of the open conditions' relaxed costs",
  create: (domain, mode) => new RelaxedHeuristic(domain, 'add', mode === 'backward'),
});

const ff = heuristicEntry({
  name: 'ff',
  admissible: false,
  summary: 'h_FF: the cost of a relaxed plan',
  create: (domain, mode) => new RelaxedHeuristic(domain, 'ff', mode === 'backward'),
});

const lmcut = heuristicEntry({
  name: 'lmcut',
  admissible: true,
  summary: 'LM-cut: a sum of disjoint action landmarks of the relaxation',
  create: (domain) => new LmCut(domain),
});

const admissible = heuristicEntry({
  name: 'admissible',
  admissible: true,
  summary: "what optimal: true picks: forward, the goal's exact pattern database when it fits, else LM-cut; backward, h_max then LM-cut",
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
