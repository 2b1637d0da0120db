import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { add, createState, eq, set, UserCodeError } from '@dualplan/world-state';
import { hostileValues } from '@dualplan/world-state/examples';
import { createAgent } from './Agent.js';
import { formatEvent } from '../events/formatEvent.js';
import type { Operator, OperatorMap } from '../contract/Operator.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import type { RunnerEvent } from '../events/RunnerEvent.js';
import { collect, fixedClock, goalPlanner, makeStep, testSchema } from '../testing/fakes.js';

const { Running, Success, Failure } = OperatorStatus;
const schema = testSchema();
const k = schema.keys;

/** Dig (adds 1 to Count), then Rest (sets Seen): replanned while Seen is false. */
function digPlanner() {
  const dig = makeStep(schema, 'Dig', { operator: 'Dig', sourceId: 1, effects: [add(k.Count, 1)] });
  const rest = makeStep(schema, 'Rest', { operator: 'Rest', sourceId: 2, effects: [set(k.Seen, true)] });
  return goalPlanner(schema, [{ name: 'Dug', priority: 1, when: [eq(k.Seen, false)], options: [[dig, rest]] }]);
}

function setup(dig: Operator, over: { faults?: 'rethrow' } = {}) {
  const state = createState(schema);
  const c = collect();
  const operators: OperatorMap = { Dig: dig, Rest: { update: () => Success } };
  const agent = createAgent({ id: 'npc', state, ctx: {}, planner: digPlanner(), operators, onEvent: c.onEvent, clock: fixedClock, ...over });
  return { state, agent, c };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Let promise jobs and a timer turn run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const faults = (events: RunnerEvent[]) => events.filter((e): e is Extract<RunnerEvent, { type: 'fault' }> => e.type === 'fault');

// Any rejection the engine was given and left unhandled would land here (and end a real game's process).
let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

describe('async operators', () => {
  it('an async start keeps the step running (no update) until it settles, then the step goes on as usual', async () => {
    const started = deferred<void>();
    let updates = 0;
    const { state, agent, c } = setup({
      start: () => started.promise,
      update: () => (++updates >= 2 ? Success : Running),
    });
    agent.tick(0.1);
    agent.tick(0.1);
    expect(updates).toBe(0);
    expect(agent.runner().runningStep?.task).toBe('Dig');
    started.resolve();
    await settle();
    agent.tick(0.1); // start settled: the first update
    agent.tick(0.1); // the second succeeds
    agent.tick(0.1); // Rest
    expect(c.types()).toEqual(['planFound', 'stepStarted:Dig', 'stepSucceeded:Dig', 'stepStarted:Rest', 'stepSucceeded:Rest', 'planFinished']);
    expect(state.get(k.Count)).toBe(1);
  });

  it('an async update is not called again while its promise is pending; the status it resolves to ends the step once', async () => {
    const status = deferred<OperatorStatus>();
    let updates = 0;
    const { state, agent, c } = setup({
      update: () => {
        updates++;
        return status.promise;
      },
    });
    for (let i = 0; i < 3; i++) agent.tick(0.1);
    expect(updates).toBe(1);
    status.resolve(Success);
    await settle();
    agent.tick(0.1);
    agent.tick(0.1);
    expect(c.types()).toEqual(['planFound', 'stepStarted:Dig', 'stepSucceeded:Dig', 'stepStarted:Rest', 'stepSucceeded:Rest', 'planFinished']);
    expect(state.get(k.Count)).toBe(1);
    expect(agent.runner().stats).toMatchObject({ stepsStarted: 2, stepsSucceeded: 2, faults: 0 });
  });

  it('an async update resolving Running is updated again; resolving Failure fails the step', async () => {
    const results = [Running, Failure];
    const { agent, c } = setup({ update: async () => results.shift()! });
    agent.tick(0.1);
    await settle();
    agent.tick(0.1); // Running taken: the step goes on
    agent.tick(0.1); // updated again
    await settle();
    agent.tick(0.1); // Failure taken
    expect(c.types()).toEqual(['planFound', 'stepStarted:Dig', 'stepFailed:Dig', 'planFailed']);
  });

  it.each(['start', 'update'] as const)(
    'a rejecting async %s is a contained fault like a throw: no unhandled rejection, step failed without effects, replanned',
    async (where) => {
      let broken = true;
      const boom = async () => {
        await settle();
        if (broken) throw new TypeError(`${where} exploded`);
        return Success;
      };
      const op: Operator = where === 'start' ? { start: async () => void (await boom()), update: () => Success } : { update: boom };
      const { state, agent, c } = setup(op);
      agent.tick(0.1);
      await settle();
      await settle();
      agent.tick(0.1);
      expect(unhandled).toEqual([]);
      expect(c.types()).toEqual(['planFound', 'stepStarted:Dig', 'fault', 'stepFailed:Dig', 'planFailed']);
      const [f] = faults(c.events);
      expect(f).toMatchObject({ where: `operator.${where}`, subject: 'Dig', stepIndex: 0, undone: 0 });
      expect(f.error).toBeInstanceOf(UserCodeError);
      expect(f.error.code).toBe('OPERATOR_THREW');
      expect(f.error.message).toBe(`Operator "Dig" rejected in ${where} of step Dig (#0) (agent "npc", runner "main"): TypeError: ${where} exploded`);
      expect(state.get(k.Count)).toBe(0);
      broken = false; // and the agent replans and recovers
      for (let i = 0; i < 4; i++) {
        agent.tick(0.1);
        await settle();
      }
      expect(state.get(k.Count)).toBe(1);
    },
  );

  it("a rejecting async start is thrown from tick with faults: 'rethrow', after containment", async () => {
    const { agent } = setup({ start: () => Promise.reject(new RangeError('no path')), update: () => Success }, { faults: 'rethrow' });
    agent.tick(0.1);
    await settle();
    expect(() => agent.tick(0.1)).toThrow(UserCodeError);
    expect(unhandled).toEqual([]);
  });

  it.each([
    ['resolves', (d: ReturnType<typeof deferred<OperatorStatus>>) => d.resolve(Success), false],
    ['rejects', (d: ReturnType<typeof deferred<OperatorStatus>>) => d.reject(new Error('too late')), true],
  ] as const)('a promise that %s after its step was aborted is ignored, and reported once as settledLate', async (_how, end, rejected) => {
    const status = deferred<OperatorStatus>();
    const { state, agent, c } = setup({ update: () => status.promise });
    agent.tick(0.1);
    agent.runner().abortPlan('cutscene');
    end(status);
    await settle();
    for (let i = 0; i < 3; i++) agent.tick(0.1);
    await settle();
    expect(unhandled).toEqual([]);
    const late = c.events.filter((e) => e.type === 'settledLate');
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({ type: 'settledLate', callback: 'update', rejected, index: 0 });
    expect(formatEvent(late[0])).toMatch(
      rejected
        ? /Dig\(Dig\): its update rejected after the step ended, ignored \(Error: too late\)/
        : /its update resolved after the step ended, ignored \(1 \(number\)\)/,
    );
    expect(faults(c.events)).toEqual([]);
    // Nothing of the aborted step was applied; the replanned Dig step is a new step, run by a new call.
    expect(c.types().filter((t) => t === 'stepSucceeded:Dig')).toEqual([]);
    expect(state.get(k.Count)).toBe(0);
    expect(agent.runner().stats.lateSettlements).toBe(1);
  });

  it('a promise settled but not yet taken when its step is aborted is ignored and reported once', async () => {
    const { state, agent, c } = setup({ update: () => Promise.resolve(Success) });
    agent.tick(0.1);
    await settle();
    agent.runner().abortPlan('interrupted');
    await settle();
    expect(c.events.filter((e) => e.type === 'settledLate')).toHaveLength(1);
    expect(state.get(k.Count)).toBe(0);
  });

  it('a rejecting async abort is reported as an abort fault, once, and nothing else changes', async () => {
    const { agent, c } = setup({ update: () => Running, abort: () => Promise.reject(new Error('could not stop')) });
    agent.tick(0.1);
    agent.runner().abortPlan('stop');
    await settle();
    expect(unhandled).toEqual([]);
    expect(faults(c.events).map((f) => [f.where, f.error.message])).toEqual([
      ['operator.abort', 'Operator "Dig" rejected in abort of step Dig (#0) (agent "npc", runner "main"): Error: could not stop'],
    ]);
  });

  it('a thenable whose then throws is a fault like a throw', () => {
    const evil = {
      then() {
        throw new Error('evil then');
      },
    };
    const { agent, c } = setup({ update: () => evil as unknown as Promise<OperatorStatus> });
    agent.tick(0.1);
    expect(c.types()).toEqual(['planFound', 'stepStarted:Dig', 'fault', 'stepFailed:Dig', 'planFailed']);
    expect(faults(c.events)[0].error.cause).toEqual(new Error('evil then'));
  });

  it.each(hostileValues().map((v, i) => [i, v] as const))('a rejection with hostile value #%i is contained and printable', async (_i, value) => {
    const { agent, c } = setup({ update: () => Promise.reject(value) });
    agent.tick(0.1);
    await settle();
    expect(() => agent.tick(0.1)).not.toThrow();
    expect(unhandled).toEqual([]);
    const [f] = faults(c.events);
    expect(f.error.cause).toBe(value);
    expect(() => c.events.map((e) => formatEvent(e))).not.toThrow();
  });

  it('a sync operator still runs without any promise machinery: update every tick, same events', () => {
    let updates = 0;
    const { agent, c } = setup({ update: () => (++updates >= 3 ? Success : Running) });
    for (let i = 0; i < 4; i++) agent.tick(0.1);
    expect(updates).toBe(3);
    expect(c.types()).toEqual(['planFound', 'stepStarted:Dig', 'stepSucceeded:Dig', 'stepStarted:Rest', 'stepSucceeded:Rest', 'planFinished']);
  });
});

describe('hand-made thenables', () => {
  it('one that calls back twice, both ways, counts once: its first outcome', async () => {
    const twice = {
      then(ok: (v: OperatorStatus) => void, fail: (e: unknown) => void) {
        ok(Success);
        ok(Success);
        fail(new Error('and rejects too'));
      },
    };
    const { state, agent, c } = setup({ update: () => twice as unknown as Promise<OperatorStatus> });
    agent.tick(0.1);
    await settle();
    agent.tick(0.1);
    agent.tick(0.1);
    expect(c.types()).toEqual(['planFound', 'stepStarted:Dig', 'stepSucceeded:Dig', 'stepStarted:Rest', 'stepSucceeded:Rest', 'planFinished']);
    expect(c.events.filter((e) => e.type === 'settledLate' || e.type === 'fault')).toEqual([]);
    expect(state.get(k.Count)).toBe(1);
  });
});
