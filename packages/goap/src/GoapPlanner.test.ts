import { bool, createState, defineSchema, eq, int, ge, set, add, firstFailing, PlanBuffer, defineActions } from '@dualplan/world-state';
import { compileGoapDomain } from './domain/compileGoapDomain.js';
import type { GoapDomain } from './domain/GoapDomain.js';
import type { GoapNodeView } from './heuristics/GoapHeuristic.js';
import { compileGoal } from './domain/compileGoal.js';
import { GoapPlanner } from './GoapPlanner.js';
import { UnknownGoalError } from './errors.js';
import { chainDomain, fireDomain, mergedBoolDomain, mergedBoolTwinDomain, soldierGoapDomain, trollGoapDomain, woodpileDomain } from './examples/index.js';
import { planNames, simulate } from './testUtil.js';

function solves(domain: GoapDomain, planner: GoapPlanner, goal: string, state = createState(domain.schema)) {
  const r = planner.result;
  const end = simulate(domain, r, state);
  return firstFailing(planner.goalOf(goal).conditions, end) < 0;
}

describe('GoapPlanner: example domains', () => {
  test('soldier: optimal cost 4 without the bomb, and the plan reaches the goal', () => {
    const d = soldierGoapDomain();
    const p = new GoapPlanner(d);
    const r = p.search(createState(d.schema), 'killEnemy');
    expect(r.status).toBe('found');
    expect(r.cost).toBe(4);
    expect(planNames(d, r).slice(2)).toEqual(['aim', 'shoot']);
    expect(new Set(planNames(d, r).slice(0, 2))).toEqual(new Set(['scout', 'load']));
    expect(solves(d, p, 'killEnemy')).toBe(true);
  });

  test('soldier: with no gun the bomb would kill the soldier too, so there is no plan', () => {
    const d = soldierGoapDomain();
    const r = new GoapPlanner(d).search(createState(d.schema, { armedwithgun: false }), 'killEnemy');
    expect(r.status).toBe('none');
  });

  test('fire: optimum 7 through the axe', () => {
    const d = fireDomain();
    const p = new GoapPlanner(d);
    const r = p.search(createState(d.schema), 'fire');
    expect(r.cost).toBe(7);
    expect(planNames(d, r)).toEqual(['getAxe', 'chopWood', 'makeFire']);
    // With the axe in hand, only chop + fire remain.
    expect(p.search(createState(d.schema, { hasAxe: true }), 'fire').cost).toBe(5);
  });

  test('numeric regression: wood >= 15 through +5 wood is "chop three times"', () => {
    const d = woodpileDomain(15);
    const p = new GoapPlanner(d);
    const r = p.search(createState(d.schema), 'stock');
    expect(planNames(d, r)).toEqual(['getAxe', 'chop', 'chop', 'chop']);
    expect(r.cost).toBe(5);
    expect(solves(d, p, 'stock')).toBe(true);
    // Starting with 6 wood, two chops suffice; with 14 and no axe, gathering once (+2) is cheapest.
    expect(planNames(d, p.search(createState(d.schema, { wood: 6 }), 'stock'))).toEqual(['getAxe', 'chop', 'chop']);
    expect(planNames(d, p.search(createState(d.schema, { wood: 14 }), 'stock'))).toEqual(['gather']);
  });

  test('numeric regression clamps at the range edge: wood >= 30 (the max) regresses to >= 25 through +5', () => {
    const d = woodpileDomain(30);
    const p = new GoapPlanner(d);
    const r = p.search(createState(d.schema, { wood: 28, hasAxe: true }), 'stock');
    expect(planNames(d, r)).toEqual(['chop']);
  });

  test.each([1, 2, 5, 10, 25, 50, 100])('chain(%i): cost 2k with the additive heuristic in exactly 2k expansions, and the plan reaches the goal', (k) => {
    const d = chainDomain(k);
    const p = new GoapPlanner(d, { heuristic: 'additive', maxPlanLength: 2 * k });
    const r = p.search(createState(d.schema), 'all');
    expect(r.status).toBe('found');
    expect(r.cost).toBe(2 * k);
    expect(r.length).toBe(2 * k);
    // The relaxation is exact on chain(k): only plan nodes are expanded (docs: chain(100) expands 200 nodes).
    expect(r.expanded).toBe(2 * k);
    expect(solves(d, p, 'all')).toBe(true);
  });

  test.each([1, 2, 3, 4])('chain(%i): the admissible count heuristic and Dijkstra agree on 2k', (k) => {
    const d = chainDomain(k);
    for (const weight of [0, 1]) expect(new GoapPlanner(d, { weight }).search(createState(d.schema), 'all').cost).toBe(2 * k);
  });

  test('merged bools find the same plan as their all-bools twin, with half the expansions', () => {
    const merged = mergedBoolDomain();
    const twin = mergedBoolTwinDomain();
    const a = new GoapPlanner(merged).search(createState(merged.schema), 'defeat');
    const aNames = planNames(merged, a);
    const aExpanded = a.expanded;
    const unpruned = new GoapPlanner(twin);
    unpruned.engine.expansion.pruneInvariantsAfter(-1);
    const b = unpruned.search(createState(twin.schema), 'defeat');
    expect(a.status).toBe('found');
    expect(b.cost).toBe(a.cost);
    expect(planNames(twin, b)).toEqual(aNames);
    expect(aExpanded).toBeLessThan(b.expanded);
    expect(aExpanded).toBe(21);
    expect(2 * aExpanded).toBe(b.expanded);
    // The twin's bools exclude each other too: invariant pruning from the root drops the regressed goals that need two of them.
    const pruned = new GoapPlanner(twin);
    pruned.engine.expansion.pruneInvariantsAfter(0);
    expect(pruned.search(createState(twin.schema), 'defeat')).toMatchObject({ cost: b.cost, expanded: 23 });
    expect(merged.schema.stateSpace().after).toBeLessThan(twin.schema.stateSpace().after);
  });

  test('troll: slams when it has a trunk, fetches one first when not, whirlwinds when powered up', () => {
    const d = trollGoapDomain();
    const p = new GoapPlanner(d);
    const plan = (snap: Record<string, unknown>, goal: string) => planNames(d, p.search(createState(d.schema, snap as never), goal));
    expect(plan({ WsCanSeeEnemy: true, WsTrunkHealth: 3 }, 'attackEnemy')).toEqual(['NavigateToEnemy', 'DoTrunkSlam']);
    expect(plan({ WsCanSeeEnemy: true, WsTrunkHealth: 0 }, 'attackEnemy')).toEqual(['NavigateToTrunk', 'UprootTrunk', 'NavigateToEnemy', 'DoTrunkSlam']);
    expect(plan({ WsCanSeeEnemy: true, WsTrunkHealth: 3, WsPowerUp: 3 }, 'attackEnemy')).toEqual(['DoWhirlwindTrunkAttack']);
    expect(plan({ WsCanSeeEnemy: true, WsTrunkHealth: 3, WsCanNavigateToEnemy: false, WsEnemyRange: 'View' }, 'attackEnemy')).toEqual(['ThrowBoulder']);
    // Going to where the enemy was last seen is expected to bring it back in sight (the runner's sensors confirm it).
    expect(plan({ WsHasSeenEnemyRecently: true }, 'regainLineOfSight')).toEqual(['NavToLastEnemyLoc']);
    expect(plan({ WsLocation: 'Enemy' }, 'patrolBridges')).toEqual(['NavigateToBridge']);
    // The sighting is an expected effect: never applied to the real state by the runner.
    const nav = d.steps[d.actionNames.indexOf('NavToLastEnemyLoc')];
    expect([nav.effects.describe(0), nav.effects.length]).toEqual(['WsLocation = LastEnemyLoc', 1]);
    expect(nav.expectedEffects.describe(0)).toBe('WsCanSeeEnemy = true');
  });

  test('a goal already satisfied gives an empty plan', () => {
    const d = fireDomain();
    const r = new GoapPlanner(d).search(createState(d.schema, { hasFire: true }), 'fire');
    expect(r.status).toBe('found');
    expect(r.length).toBe(0);
    expect(r.cost).toBe(0);
  });

  test('unknown goals are a typed error', () => {
    const d = fireDomain();
    expect(() => new GoapPlanner(d).search(createState(d.schema), 'party')).toThrow(UnknownGoalError);
  });

  test('plans for an ad hoc compiled goal', () => {
    const d = fireDomain();
    const goal = compileGoal(d, { name: 'axe', conditions: [eq(d.schema.keys.hasAxe as never, true as never)] });
    const p = new GoapPlanner(d);
    expect(planNames(d, p.search(createState(d.schema), goal))).toEqual(['getAxe']);
  });
});

describe('GoapPlanner: forward mode', () => {
  test.each([
    ['soldier', soldierGoapDomain, 'killEnemy'],
    ['fire', fireDomain, 'fire'],
    ['woodpile', () => woodpileDomain(15), 'stock'],
    ['chain(4)', () => chainDomain(4), 'all'],
    ['merged', mergedBoolDomain, 'defeat'],
  ] as const)('%s: forward A* finds the same cost as backward', (_, make, goal) => {
    const d = make();
    const back = new GoapPlanner(d).search(createState(d.schema), goal);
    const backCost = back.cost;
    const fwdPlanner = new GoapPlanner(d, { mode: 'forward' });
    const fwd = fwdPlanner.search(createState(d.schema), goal);
    expect(fwd.status).toBe('found');
    expect(fwd.cost).toBe(backCost);
    expect(solves(d, fwdPlanner, goal)).toBe(true);
  });
});

describe('GoapPlanner: regression over ints and enums', () => {
  test('sub effects regress upper bounds: n <= 1 from 5 through -2 is two steps', () => {
    const schema = defineSchema({ n: int(0, 9) });
    const d = compileGoapDomain(
      defineActions(schema, [
        { name: 'drain', effects: [{ key: 'n', op: 'sub', value: 2 }], cost: 1 },
        { name: 'reset', effects: [set(schema.keys.n, 0)], cost: 5 },
      ]),
      { goals: [{ name: 'low', conditions: [{ key: 'n', op: '<=', value: 1 }] }] },
    );
    const p = new GoapPlanner(d, { weight: 0 });
    expect(planNames(d, p.search(createState(schema, { n: 5 }), 'low'))).toEqual(['drain', 'drain']);
    expect(planNames(d, p.search(createState(schema, { n: 9 }), 'low'))).toEqual(['drain', 'drain', 'drain', 'drain']);
    expect(planNames(d, p.search(createState(schema, { n: 1 }), 'low'))).toEqual([]);
  });

  test("the 'error' edge policy makes an overshooting add inapplicable; 'clamp' allows it", () => {
    const make = (edge: 'clamp' | 'error') => {
      const schema = defineSchema({ n: int(0, 5, 0, { edge }) });
      return compileGoapDomain(
        defineActions(schema, [
          { name: 'big', effects: [add(schema.keys.n, 2)], cost: 1 },
          { name: 'small', effects: [add(schema.keys.n, 1)], cost: 3 },
        ]),
        { goals: [{ name: 'full', conditions: [ge(schema.keys.n, 5)] }] },
      );
    };
    for (const mode of ['backward', 'forward'] as const) {
      const clamp = make('clamp');
      expect(planNames(clamp, new GoapPlanner(clamp, { mode }).search(createState(clamp.schema, { n: 4 }), 'full'))).toEqual(['big']);
      const error = make('error');
      expect(planNames(error, new GoapPlanner(error, { mode }).search(createState(error.schema, { n: 4 }), 'full'))).toEqual(['small']);
      expect(planNames(error, new GoapPlanner(error, { mode }).search(createState(error.schema, { n: 1 }), 'full'))).toEqual(['big', 'big']);
    }
  });

  test('enum goals with "in" and "!=", and merged-bool members used as bools', () => {
    const d = mergedBoolDomain();
    const p = new GoapPlanner(d);
    const armed = compileGoal(d, { name: 'armed', conditions: [{ key: 'weapon', op: '!=', value: 'Unarmed' }] });
    expect(p.search(createState(d.schema), armed).cost).toBe(1);
    const ranged = compileGoal(d, { name: 'ranged', conditions: [{ key: 'weapon', op: 'in', value: ['Bow', 'Staff'] }] });
    expect(planNames(d, p.search(createState(d.schema, { weapon: 'Sword' }), ranged))).toEqual(['drop', expect.stringMatching(/pickBow|pickStaff/)]);
    const sword = compileGoal(d, { name: 'sword', conditions: [{ key: 'Sword', op: '==', value: true }] });
    expect(planNames(d, p.search(createState(d.schema, { weapon: 'Bow' }), sword))).toEqual(['drop', 'pickSword']);
  });
});

describe('GoapPlanner: closed set', () => {
  test('a cheaper path to a known node replaces it (the closed set keeps the cheapest node)', () => {
    const schema = defineSchema({ a: bool(), b: bool() });
    const k = schema.keys;
    const d = compileGoapDomain(
      defineActions(schema, [
        { name: 'both', effects: [set(k.a, true), set(k.b, true)], cost: 5 },
        { name: 'setA', effects: [set(k.a, true)], cost: 1 },
        { name: 'setB', effects: [set(k.b, true)], cost: 1 },
      ]),
      { goals: [{ name: 'ab', conditions: [eq(k.a, true), eq(k.b, true)] }] },
    );
    const p = new GoapPlanner(d, { trace: true });
    const r = p.search(createState(schema), 'ab');
    expect(r.cost).toBe(2);
    expect(new Set(planNames(d, r))).toEqual(new Set(['setA', 'setB']));
    const t = p.trace!;
    // Root: `both` reaches the empty goal at g 5; setA/setB give {b}/{a} at g 1. Expanding one of
    // those reaches the empty goal again at g 2, which replaces the g-5 copy and is popped next.
    expect(t.expanded.map((e) => e.action)).toEqual([null, expect.stringMatching(/setA|setB/)]);
    expect(t.considered.filter((c) => c.node !== 0 && c.verdict === 'kept').length).toBe(1);
    expect(r.generated).toBe(5);
    expect(r.expanded).toBe(2);
  });

  test('a cheaper path to an already expanded node reopens it (inconsistent heuristic)', () => {
    const schema = defineSchema({ g: bool(), x: bool(), y: bool(), z: bool(), w: bool(true) });
    const k = schema.keys;
    const d = compileGoapDomain(
      defineActions(schema, [
        { name: 'viaX', conditions: [eq(k.x, true)], effects: [set(k.g, true)], cost: 1 },
        { name: 'viaY', conditions: [eq(k.y, true)], effects: [set(k.g, true)], cost: 5 },
        { name: 'zToX', conditions: [eq(k.z, true)], effects: [set(k.x, true)], cost: 1 },
        { name: 'zToY', conditions: [eq(k.z, true)], effects: [set(k.y, true)], cost: 1 },
        { name: 'wToZ', conditions: [eq(k.w, true)], effects: [set(k.z, true)], cost: 1 },
      ]),
      { goals: [{ name: 'g', conditions: [eq(k.g, true)] }] },
    );
    // Misleading estimates: the x branch looks far, and the node needing w looks farther still,
    // so {z} is first expanded through the expensive y branch, then reached cheaper through x.
    const requires = (node: GoapNodeView, cell: number) => node.mask(cell) === 2;
    const p = new GoapPlanner(d, { heuristic: (node) => (requires(node, schema.cellOf(k.w)) ? 200 : requires(node, schema.cellOf(k.x)) ? 100 : 0) });
    const r = p.search(createState(schema), 'g');
    expect(r.reopened).toBe(1);
    expect(planNames(d, r)).toEqual(['wToZ', 'zToX', 'viaX']);
    expect(r.cost).toBe(3);
    expect(p.toPlan().stats.backtracks).toBe(1);
  });
});

describe('GoapPlanner.plan: one result shape', () => {
  test('plans for a named goal or by goal selection; fresh results never change, buffered ones are reused', () => {
    const d = fireDomain();
    const planner = new GoapPlanner(d);
    const first = planner.plan(createState(d.schema), undefined, { goal: 'fire' });
    expect(first).toMatchObject({ status: 'found', reason: 'fire', budget: null });
    expect(first.plan!.steps.map((s) => s.task)).toEqual(['getAxe', 'chopWood', 'makeFire']);
    const second = planner.plan(createState(d.schema, { hasWood: true }));
    expect(second.plan!.steps.map((s) => s.task)).toEqual(['makeFire']);
    expect(first.plan!.steps.map((s) => s.task)).toEqual(['getAxe', 'chopWood', 'makeFire']);
    const out = new PlanBuffer();
    const a = planner.plan(createState(d.schema), undefined, { goal: 'fire', out });
    expect(a).toBe(out.result);
    const kept = out.copy();
    const b = planner.plan(createState(d.schema, { hasWood: true }), undefined, { goal: 'fire', out });
    expect(b).toBe(a);
    expect(b.plan!.steps.map((s) => s.task)).toEqual(['makeFire']);
    expect(kept.plan!.steps.map((s) => s.task)).toEqual(['getAxe', 'chopWood', 'makeFire']);
  });

  test('no plan and budgets share the result shape', () => {
    const d = fireDomain();
    expect(new GoapPlanner(d, { maxExpansions: 1 }).plan(createState(d.schema), undefined, { goal: 'fire' })).toMatchObject({
      status: 'budget',
      plan: null,
      budget: 'expansions',
    });
    expect(new GoapPlanner(d).plan(createState(d.schema, { hasFire: true }))).toMatchObject({
      status: 'none',
      plan: null,
      reason: 'no valid, unsatisfied goal',
    });
  });
});
