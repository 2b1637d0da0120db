import { describe, expect, it } from '@jest/globals';
import { createState, defineActions, eq, set } from '@dualplan/world-state';
import { soldierActions, soldierSchema, trollActions, trollSchema } from '@dualplan/world-state/examples';
import { HtnPlanner, compileHtnDomain } from '@dualplan/htn';
import { soldierHtnDomain, trollHtnDomain } from '@dualplan/htn/examples';
import { GoapPlanner, compileGoapDomain } from '@dualplan/goap';
import { soldierGoapDomain, trollGoapDomain } from '@dualplan/goap/examples';

// One action set per agent: both planners plan with the very same compiled steps.
describe('one action set, both planners', () => {
  it('the soldier plans the same steps (the same objects) on HTN and GOAP', () => {
    const actions = soldierActions(soldierSchema());
    const state = createState(actions.schema);
    const htn = new HtnPlanner(soldierHtnDomain(actions)).plan(state).plan!;
    const goap = new GoapPlanner(soldierGoapDomain(actions)).plan(state, undefined, { goal: 'killEnemy' }).plan!;
    expect(htn.cost).toBe(goap.cost);
    expect(new Set(htn.steps)).toEqual(new Set(goap.steps));
    for (const step of htn.steps) expect(step).toBe(actions.actions[actions.indexOf(step.task)].step);
  });

  it('the troll domains share operators and step sources', () => {
    const actions = trollActions(trollSchema());
    const htn = trollHtnDomain({}, actions);
    const goap = trollGoapDomain(actions);
    expect(htn.operators).toEqual(goap.actions.operators);
    const state = createState(actions.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
    const fromHtn = new HtnPlanner(htn).plan(state).plan!.steps.slice(0, 2);
    const fromGoap = new GoapPlanner(goap).plan(state, undefined, { goal: 'attackEnemy' }).plan!.steps;
    expect(fromHtn).toEqual(fromGoap);
    expect(fromHtn.map((s) => s.sourceId)).toEqual(fromGoap.map((s) => s.sourceId));
  });

  it('a function cost means the same on both planners', () => {
    const schema = soldierSchema();
    const k = schema.keys;
    const actions = defineActions(schema, [{ name: 'shoot', effects: [set(k.enemyalive, false)], cost: (_s, ctx: { range: number }) => ctx.range }]);
    const goap = new GoapPlanner(compileGoapDomain(actions, { goals: [{ name: 'kill', conditions: [eq(k.enemyalive, false)] }] }));
    const htn = new HtnPlanner(compileHtnDomain(actions, { root: 'Kill', tasks: [{ kind: 'compound', name: 'Kill', methods: [{ subtasks: ['shoot'] }] }] }));
    for (const range of [1, 4]) {
      const state = createState(schema);
      expect(htn.plan(state, { range }).plan!.cost).toBe(range);
      expect(goap.plan(state, { range }, { goal: 'kill' }).plan!.cost).toBe(range);
    }
  });

  it('GOAP rejects an action whose lists are functions of arguments, naming it', () => {
    const schema = soldierSchema();
    const actions = defineActions(schema, [{ name: 'goTo', effects: (args: readonly unknown[]) => [set(schema.keys.nearenemy, args[0] === 'enemy')] }]);
    expect(() => compileGoapDomain(actions)).toThrow(expect.objectContaining({ code: 'PARAMETERISED_ACTION', subject: 'goTo' }));
  });
});
