import fc from 'fast-check';
import { createState, firstFailing } from '@dualplan/world-state';
import { compileConditions } from '@dualplan/world-state';
import { GoapPlanner } from './GoapPlanner.js';
import type { GoapPlannerOptions } from './GoapPlannerOptions.js';
import type { GoapDomain } from './domain/GoapDomain.js';
import { randomDomain } from './examples/index.js';
import { admissibleWeight } from './domain/admissibleWeight.js';
import { BackwardIndex } from './search/BackwardIndex.js';
import { boundedOptimum, simulate } from './testUtil.js';

/** A backward index without action bitsets: expansion by achiever lists. */
function noSets(domain: GoapDomain): BackwardIndex {
  const index = new BackwardIndex(domain);
  (index as { setterBits: Int32Array | null }).setterBits = null;
  return index;
}

/** The optimal cost by an exhaustive search written apart from the planner, or Infinity. */
function optimum(rd: ReturnType<typeof randomDomain>): number {
  return boundedOptimum(rd.domain, createState(rd.domain.schema, rd.start), compileConditions(rd.domain.schema, rd.goal), Infinity);
}

// Costs are integers in [1, 4] and actions have at most 2 effects, so every
// action fixes at most 2 of a node's conditions at cost >= 1: h = w × count is
// admissible for w <= 1 / 2, backward and forward. (weight -1 stands for admissibleWeight(domain).)
const admissible: readonly [string, GoapPlannerOptions][] = [
  ['Dijkstra (w = 0)', { weight: 0 }],
  ['count, w = 0.5', { weight: 0.5 }],
  ['count, w = admissibleWeight(domain)', { weight: -1 }],
  ['forward, w = 0', { weight: 0, mode: 'forward' }],
  ['forward, w = 0.5', { weight: 0.5, mode: 'forward' }],
  ['forward, w = admissibleWeight(domain)', { weight: -1, mode: 'forward' }],
  ['h_max', { heuristic: 'max' }],
  ['forward, h_max', { heuristic: 'max', mode: 'forward' }],
  ['LM-cut', { heuristic: 'lmcut' }],
  ['forward, LM-cut', { heuristic: 'lmcut', mode: 'forward' }],
  ['optimal: true (direction chosen automatically)', { optimal: true }],
  ['backward, optimal: true', { optimal: true, mode: 'backward' }],
  ['forward, optimal: true', { optimal: true, mode: 'forward' }],
  // Invariant pruning from the first expansion (it normally starts after 16), with the action bitsets and without them.
  ['Dijkstra, invariant pruning from the root', { weight: 0, mutexAfter: 0 } as GoapPlannerOptions],
  ['Dijkstra, invariant pruning from the root, achiever lists (no action bitsets)', { weight: 0, mutexAfter: 0, bitsets: false } as GoapPlannerOptions],
  ['Dijkstra, invariant pruning from the root, action bitsets', { weight: 0, mutexAfter: 0, bitsets: true } as GoapPlannerOptions],
  ['h_max, action bitsets', { heuristic: 'max', bitsets: true } as GoapPlannerOptions],
];

/**
 * Test-only settings: when invariant pruning starts, and backward expansion by achiever lists (as for domains of
 * over 1,024 actions) or by action bitsets (which the planner builds only where achiever lists are long).
 */
interface Internals {
  mutexAfter?: number;
  bitsets?: boolean;
}

describe('GOAP on random small domains', () => {
  test.each(admissible)('%s: cost equals the exhaustive optimum, and the plan reaches the goal', (_, options) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 5) });
        const best = optimum(rd);
        const { mutexAfter, bitsets, ...rest } = options as GoapPlannerOptions & Internals;
        const weight = rest.weight === -1 ? admissibleWeight(rd.domain) : rest.weight;
        const planner = new GoapPlanner(rd.domain, { ...rest, weight, maxPlanLength: 300, maxExpansions: 1e6 });
        if (mutexAfter !== undefined) planner.engine.expansion.pruneInvariantsAfter(mutexAfter);
        if (bitsets !== undefined) planner.engine.expansion.useBackwardIndex(bitsets ? new BackwardIndex(rd.domain, 'always') : noSets(rd.domain));
        const start = createState(rd.domain.schema, rd.start);
        const r = planner.search(start, 'goal');
        if (best === Infinity) return r.status === 'none';
        if (r.status !== 'found' || r.cost !== best) return false;
        const end = simulate(rd.domain, r, start);
        return firstFailing(planner.goalOf('goal').conditions, end) < 0;
      }),
      { numRuns: 300 },
    );
  });

  test('inadmissible settings (additive, ff, fast, greedy, w = 5) still return valid plans, never below the optimum, and find one whenever one exists', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom<GoapPlannerOptions>(
          { heuristic: 'additive' },
          { heuristic: 'additive', mode: 'forward' },
          { heuristic: 'ff' },
          { heuristic: 'ff', mode: 'forward' },
          { fast: true },
          { fast: true, mode: 'forward' },
          { heuristic: 'ff', greedy: true },
          { weight: 5 },
          { weight: 5, mode: 'forward' },
        ),
        (seed, options) => {
          const rd = randomDomain(seed, { actions: 6 + (seed % 5) });
          const best = optimum(rd);
          const planner = new GoapPlanner(rd.domain, { ...options, maxPlanLength: 300, maxExpansions: 1e6 });
          const start = createState(rd.domain.schema, rd.start);
          const r = planner.search(start, 'goal');
          if (best === Infinity) return r.status === 'none';
          if (r.status !== 'found' || r.cost < best) return false;
          // Weighted A* (docs/goap.md): at most w × e_max / c_min = w / admissibleWeight times the optimum.
          if (options.weight !== undefined && options.heuristic === undefined && r.cost > best * Math.max(1, options.weight / admissibleWeight(rd.domain)))
            return false;
          return firstFailing(planner.goalOf('goal').conditions, simulate(rd.domain, r, start)) < 0;
        },
      ),
      { numRuns: 600 },
    );
  });

  test('one planner reused across many domains and starts gives the same answers as fresh planners', () => {
    const rd = randomDomain(7, { actions: 6 });
    const reused = new GoapPlanner(rd.domain, { weight: 0.5 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (seed) => {
        const other = randomDomain(seed, { actions: 6 });
        const start = createState(rd.domain.schema, other.start);
        const a = reused.search(start, 'goal');
        const cost = a.status === 'found' ? a.cost : a.status;
        const b = new GoapPlanner(rd.domain, { weight: 0.5 }).search(start, 'goal');
        return (b.status === 'found' ? b.cost : b.status) === cost;
      }),
      { numRuns: 200 },
    );
  });
});
