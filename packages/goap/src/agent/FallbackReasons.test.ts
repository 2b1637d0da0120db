import { bool, createState, defineActions, defineSchema, eq, set } from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import { GoapPlanner } from '../GoapPlanner.js';
import { FallbackReasons } from './FallbackReasons.js';
import { goapAgentPlanner } from './goapAgentPlanner.js';
import { goapSlicedPlanner } from './goapSlicedPlanner.js';

const schema = defineSchema({ a: bool(), b: bool(), c: bool(), key: bool() });
const k = schema.keys;
// Goals a and b need the key, which no action gives; c is always plannable.
const domain = compileGoapDomain(
  defineActions(schema, [
    { name: 'openA', conditions: [eq(k.key, true)], effects: [set(k.a, true)] },
    { name: 'openB', conditions: [eq(k.key, true)], effects: [set(k.b, true)] },
    { name: 'doC', effects: [set(k.c, true)] },
  ]),
  {
    goals: [
      { name: 'a', conditions: [eq(k.a, true)], priority: 3 },
      { name: 'b', conditions: [eq(k.b, true)], priority: 2 },
      { name: 'c', conditions: [eq(k.c, true)], priority: 1 },
    ],
  },
);

describe('FallbackReasons', () => {
  test('spells each path of failures the way the planners always have', () => {
    const reasons = FallbackReasons.of(domain.goals);
    const root = reasons.root;
    expect(reasons.found(root, 2)).toBe('goal c');
    const afterA = reasons.fail(root, 0, '');
    const afterAB = reasons.fail(afterA, 1, 'expansions');
    expect(reasons.found(afterAB, 2)).toBe('goal c (no plan for a, b: expansions budget)');
    expect(reasons.none(afterAB)).toBe('no plan for a, b: expansions budget');
    expect(reasons.none(reasons.fail(root, 1, 'time'))).toBe('no plan for b: time budget');
  });

  test('the same failures give the same path and string objects; a different budget is a different path', () => {
    const reasons = FallbackReasons.of(domain.goals);
    expect(FallbackReasons.of(domain.goals)).toBe(reasons);
    const first = reasons.fail(reasons.root, 0, '');
    expect(reasons.fail(reasons.root, 0, '')).toBe(first);
    expect(reasons.fail(reasons.root, 0, 'nodes')).not.toBe(first);
    expect(reasons.found(first, 2)).toBe(reasons.found(reasons.fail(reasons.root, 0, ''), 2));
  });

  test('past its bound the cache stops growing but the reasons stay right', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ ...domain.goals[0], name: `g${i}` }));
    const reasons = FallbackReasons.of(many);
    // 40 × 39 two-step paths plus 40 one-step ones exceed the bound of 1,024 cached paths.
    let last = reasons.root;
    for (let i = 0; i < 40; i++) for (let j = 0; j < 40; j++) if (i !== j) last = reasons.fail(reasons.fail(reasons.root, i, ''), j, 'length');
    expect(reasons.none(last)).toBe('no plan for g39, g38: length budget');
    const uncached = reasons.fail(reasons.fail(reasons.root, 39, ''), 38, 'length');
    expect(uncached).not.toBe(last);
    expect(reasons.none(uncached)).toBe('no plan for g39, g38: length budget');
  });

  test('plan() and sliced planning give the same fallback reason, planner after planner', () => {
    const state = createState(schema);
    const one = goapAgentPlanner(new GoapPlanner(domain));
    const other = goapAgentPlanner(new GoapPlanner(domain));
    const r1 = one.plan(state, undefined, null).reason;
    expect(r1).toBe('goal c (no plan for a, b)');
    expect(other.plan(state, undefined, null).reason).toBe(r1);
    const sliced = goapSlicedPlanner(new GoapPlanner(domain));
    sliced.begin(state, undefined, null);
    let result = null;
    while (result === null) result = sliced.step(4);
    expect(result.reason).toBe('goal c (no plan for a, b)');
  });
});
