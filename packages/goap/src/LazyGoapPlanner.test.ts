import fc from 'fast-check';
import { compileConditions, createState, firstFailing, validatePlan } from '@dualplan/world-state';
import { LazyGoapPlanner } from './LazyGoapPlanner.js';
import { GoapDefinitionError } from './errors.js';
import { chainDomain, fireDomain, goalRichDomain, randomDomain, soldierGoapDomain } from './examples/index.js';
import { boundedOptimum } from './testUtil.js';

describe('LazyGoapPlanner', () => {
  test('plans the example domains with valid plans', () => {
    for (const [d, goal] of [
      [fireDomain(), 'fire'],
      [soldierGoapDomain(), 'killEnemy'],
      [chainDomain(30), 'all'],
    ] as const) {
      const start = createState(d.schema);
      const r = new LazyGoapPlanner(d).search(start, goal);
      expect(r.status).toBe('found');
      const end = createState(d.schema);
      expect(validatePlan(r.plan!.steps, 0, start, end).step).toBe(-1);
      expect(firstFailing(d.goals[d.goalIndex(goal)].conditions, end)).toBe(-1);
      expect(r.cost).toBe(r.plan!.cost);
    }
  });

  test('a goal of 65 independent conditions: preferred operators walk straight to it', () => {
    const d = goalRichDomain(65, [1, 2, 3, 4, 5]);
    const r = new LazyGoapPlanner(d).search(createState(d.schema), 'all');
    expect(r.status).toBe('found');
    expect(r.plan!.steps).toHaveLength(65);
    expect(r.expanded).toBeLessThanOrEqual(66);
  });

  test('budgets: expansions and plan length; bad options get a typed error', () => {
    const d = chainDomain(30);
    expect(new LazyGoapPlanner(d, { maxExpansions: 3 }).search(createState(d.schema), 'all').status).toBe('budget');
    // chain(4) needs 4 steps (one decoy per goal condition): with at most 3, the states within reach run out.
    const short = chainDomain(4);
    expect(new LazyGoapPlanner(short, { maxPlanLength: 3 }).search(createState(short.schema), 'all').status).toBe('budget');
    expect(new LazyGoapPlanner(short, { maxPlanLength: 4 }).search(createState(short.schema), 'all').plan?.steps).toHaveLength(4);
    expect(() => new LazyGoapPlanner(d, { maxExpansions: -1 })).toThrow(GoapDefinitionError);
    expect(() => new LazyGoapPlanner(d, { preferred: 'yes' as never })).toThrow(/preferred/);
  });

  test('property: on random domains it finds a valid plan whenever one exists, never cheaper than the optimum, and none otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean(), (seed, preferred) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 5) });
        const start = createState(rd.domain.schema, rd.start);
        const goal = compileConditions(rd.domain.schema, rd.goal);
        const best = boundedOptimum(rd.domain, start, goal, Infinity);
        const r = new LazyGoapPlanner(rd.domain, { preferred, maxPlanLength: 300 }).search(start, 'goal');
        if (best === Infinity) return r.status === 'none' && r.plan === null;
        if (r.status !== 'found' || r.cost < best) return false;
        const end = createState(rd.domain.schema);
        return validatePlan(r.plan!.steps, 0, start, end).step < 0 && firstFailing(goal, end) < 0;
      }),
      { numRuns: 300 },
    );
  });
});
