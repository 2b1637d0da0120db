import { describe, expect, it } from '@jest/globals';
import {
  noPlan,
  planFound,
  add,
  applyEffects,
  ChangeSource,
  createState,
  eq,
  set,
  type AgentPlanner,
  type PlanStep,
  type SubPlanner,
  type WorldState,
} from '@dualplan/world-state';
import { createAgent } from './Agent.js';
import { asSubPlanner } from './asSubPlanner.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { collect, fixedClock, goalPlanner, makePlan, makeStep, scriptedOperator, testSchema } from '../testing/fakes.js';

const schema = testSchema();
const k = schema.keys;

/** A fake HTN planner with one delegate task: Approach, <sub-goal filled by GOAP>, Strike. */
function hybridPlanner(sub: SubPlanner): AgentPlanner {
  const approach = makeStep(schema, 'Approach', { effects: [set(k.Navigating, true)] });
  const strike = makeStep(schema, 'Strike', { conditions: [eq(k.Shield, true)], effects: [add(k.Count, 1)] });
  const working = createState(schema);
  return {
    kind: 'htn',
    operators: [],
    plan(state, ctx) {
      if (state.get(k.Count) > 0) return noPlan('done');
      working.copyFrom(state);
      applyEffects(approach.effects, working, ctx, ChangeSource.Planning);
      const before = working.hash();
      const out = sub(working, ctx, ['Armed']);
      if (working.hash() !== before) throw new Error('sub-planner modified the working state');
      if (out.plan === null) return noPlan(`delegate: ${out.reason}`);
      return planFound(makePlan('htn', [approach, ...out.plan.steps, strike], { mtr: [0] }), 'hybrid');
    },
    shouldReplace: () => ({ replace: false, reason: 'never' }),
  };
}

describe('asSubPlanner (hybrid HTN → GOAP)', () => {
  const load = makeStep(schema, 'Load', { conditions: [eq(k.Navigating, true)], effects: [set(k.Tired, true)] });
  const raise = makeStep(schema, 'RaiseShield', { conditions: [eq(k.Tired, true)], effects: [set(k.Shield, true)] });

  it('splices the GOAP sub-plan into the HTN plan, and the runner executes it in order', () => {
    const goap = goalPlanner(schema, [{ name: 'Armed', priority: 1, options: [[load, raise]] }]);
    const c = collect();
    const state = createState(schema);
    const agent = createAgent({
      id: 'npc',
      state,
      ctx: {},
      planner: hybridPlanner(asSubPlanner(goap)),
      operators: { Op: scriptedOperator([OperatorStatus.Success]) },
      onEvent: c.onEvent,
      clock: fixedClock,
    });
    for (let i = 0; i < 6; i++) agent.tick(0.1);
    const found = c.events[0];
    expect(found.type === 'planFound' && found.plan.steps.map((s: PlanStep) => s.task)).toEqual(['Approach', 'Load', 'RaiseShield', 'Strike']);
    expect(c.events.filter((e) => e.type === 'stepSucceeded').map((e) => 'step' in e && e.step.task)).toEqual(['Approach', 'Load', 'RaiseShield', 'Strike']);
    expect(state.get(k.Count)).toBe(1);
  });

  it('returns "none" when the sub-planner offers a plan that does not hold from the caller\'s state', () => {
    const liar: AgentPlanner = {
      kind: 'goap',
      operators: [],
      plan: () => planFound(makePlan('goap', [raise], {}), 'goal Armed'),
      shouldReplace: () => ({ replace: false, reason: '' }),
    };
    const sub = asSubPlanner(liar);
    const out = sub(createState(schema), {}, []);
    expect(out.status).toBe('none');
    expect(out.reason).toBe('goap sub-plan fails at step 0 RaiseShield: Tired == true');
  });

  it("chooses the wrapped planner from the delegate task's arguments", () => {
    const picked: unknown[] = [];
    const plannerFor = (goal: string): AgentPlanner => ({
      kind: 'goap',
      operators: [],
      plan: (s: WorldState<any>) => planFound(makePlan('goap', s.get(k.Navigating) ? [load] : [], { goal }), goal),
      shouldReplace: () => ({ replace: false, reason: '' }),
    });
    const sub = asSubPlanner((args) => {
      picked.push(args[0]);
      return plannerFor(String(args[0]));
    });
    const state = createState(schema, { Navigating: true } as never);
    expect(sub(state, {}, ['Armed']).reason).toBe('Armed');
    expect(sub(state, {}, ['Hidden']).plan?.steps.map((s) => s.task)).toEqual(['Load']);
    expect(picked).toEqual(['Armed', 'Hidden']);
  });
});
