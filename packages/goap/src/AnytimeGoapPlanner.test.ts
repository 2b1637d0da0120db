import fc from 'fast-check';
import { compileConditions, createState, firstFailing, validatePlan } from '@dualplan/world-state';
import { AnytimeGoapPlanner, type AnytimeImprovement } from './AnytimeGoapPlanner.js';
import { admissibleWeight } from './domain/admissibleWeight.js';
import { GoapDefinitionError } from './errors.js';
import { fireDomain, randomDomain, soldierGoapDomain } from './examples/index.js';
import { boundedOptimum } from './testUtil.js';

describe('AnytimeGoapPlanner', () => {
  test('fire: a quick plan first, then the cheapest, reported as it improves', () => {
    const d = fireDomain();
    const seen: number[] = [];
    const r = new AnytimeGoapPlanner(d, { weights: [5, 1], onImprove: (i) => seen.push(i.cost) }).search(createState(d.schema), 'fire');
    expect(r.status).toBe('found');
    expect(r.cost).toBe(7);
    expect(r.plan!.steps.map((s) => s.task)).toEqual(['getAxe', 'chopWood', 'makeFire']);
    expect(seen).toEqual(r.improvements.map((i) => i.cost));
    expect(seen[seen.length - 1]).toBe(7);
    // The weight-1 round's A* is not admissible with the count here, but a round bounded by 7 finding nothing proves it.
    expect(r.optimal).toBe(false);
    const proven = new AnytimeGoapPlanner(d, { weights: [5, 1, 1] }).search(createState(d.schema), 'fire');
    expect(proven.optimal).toBe(true);
    expect(proven.improvements.length).toBeLessThanOrEqual(2);
  });

  test('a goal without a plan ends with none; a time budget of 0 still runs one slice', () => {
    const d = soldierGoapDomain();
    const k = d.schema.keys;
    const unarmed = createState(d.schema);
    unarmed.set(k.armedwithgun, false);
    unarmed.set(k.armedwithbomb, false);
    expect(new AnytimeGoapPlanner(d).search(unarmed, 'killEnemy').status).toBe('none');
    const quick = new AnytimeGoapPlanner(d, { timeBudgetMs: 0 }).search(createState(d.schema), 'killEnemy');
    expect(quick.status).toBe('found');
    expect(quick.improvements).toHaveLength(1);
  });

  test('a callback that throws is reported once and the search goes on', () => {
    const d = fireDomain();
    const r = new AnytimeGoapPlanner(d, {
      weights: [5, 3, 1],
      onImprove: () => {
        throw new Error('boom');
      },
    }).search(createState(d.schema), 'fire');
    expect(r.cost).toBe(7);
    expect(r.faults.map((f) => f.code)).toEqual(['CALLBACK_THREW']);
  });

  test('bad options get a typed error naming the option', () => {
    const d = fireDomain();
    expect(() => new AnytimeGoapPlanner(d, { weights: [] })).toThrow(GoapDefinitionError);
    expect(() => new AnytimeGoapPlanner(d, { weights: [2, NaN] })).toThrow(/weights/);
    expect(() => new AnytimeGoapPlanner(d, { timeBudgetMs: -1 })).toThrow(/timeBudgetMs/);
  });

  test('property: every improvement is a valid plan, costs strictly decrease, never below the optimum, ending at it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean(), (seed, forward) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 5), intKey: seed % 2 === 0 });
        const start = createState(rd.domain.schema, rd.start);
        const goal = compileConditions(rd.domain.schema, rd.goal);
        const best = boundedOptimum(rd.domain, start, goal, Infinity);
        const weights = [8, 3, 1.5, admissibleWeight(rd.domain)];
        const reported: AnytimeImprovement[] = [];
        const r = new AnytimeGoapPlanner(rd.domain, {
          weights,
          mode: forward ? 'forward' : 'backward',
          maxExpansions: 1e6,
          maxPlanLength: 300,
          onImprove: (i) => reported.push(i),
        }).search(start, 'goal');
        if (best === Infinity) return r.status === 'none' && r.improvements.length === 0;
        if (r.status !== 'found' || reported.length !== r.improvements.length) return false;
        for (let i = 0; i < reported.length; i++) {
          const plan = reported[i].plan;
          if (i > 0 && !(plan.cost < reported[i - 1].cost)) return false;
          if (plan.cost < best) return false;
          const end = createState(rd.domain.schema);
          if (validatePlan(plan.steps, 0, start, end).step >= 0 || firstFailing(goal, end) >= 0) return false;
        }
        // The last round's weight keeps the count admissible here, so the search ends at the optimum (proven or not).
        return r.cost === best && r.plan === reported[reported.length - 1].plan;
      }),
      { numRuns: 200 },
    );
  });
});
