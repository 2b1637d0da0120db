import { describe, expect, test } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, eq, set } from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import { htnSearchTrace } from './diagnostics/htnSearchTrace.js';
import { HtnPlanner } from './HtnPlanner.js';

const schema = defineSchema({ Hit: bool() });
const k = schema.keys;
const actions = defineActions(schema, [
  { name: 'Throw', effects: [set(k.Hit, true)], decorators: { cooldown: 8 } },
  { name: 'Punch', conditions: [eq(k.Hit, false)], effects: [set(k.Hit, true)] },
]);
const domain = compileHtnDomain(actions, {
  root: 'Attack',
  tasks: [
    {
      kind: 'compound',
      name: 'Attack',
      methods: [
        { name: 'ranged', subtasks: ['Throw'] },
        { name: 'melee', subtasks: ['Punch'] },
      ],
    },
  ],
});
const cooling = { unavailable: [{ name: 'Throw', seconds: 3.2, once: false }] };

describe('HtnPlanner with an availability view', () => {
  test('a primitive on cooldown fails like an unmet condition, traced with the reason', () => {
    const planner = new HtnPlanner(domain, { trace: true });
    const state = createState(schema);
    expect(planner.plan(state).plan?.steps.map((s) => s.task)).toEqual(['Throw']);
    const r = planner.plan(state, undefined, { availability: cooling });
    expect(r.plan?.steps.map((s) => s.task)).toEqual(['Punch']);
    expect(planner.trace).toContainEqual({ type: 'primitive-failed', task: 'Throw', condition: 'on cooldown for 3.2 s', unavailable: true });
    const node = htnSearchTrace(planner.trace, r, 'Attack').nodes.find((n) => n.label === 'Throw');
    expect(node).toMatchObject({ verdict: 'unavailable', detail: 'on cooldown for 3.2 s' });
    expect(planner.plan(state).plan?.steps.map((s) => s.task)).toEqual(['Throw']);
  });

  test('untraced plans with and without a view agree with traced ones', () => {
    for (const trace of [false, true]) {
      const planner = new HtnPlanner(domain, { trace });
      expect(planner.plan(createState(schema), undefined, { availability: cooling }).plan?.steps.map((s) => s.task)).toEqual(['Punch']);
      expect(planner.plan(createState(schema)).plan?.steps.map((s) => s.task)).toEqual(['Throw']);
    }
  });

  test('nothing left: no plan', () => {
    const both = { unavailable: [...cooling.unavailable, { name: 'Punch', seconds: 0, once: true }] };
    const punchOnce = compileHtnDomain(
      defineActions(schema, [
        { name: 'Throw', effects: [set(k.Hit, true)], decorators: { cooldown: 8 } },
        { name: 'Punch', effects: [set(k.Hit, true)], decorators: { once: true } },
      ]),
      { root: 'Attack', tasks: [{ kind: 'compound', name: 'Attack', methods: [{ subtasks: ['Throw'] }, { subtasks: ['Punch'] }] }] },
    );
    expect(new HtnPlanner(punchOnce).plan(createState(schema), undefined, { availability: both }).status).toBe('none');
  });
});
