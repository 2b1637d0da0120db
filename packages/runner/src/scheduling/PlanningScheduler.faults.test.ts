import { describe, expect, it } from '@jest/globals';
import { createState, planFound, UserCodeError, type AgentPlanner, type PendingPlanner, type PlanReceiver, type PlanResult } from '@dualplan/world-state';
import type { RunnerEvent } from '../events/RunnerEvent.js';
import { createAgent, type AgentOptions } from '../agent/Agent.js';
import { collect, makePlan, makeStep, testSchema, timedOperator } from '../testing/fakes.js';
import { PlanningScheduler } from './PlanningScheduler.js';

const schema = testSchema();
const operators = { Op: timedOperator(100) };
type Fault = Extract<RunnerEvent, { type: 'fault' }>;
const faultsOf = (events: readonly RunnerEvent[]) => events.filter((e): e is Fault => e.type === 'fault');

/** A planner whose search contained a broken cost function: it finds a plan and reports the fault in the result. */
function faultyPlanner(): AgentPlanner {
  const plan = makePlan('fake', [makeStep(schema, 'Walk', { operator: 'Op' })], null);
  return {
    kind: 'fake',
    operators: [],
    plan: (): PlanResult => ({
      ...planFound(plan, 'found'),
      faults: [new UserCodeError('INVALID_COST', 'Shoot', 'cost', 'The cost of action "Shoot" is not a number', Number.NaN)],
    }),
    shouldReplace: () => ({ replace: false, reason: 'keep' }),
  };
}

function run(planner: AgentPlanner, over: Partial<AgentOptions<object>> = {}) {
  const c = collect();
  const agent = createAgent<object>({ id: 'npc', state: createState(schema), ctx: {}, planner, operators, onEvent: c.onEvent, ...over });
  return { agent, c };
}

/** What a fault event says, without the tick it came on. */
const gist = (f: Fault) => ({
  where: f.where,
  subject: f.subject,
  agent: f.agent,
  runner: f.runner,
  planner: f.planner,
  code: f.error.code,
  message: f.error.message,
});

describe('faults in answers of pending planners', () => {
  it("a scheduled planner's search faults become the same fault events as from synchronous planning", () => {
    const sync = run(faultyPlanner());
    sync.agent.tick(0.1);
    const s = new PlanningScheduler({ frameWork: 10, sliceWork: 10 });
    const pending = run(s.schedule(faultyPlanner()));
    pending.agent.tick(0.1);
    expect(faultsOf(pending.c.events)).toEqual([]); // asked, not yet answered
    s.runFrame();
    const [expected] = faultsOf(sync.c.events);
    expect(expected).toBeDefined();
    expect(faultsOf(pending.c.events).map(gist)).toEqual([gist(expected)]);
    expect(gist(expected)).toMatchObject({ where: 'cost', subject: 'Shoot', agent: 'npc', code: 'INVALID_COST' });
    expect(pending.agent.runner().plan?.steps[0].task).toBe('Walk'); // and planning goes on with the result
    expect(pending.agent.runner().stats.faults).toBe(1);
  });

  it('a scheduled planner that throws is a planner fault naming it, as when planning synchronously', () => {
    const broken: AgentPlanner = {
      kind: 'fake',
      operators: [],
      plan: () => {
        throw new RangeError('bad heuristic');
      },
      shouldReplace: () => ({ replace: false, reason: '' }),
    };
    const sync = run(broken);
    sync.agent.tick(0.1);
    const s = new PlanningScheduler({ frameWork: 10, sliceWork: 10 });
    const pending = run(s.schedule(broken));
    pending.agent.tick(0.1);
    s.runFrame();
    const [f] = faultsOf(pending.c.events);
    expect(gist(f)).toEqual(gist(faultsOf(sync.c.events)[0]));
    expect(f).toMatchObject({ where: 'planner', subject: 'fake' });
    expect((f.error.cause as Error).message).toBe('bad heuristic');
    expect(pending.c.types()).toContain('planningFailed');
  });

  it('a scheduled planner that throws a value that cannot be converted to a string is a planner fault all the same (a TypeError before)', () => {
    const hostile = Object.create(null);
    const broken: AgentPlanner = {
      kind: 'fake',
      operators: [],
      plan: () => {
        throw hostile;
      },
      shouldReplace: () => ({ replace: false, reason: '' }),
    };
    const s = new PlanningScheduler({ frameWork: 10, sliceWork: 10 });
    const pending = run(s.schedule(broken));
    pending.agent.tick(0.1);
    expect(() => s.runFrame()).not.toThrow();
    const [f] = faultsOf(pending.c.events);
    expect(f).toMatchObject({ where: 'planner', subject: 'fake' });
    expect(f.error.cause).toBe(hostile);
    const failed = pending.c.events.find((e) => e.type === 'planningFailed');
    expect(failed && 'reason' in failed && failed.reason).toBe('planner fake threw: an object');
  });

  it('names scheduler options that cannot be compared with a number (a TypeError before)', () => {
    for (const name of ['frameBudgetMs', 'frameWork', 'sliceWork', 'agingFrames']) {
      expect(() => new PlanningScheduler({ [name]: { toString: '' } })).toThrow(
        expect.objectContaining({
          code: 'BAD_SCHEDULER_OPTION',
          subject: name,
          message: `PlanningScheduler option ${name} must be a number > 0, got an object.`,
        }),
      );
    }
  });

  it("with faults: 'rethrow' the fault in an answer delivered between ticks is thrown from the agent's next tick, once", () => {
    const s = new PlanningScheduler({ frameWork: 10, sliceWork: 10 });
    const { agent } = run(s.schedule(faultyPlanner()), { faults: 'rethrow', whilePlanning: 'idle' });
    agent.tick(0.1);
    s.runFrame();
    expect(() => agent.tick(0.1)).toThrow(UserCodeError);
    agent.tick(0.1); // thrown once
  });

  it("with faults: 'rethrow' and whilePlanning 'idle', a fault during a tick that is waiting for an answer is thrown from that tick", () => {
    const held: { id: number; rec: PlanReceiver }[] = [];
    let updates = 0;
    const manual: PendingPlanner = {
      kind: 'manual',
      operators: [],
      plan: () => {
        throw new Error('unused');
      },
      shouldReplace: () => ({ replace: true, reason: '' }),
      request: (_s, _c, _r, id, _u, rec) => void held.push({ id, rec }),
      cancel: () => undefined,
      update: () => {
        if (++updates === 2) throw new Error('update broke');
      },
    };
    const { agent, c } = run(manual, { faults: 'rethrow', whilePlanning: 'idle' });
    agent.tick(0.1); // asks; the answer is pending
    expect(held.length).toBe(1);
    expect(() => agent.tick(0.1)).toThrow('update broke'); // on this tick, not the next
    expect(faultsOf(c.events).map((f) => f.where)).toEqual(['planner']);
    expect(() => agent.tick(0.1)).not.toThrow();
  });
});
