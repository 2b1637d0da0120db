import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import {
  applyEffects,
  ChangeSource,
  compileConditions,
  createState,
  defineActions,
  defineSchema,
  eq,
  firstFailing,
  ge,
  int,
  bool,
  add,
  set,
  type WorldState,
} from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import type { GoapDomain } from '../domain/GoapDomain.js';
import { randomDomain } from '../examples/randomDomain.js';
import { GoapPlanner } from '../GoapPlanner.js';
import { goapAgentPlanner } from './goapAgentPlanner.js';
import { goapSlicedPlanner } from './goapSlicedPlanner.js';

const schema = defineSchema({ Wood: int(0, 20), HasAxe: bool(), Fire: bool() });
const k = schema.keys;
const actions = defineActions(schema, [
  { name: 'Gather', effects: [add(k.Wood, 2)], cost: 1 },
  { name: 'Chop', conditions: [eq(k.HasAxe, true)], effects: [add(k.Wood, 5)], cost: 1 },
  { name: 'Light', conditions: [ge(k.Wood, 2)], effects: [set(k.Fire, true)], cost: 1 },
]);

describe('best-effort goals', () => {
  test('no axe to be had: the cheapest plan to the heaviest reachable part, marked partial with the unmet conditions', () => {
    const domain = compileGoapDomain(actions, {
      goals: [{ name: 'Camp', conditions: [eq(k.HasAxe, true), eq(k.Fire, true), ge(k.Wood, 4)], bestEffort: true, weights: [5, 2, 1] }],
    });
    const r = new GoapPlanner(domain, { optimal: true }).plan(createState(schema), undefined, { goal: 'Camp' });
    expect(r.status).toBe('found');
    // Fire (2) and Wood >= 4 (1) are reachable, HasAxe (5) is not: Gather twice then Light, or Gather, Light, Gather.
    expect(r.plan!.cost).toBe(3);
    expect(r.plan!.meta).toMatchObject({ goal: 'Camp', partial: true, unmet: ['HasAxe == true'] });
    expect(r.reason).toBe('goal Camp (partial: HasAxe == true unmet)');
  });

  test('a reachable goal plans as usual (not partial), and the next plan in the buffer is not marked either', () => {
    const domain = compileGoapDomain(actions, { goals: [{ name: 'Fire', conditions: [eq(k.Fire, true)], bestEffort: true }] });
    const planner = goapAgentPlanner(new GoapPlanner(domain, { optimal: true }));
    const r = planner.plan(createState(schema), undefined, null);
    expect(r.plan!.steps.map((s) => s.task)).toEqual(['Gather', 'Light']);
    expect((r.plan!.meta as { partial?: true }).partial).toBeUndefined();
  });

  test('goal selection keeps a best-effort goal instead of falling back to the next goal', () => {
    const domain = compileGoapDomain(actions, {
      goals: [
        { name: 'Chopped', conditions: [eq(k.HasAxe, true), ge(k.Wood, 2)], priority: 2, bestEffort: true },
        { name: 'Fire', conditions: [eq(k.Fire, true)], priority: 1 },
      ],
    });
    const r = goapAgentPlanner(new GoapPlanner(domain, { optimal: true })).plan(createState(schema), undefined, null);
    expect(r.reason).toBe('goal Chopped (partial: HasAxe == true unmet)');
    expect(r.plan!.steps.map((s) => s.task)).toEqual(['Gather']);
  });

  test('the sliced planner (planning scheduler) falls back the same way', () => {
    const domain = compileGoapDomain(actions, {
      goals: [{ name: 'Camp', conditions: [eq(k.HasAxe, true), eq(k.Fire, true), ge(k.Wood, 4)], bestEffort: true, weights: [5, 2, 1] }],
    });
    const sliced = goapSlicedPlanner(new GoapPlanner(domain, { optimal: true }));
    sliced.begin(createState(schema), undefined, null);
    let r = sliced.step(2);
    while (r === null) r = sliced.step(2);
    expect([r.reason, r.plan!.cost, (r.plan!.meta as { unmet?: string[] }).unmet]).toEqual([
      'goal Camp (partial: HasAxe == true unmet)',
      3,
      ['HasAxe == true'],
    ]);
  });

  test('bad weights and weights without bestEffort are typed errors', () => {
    const goal = (extra: object) => () => compileGoapDomain(actions, { goals: [{ name: 'Camp', conditions: [eq(k.Fire, true)], ...extra }] });
    expect(goal({ bestEffort: true, weights: [1, 2] })).toThrow(/weights must be 1 finite numbers >= 0/);
    expect(goal({ bestEffort: true, weights: [-1] })).toThrow(/weights must be/);
    expect(goal({ weights: [1] })).toThrow(/has weights but is not bestEffort/);
  });
});

/** Every state reachable from `start`, with its cheapest cost: uniform-cost search over full states, apart from the planner. */
function reachable(domain: GoapDomain, start: WorldState<any>): { s: WorldState<any>; g: number }[] {
  const key = (s: WorldState<any>) => s.values.join(',');
  const best = new Map<string, { s: WorldState<any>; g: number }>([[key(start), { s: start, g: 0 }]]);
  let frontier = [{ s: start, g: 0 }];
  while (frontier.length > 0) {
    const next: { s: WorldState<any>; g: number }[] = [];
    for (const { s, g } of frontier) {
      for (const step of domain.steps) {
        if (firstFailing(step.conditions, s) >= 0) continue;
        const t = s.clone();
        if (applyEffects(step.effects, t, undefined, ChangeSource.Planning) >= 0) continue;
        const ng = g + domain.baseCost[step.sourceId];
        const kk = key(t);
        if (ng >= (best.get(kk)?.g ?? Infinity)) continue;
        best.set(kk, { s: t, g: ng });
        next.push({ s: t, g: ng });
      }
    }
    frontier = next;
  }
  return [...best.values()];
}

describe('best-effort goals on random small domains (against an exhaustive oracle)', () => {
  test.each([
    ['Dijkstra (w = 0)', { weight: 0 }],
    ['optimal: true', { optimal: true }],
  ])('%s: the whole goal when reachable, else the most weight any plan reaches at the least cost any such plan has', (_, options) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }), (seed, w) => {
        const rd = randomDomain(seed, { goalConditions: 3 });
        const weights = rd.goal.map((_, i) => w[i]);
        const domain = compileGoapDomain(rd.domain.actions, { goals: [{ name: 'goal', conditions: rd.goal, bestEffort: true, weights }] });
        const start = createState(domain.schema, rd.start);
        const singles = rd.goal.map((c) => compileConditions(domain.schema, [c]));
        const weightOf = (s: WorldState<any>) => singles.reduce((sum, one, i) => sum + (firstFailing(one, s) < 0 ? weights[i] : 0), 0);
        const states = reachable(domain, start);
        const whole = compileConditions(domain.schema, rd.goal);
        const full = states.filter((x) => firstFailing(whole, x.s) < 0);
        // The whole goal when some plan reaches it; else the most weight, at the least cost.
        const most = full.length > 0 ? weights.reduce((a, b) => a + b, 0) : Math.max(...states.map((x) => weightOf(x.s)));
        const least = Math.min(...(full.length > 0 ? full : states.filter((x) => weightOf(x.s) === most)).map((x) => x.g));
        const r = new GoapPlanner(domain, { ...options, maxPlanLength: 64 }).plan(start, undefined, { goal: 'goal' });
        expect(r.status).toBe('found');
        const end = start.clone();
        for (const step of r.plan!.steps) {
          expect(firstFailing(step.conditions, end)).toBe(-1);
          applyEffects(step.effects, end, undefined, ChangeSource.Planning);
        }
        expect(weightOf(end)).toBe(most);
        expect(r.plan!.cost).toBe(least);
        expect((r.plan!.meta as { partial?: true }).partial === true).toBe(full.length === 0);
      }),
      { numRuns: 60 },
    );
  });
});
