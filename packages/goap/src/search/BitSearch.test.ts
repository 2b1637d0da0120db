import { bool, check, createState, defineActions, defineSchema, enumOf, eq, int, set, type WorldState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import { GoapTrace } from '../diagnostics/GoapTrace.js';
import { fireDomain, soldierGoapDomain, woodpileDomain } from '../examples/index.js';
import { planNames } from '../testUtil.js';
import { BitLayout } from './BitLayout.js';

/** The `Mode` value `angry`. */
const ANGRY = 1;

/** A small domain with what the fast path must honour as the general path does: a cooldown, a dynamic cost, a procedural check. */
function guarded() {
  const schema = defineSchema({ Hit: bool(), Mode: enumOf(['idle', 'angry', 'calm'] as const), Ammo: int(0, 9) });
  const k = schema.keys;
  const actions = defineActions(schema, [
    { name: 'Throw', effects: [set(k.Hit, true)], cost: 1, decorators: { cooldown: 8 } },
    { name: 'Shoot', conditions: [eq(k.Mode, ANGRY), check('has ammo', (s: WorldState<any>) => s.get(k.Ammo) > 0)], effects: [set(k.Hit, true)], cost: 2 },
    { name: 'Anger', effects: [set(k.Mode, ANGRY)], cost: (s: WorldState<any>) => 1 + s.get(k.Ammo) },
    { name: 'Punch', effects: [set(k.Hit, true)], cost: 5 },
  ]);
  return compileGoapDomain(actions, { goals: [{ name: 'Attack', conditions: [eq(k.Hit, true)] }] });
}

describe('BitSearch (the small-domain fast path)', () => {
  test('the soldier and fire plan on the fast path, as the general path does, both directions', () => {
    for (const d of [soldierGoapDomain(), fireDomain()]) {
      for (const g of d.goals) {
        for (const mode of ['backward', 'forward'] as const) {
          const a = new GoapPlanner(d, { mode, weight: 1 }).search(createState(d.schema), g.name);
          expect(a.fastPath).toBe(true);
          const pa = { status: a.status, cost: a.cost, plan: planNames(d, a), expanded: a.expanded, generated: a.generated };
          const b = new GoapPlanner(d, { mode, weight: 1, fastPath: false }).search(createState(d.schema), g.name);
          expect(b.fastPath).toBe(false);
          expect({ status: b.status, cost: b.cost, plan: planNames(d, b), expanded: b.expanded, generated: b.generated }).toEqual(pa);
        }
      }
    }
  });

  test('describeNode reads the nodes of the fast path: the same node numbers describe the same goals and states', () => {
    const d = soldierGoapDomain();
    for (const mode of ['backward', 'forward'] as const) {
      const fast = new GoapPlanner(d, { mode, weight: 1 });
      const general = new GoapPlanner(d, { mode, weight: 1, fastPath: false });
      const n = fast.search(createState(d.schema), 'killEnemy').generated;
      general.search(createState(d.schema), 'killEnemy');
      const a = Array.from({ length: n }, (_, i) => fast.describeNode(i));
      expect(a).toEqual(Array.from({ length: n }, (_, i) => general.describeNode(i)));
      expect(a[0].length).toBeGreaterThan(0);
    }
  });

  test('where it does not apply: int keys actions change, relaxation heuristics, traces', () => {
    expect(BitLayout.of(woodpileDomain())).toBeNull();
    const d = soldierGoapDomain();
    const state = createState(d.schema);
    expect(new GoapPlanner(d, { heuristic: 'additive' }).search(state, 'killEnemy').fastPath).toBe(false);
    expect(new GoapPlanner(d, { optimal: true }).search(state, 'killEnemy').fastPath).toBe(false);
    const traced = new GoapPlanner(d);
    traced.trace = new GoapTrace();
    expect(traced.search(state, 'killEnemy').fastPath).toBe(false);
    expect(traced.trace.expanded.length).toBeGreaterThan(0);
    traced.trace = null;
    expect(traced.search(state, 'killEnemy').fastPath).toBe(true);
  });

  test('cooldowns, dynamic costs and procedural checks decide as on the general path', () => {
    const d = guarded();
    const k = d.schema.keys;
    const cooling = { unavailable: [{ name: 'Throw', seconds: 3, once: false }] };
    for (const ammo of [0, 1, 5]) {
      const state = createState(d.schema);
      state.set(k.Ammo, ammo);
      for (const availability of [undefined, cooling]) {
        const fast = new GoapPlanner(d);
        const general = new GoapPlanner(d, { fastPath: false });
        const a = fast.plan(state, undefined, { goal: 'Attack', availability });
        const b = general.plan(state, undefined, { goal: 'Attack', availability });
        expect(fast.result.fastPath).toBe(true);
        expect(a.plan?.steps.map((s) => s.task)).toEqual(b.plan?.steps.map((s) => s.task));
        expect(a.plan?.cost).toBe(b.plan?.cost);
      }
    }
    // With Throw cooling and ammo 1: Anger (2) + Shoot (2) beats Punch (5).
    const one = createState(d.schema);
    one.set(k.Ammo, 1);
    expect(new GoapPlanner(d).plan(one, undefined, { goal: 'Attack', availability: cooling }).plan?.steps.map((s) => s.task)).toEqual(['Anger', 'Shoot']);
  });
});
