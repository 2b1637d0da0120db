import { describe, expect, test } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, eq, set } from '@dualplan/world-state';
import { compileGoapDomain } from './domain/compileGoapDomain.js';
import { GoapPlanner } from './GoapPlanner.js';
import { GoapTrace } from './diagnostics/GoapTrace.js';
import { whyNoPlan } from './diagnostics/whyNoPlan.js';

const schema = defineSchema({ Hit: bool() });
const k = schema.keys;
const actions = defineActions(schema, [
  { name: 'Throw', effects: [set(k.Hit, true)], cost: 1, decorators: { cooldown: 8 } },
  { name: 'Punch', effects: [set(k.Hit, true)], cost: 5 },
]);
const domain = compileGoapDomain(actions, { goals: [{ name: 'Attack', conditions: [eq(k.Hit, true)] }] });
const cooling = { unavailable: [{ name: 'Throw', seconds: 3.2, once: false }] };

describe('GoapPlanner with an availability view', () => {
  test('an action on cooldown is not chosen; the trace says why', () => {
    const planner = new GoapPlanner(domain);
    planner.trace = new GoapTrace();
    const state = createState(schema);
    expect(planner.plan(state, undefined, { goal: 'Attack' }).plan?.steps.map((s) => s.task)).toEqual(['Throw']);
    const r = planner.plan(state, undefined, { goal: 'Attack', availability: cooling });
    expect(r.plan?.steps.map((s) => s.task)).toEqual(['Punch']);
    expect(planner.trace.considered.find((c) => c.action === 'Throw')).toMatchObject({ verdict: 'unavailable', detail: 'on cooldown for 3.2 s' });
    // The next request without a view may choose it again.
    expect(planner.plan(state, undefined, { goal: 'Attack' }).plan?.steps.map((s) => s.task)).toEqual(['Throw']);
  });

  test('done once: no plan, and the why-not names it', () => {
    const planner = new GoapPlanner(
      compileGoapDomain(defineActions(schema, [{ name: 'Throw', effects: [set(k.Hit, true)], decorators: { once: true } }]), {
        goals: [{ name: 'Attack', conditions: [eq(k.Hit, true)] }],
      }),
    );
    const r = planner.plan(createState(schema), undefined, { goal: 'Attack', availability: { unavailable: [{ name: 'Throw', seconds: 0, once: true }] } });
    expect(r.status).toBe('none');
    expect(whyNoPlan(planner).unachievable[0].candidates).toEqual([{ action: 'Throw', reason: 'the agent may not choose it now (on cooldown or done once)' }]);
  });

  test('a domain without decorators ignores a view (names it does not know included)', () => {
    const plain = compileGoapDomain(defineActions(schema, [{ name: 'Throw', effects: [set(k.Hit, true)] }]), {
      goals: [{ name: 'Attack', conditions: [eq(k.Hit, true)] }],
    });
    const r = new GoapPlanner(plain).plan(createState(schema), undefined, {
      goal: 'Attack',
      availability: { unavailable: [{ name: 'Elsewhere', seconds: 1, once: false }] },
    });
    expect(r.status).toBe('found');
  });
});
