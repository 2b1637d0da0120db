import { bool, check, createState, defineSchema, eq, int, ge, set, type WorldState, defineActions } from '@dualplan/world-state';
import { compileGoapDomain } from './domain/compileGoapDomain.js';
import { compileGoal } from './domain/compileGoal.js';
import { GoapPlanner } from './GoapPlanner.js';
import { PlannerBusyError } from './errors.js';
import { chainDomain, fireDomain, soldierGoapDomain } from './examples/index.js';
import { planNames } from './testUtil.js';

describe('GoapPlanner: budgets', () => {
  test('max expansions: a clear budget result, never a wrong plan', () => {
    const d = chainDomain(8);
    const r = new GoapPlanner(d, { maxExpansions: 5 }).search(createState(d.schema), 'all');
    expect(r.status).toBe('budget');
    expect(r.budget).toBe('expansions');
    expect(r.expanded).toBe(5);
    expect(r.length).toBe(0);
  });

  test('budgets that are not whole numbers are typed errors naming the option or call', () => {
    const d = chainDomain(4);
    for (const bad of [1.5, -1, NaN, '10']) {
      expect(() => new GoapPlanner(d, { maxExpansions: bad as number })).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'maxExpansions' }));
    }
    expect(new GoapPlanner(d, { maxExpansions: Infinity }).maxExpansions).toBe(Infinity);
    const p = new GoapPlanner(d);
    p.begin(createState(d.schema), 'all');
    // NaN would stall a sliced search forever (no expansion, never done).
    for (const bad of [NaN, 0, 2.5]) expect(() => p.step(bad)).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'GoapPlanner.step' }));
    let status = p.step(100);
    while (status === 'running') status = p.step(100);
    expect(status).toBe('found');
  });

  test('max plan length: no plan longer than the limit; "budget" when longer plans were pruned', () => {
    const d = fireDomain();
    const p = new GoapPlanner(d, { maxPlanLength: 2 });
    const r = p.search(createState(d.schema), 'fire');
    // The 3-step optimum is out of reach; collect branches + fire (cost 9) fits.
    expect(r.status).toBe('found');
    expect(planNames(d, r)).toEqual(['collectBranches', 'makeFire']);
    const chain = chainDomain(3);
    const short = new GoapPlanner(chain, { maxPlanLength: 2 }).search(createState(chain.schema), 'all');
    expect(short.status).toBe('budget');
    expect(short.budget).toBe('length');
  });

  test('time budget: stops with "budget"/"time"', () => {
    const d = chainDomain(12);
    const r = new GoapPlanner(d, { weight: 0, timeBudgetMs: 1, maxExpansions: 1e9 }).search(createState(d.schema), 'all');
    expect(r.status).toBe('budget');
    expect(r.budget).toBe('time');
  });

  test('node budget: stops with "budget"/"nodes"', () => {
    const d = chainDomain(8);
    const r = new GoapPlanner(d, { weight: 0, maxNodes: 100 }).search(createState(d.schema), 'all');
    expect(r.status).toBe('budget');
    expect(r.budget).toBe('nodes');
    expect(r.generated).toBeLessThanOrEqual(100);
  });

  test('no plan at all is "none", not "budget"', () => {
    const d = fireDomain();
    const p = new GoapPlanner(d);
    const goal = compileGoal(d, { name: 'wood20', conditions: [ge(d.schema.keys.wood as never, 20 as never)] });
    expect(p.search(createState(d.schema), goal).status).toBe('none');
  });
});

describe('GoapPlanner: sliced search and reentrancy', () => {
  test('step(n) resumes across frames and ends with the same plan as plan()', () => {
    const d = chainDomain(6);
    const whole = new GoapPlanner(d, { weight: 1 }).search(createState(d.schema), 'all');
    const expected = planNames(d, whole);
    const expanded = whole.expanded;
    const p = new GoapPlanner(d, { weight: 1 });
    p.begin(createState(d.schema), 'all');
    let frames = 0;
    let status = p.step(10);
    while (status === 'running') {
      frames++;
      status = p.step(10);
    }
    expect(frames).toBeGreaterThan(3);
    expect(status).toBe('found');
    expect(planNames(d, p.result)).toEqual(expected);
    expect(p.result.expanded).toBe(expanded);
  });

  test('the start state is copied at begin(): later changes do not leak into a sliced search', () => {
    const d = fireDomain();
    const p = new GoapPlanner(d);
    const state = createState(d.schema);
    p.begin(state, 'fire');
    state.set(d.schema.keys.hasFire as never, true as never);
    while (p.step(1) === 'running');
    expect(p.result.cost).toBe(7);
  });

  test('starting another search while one is sliced is a typed error; cancel() frees the planner', () => {
    const d = chainDomain(6);
    const p = new GoapPlanner(d);
    p.begin(createState(d.schema), 'all');
    p.step(1);
    expect(() => p.search(createState(d.schema), 'all')).toThrow(PlannerBusyError);
    p.cancel();
    expect(p.search(createState(d.schema), 'all').cost).toBe(12);
  });

  test('planners are independent: interleaved sliced searches on two instances over one domain', () => {
    const d = chainDomain(6);
    const a = new GoapPlanner(d);
    const b = new GoapPlanner(d);
    a.begin(createState(d.schema), 'all');
    b.begin(createState(d.schema, { a0: true, a1: true }), 'all');
    let sa = a.step(3);
    let sb = b.step(3);
    while (sa === 'running' || sb === 'running') {
      sa = a.step(3);
      sb = b.step(3);
    }
    expect(a.result.cost).toBe(12);
    expect(b.result.cost).toBe(10);
  });

  test.each(['count', 'additive'] as const)(
    'a callback that re-enters its own planner gets PlannerBusyError instead of corrupting the search (%s)',
    (heuristic) => {
      const schema = defineSchema({ done: bool() });
      let inner: unknown = null;
      const d = compileGoapDomain(
        defineActions(schema, [
          {
            name: 'work',
            conditions: [
              check('reenter', (s) => {
                try {
                  planner.search(s, 'g');
                } catch (e) {
                  inner = e;
                }
                return true;
              }),
            ],
            effects: [set(schema.keys.done, true)],
          },
        ]),
        { goals: [{ name: 'g', conditions: [eq(schema.keys.done, true)] }] },
      );
      // The additive heuristic runs the check inside begin() (relaxation), the count heuristic during step().
      // Declared after the callback that uses it: the callback runs only during search(), once it is set.
      const planner = new GoapPlanner(d, { heuristic });
      expect(planner.search(createState(schema), 'g').status).toBe('found');
      expect(inner).toBeInstanceOf(PlannerBusyError);
      expect(planNames(d, planner.result)).toEqual(['work']);
    },
  );
});

describe('GoapPlanner: costs, procedural checks and penalties', () => {
  const schema = defineSchema({ enemyDead: bool(), hasAmmo: bool(true), range: int(0, 10, 5) });
  const k = schema.keys;
  const make = (rangedCost: number | ((state: WorldState<any>, ctx: { rangedCost: number }) => number), melee = true) =>
    compileGoapDomain(
      defineActions(schema, [
        { name: 'ranged', conditions: [eq(k.hasAmmo, true)], effects: [set(k.enemyDead, true)], cost: rangedCost },
        { name: 'melee', conditions: melee ? [check('close', (s) => s.get(k.range) <= 5)] : [], effects: [set(k.enemyDead, true)], cost: 2 },
      ]),
      { goals: [{ name: 'kill', conditions: [eq(k.enemyDead, true)] }] },
    );

  test('dynamic cost (Tomb Raider motives): a cheap action can become expensive at run time', () => {
    const d = make((_state, ctx) => ctx.rangedCost);
    const p = new GoapPlanner<{ rangedCost: number }>(d);
    expect(planNames(d, p.search(createState(schema), 'kill', { rangedCost: 1 }))).toEqual(['ranged']);
    expect(planNames(d, p.search(createState(schema), 'kill', { rangedCost: 21 }))).toEqual(['melee']);
    expect(p.result.cost).toBe(2);
  });

  test('a dynamic cost of Infinity marks the action unusable; NaN, negative, a string or a throw also does, reported once as a fault naming it', () => {
    const d = make((_state, ctx) => ctx.rangedCost);
    const p = new GoapPlanner<{ rangedCost: number }>(d);
    expect(planNames(d, p.search(createState(schema, { range: 9 }), 'kill', { rangedCost: Infinity }))).toEqual([]);
    expect(p.result.status).toBe('none');
    expect(p.plan(createState(schema), { rangedCost: Infinity }).faults).toBeUndefined(); // Infinity is a legal "not now"
    const boom = (): number => {
      throw new RangeError('no ammo table');
    };
    const cases: [unknown, string, string][] = [
      [NaN, 'INVALID_COST', 'NaN (number)'],
      [-3, 'INVALID_COST', '-3 (number)'],
      ['2', 'INVALID_COST', '"2" (string)'],
      [boom, 'COST_THREW', 'RangeError: no ammo table'],
    ];
    for (const [bad, code, shown] of cases) {
      const q = new GoapPlanner<{ rangedCost: number }>(make(typeof bad === 'function' ? (bad as () => number) : () => bad as number));
      // The broken action is left out of this search; planning goes on with the others.
      const result = q.plan(createState(schema), { rangedCost: 0 });
      expect(result.status).toBe('found');
      expect(result.plan!.steps.map((x) => x.task)).toEqual(['melee']);
      expect(result.faults!.map((f) => [f.code, f.subject, f.where])).toEqual([[code, 'ranged', 'cost']]);
      expect(result.faults![0].message).toContain(shown);
      // Once per search, and again in the next one (nothing sticks).
      expect(q.plan(createState(schema), { rangedCost: 0 }).faults).toHaveLength(1);
    }
  });

  test('a custom heuristic that throws or returns no number is reported once per search, which goes on with h = 0 and finds the plan', () => {
    const d = make(1);
    const cases: [(node: unknown) => number, string, string][] = [
      [
        () => {
          throw new RangeError('no map');
        },
        'HEURISTIC_THREW',
        'RangeError: no map',
      ],
      [() => NaN, 'INVALID_HEURISTIC', 'NaN (number)'],
      [() => '3' as unknown as number, 'INVALID_HEURISTIC', '"3" (string)'],
      [() => -1, 'INVALID_HEURISTIC', '-1 (number)'],
      [() => -Infinity, 'INVALID_HEURISTIC', '-Infinity (number)'],
    ];
    for (const [heuristic, code, shown] of cases) {
      let calls = 0;
      const p = new GoapPlanner<{ rangedCost: number }>(d, { heuristic: (node) => (calls++, heuristic(node)) });
      const result = p.plan(createState(schema), { rangedCost: 0 });
      expect(result.status).toBe('found');
      expect(result.plan!.steps.map((x) => x.task)).toEqual(['ranged']); // the cheapest plan, as with h = 0
      expect(result.faults!.map((f) => [f.code, f.subject, f.where])).toEqual([[code, 'heuristic', 'heuristic']]);
      expect(result.faults![0].message).toContain(shown);
      expect(calls).toBe(1); // not asked again in that search
      expect(p.plan(createState(schema), { rangedCost: 0 }).faults).toHaveLength(1); // asked again in the next
      expect(calls).toBe(2);
    }
  });

  test('a custom heuristic answering Infinity marks a dead end: never expanded, and no fault', () => {
    const d = make(1);
    const p = new GoapPlanner<{ rangedCost: number }>(d, { heuristic: () => Infinity });
    const result = p.plan(createState(schema), { rangedCost: 0 });
    expect(result.status).toBe('none');
    expect(result.faults ?? []).toEqual([]);
  });

  test.each([
    ['1', 1],
    ['"yes"', 'yes'],
    ['a Promise', Promise.resolve(true)],
  ])('a procedural check answering %s leaves its action out, reported as INVALID_CHECK', (_label, answer) => {
    const d = compileGoapDomain(
      defineActions(schema, [
        { name: 'ranged', conditions: [check('aim', () => answer as never)], effects: [set(k.enemyDead, true)], cost: 1 },
        { name: 'melee', effects: [set(k.enemyDead, true)], cost: 2 },
      ]),
      { goals: [{ name: 'kill', conditions: [eq(k.enemyDead, true)] }] },
    );
    const result = new GoapPlanner(d).plan(createState(schema));
    expect(result.plan!.steps.map((x) => x.task)).toEqual(['melee']);
    expect(result.faults!.map((f) => [f.code, f.subject])).toEqual([['CONDITION_THREW', 'ranged']]);
    expect(result.faults![0].cause).toEqual(expect.objectContaining({ code: 'INVALID_CHECK', subject: 'aim' }));
  });

  test('a procedural check that throws leaves its action out of the search, reported', () => {
    const d = compileGoapDomain(
      defineActions(schema, [
        {
          name: 'ranged',
          conditions: [
            check('aim', () => {
              throw new TypeError('scope missing');
            }),
          ],
          effects: [set(k.enemyDead, true)],
          cost: 1,
        },
        { name: 'melee', effects: [set(k.enemyDead, true)], cost: 2 },
      ]),
      { goals: [{ name: 'kill', conditions: [eq(k.enemyDead, true)] }] },
    );
    const result = new GoapPlanner(d).plan(createState(schema));
    expect(result.plan!.steps.map((x) => x.task)).toEqual(['melee']);
    expect(result.faults!.map((f) => [f.code, f.subject, f.where])).toEqual([['CONDITION_THREW', 'ranged', 'condition']]);
  });

  test('goal callbacks that throw or return no number skip that goal, reported; a lower goal is planned', () => {
    const d = compileGoapDomain(
      defineActions(schema, [
        { name: 'melee', effects: [set(k.enemyDead, true)], cost: 2 },
        { name: 'reload', effects: [set(k.hasAmmo, true)], cost: 1 },
      ]),
      {
        goals: [
          {
            name: 'kill',
            conditions: [eq(k.enemyDead, true)],
            priority: () => {
              throw new Error('bad priority');
            },
          },
          { name: 'kill2', conditions: [eq(k.enemyDead, true)], priority: () => 'high' as never },
          { name: 'kill4', conditions: [eq(k.enemyDead, true)], priority: () => NaN },
          {
            name: 'kill3',
            conditions: [eq(k.enemyDead, true)],
            priority: 1,
            valid: () => {
              throw new Error('bad valid');
            },
          },
          { name: 'ammo', conditions: [eq(k.hasAmmo, true)], priority: 0 },
        ],
      },
    );
    const result = new GoapPlanner(d).plan(createState(schema, { hasAmmo: false }));
    expect(result.plan!.steps.map((x) => x.task)).toEqual(['reload']);
    expect(result.faults!.map((f) => [f.code, f.subject])).toEqual([
      ['GOAL_THREW', 'kill'],
      ['INVALID_PRIORITY', 'kill2'],
      ['INVALID_PRIORITY', 'kill4'],
      ['GOAL_THREW', 'kill3'],
    ]);
  });

  test('a plain snapshot object instead of a WorldState is a typed error naming what it got', () => {
    const p = new GoapPlanner(make(1));
    expect(() => p.plan({ hasAmmo: true } as never)).toThrow(expect.objectContaining({ code: 'BAD_STATE', message: expect.stringContaining('got an object') }));
  });

  test('rule 4: procedural checks run against the real state and are never regressed', () => {
    const d = make(5);
    const p = new GoapPlanner(d);
    expect(planNames(d, p.search(createState(schema, { range: 3 }), 'kill'))).toEqual(['melee']);
    expect(planNames(d, p.search(createState(schema, { range: 8 }), 'kill'))).toEqual(['ranged']);
  });

  test('failure penalties raise the cost multiplier and decay back with the half-life', () => {
    const d = make(1, false);
    const p = new GoapPlanner(d, { failurePenalty: 2, penaltyHalfLife: 5 });
    const ranged = d.actionNames.indexOf('ranged');
    expect(planNames(d, p.search(createState(schema), 'kill'))).toEqual(['ranged']);
    p.penalize(ranged);
    expect(p.multipliers[ranged]).toBe(3);
    expect(p.failures[ranged]).toBe(1);
    // 1 × 3 = 3 now exceeds melee's 2.
    expect(planNames(d, p.search(createState(schema), 'kill'))).toEqual(['melee']);
    p.decay(5);
    expect(p.multipliers[ranged]).toBeCloseTo(2);
    p.decay(10);
    expect(p.multipliers[ranged]).toBeCloseTo(1.25);
    expect(planNames(d, p.search(createState(schema), 'kill'))).toEqual(['ranged']);
    expect(p.result.cost).toBeCloseTo(1.25);
    p.decay(1000);
    expect(p.multipliers[ranged]).toBe(1);
  });
});

describe('GoapPlanner: options and heuristics', () => {
  test('nonsensical options are a typed error naming the option', () => {
    const d = fireDomain();
    for (const [name, value] of [
      ['weight', -1],
      ['weight', NaN],
      ['maxPlanLength', Infinity],
      ['maxNodes', 1],
      ['penaltyHalfLife', 0],
      ['mode', 'sideways'],
      ['heuristic', 'magic'],
    ] as const) {
      let error: unknown;
      try {
        new GoapPlanner(d, { [name]: value } as never);
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ code: 'BAD_OPTION', subject: name });
    }
  });

  test('a custom heuristic sees the node and steers the search; returning 0 is Dijkstra', () => {
    const d = soldierGoapDomain();
    const seen: number[] = [];
    const p = new GoapPlanner(d, {
      heuristic: (node) => {
        seen.push(node.unsatisfied);
        expect(node.mode).toBe('backward');
        expect(node.words.length).toBeGreaterThanOrEqual(node.at + d.words);
        return 0;
      },
    });
    const r = p.search(createState(d.schema), 'killEnemy');
    expect(r.cost).toBe(4);
    expect(seen.length).toBe(r.generated);
    const dijkstra = new GoapPlanner(d, { weight: 0 }).search(createState(d.schema), 'killEnemy');
    expect(r.expanded).toBe(dijkstra.expanded);
  });

  test('the additive heuristic prunes nodes whose conditions are unreachable even when relaxed', () => {
    const d = soldierGoapDomain();
    const p = new GoapPlanner(d, { heuristic: 'additive', trace: true });
    // The goal itself is unreachable: no node is expanded.
    expect(p.search(createState(d.schema, { armedwithgun: false, armedwithbomb: false }), 'killEnemy').status).toBe('none');
    expect(p.result.expanded).toBe(0);
    expect(p.trace!.whyNoPlan!.unachievable.length).toBe(2);
    // A child is unreachable: strike needs matches nobody can get; rubbing sticks works.
    const schema = defineSchema({ lit: bool(), hasMatch: bool() });
    const fire = compileGoapDomain(
      defineActions(schema, [
        { name: 'strike', conditions: [eq(schema.keys.hasMatch, true)], effects: [set(schema.keys.lit, true)] },
        { name: 'rub', effects: [set(schema.keys.lit, true)], cost: 5 },
      ]),
      { goals: [{ name: 'light', conditions: [eq(schema.keys.lit, true)] }] },
    );
    const q = new GoapPlanner(fire, { heuristic: 'additive', trace: true });
    expect(planNames(fire, q.search(createState(schema), 'light'))).toEqual(['rub']);
    expect(q.trace!.considered.find((c) => c.action === 'strike')).toMatchObject({ verdict: 'unreachable' });
    const counted = new GoapPlanner(fire, { trace: true });
    counted.search(createState(schema), 'light');
    expect(counted.trace!.considered.find((c) => c.node === 0 && c.action === 'strike')!.verdict).toBe('kept');
  });

  test('counts how often each action is selected, so never-selected actions stand out', () => {
    const d = fireDomain();
    const p = new GoapPlanner(d);
    p.search(createState(d.schema), 'fire');
    p.search(createState(d.schema, { hasAxe: true }), 'fire');
    expect(Array.from(p.selected)).toEqual([1, 2, 0, 2]);
    expect(d.actionNames.filter((_, a) => p.selected[a] === 0)).toEqual(['collectBranches']);
  });
});

describe('GoapPlanner: input checks', () => {
  test('a state of another schema, or a goal compiled for another domain, is a typed error', () => {
    const fire = fireDomain();
    const soldier = soldierGoapDomain();
    const p = new GoapPlanner(fire);
    expect(() => p.search(createState(chainDomain(3).schema), 'fire')).toThrow(expect.objectContaining({ code: 'SCHEMA_MISMATCH' }));
    expect(() => p.search(createState(fire.schema), soldier.goals[0])).toThrow(expect.objectContaining({ code: 'FOREIGN_GOAL' }));
    // An equal schema built separately is accepted.
    expect(p.search(createState(fireDomain().schema), 'fire').cost).toBe(7);
  });
});
