import { describe, expect, it } from '@jest/globals';
import { add, createState, eq, set, UserCodeError, type AgentPlanner } from '@dualplan/world-state';
import { createAgent, type Agent, type AgentOptions } from './Agent.js';
import type { OperatorMap } from '../contract/Operator.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { RunnerError } from '../RunnerError.js';
import type { RunnerEvent } from '../events/RunnerEvent.js';
import { PlanningScheduler } from '../scheduling/PlanningScheduler.js';
import { collect, fixedClock, goalPlanner, makeStep, testSchema } from '../testing/fakes.js';

const { Running, Success } = OperatorStatus;
const schema = testSchema();
const k = schema.keys;

/** Mine (adds 1 to Count), then Rest (sets Seen): the plan while Seen is false. */
function minePlanner() {
  const mine = makeStep(schema, 'Mine', { operator: 'Mine', sourceId: 1, effects: [add(k.Count, 1)] });
  const rest = makeStep(schema, 'Rest', { operator: 'Rest', sourceId: 2, effects: [set(k.Seen, true)] });
  return goalPlanner(schema, [{ name: 'Mined', priority: 1, when: [eq(k.Seen, false)], options: [[mine, rest]] }]);
}

function setup(mine: (agent: () => Agent) => OperatorMap['Mine'], over: Partial<AgentOptions> = {}) {
  const state = createState(schema);
  const c = collect();
  let self: Agent | null = null;
  const agent = createAgent({
    id: 'npc',
    state,
    ctx: {},
    planner: minePlanner(),
    operators: { Mine: mine(() => self!), Rest: { update: () => Success } },
    onEvent: c.onEvent,
    clock: fixedClock,
    ...over,
  });
  self = agent;
  return { state, agent, c };
}

const faults = (events: RunnerEvent[]) => events.filter((e): e is Extract<RunnerEvent, { type: 'fault' }> => e.type === 'fault');
/** Every started step ends exactly once (succeeded, failed or aborted). */
function endsOnce(events: RunnerEvent[]): void {
  const open = new Map<string, number>();
  for (const e of events) {
    if (!('step' in e) || e.type === 'settledLate') continue;
    const key = `${e.runner}`;
    if (e.type === 'stepStarted') {
      expect(open.has(key)).toBe(false);
      open.set(key, e.index);
    } else {
      expect(open.get(key)).toBe(e.index);
      open.delete(key);
    }
  }
}

describe('re-entrant calls into an agent from its own callbacks', () => {
  it('agent.tick() from an operator update is refused (REENTRANT_CALL): the step ends once, its effect is applied once, the plan keeps its last step', () => {
    const refused: unknown[] = [];
    const { state, agent, c } = setup((self) => ({
      update: () => {
        try {
          self().tick(0.1);
        } catch (e) {
          refused.push(e);
        }
        return Success;
      },
    }));
    for (let i = 0; i < 4; i++) agent.tick(0.1);
    expect(c.types()).toEqual([
      'planFound',
      'stepStarted:Mine',
      'stepSucceeded:Mine',
      'stepStarted:Rest',
      'stepSucceeded:Rest',
      'planFinished',
      'planNotFound',
    ]);
    expect(state.get(k.Count)).toBe(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(RunnerError);
    expect(refused[0]).toMatchObject({ code: 'REENTRANT_CALL', subject: 'tick()' });
    expect((refused[0] as Error).message).toMatch(/^Agent "npc": tick\(\) was called from operator "Mine" update while the agent was running it/);
    endsOnce(c.events);
  });

  it('left uncaught, the refusal is the operator failing: one fault naming it, the step fails without effects, the tick goes on', () => {
    let again = true;
    const { state, agent, c } = setup((self) => ({
      update: () => {
        if (again) {
          again = false;
          self().runner().tick(0.1);
        }
        return Success;
      },
    }));
    expect(() => agent.tick(0.1)).not.toThrow();
    expect(c.types()).toEqual(['planFound', 'stepStarted:Mine', 'fault', 'stepFailed:Mine', 'planFailed']);
    const [f] = faults(c.events);
    expect(f).toMatchObject({ where: 'operator.update', subject: 'Mine' });
    expect(f.error.cause).toBeInstanceOf(RunnerError);
    expect((f.error.cause as RunnerError).code).toBe('REENTRANT_CALL');
    expect((f.error.cause as RunnerError).message).toMatch(/^Agent "npc", runner "main": tick\(\) was called from operator "Mine" update/);
    for (let i = 0; i < 4; i++) agent.tick(0.1);
    expect(state.get(k.Count)).toBe(1);
    endsOnce(c.events);
  });

  it('setPlanner, abortPlan and cancelPlanning from an operator start are refused, naming the call and the callback', () => {
    const calls: [string, (a: Agent) => void][] = [
      ['setPlanner()', (a) => a.setPlanner(minePlanner())],
      ['abortPlan()', (a) => a.runner().abortPlan('from inside')],
      ['cancelPlanning()', (a) => a.runner().cancelPlanning()],
    ];
    for (const [name, call] of calls) {
      const seen: unknown[] = [];
      const { state, agent, c } = setup((self) => ({
        start: () => {
          try {
            call(self());
          } catch (e) {
            seen.push(e);
          }
        },
        update: () => Success,
      }));
      for (let i = 0; i < 4; i++) agent.tick(0.1);
      expect(seen).toEqual([expect.objectContaining({ code: 'REENTRANT_CALL', subject: name })]);
      expect((seen[0] as Error).message).toContain(`${name} was called from operator "Mine" start`);
      expect(state.get(k.Count)).toBe(1);
      expect(agent.runner().plan).toBeNull();
      endsOnce(c.events);
    }
  });

  it('an event listener that ticks the agent is refused and reported as a listener fault; nothing is applied twice', () => {
    let self: Agent | null = null;
    const c = collect();
    const state = createState(schema);
    const agent = createAgent({
      id: 'npc',
      state,
      ctx: {},
      planner: minePlanner(),
      operators: { Mine: { update: () => Success }, Rest: { update: () => Success } },
      onEvent: (e) => {
        c.onEvent(e);
        if (e.type === 'stepSucceeded') self!.tick(0.1);
      },
      clock: fixedClock,
    });
    self = agent;
    for (let i = 0; i < 4; i++) agent.tick(0.1);
    expect(state.get(k.Count)).toBe(1);
    const listenerFaults = faults(c.events);
    expect(listenerFaults.length).toBe(2);
    expect(listenerFaults[0]).toMatchObject({ where: 'listener', subject: 'stepSucceeded' });
    expect((listenerFaults[0].error.cause as Error).message).toMatch(/tick\(\) was called from an event listener \(on a stepSucceeded event\)/);
    endsOnce(c.events);
  });

  it('a sensor or the planner that ticks its own agent is refused and contained', () => {
    let self: Agent | null = null;
    const c = collect();
    const planner = minePlanner();
    const reentrantPlanner: AgentPlanner = {
      ...planner,
      plan: (state, ctx, running) => {
        expect(() => self!.tick(0.1)).toThrow(/tick\(\) was called from planner "goap"/);
        return planner.plan(state, ctx, running);
      },
    };
    const agent = createAgent({
      id: 'npc',
      state: createState(schema),
      ctx: {},
      planner: reentrantPlanner,
      operators: { Mine: { update: () => Success }, Rest: { update: () => Success } },
      sensors: [{ name: 'eyes', interval: 0, update: () => self!.tick(0.1) }],
      onEvent: c.onEvent,
      clock: fixedClock,
      sensorFailureLimit: 100,
    });
    self = agent;
    for (let i = 0; i < 4; i++) agent.tick(0.1);
    expect(agent.state.get(k.Count)).toBe(1);
    const sensorFaults = faults(c.events).filter((f) => f.where === 'sensor');
    expect(sensorFaults).toHaveLength(4);
    expect((sensorFaults[0].error.cause as Error).message).toMatch(/tick\(\) was called from a sensor/);
    endsOnce(c.events);
  });

  it("with faults: 'rethrow' the refusal is thrown from the outer tick, once the tick is consistent", () => {
    let again = true;
    const { state, agent } = setup(
      (self) => ({
        update: () => {
          if (again) {
            again = false;
            self().tick(0.1);
          }
          return Running;
        },
      }),
      { faults: 'rethrow' },
    );
    let thrown: unknown;
    try {
      agent.tick(0.1);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UserCodeError);
    expect(((thrown as UserCodeError).cause as RunnerError).code).toBe('REENTRANT_CALL');
    expect(agent.runner().runningStep).toBeNull();
    expect(state.get(k.Count)).toBe(0);
    expect(() => agent.tick(0.1)).not.toThrow(); // the agent is not left locked
  });

  it('a scheduler frame run from inside an operator cannot deliver this agent its answer: refused, and the request is asked again', () => {
    const scheduler = new PlanningScheduler();
    let self: Agent | null = null;
    const refused: unknown[] = [];
    let updates = 0;
    const agent = createAgent({
      id: 'npc',
      state: createState(schema),
      ctx: {},
      planner: scheduler.schedule(minePlanner()),
      recheckInterval: 0.2,
      operators: {
        Mine: {
          update: () => {
            // A request (the recheck) is in flight: serve it from here, inside this agent's tick.
            if (self!.runner().planning && refused.length === 0) {
              try {
                scheduler.runFrame();
              } catch (e) {
                refused.push(e);
              }
            }
            return ++updates >= 8 ? Success : Running;
          },
        },
        Rest: { update: () => Success },
      },
      clock: fixedClock,
    });
    self = agent;
    for (let i = 0; i < 20; i++) {
      agent.tick(0.1);
      scheduler.runFrame();
    }
    expect(refused).toEqual([expect.objectContaining({ code: 'REENTRANT_CALL', subject: 'receive()' })]);
    expect(agent.runner().planning).toBe(false); // not left waiting for the answer it refused
    expect(agent.state.get(k.Count)).toBe(1);
    expect(agent.state.get(k.Seen)).toBe(true);
  });

  it('a pending planner may answer from inside its own request (the protocol allows it): that answer is adopted, not refused', () => {
    const inner = minePlanner();
    const answersAtOnce = {
      kind: 'at-once',
      operators: inner.operators,
      plan: inner.plan.bind(inner),
      shouldReplace: inner.shouldReplace?.bind(inner),
      request: (state, ctx, running, id, _urgency, receiver) => receiver.receive(id, inner.plan(state, ctx, running), ''),
      cancel: () => {},
    } as AgentPlanner & { request: (...args: any[]) => void; cancel: () => void };
    const { agent, c, state } = setup(() => ({ update: () => Success }), { planner: answersAtOnce });
    for (let i = 0; i < 5; i++) agent.tick(0.1);
    expect(faults(c.events)).toEqual([]);
    expect(c.events.filter((e) => e.type === 'planFound')).toHaveLength(1);
    expect([state.get(k.Count), state.get(k.Seen)]).toEqual([1, true]);
  });
});
