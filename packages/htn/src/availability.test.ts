import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
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

describe('best-first HtnPlanner with an availability view', () => {
  test('a primitive, compound or method that is unavailable is not chosen; without a view the cheapest plan comes back', () => {
    const planner = new HtnPlanner(domain, { mode: 'best-first' });
    const state = createState(schema);
    expect(planner.plan(state).plan?.steps.map((s) => s.task)).toEqual(['Throw']);
    expect(planner.plan(state, undefined, { availability: cooling }).plan?.steps.map((s) => s.task)).toEqual(['Punch']);
    // A decorated method (its key `Compound/method`) and a decorated compound are refused too.
    const methods = compileHtnDomain(actions, {
      root: 'Attack',
      tasks: [
        {
          kind: 'compound',
          name: 'Attack',
          methods: [
            { name: 'ranged', subtasks: ['Throw'], decorators: { cooldown: 2 } },
            { name: 'melee', subtasks: ['Punch'] },
          ],
        },
      ],
    });
    const byMethod = new HtnPlanner(methods, { mode: 'best-first' });
    const ranged = { unavailable: [{ name: 'Attack/ranged', seconds: 2, once: false }] };
    expect(byMethod.plan(state, undefined, { availability: ranged }).plan?.steps.map((s) => s.task)).toEqual(['Punch']);
    const decoratedRoot = compileHtnDomain(actions, {
      root: 'Attack',
      tasks: [{ kind: 'compound', name: 'Attack', decorators: { once: true }, methods: [{ subtasks: ['Punch'] }] }],
    });
    const once = { unavailable: [{ name: 'Attack', seconds: 0, once: true }] };
    expect(new HtnPlanner(decoratedRoot, { mode: 'best-first' }).plan(state, undefined, { availability: once }).status).toBe('none');
    expect(planner.plan(state).plan?.steps.map((s) => s.task)).toEqual(['Throw']);
  });

  test('plans exactly as best-first over the domain without the unavailable actions (property)', () => {
    const names = ['A', 'B', 'C', 'D'];
    const acts = defineActions(
      schema,
      names.map((name, i) => ({ name, cost: i + 1, decorators: { cooldown: 1 } })),
    );
    const def = (allowed: readonly string[]) => ({
      root: 'Root',
      tasks: [
        { kind: 'compound' as const, name: 'Root', methods: [{ subtasks: ['Pick', 'Pick2'] }] },
        { kind: 'compound' as const, name: 'Pick', methods: allowed.filter((n) => n === 'A' || n === 'B').map((n) => ({ subtasks: [n] })) },
        { kind: 'compound' as const, name: 'Pick2', methods: allowed.filter((n) => n === 'C' || n === 'D').map((n) => ({ subtasks: [n] })) },
      ],
    });
    fc.assert(
      fc.property(fc.subarray(names), (blocked) => {
        const view = { unavailable: blocked.map((name) => ({ name, seconds: 1, once: false })) };
        const withView = new HtnPlanner(compileHtnDomain(acts, def(names)), { mode: 'best-first' }).plan(createState(schema), undefined, {
          availability: view,
        });
        const allowed = names.filter((n) => !blocked.includes(n));
        let without: ReturnType<HtnPlanner['plan']> | null;
        try {
          without = new HtnPlanner(compileHtnDomain(acts, def(allowed)), { mode: 'best-first' }).plan(createState(schema));
        } catch {
          without = null; // a compound with no method left: no plan either
        }
        if (without === null || without.plan === null) return withView.plan === null;
        return withView.plan !== null && withView.plan.cost === without.plan.cost && withView.plan.steps.every((s) => !blocked.includes(s.task));
      }),
      { numRuns: 40 },
    );
  });
});
