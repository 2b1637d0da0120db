import { createState } from '@dualplan/world-state';
import { GoapPlanner } from './GoapPlanner.js';
import { soldierGoapDomain, trollGoapDomain } from './examples/index.js';
import { planNames } from './testUtil.js';

describe('GoapPlanner.warmUp', () => {
  test.each([{}, { optimal: true }, { fast: true }])('plans every domain goal on a scratch planner and leaves this one untouched (%j)', (options) => {
    for (const d of [soldierGoapDomain(), trollGoapDomain()]) {
      const warm = new GoapPlanner(d, options);
      const cold = new GoapPlanner(d, options);
      const state = createState(d.schema);
      // Every goal at least once, for about 10 ms, never more than 400 plans.
      const plans = warm.warmUp(state);
      expect(plans).toBeGreaterThanOrEqual(d.goals.length);
      expect(plans).toBeLessThanOrEqual(400);
      expect(warm.result.status).toBe(cold.result.status);
      expect([...warm.selected]).toEqual([...cold.selected]);
      for (const g of d.goals) {
        const a = warm.search(state, g.name);
        const namesA = planNames(d, a);
        const b = cold.search(state, g.name);
        expect([g.name, a.status, a.cost, namesA]).toEqual([g.name, b.status, b.cost, planNames(d, b)]);
      }
    }
  });

  test('primes this planner too, and puts back its last result, statistics and trace; a sliced search is left alone', () => {
    const d = soldierGoapDomain();
    const state = createState(d.schema);
    const planner = new GoapPlanner(d, { trace: true });
    const r = planner.search(state, 'killEnemy');
    const before = { status: r.status, cost: r.cost, names: planNames(d, r), expanded: r.expanded, goal: r.goal?.name };
    const selected = [...planner.selected];
    const trace = planner.trace!;
    const traced = trace.toString();
    planner.warmUp(state, undefined, { ms: 0 });
    const after = planner.result;
    expect({ status: after.status, cost: after.cost, names: planNames(d, after), expanded: after.expanded, goal: after.goal?.name }).toEqual(before);
    expect([...planner.selected]).toEqual(selected);
    expect(planner.trace).toBe(trace);
    expect(trace.toString()).toBe(traced);
    // A sliced search in progress goes on where it was.
    planner.begin(state, 'killEnemy');
    planner.step(1);
    planner.warmUp(state, undefined, { ms: 0 });
    expect(planner.step(1e6)).toBe('found');
    expect(planNames(d, planner.result)).toEqual(before.names);
  });

  test('a state of another schema is refused', () => {
    const d = soldierGoapDomain();
    expect(() => new GoapPlanner(d).warmUp({} as never)).toThrow();
  });

  test('ms 0 plans each goal once; a bad time is BAD_OPTION naming ms', () => {
    const d = soldierGoapDomain();
    const planner = new GoapPlanner(d);
    const state = createState(d.schema);
    expect(planner.warmUp(state, undefined, { ms: 0 })).toBe(d.goals.length);
    for (const ms of [-1, NaN, Infinity, '5' as never])
      expect(() => planner.warmUp(state, undefined, { ms })).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'ms' }));
  });
});
