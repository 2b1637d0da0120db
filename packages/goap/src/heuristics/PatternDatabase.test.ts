import fc from 'fast-check';
import { compileConditions, createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { chainDomain, randomDomain } from '../examples/index.js';
import { boundedOptimum, simulate } from '../testUtil.js';
import { relevantActions } from '../domain/relevantActions.js';
import { PatternDatabase } from './PatternDatabase.js';

describe('PatternDatabase', () => {
  test('chain(8): the table is exact (16 from the start) and forward optimal: true walks the plan', () => {
    const d = chainDomain(8);
    const db = PatternDatabase.of(d, d.goals[0], relevantActions(d, d.goals[0]))!;
    expect(db).not.toBeNull();
    expect(PatternDatabase.of(d, d.goals[0], relevantActions(d, d.goals[0]))).toBe(db);
    const start = createState(d.schema);
    expect(db.lookup(start.values, 0)).toBe(16);
    const r = new GoapPlanner(d, { mode: 'forward', optimal: true }).search(start, 'all');
    expect(r).toMatchObject({ status: 'found', cost: 16, expanded: 16 });
  });

  test('not built when a relevant cell is an int cell or the cells span more than a million states', () => {
    const withInt = randomDomain(3, { intKey: true, actions: 40, goalConditions: 2 });
    const intRelevant = PatternDatabase.of(withInt.domain, withInt.domain.goals[0], relevantActions(withInt.domain, withInt.domain.goals[0]));
    // 40 random actions read the int key somewhere: the table is not built.
    expect(intRelevant).toBeNull();
    expect(PatternDatabase.of(chainDomain(11), chainDomain(11).goals[0], null)).toBeNull(); // 2^22 states
  });

  // Random domains without the int key: the database is built, so forward optimal: true uses it.
  test.each([2, 3, 4, Infinity])(
    'property: forward optimal: true with the table finds the optimum within maxPlanLength %s; the table is exact at the start',
    (limit) => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
          const rd = randomDomain(seed, { actions: 6 + (seed % 5), intKey: false });
          const start = createState(rd.domain.schema, rd.start);
          const goal = compileConditions(rd.domain.schema, rd.goal);
          const best = boundedOptimum(rd.domain, start, goal, limit);
          const db = PatternDatabase.of(rd.domain, rd.domain.goals[0], relevantActions(rd.domain, rd.domain.goals[0]));
          if (db === null) return false;
          if (limit === Infinity && db.lookup(start.values, 0) !== best) return false;
          const r = new GoapPlanner(rd.domain, { mode: 'forward', optimal: true, maxPlanLength: limit === Infinity ? 300 : limit, maxExpansions: 1e6 }).search(
            start,
            'goal',
          );
          if (best === Infinity) return r.status !== 'found';
          return r.status === 'found' && r.cost === best && r.length <= limit && simulate(rd.domain, r, start) !== null;
        }),
        { numRuns: 300 },
      );
    },
  );

  // Integer costs take the bucket queue; costs like 0.75 take the binary heap. Both give the exact table.
  test.each([
    ['integer costs (bucket queue)', 1],
    ['fractional costs (binary heap)', 0.75],
  ])('property: %s: the table at the start is the exhaustive optimum', (_, scale) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 5), intKey: false, minCost: 0 });
        for (let a = 0; a < rd.domain.actionCount; a++) rd.domain.baseCost[a] *= scale;
        const start = createState(rd.domain.schema, rd.start);
        const best = boundedOptimum(rd.domain, start, compileConditions(rd.domain.schema, rd.goal), Infinity);
        const db = PatternDatabase.of(rd.domain, rd.domain.goals[0], relevantActions(rd.domain, rd.domain.goals[0]));
        return db !== null && db.lookup(start.values, 0) === best;
      }),
      { numRuns: 300 },
    );
  });
});
