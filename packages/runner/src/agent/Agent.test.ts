import { describe, expect, it } from '@jest/globals';
import { noPlan, add, createState, eq, set, type AgentPlanner } from '@dualplan/world-state';
import { createAgent } from './Agent.js';
import { formatEvent } from '../events/formatEvent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { RunnerError } from '../RunnerError.js';
import { summarizePlanTimes } from '../events/RunnerStats.js';
import { collect, fixedClock, goalPlanner, makeStep, mtrPlanner, scriptedOperator, testSchema, timedOperator } from '../testing/fakes.js';

const { Running, Success } = OperatorStatus;
const schema = testSchema();
const k = schema.keys;

describe('Agent', () => {
  it('runs two planners on one world state (upper and lower body)', () => {
    const startNav = makeStep(schema, 'StartNavigation', { operator: 'Nav', effects: [set(k.Navigating, true)] });
    const travel = makeStep(schema, 'Travel', { operator: 'Travel', effects: [set(k.Navigating, false), add(k.Count, 1)] });
    const lower = mtrPlanner(schema, [{ mtr: [0], when: [eq(k.Count, 0)], steps: [startNav, travel] }]);
    const raise = makeStep(schema, 'RaiseShield', { operator: 'Shield', effects: [set(k.Shield, true)] });
    const hold = makeStep(schema, 'HoldShield', { operator: 'Hold', executing: [eq(k.Navigating, true)] });
    const look = makeStep(schema, 'LookAround', { operator: 'Hold' });
    const upper = mtrPlanner(schema, [
      { mtr: [0], when: [eq(k.Navigating, true)], steps: [raise, hold] },
      { mtr: [1], steps: [look] },
    ]);
    const c = collect();
    const state = createState(schema);
    const agent = createAgent({
      id: 'troll',
      state,
      ctx: {},
      onEvent: c.onEvent,
      clock: fixedClock,
      runners: [
        { name: 'upper', planner: upper, operators: { Shield: timedOperator(2), Hold: scriptedOperator([Running]) } },
        { name: 'lower', planner: lower, operators: { Nav: scriptedOperator([Success]), Travel: timedOperator(3) } },
      ],
    });
    agent.tick(0.1);
    expect(state.get(k.Navigating)).toBe(true);
    agent.tick(0.1);
    // The lower body's own effect is news to the upper body, not to the lower body.
    expect(lower.calls).toBe(1);
    expect(upper.calls).toBe(2);
    expect(agent.runner('upper').plan?.steps.map((s) => s.task)).toEqual(['RaiseShield', 'HoldShield']);
    agent.tick(0.1); // RaiseShield succeeds: Shield = true, news to the lower body
    expect(lower.calls).toBe(2);
    const skipped = c.events.find((e) => e.runner === 'lower' && e.type === 'replanSkipped');
    expect(skipped?.type === 'replanSkipped' && [skipped.tick, skipped.reason]).toEqual([3, 'MTR 0 equals 0']);
    agent.tick(0.1); // Travel succeeds: Navigating = false
    agent.tick(0.1); // upper: HoldShield's executing condition breaks
    const line = c.events.map((e) => `${e.runner}:${e.type}${'step' in e ? ':' + e.step.task : ''}`);
    expect(line).toContain('upper:stepAborted:HoldShield');
    expect(line.indexOf('lower:stepSucceeded:Travel')).toBeLessThan(line.indexOf('upper:stepAborted:HoldShield'));
    expect(state.get(k.Shield)).toBe(true);
  });

  it('switches planner with setPlanner and nothing else', () => {
    const htn = mtrPlanner(schema, [{ mtr: [0], steps: [makeStep(schema, 'Patrol')] }]);
    const goap = goalPlanner(schema, [{ name: 'Guard', priority: 1, options: [[makeStep(schema, 'Guard')]] }]);
    const c = collect();
    const agent = createAgent({
      id: 'npc',
      state: createState(schema),
      ctx: {},
      planner: htn,
      operators: { Op: scriptedOperator([Running]) },
      onEvent: c.onEvent,
      clock: fixedClock,
    });
    agent.tick(0.1);
    agent.setPlanner(goap);
    agent.tick(0.1);
    expect(c.events.map((e) => `${e.planner}:${e.type}`)).toEqual([
      'htn:planFound',
      'htn:stepStarted',
      'htn:stepAborted',
      'htn:planFailed',
      'goap:plannerChanged',
      'goap:planFound',
      'goap:stepStarted',
    ]);
    const changed = c.events.find((e) => e.type === 'plannerChanged')!;
    expect(changed).toMatchObject({ previous: 'htn', planner: 'goap', runner: 'main' });
    expect(formatEvent(changed)).toMatch(/npc\/main \[goap\] planner switched from htn$/);
    expect(agent.runner().planner).toBe(goap);
  });

  it('keeps context snapshots immutable and structurally shared', () => {
    type Ctx = { x: number; memory: { seen: string[] } };
    const walk = makeStep(schema, 'Walk', { operator: 'Walk' });
    const planner = mtrPlanner(schema, [{ mtr: [0], steps: [walk] }]);
    const snapshots: Ctx[] = [];
    const agent = createAgent<Ctx>({
      id: 'npc',
      state: createState(schema),
      ctx: { x: 0, memory: { seen: ['player'] } },
      planner,
      operators: {
        Walk: {
          update: (_args, a) => {
            a.updateCtx((d) => {
              d.x += 1;
            });
            snapshots.push(a.ctx);
            return a.ctx.x >= 3 ? Success : Running;
          },
        },
      },
      clock: fixedClock,
    });
    const first = agent.ctx;
    for (let i = 0; i < 3; i++) agent.tick(0.1);
    expect(first.x).toBe(0);
    expect(snapshots.map((s) => s.x)).toEqual([1, 2, 3]);
    expect(Object.isFrozen(snapshots[0])).toBe(true);
    expect(snapshots[2].memory).toBe(first.memory); // unchanged parts are shared, not copied
    expect(Reflect.set(snapshots[0], 'x', 9)).toBe(false);
    expect(snapshots[0].x).toBe(1);
  });

  it("types the operator map from the planner's operator ids", () => {
    const base = mtrPlanner(schema, [{ mtr: [0], steps: [makeStep(schema, 'Dance', { operator: 'Dance' })] }]);
    const typed: AgentPlanner<unknown, 'Dance'> = { ...base, operators: ['Dance'] as const };
    const ok = createAgent({ id: 'npc', state: createState(schema), ctx: {}, planner: typed, operators: { Dance: scriptedOperator([Success]) } });
    expect(ok.runner().name).toBe('main');
    // @ts-expect-error: 'Dnace' is not an operator id of the planner, and 'Dance' is missing
    expect(() => createAgent({ id: 'npc', state: createState(schema), ctx: {}, planner: typed, operators: { Dnace: scriptedOperator([Success]) } })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_OPERATOR', subject: 'Dance' }),
    );
  });

  it('rejects bad input with typed errors', () => {
    const planner = mtrPlanner(schema, [{ mtr: [0], steps: [makeStep(schema, 'Dance', { operator: 'Dance' })] }]);
    const make = (over: object = {}) =>
      createAgent({ id: 'npc', state: createState(schema), ctx: {}, planner, operators: { Dance: scriptedOperator([Success]) }, ...over });
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof RunnerError ? `${e.code}:${e.subject}` : String(e);
      }
      return 'no error';
    };
    // A missing or misspelt operator is reported when the agent is made, not when a plan first uses it.
    expect(codeOf(() => make({ operators: { Dnace: scriptedOperator([Success]) } }))).toBe('UNKNOWN_OPERATOR:Dance');
    expect(() => make({ operators: { Dnace: scriptedOperator([Success]) } })).toThrow(
      /uses operator "Dance", which runner "main" does not register\. Did you mean "Dnace"\?/,
    );
    expect(codeOf(() => make({ planner: { ...planner, operators: undefined } }))).toBe('BAD_PLANNER:main');
    // A planner whose plans use an operator it did not list is still caught when the plan is adopted.
    expect(codeOf(() => make({ planner: { ...planner, operators: [] }, operators: {} }).tick(0.1))).toBe('UNKNOWN_OPERATOR:Dance');
    expect(codeOf(() => make().tick(-1))).toBe('BAD_DT:npc');
    expect(codeOf(() => make().tick(NaN))).toBe('BAD_DT:npc');
    expect(codeOf(() => make({ sensors: [{ name: 'eyes', interval: -1, update() {} }] }))).toBe('BAD_SENSOR_INTERVAL:eyes');
    expect(
      codeOf(() =>
        make({
          sensors: [
            { name: 'eyes', interval: 1, update() {} },
            { name: 'eyes', interval: 1, update() {} },
          ],
        }),
      ),
    ).toBe('DUPLICATE_SENSOR:eyes');
    expect(codeOf(() => make({ sensorsPerTick: 0 }))).toBe('BAD_SENSORS_PER_TICK:sensorsPerTick');
    expect(codeOf(() => make({ operators: { Op: {} } }))).toBe('BAD_OPERATOR:Op');
    expect(codeOf(() => make().runner('upper'))).toBe('UNKNOWN_RUNNER:upper');
    expect(codeOf(() => createAgent({ id: 'npc', state: createState(schema), ctx: {} }))).toBe('BAD_AGENT:npc');
    expect(codeOf(() => make({ planner: undefined, operators: undefined, runners: [{ name: 'main', planner, operators: null as never }] }))).toBe(
      'BAD_OPERATORS:main',
    );
    expect(codeOf(() => make({ sensors: [{ name: 'eyes', interval: 1 }] }))).toBe('BAD_SENSOR:eyes');
    expect(codeOf(() => make({ sensors: [{ interval: 1, update() {} }] }))).toBe('BAD_SENSOR:');
    const lower = { name: 'lower', planner, operators: { Dance: scriptedOperator([Success]) } };
    expect(codeOf(() => make({ runners: [lower, lower] }))).toBe('DUPLICATE_RUNNER:lower');
    expect(codeOf(() => make({ runners: [{ ...lower, name: 'main' }] }))).toBe('DUPLICATE_RUNNER:main'); // clashes with the shorthand runner
    expect(codeOf(() => make({ planner: { kind: 'x', plan: () => null } as never }))).toBe('BAD_PLANNER:main');
    expect(codeOf(() => make({ planner: undefined, operators: undefined, runners: [{ ...lower, planner: {} as never }] }))).toBe('BAD_PLANNER:lower');
    expect(codeOf(() => make({ retryInterval: -0.5 }))).toBe('BAD_RETRY_INTERVAL:retryInterval');
    expect(codeOf(() => make({ retryInterval: Infinity }))).toBe('BAD_RETRY_INTERVAL:retryInterval');
    for (const n of [0, 1.5, NaN]) expect(codeOf(() => make({ maxPlanSamples: n }))).toBe('BAD_MAX_PLAN_SAMPLES:maxPlanSamples');
    expect(codeOf(() => make({ faults: 'loud' as never }))).toBe('BAD_FAULT_MODE:faults');
    expect(codeOf(() => make({ sensorFailureLimit: 0 }))).toBe('BAD_SENSOR_FAILURE_LIMIT:sensorFailureLimit');
    // A string dt is named as a string, not shown as if it were the number.
    expect(() => make().tick('0.1' as never)).toThrow('got "0.1" (string)');
  });

  it('names ids, names and options that cannot be converted to a string (a TypeError before)', () => {
    const planner = mtrPlanner(schema, [{ mtr: [0], steps: [makeStep(schema, 'Dance', { operator: 'Dance' })] }]);
    const make = (over: object = {}) =>
      createAgent({ id: 'npc', state: createState(schema), ctx: {}, planner, operators: { Dance: scriptedOperator([Success]) }, ...over });
    const caught = (f: () => unknown): RunnerError => {
      try {
        f();
      } catch (e) {
        return e as RunnerError;
      }
      throw new Error('did not throw');
    };
    const codeOf = (f: () => unknown) => {
      const e = caught(f);
      expect(e).toBeInstanceOf(RunnerError);
      return `${e.code}:${e.subject}`;
    };
    const hostile = { toString: '' };
    const id = caught(() => make({ id: hostile }));
    expect([id.code, id.subject, id.message]).toEqual(['BAD_AGENT', '{"toString":""}', 'An agent needs a non-empty string id, got an object.']);
    expect(codeOf(() => make({ id: Symbol('npc') }))).toBe('BAD_AGENT:Symbol(npc) (symbol)');
    const lower = { name: 'lower', planner, operators: { Dance: scriptedOperator([Success]) } };
    expect(codeOf(() => make({ runners: hostile }))).toBe('BAD_AGENT:npc');
    expect(codeOf(() => make({ runners: [{ ...lower, name: hostile }] }))).toBe('BAD_RUNNER:{"toString":""}');
    expect(codeOf(() => make({ runners: [null] }))).toBe('BAD_RUNNER:#0');
    expect(codeOf(() => make({ runners: [{ name: 'arms', branchOf: Object.create(null) }] }))).toBe('UNKNOWN_RUNNER:{}');
    expect(codeOf(() => make().runner(hostile as never))).toBe('UNKNOWN_RUNNER:{"toString":""}');
    expect(codeOf(() => make({ sensors: hostile }))).toBe('BAD_SENSOR:sensors');
    expect(codeOf(() => make({ sensors: [{ name: hostile, interval: 1, update() {} }] }))).toBe('BAD_SENSOR:{"toString":""}');
    // Comparing an object with a number converts it: these threw the object's TypeError.
    expect(codeOf(() => make({ sensors: [{ name: 'eyes', interval: hostile, update() {} }] }))).toBe('BAD_SENSOR_INTERVAL:eyes');
    expect(codeOf(() => make({ sensorsPerTick: Object.create(null) }))).toBe('BAD_SENSORS_PER_TICK:sensorsPerTick');
    expect(codeOf(() => make({ whilePlanning: hostile }))).toBe('BAD_WHILE_PLANNING:whilePlanning');
    expect(codeOf(() => make({ recheckInterval: hostile }))).toBe('BAD_RECHECK_INTERVAL:recheckInterval');
    expect(() => make({ recheckInterval: hostile })).toThrow('recheckInterval must be a finite number >= 0, got an object.');
    // An operator id a planner lists that cannot be an operator's key is UNKNOWN_OPERATOR naming it (Object.hasOwn threw converting it).
    expect(codeOf(() => make({ planner: { ...planner, operators: [hostile] } }))).toBe('UNKNOWN_OPERATOR:{"toString":""}');
    expect(codeOf(() => make({ planner: { ...planner, kind: hostile, operators: [Symbol('op')] } }))).toBe('UNKNOWN_OPERATOR:Symbol(op) (symbol)');
    expect(() => make().sensors.enable(hostile as never)).toThrow(expect.objectContaining({ code: 'UNKNOWN_SENSOR', subject: '{"toString":""}' }));
    // A custom planner's step whose task is not a string is named when its plan is adopted, before any message uses it.
    const badTask = mtrPlanner(schema, [{ mtr: [0], steps: [{ ...makeStep(schema, 'Dance', { operator: 'Dance' }), task: hostile as never }] }]);
    expect(codeOf(() => make({ planner: badTask }).tick(0.1))).toBe('BAD_STEP:{"toString":""}');
    expect(() => make({ planner: badTask }).tick(0.1)).toThrow('Plan step #0 has task {"toString":""}: a task name is a string.');
  });

  it('keeps the most recent maxPlanSamples plan times, for the shorthand runner and for named runners', () => {
    let now = 0;
    let calls = 0;
    // The n-th planner call takes n ms on the fake clock; nothing is ever found, so it plans every tick (retryInterval 0).
    const slow = (): AgentPlanner => ({
      kind: 'x',
      operators: [],
      plan: () => ((now += ++calls), noPlan('nothing')),
      shouldReplace: () => ({ replace: false, reason: '' }),
    });
    const agent = createAgent({
      id: 'npc',
      state: createState(schema),
      ctx: {},
      planner: slow(),
      operators: {},
      retryInterval: 0,
      maxPlanSamples: 3,
      runners: [{ name: 'upper', planner: slow(), operators: {}, retryInterval: 0, maxPlanSamples: 2 }],
      clock: () => now,
    });
    for (let i = 0; i < 5; i++) agent.tick(0.1);
    const main = agent.runner('main').stats;
    const upper = agent.runner('upper').stats;
    // Calls alternate main (1, 3, 5, 7, 9 ms) and upper (2, 4, 6, 8, 10 ms); the ring overwrites the oldest sample.
    expect([main.planCalls, main.planTimeTotal, main.planTimes]).toEqual([5, 25, [7, 9, 5]]);
    expect([upper.planCalls, upper.planTimeTotal, upper.planTimes]).toEqual([5, 30, [10, 8]]);
    expect(summarizePlanTimes([main, upper])).toEqual({ calls: 10, meanMs: 5.5, p95Ms: 10 });
    const plain = createAgent({ id: 'npc', state: createState(schema), ctx: {}, planner: slow(), operators: {}, retryInterval: 0 });
    for (let i = 0; i < 1030; i++) plain.tick(0.1);
    expect(plain.runner().stats.planTimes).toHaveLength(1024); // the default
  });

  it('addListener sends the events of every runner to a late listener too, until removed', () => {
    const planner = mtrPlanner(schema, [{ mtr: [0], steps: [makeStep(schema, 'Patrol')] }]);
    const first = collect();
    const agent = createAgent({
      id: 'npc',
      state: createState(schema),
      ctx: {},
      planner,
      operators: { Op: timedOperator(2) },
      onEvent: first.onEvent,
      clock: fixedClock,
    });
    const late: string[] = [];
    const stop = agent.addListener((e) => late.push(e.type));
    agent.tick(0.1);
    expect(late).toEqual(['planFound', 'stepStarted']);
    expect(first.events.map((e) => e.type)).toEqual(late);
    stop();
    agent.tick(0.1);
    expect(late).toEqual(['planFound', 'stepStarted']);
    expect(first.events.length).toBeGreaterThan(2);
    expect(() => agent.runner().addListener(null as never)).toThrow(RunnerError);
  });
});
