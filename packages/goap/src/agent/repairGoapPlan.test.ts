import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { applyEffects, ChangeSource, createState, firstFailing, validatePlan, type Plan, type WorldState } from '@dualplan/world-state';
import { soldierActions, trollActions } from '@dualplan/world-state/examples';
import { GoapPlanner } from '../GoapPlanner.js';
import type { GoapMeta } from '../search/GoapResult.js';
import { soldierGoapDomain, trollGoapDomain } from '../examples/index.js';
import { goapAgentPlanner } from './goapAgentPlanner.js';

const names = (p: Plan) => p.steps.map((s) => s.task);

describe('GOAP plan repair', () => {
  it('runs the rest of the plan again when it still reaches the goal, and plans the goal again on a second failure', () => {
    const planner = new GoapPlanner(soldierGoapDomain(soldierActions()));
    const agent = goapAgentPlanner(planner, { repair: true });
    const state = createState(planner.domain.schema);
    const plan = agent.plan(state, undefined, null).plan!;
    expect(names(plan)).toEqual(['load', 'scout', 'aim', 'shoot']);
    applyEffects(plan.steps[0].effects, state, undefined, ChangeSource.Own);
    agent.stepFailed!(plan.steps[1], undefined);
    const first = agent.repair!(state, undefined, plan, 1)!;
    expect(first.from).toBe('suffix');
    expect(names(first.plan)).toEqual(['scout', 'aim', 'shoot']);
    agent.stepFailed!(plan.steps[1], undefined);
    const second = agent.repair!(state, undefined, first.plan, 0)!;
    expect(second.from).toBe('goal killEnemy');
    expect(validatePlan(second.plan.steps, 0, state, state.clone()).step).toBe(-1);
  });

  it('gives the goal up (null: a full replan) when it is reached or no longer has a plan', () => {
    const agent = goapAgentPlanner(new GoapPlanner(soldierGoapDomain(soldierActions())), { repair: true });
    const state = createState(soldierActions().schema);
    const plan = agent.plan(state, undefined, null).plan!;
    const done = createState(soldierActions().schema, { enemyalive: false });
    expect(agent.repair!(done, undefined, plan, 1)).toBeNull();
    expect(goapAgentPlanner(new GoapPlanner(soldierGoapDomain(soldierActions()))).repair).toBeUndefined();
  });

  /** A random value for every cell of the state, from fractions in [0, 1). */
  const randomize = (state: WorldState<any>, fractions: readonly number[]) => {
    const { min, max } = state.schema;
    for (let cell = 0; cell < state.schema.size; cell++)
      state.write(cell, min[cell] + Math.floor(fractions[cell % fractions.length] * (max[cell] - min[cell] + 1)), ChangeSource.External);
  };
  const fractions = fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 24 });

  it('yields valid plans that reach the failed plan goal on random failures of the troll and soldier plans (property)', () => {
    const domains = [() => new GoapPlanner(trollGoapDomain(trollActions())), () => new GoapPlanner(soldierGoapDomain(soldierActions()))];
    let repaired = 0;
    fc.assert(
      fc.property(fc.nat(1), fractions, fc.nat(), fc.option(fractions, { nil: undefined }), fc.boolean(), (which, start, at, change, twice) => {
        const planner = domains[which]();
        const agent = goapAgentPlanner(planner, { repair: true });
        const state = createState(planner.domain.schema);
        randomize(state, start);
        const found = agent.plan(state, undefined, null).plan;
        if (found === null || found.steps.length === 0) return;
        const plan: Plan = { ...found, steps: found.steps.slice() };
        const index = at % plan.steps.length;
        for (let i = 0; i < index; i++) applyEffects(plan.steps[i].effects, state, undefined, ChangeSource.Own);
        if (change !== undefined) randomize(state, change);
        agent.stepFailed!(plan.steps[index], undefined);
        let mended = agent.repair!(state, undefined, plan, index);
        if (twice && mended !== null && mended.from === 'suffix') mended = agent.repair!(state, undefined, plan, index);
        if (mended === null) return;
        repaired++;
        const scratch = state.clone();
        expect(validatePlan(mended.plan.steps, 0, state, scratch).step).toBe(-1);
        const goal = planner.goalOf((plan.meta as GoapMeta).goal);
        expect(firstFailing(goal.conditions, scratch, undefined)).toBe(-1);
        expect((mended.plan.meta as GoapMeta).goal).toBe((plan.meta as GoapMeta).goal);
        if (twice) expect(mended.from).not.toBe('suffix');
      }),
      { numRuns: 300 },
    );
    expect(repaired).toBeGreaterThan(50);
  });
});
