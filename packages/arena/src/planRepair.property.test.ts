import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ChangeSource, createState, validatePlan, type AgentPlanner, type Plan, type Schema, type WorldState } from '@dualplan/world-state';
import { soldierActions, trollActions } from '@dualplan/world-state/examples';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { gunCombatDomain, npcActions, npcHtnDomain, soldierHtnDomain, trollHtnDomain } from '@dualplan/htn/examples';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierGoapDomain, trollGoapDomain } from '@dualplan/goap/examples';
import { createAgent, OperatorStatus, type Operator, type RunnerEvent } from '@dualplan/runner';

/** The agents with repair on: the troll and the soldier with both planners, the NPC (HTN) with a gun in its combat slot. */
const agents: (() => { planner: AgentPlanner; schema: Schema })[] = [
  () => ({ planner: htnAgentPlanner(new HtnPlanner(trollHtnDomain({}, trollActions())), { repair: true }), schema: trollActions().schema }),
  () => ({ planner: htnAgentPlanner(new HtnPlanner(soldierHtnDomain(soldierActions())), { repair: true }), schema: soldierActions().schema }),
  () => {
    const actions = npcActions();
    const planner = new HtnPlanner(npcHtnDomain(actions));
    planner.plug('Combat', gunCombatDomain(actions));
    return { planner: htnAgentPlanner(planner, { repair: true }), schema: actions.schema };
  },
  () => ({ planner: goapAgentPlanner(new GoapPlanner(trollGoapDomain(trollActions())), { repair: true }), schema: trollActions().schema }),
  () => ({ planner: goapAgentPlanner(new GoapPlanner(soldierGoapDomain(soldierActions())), { repair: true }), schema: soldierActions().schema }),
];

/** A random value for every cell of the state, from fractions in [0, 1). */
function randomize(state: WorldState<any>, fractions: readonly number[]): void {
  const { min, max } = state.schema;
  for (let cell = 0; cell < state.schema.size; cell++)
    state.write(cell, min[cell] + Math.floor(fractions[cell % fractions.length] * (max[cell] - min[cell] + 1)), ChangeSource.External);
}

describe('plan repair in running agents (property)', () => {
  it('every repaired plan is valid from the state it is adopted in, repairs the failed plan from the failed step, and faults nothing', () => {
    let repairs = 0;
    fc.assert(
      fc.property(
        fc.nat(agents.length - 1),
        fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 24 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
        (which, start, outcomes) => {
          const { planner, schema } = agents[which]();
          const state = createState(schema);
          randomize(state, start);
          let call = 0;
          // Each update fails or succeeds by the next outcome of the list.
          const op: Operator = { update: () => (outcomes[call++ % outcomes.length] ? OperatorStatus.Success : OperatorStatus.Failure) };
          const operators = Object.fromEntries(planner.operators.map((id) => [id, op]));
          const events: RunnerEvent[] = [];
          let lastFailed: Plan | null = null;
          const agent = createAgent({
            id: 'a',
            state,
            ctx: {},
            planner,
            operators,
            faults: 'rethrow',
            onEvent: (e) => {
              events.push(e);
              if (e.type === 'planFailed') lastFailed = e.plan;
              if (e.type === 'planRepaired') {
                repairs++;
                expect(e.previous).toBe(lastFailed);
                expect(validatePlan(e.plan.steps, 0, state, state.clone()).step).toBe(-1);
                expect(e.plan.steps.length).toBeGreaterThan(0);
              }
            },
          });
          for (let i = 0; i < 40; i++) agent.tick(0.1);
          expect(events.filter((e) => e.type === 'fault')).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
    expect(repairs).toBeGreaterThan(20);
  });
});
