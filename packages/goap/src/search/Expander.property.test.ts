import fc from 'fast-check';
import { bool, compileConditions, createState, defineActions, defineSchema, eq, firstFailing, int, set, type Condition } from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import type { GoapDomain } from '../domain/GoapDomain.js';
import { GoapPlanner } from '../GoapPlanner.js';
import { RelaxedHeuristic } from '../heuristics/RelaxedHeuristic.js';
import { boundedOptimum, simulate } from '../testUtil.js';
import { ActionStats } from './ActionStats.js';
import { GoapSearch } from './GoapSearch.js';

/** A small deterministic generator (mulberry32). */
function rng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/**
 * A random domain made of 2-4 independent parts: each part has 2 bools and an int in [0, 2] and 2-4 actions that
 * read and write only its own keys; the goal has 1-2 conditions per part, the start state random values.
 */
function partedDomain(seed: number): { domain: GoapDomain; start: Record<string, boolean | number>; goal: Condition[] } {
  const pick = rng(seed);
  const parts = 2 + pick(3);
  const spec: Record<string, ReturnType<typeof bool> | ReturnType<typeof int>> = {};
  for (let p = 0; p < parts; p++) {
    spec[`p${p}a`] = bool();
    spec[`p${p}b`] = bool();
    spec[`p${p}n`] = int(0, 2);
  }
  const schema = defineSchema(spec);
  const k = (n: string) => schema.cellOf(n) as never;
  const value = (n: string) => (n.endsWith('n') ? pick(3) : pick(2) === 1);
  const actions = [];
  const goal: Condition[] = [];
  for (let p = 0; p < parts; p++) {
    const keys = [`p${p}a`, `p${p}b`, `p${p}n`];
    for (let i = 0, n = 2 + pick(3); i < n; i++) {
      const conditions = keys.filter(() => pick(3) === 0).map((key) => eq(k(key), value(key) as never));
      const effects = keys.filter(() => pick(2) === 0).map((key) => set(k(key), value(key) as never));
      if (effects.length === 0) effects.push(set(k(keys[i % 3]), value(keys[i % 3]) as never));
      actions.push({ name: `P${p}A${i}`, conditions, effects, cost: 1 + pick(4) });
    }
    const wanted = keys.filter(() => pick(2) === 0).slice(0, 2);
    if (wanted.length === 0) wanted.push(keys[pick(3)]);
    for (const key of wanted) goal.push(eq(k(key), value(key) as never));
  }
  const start: Record<string, boolean | number> = {};
  for (const key of Object.keys(spec)) start[key] = value(key);
  return { domain: compileGoapDomain(defineActions(schema, actions), { goals: [{ name: 'goal', conditions: goal }] }), start, goal };
}

describe('backward expansion one independent part of the goal at a time', () => {
  test('property: with an admissible estimate (h_max) it keeps the exhaustive optimum on random domains of independent parts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { domain, start, goal } = partedDomain(seed);
        const settings = {
          mode: 'backward',
          weight: 1,
          maxExpansions: 1e6,
          maxPlanLength: 64,
          timeBudgetMs: Infinity,
          maxNodes: 1 << 20,
          greedy: false,
        } as const;
        const search = new GoapSearch(domain, settings, new RelaxedHeuristic(domain, 'max', true, true), new ActionStats(domain.actionCount, 1, 10));
        const s0 = createState(domain.schema, start);
        search.begin(s0, 'goal', undefined);
        search.step(1e9);
        const r = search.result;
        const best = boundedOptimum(domain, s0, compileConditions(domain.schema, goal), Infinity);
        if (best === Infinity) return r.status === 'none';
        return r.status === 'found' && r.cost === best && firstFailing(compileConditions(domain.schema, goal), simulate(domain, r, s0)) < 0;
      }),
      { numRuns: 150 },
    );
  });

  test('property: the default planner, restarted at once, plans them validly whenever a plan exists', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { domain, start, goal } = partedDomain(seed);
        const planner = new GoapPlanner(domain, { maxExpansions: 1e6 });
        // Restart from the root: the search then expands by parts throughout.
        const restart = planner.engine.estimator.restart!;
        (restart as { partsAtOnce: number }).partsAtOnce = 2;
        const s0 = createState(domain.schema, start);
        const r = planner.search(s0, 'goal');
        const best = boundedOptimum(domain, s0, compileConditions(domain.schema, goal), Infinity);
        if (best === Infinity) return r.status === 'none';
        return r.status === 'found' && r.cost >= best && firstFailing(compileConditions(domain.schema, goal), simulate(domain, r, s0)) < 0;
      }),
      { numRuns: 150 },
    );
  });
});
