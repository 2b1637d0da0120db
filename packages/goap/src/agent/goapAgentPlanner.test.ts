import {
  bool,
  createState,
  defineSchema,
  eq,
  set,
  defineActions,
  type ObservedGoal,
  type Plan,
  type SearchSummary,
  type SearchTrace,
} from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import { GoapPlanner } from '../GoapPlanner.js';
import type { GoapMeta } from '../search/GoapResult.js';
import { goapAgentPlanner } from './goapAgentPlanner.js';
import { fireDomain, soldierGoapDomain, trollGoapDomain } from '../examples/index.js';

const schema = defineSchema({ fed: bool(), rested: bool(), rich: bool(), hasFood: bool(), busy: bool() });
const k = schema.keys;
const domain = compileGoapDomain(
  defineActions(schema, [
    { name: 'cook', conditions: [eq(k.hasFood, true)], effects: [set(k.fed, true)] },
    { name: 'sleep', effects: [set(k.rested, true)], cost: 3 },
    { name: 'work', conditions: [eq(k.busy, false)], effects: [set(k.rich, true)], cost: 2 },
  ]),
  {
    goals: [
      { name: 'eat', conditions: [eq(k.fed, true)], priority: 3 },
      { name: 'rest', conditions: [eq(k.rested, true)], priority: (s) => (s.get(k.busy) ? 5 : 1) },
      { name: 'earn', conditions: [eq(k.rich, true)], priority: 2, valid: (s) => !s.get(k.rich) },
    ],
  },
);

describe('goapAgentPlanner', () => {
  test('picks the highest-priority valid, unsatisfied, plannable goal, falling back in priority order', () => {
    const agent = goapAgentPlanner(new GoapPlanner(domain));
    // eat (3) has no plan without food: fall back to earn (2).
    const a = agent.plan(createState(schema), undefined, null);
    expect(a.status).toBe('found');
    expect((a.plan!.meta as GoapMeta).goal).toBe('earn');
    expect(a.plan!.steps.map((s) => s.task)).toEqual(['work']);
    expect(a.reason).toBe('goal earn (no plan for eat)');
    // With food, eat wins.
    expect((agent.plan(createState(schema, { hasFood: true }), undefined, null).plan!.meta as GoapMeta).goal).toBe('eat');
    // Dynamic priority: busy makes rest (5) the top goal.
    const busy = agent.plan(createState(schema, { busy: true, hasFood: true }), undefined, null);
    expect((busy.plan!.meta as GoapMeta).goal).toBe('rest');
    expect((busy.plan!.meta as GoapMeta).priority).toBe(5);
    // Satisfied goals are skipped; invalid ones too.
    const done = agent.plan(createState(schema, { fed: true, rested: true, rich: true }), undefined, null);
    expect(done).toMatchObject({ status: 'none', plan: null, reason: 'no valid, unsatisfied goal', budget: null });
  });

  test('soldier: the bomb is a last resort, chosen only when the gun is gone', () => {
    const soldier = soldierGoapDomain(undefined, { lastResort: true });
    const agent = goapAgentPlanner(new GoapPlanner(soldier));
    const armed = agent.plan(createState(soldier.schema), undefined, null);
    expect((armed.plan!.meta as GoapMeta).goal).toBe('killEnemy');
    expect(armed.plan!.steps.map((s) => s.task)).not.toContain('detonatebomb');
    const jammed = agent.plan(createState(soldier.schema, { armedwithgun: false, enemyvisible: true }), undefined, null);
    expect((jammed.plan!.meta as GoapMeta).goal).toBe('killEnemyAtAnyCost');
    expect(jammed.plan!.steps.map((s) => s.task)).toEqual(['approach', 'detonatebomb']);
    expect(jammed.plan!.cost).toBe(6);
    expect(jammed.reason).toBe('goal killEnemyAtAnyCost (no plan for killEnemy)');
  });

  test('reports "none" when no goal can be planned, and "budget" when a budget stopped one', () => {
    const agent = goapAgentPlanner(new GoapPlanner(domain), { goals: ['eat'] });
    expect(agent.plan(createState(schema), undefined, null)).toMatchObject({ status: 'none', reason: 'no plan for eat' });
    const tight = goapAgentPlanner(new GoapPlanner(fireDomain(), { maxExpansions: 1 }));
    expect(tight.plan(createState(fireDomain().schema), undefined, null)).toMatchObject({ status: 'budget', reason: 'no plan for fire: expansions budget' });
  });

  test('shouldReplace switches only to a strictly higher-priority goal', () => {
    const agent = goapAgentPlanner(new GoapPlanner(domain));
    const earn = agent.plan(createState(schema), undefined, null).plan!;
    // `earn` is running: the next plan goes into the other buffer.
    const eat = agent.plan(createState(schema, { hasFood: true }), undefined, earn).plan!;
    expect(agent.shouldReplace(eat, earn).replace).toBe(true);
    expect(agent.shouldReplace(earn, eat).replace).toBe(false);
    expect(agent.shouldReplace(eat, eat).replace).toBe(false);
    expect(agent.shouldReplace(eat, earn).reason).toContain('outranks');
    expect(agent.shouldReplace(eat, eat).reason).toMatch(/^same goal \w+: the running plan already serves it$/);
  });

  test('plans are owned plain data in the shared format', () => {
    const d = soldierGoapDomain();
    const plan: Plan = goapAgentPlanner(new GoapPlanner(d)).plan(createState(d.schema), undefined, null).plan!;
    expect(plan.planner).toBe('goap');
    expect(plan.cost).toBe(4);
    expect(plan.steps.map((s) => s.sourceId)).toEqual(plan.steps.map((s) => d.actionNames.indexOf(s.task)));
    expect(plan.steps.every((s) => s.operator === s.task)).toBe(true);
    expect(plan.stats.expanded).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(plan)).meta).toEqual({ goal: 'killEnemy', goalIndex: 0, priority: 1, mode: 'backward', weight: 1 });
  });

  test('stepFailed penalises the action so the next plan avoids it; update(dt) decays the penalty', () => {
    const d = fireDomain();
    const planner = new GoapPlanner(d, { failurePenalty: 3, penaltyHalfLife: 1 });
    const agent = goapAgentPlanner(planner);
    const state = createState(d.schema);
    const first = agent.plan(state, undefined, null).plan!;
    expect(first.steps.map((s) => s.task)).toEqual(['getAxe', 'chopWood', 'makeFire']);
    agent.stepFailed!(first.steps[1], undefined);
    const second = agent.plan(state, undefined, null).plan!;
    // chopWood now costs 4 × 4 = 16 > collectBranches' 8.
    expect(second.steps.map((s) => s.task)).toEqual(['collectBranches', 'makeFire']);
    agent.update!(10);
    expect(agent.plan(state, undefined, null).plan!.steps.map((s) => s.task)).toEqual(['getAxe', 'chopWood', 'makeFire']);
    agent.stepSucceeded!(first.steps[0], undefined);
    expect(planner.successes[0]).toBe(1);
    // Steps from another planner are ignored.
    agent.stepFailed!({ ...first.steps[1], task: 'somethingElse' }, undefined);
    expect(planner.failures[1]).toBe(1);
  });

  test('agents sharing one planner decay its penalties once per second of their time, not once per agent', () => {
    const d = fireDomain();
    const planner = new GoapPlanner(d, { failurePenalty: 1, penaltyHalfLife: 1 });
    const crowd = [goapAgentPlanner(planner), goapAgentPlanner(planner), goapAgentPlanner(planner)];
    planner.penalize(1); // multiplier 2: an extra 1
    for (const agent of crowd) agent.update!(1);
    expect(planner.multipliers[1]).toBeCloseTo(1.5, 12); // one half-life passed, whoever reported it
    // Staggered ticks: one agent ahead of the others decays the lead once; the others catching up add nothing.
    crowd[0].update!(2);
    expect(planner.multipliers[1]).toBeCloseTo(1.125, 12);
    crowd[1].update!(2);
    crowd[2].update!(1);
    expect(planner.multipliers[1]).toBeCloseTo(1.125, 12);
    expect(planner.penaltyTime).toBe(3);
    // An agent planner made later joins at the shared time: its first second is the crowd's fourth.
    const late = goapAgentPlanner(planner);
    late.update!(1);
    expect(planner.penaltyTime).toBe(4);
    expect(planner.multipliers[1]).toBeCloseTo(1.0625, 12);
    // A zero or negative dt changes nothing.
    late.update!(0);
    late.update!(-5);
    expect(planner.penaltyTime).toBe(4);
  });

  test('penalised steps carry their effective cost', () => {
    const d = fireDomain();
    const planner = new GoapPlanner(d);
    planner.penalize(0, 0.5);
    const plan = goapAgentPlanner(planner).plan(createState(d.schema), undefined, null).plan!;
    expect(plan.steps[0].cost).toBe(3);
    expect(plan.cost).toBe(8);
  });

  test('troll: goal selection follows priorities over the shared troll schema', () => {
    const d = trollGoapDomain();
    const agent = goapAgentPlanner(new GoapPlanner(d));
    const goalOf = (snap: Record<string, unknown>) =>
      (agent.plan(createState(d.schema, snap as never), undefined, null).plan?.meta as GoapMeta | undefined)?.goal;
    expect(goalOf({ WsCanSeeEnemy: true, WsTrunkHealth: 3 })).toBe('attackEnemy');
    expect(goalOf({ WsCanSeeEnemy: true, WsTrunkHealth: 3, WsIsTired: true })).toBe('recover');
    expect(goalOf({ WsHasSeenEnemyRecently: true, WsLocation: 'Enemy' })).toBe('regainLineOfSight');
    expect(goalOf({ WsLocation: 'Trunk' })).toBe('patrolBridges');
    expect(goalOf({})).toBeUndefined();
  });
});

describe('goapAgentPlanner goal selection', () => {
  test('a satisfied goal is "none", not an empty plan', () => {
    const d = fireDomain();
    expect(goapAgentPlanner(new GoapPlanner(d), { goals: ['fire'] }).plan(createState(d.schema, { hasFire: true }), undefined, null).status).toBe('none');
  });

  test('lists its operators for the runner', () => {
    expect([...goapAgentPlanner(new GoapPlanner(fireDomain())).operators].sort()).toEqual(['chopWood', 'collectBranches', 'getAxe', 'makeFire']);
  });

  test('goals compiled for another domain are rejected up front', () => {
    const foreign = soldierGoapDomain().goals[0];
    expect(() => goapAgentPlanner(new GoapPlanner(fireDomain()), { goals: [foreign] })).toThrow(expect.objectContaining({ code: 'FOREIGN_GOAL' }));
  });

  test('a goal that is neither a name, a compiled goal nor a definition is UNKNOWN_GOAL naming it (a TypeError before)', () => {
    for (const [goal, subject] of [
      [null, 'null'],
      [7, '7'],
      [Symbol('g'), 'Symbol(g) (symbol)'],
    ] as const) {
      expect(() => goapAgentPlanner(new GoapPlanner(fireDomain()), { goals: [goal as never] })).toThrow(
        expect.objectContaining({ code: 'UNKNOWN_GOAL', subject }),
      );
    }
    // An index is a goal reference too, as for GoapPlanner.plan.
    expect(goapAgentPlanner(new GoapPlanner(fireDomain()), { goals: [0 as never] }).operators.length).toBeGreaterThan(0);
  });

  test('reports searches and the goal selection to an observer, and stops tracing when it leaves', () => {
    const planner = new GoapPlanner(domain);
    const agent = goapAgentPlanner(planner);
    const searches: SearchTrace[] = [];
    let goals: readonly ObservedGoal[] = [];
    agent.observe!({ search: (t) => searches.push(t), goals: (g) => (goals = g) });
    expect(planner.trace).not.toBeNull();
    agent.plan(createState(schema, { rested: true }), undefined, null);
    // eat (3) has no plan, earn (2) has one; rest is satisfied.
    expect(searches.map((t) => [t.target, t.status])).toEqual([
      ['eat', 'none'],
      ['earn', 'found'],
    ]);
    expect(searches[1].path.map((id) => searches[1].nodes[id].via)).toEqual([null, 'work']);
    expect(searches[0].whyNoPlan).toContain('hasFood == true');
    expect(goals).toEqual([
      { name: 'eat', priority: 3, valid: true, satisfied: false, plannable: false, chosen: false },
      { name: 'rest', priority: NaN, valid: true, satisfied: true, plannable: null, chosen: false },
      { name: 'earn', priority: 2, valid: true, satisfied: false, plannable: true, chosen: true },
    ]);
    agent.observe!(null);
    expect(planner.trace).toBeNull();
  });

  test('reports a search that recurs as the same capture, and an unchanged goal selection as the same list', () => {
    const agent = goapAgentPlanner(new GoapPlanner(domain));
    const summaries: SearchSummary[] = [];
    const lists: (readonly ObservedGoal[])[] = [];
    agent.observe!({ search: () => {}, deferredSearch: (_read, summary) => summaries.push(summary!), goals: (g) => lists.push(g) });
    const rested = createState(schema, { rested: true });
    agent.plan(rested, undefined, null);
    agent.plan(rested, undefined, null);
    // Two searches per call (eat, then earn): the second call's are the first call's captures.
    expect(summaries).toHaveLength(4);
    expect(summaries[2]).toBe(summaries[0]);
    expect(summaries[3]).toBe(summaries[1]);
    expect(lists[1]).toBe(lists[0]);
    // Another state: other searches, another goal list; what was reported before is unchanged.
    const before = JSON.stringify(lists[0]);
    agent.plan(createState(schema, { rested: true, hasFood: true }), undefined, null);
    expect(summaries[4]).not.toBe(summaries[0]);
    expect(lists[2]).not.toBe(lists[0]);
    expect(JSON.stringify(lists[0])).toBe(before);
    expect(lists[2].find((g) => g.chosen)?.name).toBe('eat');
  });
});
