import type { GoapDomain } from '../domain/GoapDomain.js';
import { chooseMode, precomputePatterns } from './chooseMode.js';
import { AdaptiveAdmissible } from './AdaptiveAdmissible.js';
import { AdaptiveCount } from './AdaptiveCount.js';
import { CountHeuristic } from './CountHeuristic.js';
import { heuristicEntry, type HeuristicEntry } from './HeuristicEntry.js';
import { LmCut } from './LmCut.js';
import { RelaxedHeuristic } from './RelaxedHeuristic.js';
import type { HeuristicSearch } from './SearchHeuristic.js';

// The named heuristics, registered once: the option's type, its checks, `optimal: true`'s admissibility test, the
// default direction and the docs table all derive from this list. A new heuristic is its class, one entry here and
// its test.

const adaptive = heuristicEntry({
  name: 'adaptive',
  admissible: false,
  create: (domain, mode) => new AdaptiveCount(domain, mode),
});

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
  // Backward, one independent part of the goal at a time (as the default's restart): a goal of k independent
  // conditions stores about k nodes instead of k²/2; plans keep their costs (see `GoalParts`).
  create: (domain, mode) => new RelaxedHeuristic(domain, 'add', mode === 'backward', true),
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

/**
 * Heuristic names accepted by the `heuristic` option. Spelled out (declarations
 * keep it when the internal registry is stripped); the registry must hold
 * exactly one entry per name, which the compiler checks.
 */
export type GoapHeuristicName = 'adaptive' | 'count' | 'max' | 'additive' | 'ff' | 'lmcut' | 'admissible';

const BY_NAME: { readonly [N in GoapHeuristicName]: HeuristicEntry<N> } = { adaptive, count, max, additive, ff, lmcut, admissible };

/** The named heuristics of the `heuristic` option, in the order docs list them. @internal */
export const HEURISTICS: readonly HeuristicEntry<GoapHeuristicName>[] = Object.values(BY_NAME);

/** The registry entry of `name`, or undefined. @internal */
export function heuristicNamed(name: unknown): HeuristicEntry<GoapHeuristicName> | undefined {
  return typeof name === 'string' && Object.hasOwn(BY_NAME, name) ? BY_NAME[name as GoapHeuristicName] : undefined;
}
