import fc from 'fast-check';
import { compileConditions, createState, firstFailing, type WorldState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import type { GoapPlannerOptions } from '../GoapPlannerOptions.js';
import { admissibleWeight } from '../domain/admissibleWeight.js';
import { randomDomain } from '../examples/index.js';
import { boundedOptimum, planNames, simulate } from '../testUtil.js';
import { BackwardIndex } from './BackwardIndex.js';
import { BitLayout } from './BitLayout.js';
import type { GoapResult } from './GoapResult.js';

/** A random domain of bools and an enum only (no int key), so every one fits the fast path; up to 16 bools and 12 values (two words). */
function fitting(seed: number, bools: number) {
  return randomDomain(seed, {
    intKey: false,
    bools,
    enumValues: seed % 3 === 0 ? 3 + (seed % 10) : 3,
    actions: 4 + (seed % 12),
    goalConditions: 1 + (seed % 4),
    maxEffects: 1 + (seed % 3),
  });
}

/** What a search decided: status, budget, plan, cost and its counts. */
function outcome(domain: Parameters<typeof planNames>[0], r: GoapResult) {
  return { status: r.status, budget: r.budget, plan: planNames(domain, r), cost: r.cost, expanded: r.expanded, generated: r.generated, reopened: r.reopened };
}

/**
 * Test-only settings: invariant pruning from the root, backward expansion by action bitsets or achiever lists, and
 * (`kernel: false`) one-word backward searches on the general fast path instead of its kernel.
 */
interface Internals {
  mutexAfter?: number;
  bitsets?: boolean;
  sliced?: boolean;
  kernel?: boolean;
}

const settings: readonly (GoapPlannerOptions & Internals)[] = [
  {},
  { heuristic: 'count' },
  { weight: 0 },
  { weight: 0.5 },
  { weight: 5 },
  { greedy: true },
  { maxPlanLength: 2 },
  { maxExpansions: 3 },
  { maxNodes: 8 },
  { weight: 0, mutexAfter: 0 },
  { weight: 0, bitsets: true },
  { bitsets: false, mutexAfter: 0 },
  { bitsets: true, mutexAfter: 0 },
  { sliced: true },
  { kernel: false },
  { kernel: false, weight: 0, mutexAfter: 0 },
  { kernel: false, maxPlanLength: 2, sliced: true },
  { kernel: false, maxNodes: 8, greedy: true },
  { mode: 'forward' },
  { mode: 'forward', weight: 0 },
  { mode: 'forward', weight: 0.5, sliced: true },
  { mode: 'forward', greedy: true },
  { mode: 'forward', maxPlanLength: 2 },
  { mode: 'forward', maxNodes: 8 },
];

/** A planner with the test-only settings applied, with the fast path on or off. */
function plannerOf(rd: ReturnType<typeof fitting>, options: GoapPlannerOptions & Internals, fast: boolean): GoapPlanner {
  const { mutexAfter, bitsets, sliced: _, kernel, ...rest } = options;
  const planner = new GoapPlanner(rd.domain, { maxExpansions: 5000, ...rest });
  planner.engine.useFastPath(fast, kernel !== false);
  if (mutexAfter !== undefined) planner.engine.expansion.pruneInvariantsAfter(mutexAfter);
  if (bitsets !== undefined) {
    const index = new BackwardIndex(rd.domain, 'always');
    if (!bitsets) (index as { setterBits: Int32Array | null }).setterBits = null;
    planner.engine.expansion.useBackwardIndex(index);
  }
  return planner;
}

/** Run a search in one go, or sliced one expansion at a time. */
function run(planner: GoapPlanner, start: WorldState<any>, sliced: boolean): GoapResult {
  if (!sliced) return planner.search(start, 'goal');
  planner.begin(start, 'goal');
  while (planner.step(1) === 'running');
  return planner.result;
}

describe('the small-domain fast path against the general path', () => {
  test('random domains of bools and an enum fit it, in one or two words', () => {
    const widths = new Set<number>();
    for (let seed = 1; seed <= 60; seed++) widths.add(BitLayout.of(fitting(seed, 3 + (seed % 14)).domain)!.width);
    expect([...widths].sort()).toEqual([1, 2]);
    expect(BitLayout.of(randomDomain(1).domain)).toBeNull();
  });

  test('the oracle test domains are mostly one word, so the kernel is what it checks backward', () => {
    let one = 0;
    for (let seed = 1; seed <= 100; seed++) if (BitLayout.of(fitting(seed, 3 + (seed % 5)).domain)!.width === 1) one++;
    expect(one).toBeGreaterThan(50);
  });

  test.each(settings.map((s) => [JSON.stringify(s), s] as const))('%s: same status, plan, cost and counts', (_, options) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rd = fitting(seed, 3 + (seed % 14));
        const start = createState(rd.domain.schema, rd.start);
        const planner = plannerOf(rd, options, true);
        const fast = run(planner, start, options.sliced === true);
        // A search that reached the adaptive heuristic's restart ends on the general path.
        const onFast = fast.fastPath;
        // One-word backward searches run on the kernel unless told not to.
        const kernel = BitLayout.of(rd.domain)!.width === 1 && options.mode !== 'forward' && options.kernel !== false;
        expect(planner.engine.path).toBe(!onFast ? 'general' : kernel ? 'kernel' : 'bits');
        const a = outcome(rd.domain, fast);
        const b = outcome(rd.domain, run(plannerOf(rd, options, false), start, false));
        expect(a).toEqual(b);
        return onFast || (options.heuristic === undefined && options.weight === undefined && options.greedy === undefined);
      }),
      { numRuns: 150 },
    );
  });

  test.each([
    ['Dijkstra (w = 0)', 0, 'backward'],
    ['count, w = admissibleWeight(domain)', -1, 'backward'],
    ['forward, Dijkstra (w = 0)', 0, 'forward'],
    ['forward, count, w = admissibleWeight(domain)', -1, 'forward'],
  ] as const)('%s on the fast path: cost equals the exhaustive optimum, and the plan reaches the goal', (_, w, mode) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rd = fitting(seed, 3 + (seed % 5));
        const start = createState(rd.domain.schema, rd.start);
        const goal = compileConditions(rd.domain.schema, rd.goal);
        const best = boundedOptimum(rd.domain, start, goal, Infinity);
        const weight = w === -1 ? admissibleWeight(rd.domain) : w;
        const planner = new GoapPlanner(rd.domain, { weight, mode, maxPlanLength: 300, maxExpansions: 1e6 });
        const r = planner.search(start, 'goal');
        if (!r.fastPath) return false;
        // Backward, a one-word domain is searched by the kernel.
        if (mode === 'backward' && BitLayout.of(rd.domain)!.width === 1 && planner.engine.path !== 'kernel') return false;
        if (best === Infinity) return r.status === 'none';
        if (r.status !== 'found' || r.cost !== best) return false;
        return firstFailing(goal, simulate(rd.domain, r, start)) < 0;
      }),
      { numRuns: 200 },
    );
  });
});
