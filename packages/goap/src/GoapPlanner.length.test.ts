import fc from 'fast-check';
import { add, bool, createState, defineActions, defineSchema, eq, ge, int, le, set, sub } from '@dualplan/world-state';
import { compileGoapDomain } from './domain/compileGoapDomain.js';
import { GoapPlanner } from './GoapPlanner.js';
import type { GoapPlannerOptions } from './GoapPlannerOptions.js';
import { boundedOptimum, planNames, simulate } from './testUtil.js';

/**
 * A cheaper, deeper path to a regressed goal (or state) must not hide a
 * shallower one that the length limit still allows: bool b1, int n in [0, 6]
 * from n = 5, b1 = true; goal n <= 0 and not b1.
 */
function trap() {
  const schema = defineSchema({ b1: bool(), n: int(0, 6) });
  const { b1, n } = schema.keys;
  const actions = defineActions(schema, [
    { name: 'a0', effects: [set(n, 2)], cost: 1 },
    { name: 'a4', effects: [sub(n, 2)], cost: 0 },
    { name: 'a6', effects: [add(n, 2), set(b1, false)], cost: 1 },
  ]);
  const domain = compileGoapDomain(actions, {
    goals: [{ name: 'goal', conditions: [le(n, 0), eq(b1, false)] }],
  });
  return { domain, start: createState(schema, { b1: true, n: 5 }) };
}

// Random problems where cheap paths are long: 0-cost int steps, clamped add/sub, bool side effects.
const limitSchema = defineSchema({ b0: bool(), b1: bool(), n: int(0, 6) });
const effect = fc.oneof(
  fc.integer({ min: 0, max: 6 }).map((v) => ['set', v] as const),
  fc.integer({ min: 1, max: 3 }).map((v) => ['add', v] as const),
  fc.integer({ min: 1, max: 3 }).map((v) => ['sub', v] as const),
);
const flag = fc.constantFrom(null, 'b0', 'b1');
const limitProblem = fc.record({
  actions: fc.array(fc.record({ effect, flag, value: fc.boolean(), condition: flag, cost: fc.integer({ min: 0, max: 2 }) }), { minLength: 2, maxLength: 7 }),
  start: fc.record({ n: fc.integer({ min: 0, max: 6 }), b0: fc.boolean(), b1: fc.boolean() }),
  goal: fc.record({ n: fc.integer({ min: 0, max: 6 }), atMost: fc.boolean(), flag: fc.constantFrom('b0', 'b1'), value: fc.boolean() }),
  limit: fc.integer({ min: 1, max: 6 }),
});

function buildLimitProblem(p: typeof limitProblem extends fc.Arbitrary<infer T> ? T : never) {
  const k = limitSchema.keys;
  const actions = defineActions(
    limitSchema,
    p.actions.map((a, i) => ({
      name: `a${i}`,
      conditions: a.condition !== null ? [eq(k[a.condition], true)] : [],
      effects: [
        a.effect[0] === 'set' ? set(k.n, a.effect[1]) : a.effect[0] === 'add' ? add(k.n, a.effect[1]) : sub(k.n, a.effect[1]),
        ...(a.flag !== null ? [set(k[a.flag], a.value)] : []),
      ],
      cost: a.cost,
    })),
  );
  const domain = compileGoapDomain(actions, {
    goals: [{ name: 'goal', conditions: [p.goal.atMost ? le(k.n, p.goal.n) : ge(k.n, p.goal.n), eq(k[p.goal.flag], p.goal.value)] }],
  });
  return { domain, start: createState(limitSchema, p.start), limit: p.limit };
}

describe('GoapPlanner: plan-length limit', () => {
  test.each(['backward', 'forward'] as const)('%s: the 3-step plan within maxPlanLength 3 is found (cost 2)', (mode) => {
    const { domain, start } = trap();
    const r = new GoapPlanner(domain, { mode, weight: 0, maxPlanLength: 3 }).search(start, 'goal');
    expect(r.status).toBe('found');
    expect(planNames(domain, r)).toEqual(['a6', 'a0', 'a4']);
    expect(r.cost).toBe(2);
  });

  test.each(['backward', 'forward'] as const)('%s: with maxPlanLength 4 the 4-step optimum of cost 1 is found', (mode) => {
    const { domain, start } = trap();
    const r = new GoapPlanner(domain, { mode, weight: 0, maxPlanLength: 4 }).search(start, 'goal');
    expect(r.status).toBe('found');
    expect(planNames(domain, r)).toEqual(['a6', 'a4', 'a4', 'a4']);
    expect(r.cost).toBe(1);
  });

  test.each(['backward', 'forward'] as const)('%s: below any plan the limit is reported as the reason', (mode) => {
    const { domain, start } = trap();
    const r = new GoapPlanner(domain, { mode, weight: 0, maxPlanLength: 2 }).search(start, 'goal');
    expect(r.status).toBe('budget');
    expect(r.budget).toBe('length');
  });

  // Admissible settings only: actions may cost 0 here, so a weighted count is not admissible.
  const settings: readonly [string, GoapPlannerOptions][] = [
    ['backward, Dijkstra', { weight: 0 }],
    ['forward, Dijkstra', { weight: 0, mode: 'forward' }],
    ['backward, h_max', { heuristic: 'max' }],
    ['forward, h_max', { heuristic: 'max', mode: 'forward' }],
    ['backward, LM-cut', { heuristic: 'lmcut' }],
    ['forward, LM-cut', { heuristic: 'lmcut', mode: 'forward' }],
    ['backward, optimal: true', { optimal: true, mode: 'backward' }],
    ['optimal: true (direction chosen automatically)', { optimal: true }],
    ['forward, optimal: true', { optimal: true, mode: 'forward' }],
  ];
  test.each(settings)('%s: random int-and-bool problems with a binding limit: the cheapest plan within the limit, or none', (_, options) => {
    fc.assert(
      fc.property(limitProblem, (p) => {
        const { domain, start, limit } = buildLimitProblem(p);
        const best = boundedOptimum(domain, start, domain.goals[0].conditions, limit);
        const r = new GoapPlanner(domain, { ...options, maxPlanLength: limit }).search(start, 'goal');
        if (best === Infinity) return r.status !== 'found';
        return r.status === 'found' && r.cost === best && r.length <= limit && simulate(domain, r, start) !== null;
      }),
      { numRuns: 1000 },
    );
  });
});
