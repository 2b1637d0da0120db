import { describe, expect, it } from '@jest/globals';
import { add, check, createState, effect, eq, planFound, set, UserCodeError, type AgentPlanner, type PlanStep, type WorldState } from '@dualplan/world-state';
import { createAgent, type AgentOptions } from './Agent.js';
import type { Operator, OperatorMap } from '../contract/Operator.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import type { RunnerEvent } from '../events/RunnerEvent.js';
import { collect, fixedClock, goalPlanner, makeStep, mtrPlanner, scriptedOperator, testSchema, timedOperator } from '../testing/fakes.js';

const { Running, Success } = OperatorStatus;
const schema = testSchema();
const k = schema.keys;
type Ctx = { hits: number };

function setup(planner: AgentPlanner, operators: OperatorMap, over: Partial<AgentOptions<Ctx>> = {}) {
  const state = createState(schema);
  const c = collect();
  const agent = createAgent<Ctx>({ id: 'npc', state, ctx: { hits: 0 }, planner, operators, onEvent: c.onEvent, clock: fixedClock, ...over });
  return {
    state,
    agent,
    c,
    ticks: (n: number) => {
      for (let i = 0; i < n; i++) agent.tick(0.1);
    },
  };
}
const faults = (events: RunnerEvent[]) => events.filter((e): e is Extract<RunnerEvent, { type: 'fault' }> => e.type === 'fault');

/** One step plan: Charge (sets Seen, adds to Count), then done; replanned while Seen is false. */
function chargePlanner(extra: Partial<Parameters<typeof makeStep>[2]> = {}) {
  const charge = makeStep(schema, 'Charge', { operator: 'Charge', sourceId: 3, effects: [set(k.Seen, true), add(k.Count, 2)], ...extra });
  return goalPlanner(schema, [{ name: 'Charged', priority: 1, when: [eq(k.Seen, false)], options: [[charge]] }]);
}

/** An operator that writes to the state and the context, then throws (in `start` or `update`) while `broken` holds. */
function brokenOperator(where: 'start' | 'update' | 'abort', broken: () => boolean): Operator<Ctx> & { calls: string[] } {
  const calls: string[] = [];
  const scribble = (agent: Parameters<Operator<Ctx>['update']>[1]) => {
    agent.state.set(k.Power, 3);
    agent.updateCtx((c) => void (c.hits += 1));
  };
  return {
    calls,
    start: (_a, agent) => {
      calls.push('start');
      if (where === 'start' && broken()) {
        scribble(agent);
        fail('start');
      }
    },
    update: (_a, agent) => {
      calls.push('update');
      if (where === 'update' && broken()) {
        scribble(agent);
        fail('update');
      }
      return where === 'abort' ? Running : Success;
    },
    abort: (_a, agent) => {
      calls.push('abort');
      if (where === 'abort' && broken()) {
        scribble(agent);
        fail('abort');
      }
    },
  };
}
function fail(what: string): never {
  throw new TypeError(`${what} exploded`);
}

describe('containment of user code in the runner', () => {
  describe.each(['start', 'update'] as const)('an operator whose %s throws', (where) => {
    it('fails its step without effects, undoes its writes, reports one fault naming it, and replans', () => {
      let broken = true;
      const planner = chargePlanner();
      const op = brokenOperator(where, () => broken);
      const { state, agent, c, ticks } = setup(planner, { Charge: op });
      ticks(1);
      expect(c.types()).toEqual(['planFound', 'stepStarted:Charge', 'fault', 'stepFailed:Charge', 'planFailed']);
      const [f] = faults(c.events);
      expect(f).toMatchObject({ where: `operator.${where}`, subject: 'Charge', stepIndex: 0, undone: 1, agent: 'npc', runner: 'main' });
      expect(f.failedStep?.task).toBe('Charge');
      expect(f.error).toBeInstanceOf(UserCodeError);
      expect(f.error.code).toBe('OPERATOR_THREW');
      expect(f.error.message).toBe(`Operator "Charge" threw in ${where} of step Charge (#0) (agent "npc", runner "main"): TypeError: ${where} exploded`);
      expect((f.error.cause as Error).message).toBe(`${where} exploded`);
      // Nothing of the step or of the failed call remains.
      expect([state.get(k.Seen), state.get(k.Count), state.get(k.Power)]).toEqual([false, 0, 0]);
      expect(agent.ctx.hits).toBe(0);
      expect(agent.runner().runningStep).toBeNull();
      expect(agent.runner().stats).toMatchObject({ faults: 1, stepsStarted: 1, stepsFailed: 1, stepsSucceeded: 0 });
      expect(planner.failed.map((s) => s.task)).toEqual(['Charge']); // the planner hears of it, like any failure
      expect(op.calls).toEqual(where === 'start' ? ['start'] : ['start', 'update']); // never updated after a failed start; no abort
      // Once the operator works again, the agent goes back to normal plans.
      broken = false;
      ticks(2);
      expect(c.types().slice(-4)).toEqual(['stepStarted:Charge', 'stepSucceeded:Charge', 'planFinished', 'planNotFound']); // Seen holds: nothing left to do
      expect([state.get(k.Seen), state.get(k.Count)]).toEqual([true, 2]);
    });

    it("with faults: 'rethrow' contains the same way, then throws the typed error from tick", () => {
      let broken = true;
      const { state, agent, c } = setup(chargePlanner(), { Charge: brokenOperator(where, () => broken) }, { faults: 'rethrow' });
      let thrown: unknown;
      try {
        agent.tick(0.1);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(UserCodeError);
      expect(thrown).toBe(faults(c.events)[0].error);
      expect((thrown as UserCodeError).subject).toBe('Charge');
      expect(agent.runner().runningStep).toBeNull();
      expect(state.get(k.Power)).toBe(0);
      broken = false;
      expect(() => agent.tick(0.1)).not.toThrow();
    });
  });

  it.each(['start', 'update', 'abort'] as const)(
    'an operator whose %s writes far more than the journal first holds, then throws, is undone entirely',
    (where) => {
      const writes = 5000; // the journal starts at 64 entries for this schema
      const scribbler = (agent: Parameters<Operator<Ctx>['update']>[1]) => {
        for (let i = 0; i < writes; i++) {
          agent.state.set(k.Count, i % 10);
          agent.state.set(k.Power, i % 4);
          agent.state.set(k.Tired, i % 2 === 0);
        }
        throw new Error(`${where} broke`);
      };
      const op: Operator<Ctx> = {
        start: (_a, agent) => void (where === 'start' && scribbler(agent)),
        update: (_a, agent) => (where === 'update' ? scribbler(agent) : where === 'abort' ? Running : Success),
        abort: (_a, agent) => void (where === 'abort' && scribbler(agent)),
      };
      const { state, agent, c, ticks } = setup(chargePlanner(), { Charge: op });
      state.set(k.Count, 7);
      state.set(k.Shield, true);
      if (where === 'abort') ticks(1); // started and running
      const before = state.clone();
      if (where === 'abort') agent.runner().abortPlan('test');
      else ticks(1);
      expect(c.types()).toContain('fault');
      const [f] = faults(c.events);
      expect(f).toMatchObject({ where: `operator.${where}`, subject: 'Charge' });
      expect(f.undone).toBeGreaterThan(3 * writes - 10);
      expect(state.toJSON()).toEqual(before.toJSON());
    },
  );

  it('an update returning something other than an OperatorStatus is a fault of the operator, named with the value', () => {
    const { state, c, ticks } = setup(chargePlanner(), { Charge: { update: () => 'done' as never } });
    ticks(1);
    expect(c.types()).toEqual(['planFound', 'stepStarted:Charge', 'fault', 'stepFailed:Charge', 'planFailed']);
    const [f] = faults(c.events);
    expect([f.where, f.error.code, f.subject]).toEqual(['operator.status', 'BAD_OPERATOR_STATUS', 'Charge']);
    expect(f.error.message).toContain('"done" (string)');
    expect(state.get(k.Seen)).toBe(false);
  });

  it('an abort that throws still ends the step exactly once, with its writes undone', () => {
    const go = makeStep(schema, 'Go', { operator: 'Go', executing: [eq(k.B, true)] });
    const op = brokenOperator('abort', () => true);
    const { state, agent, c, ticks } = setup(mtrPlanner(schema, [{ mtr: [0], steps: [go] }]), { Go: op });
    ticks(1);
    state.set(k.B, false);
    ticks(1);
    expect(c.types().slice(0, 5)).toEqual(['planFound', 'stepStarted:Go', 'stepAborted:Go', 'fault', 'planFailed']);
    expect(faults(c.events)[0]).toMatchObject({ where: 'operator.abort', subject: 'Go', undone: 1 });
    expect(state.get(k.Power)).toBe(0);
    expect(agent.ctx.hits).toBe(0);
  });

  it('an executing condition that throws aborts its step and names the task', () => {
    let calls = 0;
    const go = makeStep(schema, 'Go', { operator: 'Go', executing: [check('wobbly', () => (++calls > 1 ? fail('wobbly') : true))] });
    const { c, ticks } = setup(mtrPlanner(schema, [{ mtr: [0], when: [eq(k.Seen, false)], steps: [go] }]), { Go: timedOperator(5) });
    ticks(3);
    const types = c.types();
    expect(types.slice(0, 5)).toEqual(['planFound', 'stepStarted:Go', 'fault', 'stepAborted:Go', 'planFailed']);
    const [f] = faults(c.events);
    expect([f.where, f.subject, f.error.code]).toEqual(['condition', 'Go', 'CONDITION_THREW']);
    expect(f.error.message).toContain('TypeError: wobbly exploded');
  });

  it('a condition function that throws while a plan is checked makes the plan fail at that step, named', () => {
    const steps = [
      makeStep(schema, 'Ready', { operator: 'Op' }),
      makeStep(schema, 'Strike', { operator: 'Op', conditions: [check('aim', () => fail('aim'))] }),
    ];
    const planner: AgentPlanner = {
      kind: 'x',
      operators: ['Op'],
      plan: () => planFound({ planner: 'x', steps, cost: 2, meta: null, stats: { expanded: 0, generated: 0, backtracks: 0 } }, 'r'),
      shouldReplace: () => ({ replace: false, reason: '' }),
    };
    const { c, ticks } = setup(planner, { Op: scriptedOperator([Success]) }, { retryInterval: 10 });
    ticks(1);
    expect(c.types()).toEqual(['planFound', 'fault', 'planFailed']);
    const [f] = faults(c.events);
    expect([f.where, f.subject, f.stepIndex]).toEqual(['condition', 'Strike', 1]);
    expect((c.events[2] as { reason: string }).reason).toBe(
      'invalid from the start: step 1 Strike: a condition function of Strike threw (TypeError: aim exploded)',
    );
  });

  it('an effect function that throws fails the step with none of its effects applied', () => {
    let broken = true;
    const real: { state?: WorldState } = {};
    // Throws only on the real state: planning and plan checks apply it to working copies.
    const planner = chargePlanner({
      effects: [set(k.Seen, true), effect('spark', (st: WorldState) => (st.set(k.Power, 2), broken && st === real.state && fail('spark')))],
    });
    const { state, c, ticks } = setup(planner, { Charge: scriptedOperator([Success]) });
    real.state = state;
    ticks(1);
    expect(c.types()).toEqual(['planFound', 'stepStarted:Charge', 'fault', 'stepFailed:Charge', 'planFailed']);
    expect(faults(c.events)[0]).toMatchObject({ where: 'effect', subject: 'Charge', undone: 2 });
    expect([state.get(k.Seen), state.get(k.Power)]).toEqual([false, 0]);
    broken = false;
    ticks(2);
    expect([state.get(k.Seen), state.get(k.Power)]).toEqual([true, 2]);
  });

  it('a planner that throws finds no plan for that call; planning resumes when it recovers', () => {
    let broken = 2;
    const inner = chargePlanner();
    const planner: AgentPlanner = { ...inner, plan: (s, ctx, r) => (broken-- > 0 ? fail('search') : inner.plan(s, ctx, r)) };
    const { c, ticks } = setup(planner, { Charge: scriptedOperator([Success]) }, { retryInterval: 0 });
    ticks(3);
    expect(c.types()).toEqual(['fault', 'planNotFound', 'fault', 'planNotFound', 'planFound', 'stepStarted:Charge', 'stepSucceeded:Charge', 'planFinished']);
    expect(faults(c.events)[0]).toMatchObject({ where: 'planner', subject: 'goap', stepIndex: -1 });
    expect((c.events[1] as { reason: string }).reason).toBe('the planner threw: TypeError: search exploded');
  });

  it('a listener that throws is reported once per failure and never breaks the tick', () => {
    const seen: string[] = [];
    let thrown = 0;
    const onEvent = (e: RunnerEvent) => {
      seen.push(e.type);
      if (e.type === 'stepStarted' || e.type === 'fault') {
        thrown++;
        fail('listener');
      }
    };
    const { state, agent } = setup(chargePlanner(), { Charge: scriptedOperator([Success]) }, { onEvent });
    agent.tick(0.1);
    expect(seen).toEqual(['planFound', 'stepStarted', 'fault', 'stepSucceeded', 'planFinished']);
    expect(thrown).toBe(2); // on stepStarted, then on its own fault report, which is not reported again
    expect(agent.runner().stats.faults).toBe(1);
    expect(state.get(k.Seen)).toBe(true);
  });

  describe('a sensor that throws', () => {
    const flaky = (fails: () => boolean) => ({
      name: 'eyes',
      interval: 0,
      update: (agent: { state: WorldState; updateCtx: (r: (c: Ctx) => void) => void }) => {
        agent.state.set(k.Tired, true);
        agent.updateCtx((c) => void (c.hits += 1));
        if (fails()) fail('eyes');
      },
    });

    it('is skipped for that tick with its writes undone, and disabled after sensorFailureLimit failures in a row (reported once)', () => {
      let failing = true;
      const { state, agent, c, ticks } = setup(mtrPlanner(schema, []), {}, { sensors: [flaky(() => failing)], sensorFailureLimit: 2 });
      ticks(1);
      expect(c.events.map((e) => e.type)).toEqual(['fault', 'planNotFound']);
      expect(faults(c.events)[0]).toMatchObject({ where: 'sensor', subject: 'eyes', runner: '', undone: 1 });
      expect(faults(c.events)[0].error.message).toBe('Sensor "eyes" of agent "npc" threw (failure 1 in a row): TypeError: eyes exploded');
      expect([state.get(k.Tired), agent.ctx.hits]).toEqual([false, 0]);
      ticks(3);
      expect(c.events.filter((e) => e.type === 'fault' || e.type === 'sensorDisabled').map((e) => e.type)).toEqual(['fault', 'fault', 'sensorDisabled']);
      expect(agent.sensors.updates[0]).toBe(2); // not run once disabled
      expect(agent.faults).toBe(2);
      failing = false;
      agent.sensors.enable('eyes');
      ticks(1);
      expect([state.get(k.Tired), agent.ctx.hits, agent.sensors.failures[0]]).toEqual([true, 1, 0]);
    });

    it('counts only failures in a row', () => {
      let n = 0;
      const { agent, c, ticks } = setup(mtrPlanner(schema, []), {}, { sensors: [flaky(() => ++n % 2 === 0)], sensorFailureLimit: 2 });
      ticks(10);
      expect(c.events.some((e) => e.type === 'sensorDisabled')).toBe(false);
      expect(agent.faults).toBe(5);
    });
  });

  it('keeps a tick with a running step free of fault bookkeeping: the step is the same object and nothing is reported', () => {
    const go: PlanStep = makeStep(schema, 'Go', { operator: 'Go' });
    const { agent, c, ticks } = setup(mtrPlanner(schema, [{ mtr: [0], steps: [go] }]), { Go: { update: () => Running } });
    ticks(50);
    expect(c.types()).toEqual(['planFound', 'stepStarted:Go']);
    expect(agent.runner().runningStep).toBe(go);
  });
});
