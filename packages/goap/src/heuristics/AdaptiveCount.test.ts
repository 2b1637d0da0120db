import fc from 'fast-check';
import { createState, firstFailing } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { goalRichDomain, randomDomain, soldierGoapDomain, trollGoapDomain } from '../examples/index.js';
import { planNames, simulate } from '../testUtil.js';
import { ADAPTIVE_RESTART_NODES, partsAtOnce } from './AdaptiveCount.js';

describe("the 'adaptive' heuristic (the default)", () => {
  test('is what a planner built without heuristic or weight uses; a weight alone keeps the plain count', () => {
    const d = soldierGoapDomain();
    expect(new GoapPlanner(d).optimal).toBe(false);
    expect(new GoapPlanner(d).engine.estimator.restart).toBeDefined();
    expect(new GoapPlanner(d, { weight: 1 }).engine.estimator.restart).toBeUndefined();
    expect(new GoapPlanner(d, { heuristic: 'count' }).engine.estimator.restart).toBeUndefined();
  });

  test('a goal of 65 independent conditions, uniform or mixed costs: planned with the defaults, every action once, at the optimum', () => {
    for (const costs of [[1], [1, 2, 3, 4, 5], [3, 1, 4, 1, 5, 9, 2, 6]]) {
      const d = goalRichDomain(65, costs);
      const planner = new GoapPlanner(d);
      const start = createState(d.schema);
      const r = planner.search(start, 'all');
      expect(r.status).toBe('found');
      expect(r.length).toBe(65);
      let sum = 0;
      for (let i = 0; i < 65; i++) sum += costs[i % costs.length];
      expect(r.cost).toBe(sum);
      // Straight to the goal: the count's first steps, then at most one expansion per condition after a restart.
      expect(r.expanded).toBeLessThanOrEqual(65 + 2 + (4 * ADAPTIVE_RESTART_NODES) / 65);
      expect(firstFailing(planner.goalOf('all').conditions, simulate(d, r, start))).toBeLessThan(0);
    }
  });

  test('property: goals of 20 to 200 independent conditions with random costs are planned with the defaults, validly, in few expansions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 200 }), fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 9 }), (n, costs) => {
        const d = goalRichDomain(n, costs);
        const planner = new GoapPlanner(d);
        const start = createState(d.schema);
        const r = planner.search(start, 'all');
        // The count's expansions until it has stored the restart's nodes, then one per condition.
        if (r.status !== 'found' || r.length !== n || r.expanded > n + 2 + (4 * ADAPTIVE_RESTART_NODES) / n) return false;
        return firstFailing(planner.goalOf('all').conditions, simulate(d, r, start)) < 0;
      }),
      { numRuns: 25 },
    );
  });

  test('property: a goal of 45 to 200 independent conditions is planned at its optimum in n expansions, within a node budget of 2n', () => {
    // 45 parts: the count would store 45 + 44 + ... + 1 >= 1,024 nodes on its straightest walk, so h_add starts at once.
    expect(partsAtOnce(ADAPTIVE_RESTART_NODES)).toBe(45);
    fc.assert(
      fc.property(fc.integer({ min: 45, max: 200 }), fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 9 }), (n, costs) => {
        const d = goalRichDomain(n, costs);
        // Before, the search stored a node per subset of conditions it had reached: n(n + 1) / 2 of them at least.
        const planner = new GoapPlanner(d, { maxNodes: 2 * n });
        const start = createState(d.schema);
        const r = planner.search(start, 'all');
        let sum = 0;
        for (let i = 0; i < n; i++) sum += costs[i % costs.length];
        if (r.status !== 'found' || r.length !== n || r.cost !== sum || r.expanded !== n || planner.engine.storedNodes !== n + 1) return false;
        return firstFailing(planner.goalOf('all').conditions, simulate(d, r, start)) < 0;
      }),
      { numRuns: 20 },
    );
  });

  test('property: a search that stays small plans exactly as the count does (same actions, same cost)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 7), bools: 4 + (seed % 5), goalConditions: 1 + (seed % 4) });
        const start = createState(rd.domain.schema, rd.start);
        const count = new GoapPlanner(rd.domain, { heuristic: 'count' });
        const a = count.search(start, 'goal');
        if (count.engine.storedNodes >= ADAPTIVE_RESTART_NODES) return true;
        const adaptive = new GoapPlanner(rd.domain);
        const b = adaptive.search(start, 'goal');
        return b.status === a.status && b.cost === a.cost && planNames(rd.domain, b).join() === planNames(rd.domain, a).join();
      }),
      { numRuns: 300 },
    );
  });

  test('the example domains plan as with the count', () => {
    for (const d of [soldierGoapDomain(), trollGoapDomain()]) {
      for (const g of d.goals) {
        const a = new GoapPlanner(d, { heuristic: 'count' });
        const b = new GoapPlanner(d);
        const ra = a.search(createState(d.schema), g.name);
        const rb = b.search(createState(d.schema), g.name);
        expect([g.name, rb.status, rb.cost, planNames(d, rb)]).toEqual([g.name, ra.status, ra.cost, planNames(d, ra)]);
      }
    }
  });

  test('the expansions before a restart count against the budget, and a sliced search restarts across slices', () => {
    const d = goalRichDomain(40, [1, 3, 7]);
    const whole = new GoapPlanner(d).search(createState(d.schema), 'all');
    expect(whole.status).toBe('found');
    const capped = new GoapPlanner(d, { maxExpansions: whole.expanded - 1 }).search(createState(d.schema), 'all');
    expect([capped.status, capped.budget]).toEqual(['budget', 'expansions']);
    const sliced = new GoapPlanner(d);
    sliced.begin(createState(d.schema), 'all');
    let slices = 0;
    while (sliced.step(3) === 'running') slices++;
    expect(slices).toBeGreaterThan(3);
    expect([sliced.result.status, sliced.result.cost, sliced.result.expanded]).toEqual(['found', whole.cost, whole.expanded]);
  });

  test('weight 0 ignores h, so the search never restarts', () => {
    const d = goalRichDomain(8, [1, 2]);
    const r = new GoapPlanner(d, { heuristic: 'adaptive', weight: 0 }).search(createState(d.schema), 'all');
    expect([r.status, r.cost]).toEqual(['found', 12]);
  });
});
