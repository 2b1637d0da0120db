import { describe, expect, it } from '@jest/globals';
import { planFound, add, check, createState, eq, set, type AgentPlanner, type ConditionDef, type PlanStep } from '@dualplan/world-state';
import { createAgent } from './Agent.js';
import type { OperatorMap } from '../contract/Operator.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { collect, fixedClock, goalPlanner, makePlan, makeStep, mtrPlanner, scriptedOperator, testSchema, timedOperator } from '../testing/fakes.js';

const { Running, Success } = OperatorStatus;
const schema = testSchema();
const k = schema.keys;

function setup(planner: AgentPlanner, operators: OperatorMap, ctx: object = {}) {
  const state = createState(schema);
  const c = collect();
  const agent = createAgent({ id: 'npc', state, ctx, planner, operators, onEvent: c.onEvent, clock: fixedClock });
  return {
    state,
    agent,
    c,
    ticks: (n: number) => {
      for (let i = 0; i < n; i++) agent.tick(0.1);
    },
  };
}

const reasonOf = (events: ReturnType<typeof collect>['events'], type: 'planFailed' | 'stepFailed' | 'stepAborted') => {
  const e = events.find((x) => x.type === type);
  return e !== undefined && 'reason' in e ? e.reason : undefined;
};

describe('PlanRunner failure paths', () => {
  describe('an effect with the error edge policy (all or nothing)', () => {
    const build = () => {
      const charge = makeStep(schema, 'Charge', { operator: 'Charge', sourceId: 7, effects: [set(k.Seen, true), add(k.Power, 1, 'error')] });
      return goalPlanner(schema, [{ name: 'Charged', priority: 1, when: [eq(k.Seen, false)], options: [[charge]] }]);
    };
    // The operator itself pushes Power up in the update that succeeds, after every check passed.
    const chargeTo = (power: number): OperatorMap => ({ Charge: { update: (_args, agent) => (agent.state.set(k.Power, power), Success) } });

    it('fails the step and applies none of its effects when one would leave its range', () => {
      const planner = build();
      const { state, c, ticks } = setup(planner, chargeTo(3));
      ticks(1);
      expect(c.types()).toEqual(['planFound', 'stepStarted:Charge', 'stepFailed:Charge', 'planFailed']);
      expect(reasonOf(c.events, 'stepFailed')).toBe('effect Power += 1 would leave its range');
      expect(reasonOf(c.events, 'planFailed')).toBe('step Charge failed: effect Power += 1 would leave its range');
      expect(state.get(k.Seen)).toBe(false); // the earlier `set` was not applied either
      expect(state.get(k.Power)).toBe(3);
      expect(planner.failed.map((s) => s.task)).toEqual(['Charge']);
    });

    it('applies all of them when none is refused', () => {
      const { state, c, ticks } = setup(build(), chargeTo(1));
      ticks(1);
      expect(c.types()).toEqual(['planFound', 'stepStarted:Charge', 'stepSucceeded:Charge', 'planFinished']);
      expect([state.get(k.Seen), state.get(k.Power)]).toEqual([true, 2]);
    });
  });

  describe.each(['boundary', 'uninterruptible'] as const)('a %s step when the rest of its plan becomes invalid', (interrupt) => {
    it('runs to its end, applies its effects, then fails the plan without replanning in between', () => {
      const emote = makeStep(schema, 'Emote', { operator: 'Emote', interrupt, effects: [add(k.Count, 1)] });
      const strike = makeStep(schema, 'Strike', { conditions: [eq(k.B, true)] });
      const planner = mtrPlanner(schema, [{ mtr: [0], when: [eq(k.B, true)], steps: [emote, strike] }]);
      const emoteOp = timedOperator(3);
      const { state, c, ticks } = setup(planner, { Emote: emoteOp, Op: scriptedOperator([Success]) });
      ticks(1);
      state.set(k.B, false);
      ticks(1);
      expect(c.types()).toEqual(['planFound', 'stepStarted:Emote']); // doomed, but the step goes on
      expect(planner.calls).toBe(1);
      ticks(1);
      expect(c.types()).toEqual(['planFound', 'stepStarted:Emote', 'stepSucceeded:Emote', 'planFailed']);
      expect(reasonOf(c.events, 'planFailed')).toBe('plan invalid: step 1 Strike: B == true');
      expect(state.get(k.Count)).toBe(1);
      expect(emoteOp.log).toEqual(['start Emote']);
      expect(planner.calls).toBe(1);
      ticks(1);
      expect(planner.calls).toBe(2);
      expect(c.types().slice(4)).toEqual(['planNotFound']);
    });
  });

  describe('abortPlan', () => {
    const build = () => {
      const walk = makeStep(schema, 'Walk', { operator: 'Walk', effects: [add(k.Count, 1)] });
      const look = makeStep(schema, 'Look', { operator: 'Look' });
      return mtrPlanner(schema, [{ mtr: [0], steps: [walk, look] }]);
    };

    it('aborts the running step, fails the plan with the reason, and replans on the next tick', () => {
      const walkOp = timedOperator(5);
      const { state, c, agent, ticks } = setup(build(), { Walk: walkOp, Look: scriptedOperator([Running]) });
      ticks(2);
      agent.runner().abortPlan('cutscene');
      expect(c.types().slice(2)).toEqual(['stepAborted:Walk', 'planFailed']);
      expect(reasonOf(c.events, 'stepAborted')).toBe('cutscene');
      expect(reasonOf(c.events, 'planFailed')).toBe('cutscene');
      expect(walkOp.log).toEqual(['start Walk', 'abort Walk']);
      expect(agent.runner().plan).toBeNull();
      expect(state.get(k.Count)).toBe(0);
      ticks(1);
      const found = c.events.filter((e) => e.type === 'planFound');
      expect(found.map((e) => e.type === 'planFound' && e.trigger)).toEqual(['noPlan', 'failed']);
      expect(c.types().slice(-1)).toEqual(['stepStarted:Walk']);
    });

    it('between steps fails the plan only; without a plan it does nothing', () => {
      const { c, agent, ticks } = setup(build(), { Walk: scriptedOperator([Success]), Look: scriptedOperator([Running]) });
      agent.runner().abortPlan('too early');
      expect(c.events).toEqual([]);
      ticks(1); // Walk succeeds; Look starts on the next tick
      agent.runner().abortPlan('cutscene');
      expect(c.types()).toEqual(['planFound', 'stepStarted:Walk', 'stepSucceeded:Walk', 'planFailed']);
      expect(agent.runner().stats.stepsAborted).toBe(0);
    });
  });

  describe('validating a new plan once', () => {
    const counted = (counter: { n: number }, extra: ConditionDef[] = []) =>
      makeStep(schema, 'Attack', {
        operator: 'Attack',
        conditions: [
          ...extra,
          check('ready', (_s, ctx) => {
            counter.n++;
            return (ctx as { ready: boolean }).ready;
          }),
        ],
      });
    const fixed = (steps: PlanStep[], kind = 'x'): AgentPlanner => ({
      kind,
      operators: [],
      plan: () => planFound(makePlan(kind, steps, {}), ''),
      shouldReplace: () => ({ replace: false, reason: '' }),
    });

    it("checks a fresh plan's conditions once in the tick that adopts it", () => {
      const counter = { n: 0 };
      const { c, ticks } = setup(fixed([counted(counter)]), { Attack: scriptedOperator([Running]) }, { ready: true });
      ticks(1);
      expect(c.types()).toEqual(['planFound', 'stepStarted:Attack']);
      expect(counter.n).toBe(1);
    });

    // A replacing plan is validated before the running step is aborted; the abort may change the world or the context.
    const replaceWith = (attack: PlanStep, abort: OperatorMap['Patrol']['abort']) => {
      const patrol = makeStep(schema, 'Patrol', { operator: 'Patrol' });
      const planner = mtrPlanner(schema, [
        { mtr: [0], when: [eq(k.Seen, true)], steps: [attack] },
        { mtr: [1], steps: [patrol] },
      ]);
      const s = setup(planner, { Patrol: { update: () => Running, abort }, Attack: scriptedOperator([Running]) }, { ready: true });
      s.ticks(1);
      s.state.set(k.Seen, true);
      s.ticks(1);
      return s;
    };

    it('checks again when aborting the replaced step changed the state', () => {
      const counter = { n: 0 };
      const { c } = replaceWith(counted(counter, [eq(k.Seen, true)]), (_args, agent) => agent.state.set(k.Seen, false));
      expect(c.types().slice(2)).toEqual(['stepAborted:Patrol', 'planReplaced', 'planFailed']);
      expect(reasonOf(c.events, 'planFailed')).toBe('conditions of Attack fail: Seen == true');
    });

    it('checks again when aborting the replaced step changed the context', () => {
      const counter = { n: 0 };
      const { c } = replaceWith(counted(counter), (_args, agent) => agent.updateCtx((d: { ready: boolean }) => void (d.ready = false)));
      expect(c.types().slice(2)).toEqual(['stepAborted:Patrol', 'planReplaced', 'planFailed']);
      expect(reasonOf(c.events, 'planFailed')).toBe('conditions of Attack fail: ready()');
    });
  });
});
