import { describe, expect, it } from '@jest/globals';
import {
  createState,
  noPlan,
  planFound,
  type AgentPlanner,
  type Plan,
  type PlanResult,
  type PlanReceiver,
  type PendingPlanner,
  type PlanUrgency,
  type SlicedPlanner,
  type WorldState,
} from '@dualplan/world-state';
import { createAgent } from '../agent/Agent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { collect, makePlan, makeStep, testSchema, timedOperator } from '../testing/fakes.js';
import { PlanningScheduler } from './PlanningScheduler.js';

const schema = testSchema();
/** A clock that never advances: tests of the work budget and of the order must not depend on how busy the machine is. */
const untimed = { clock: () => 0 };

/** A planner whose answer is a one-step plan named after `label`, taking `cost` work units in slices. */
function slicedFake(label: string, cost: number, log: string[] = []): SlicedPlanner & { begun: number } {
  const plan = makePlan('fake', [makeStep(schema, label, { operator: 'Op' })], null);
  let left = 0;
  let work = 0;
  return {
    kind: 'fake',
    operators: [],
    begun: 0,
    plan: () => planFound(plan, label),
    shouldReplace: () => ({ replace: true, reason: 'newer' }),
    get work() {
      return work;
    },
    begin() {
      this.begun++;
      left = cost;
      work = 0;
    },
    step(n: number): PlanResult | null {
      const done = Math.min(n, left);
      left -= done;
      work += done;
      if (left > 0) return null;
      log.push(label);
      return planFound(plan, label);
    },
    cancel() {
      left = 0;
    },
  };
}

/** A receiver recording answers. */
function recorder(): PlanReceiver & { got: [number, string][] } {
  const got: [number, string][] = [];
  return { got, receive: (id, r, failure) => void got.push([id, r ? r.reason : `failed: ${failure}`]) };
}

function request(p: PendingPlanner, state: WorldState<any>, id: number, urgency: PlanUrgency, rec: PlanReceiver): void {
  p.request(state, {}, null, id, urgency, rec);
}

describe('PlanningScheduler', () => {
  it('serves no-plan requests before invalidated ones before rechecks, oldest first within a level', () => {
    const s = new PlanningScheduler({ ...untimed, frameWork: 1, sliceWork: 1 });
    const state = createState(schema);
    const rec = recorder();
    const order: [string, PlanUrgency][] = [
      ['r1', 'recheck'],
      ['i1', 'invalidated'],
      ['n1', 'noPlan'],
      ['r2', 'recheck'],
      ['n2', 'noPlan'],
    ];
    order.forEach(([label, urgency], i) => request(s.schedule(slicedFake(label, 1)), state, i + 1, urgency, rec));
    for (let f = 0; f < 5; f++) s.runFrame();
    expect(rec.got.map(([, r]) => r)).toEqual(['n1', 'n2', 'i1', 'r1', 'r2']);
  });

  it('spreads a long search over frames by the work budget and keeps serving it first', () => {
    const s = new PlanningScheduler({ ...untimed, frameWork: 10, sliceWork: 4 });
    const state = createState(schema);
    const rec = recorder();
    request(s.schedule(slicedFake('long', 25)), state, 1, 'recheck', rec);
    request(s.schedule(slicedFake('short', 3)), state, 2, 'noPlan', rec);
    s.runFrame(); // short (3) then long 4 + 4 = 11 >= 10
    expect(rec.got).toEqual([[2, 'short']]);
    s.runFrame(); // long: 12 more
    s.runFrame(); // long: the last 5
    expect(rec.got).toEqual([
      [2, 'short'],
      [1, 'long'],
    ]);
    expect(s.stats.work).toBe(28);
    expect(s.stats.latencyFrames).toBe(2);
  });

  it('stops a frame before a slice would overrun the time budget', () => {
    let now = 0;
    const s = new PlanningScheduler({ frameBudgetMs: 2, clock: () => now });
    const state = createState(schema);
    const rec = recorder();
    for (let i = 1; i <= 20; i++) {
      const p = slicedFake(`p${i}`, 1);
      const step = p.step.bind(p);
      p.step = (n) => ((now += 0.5), step(n));
      request(s.schedule(p), state, i, 'noPlan', rec);
    }
    const times: number[] = [];
    for (let f = 0; f < 8; f++) times.push(s.runFrame());
    expect(Math.max(...times)).toBeLessThanOrEqual(2);
    expect(rec.got.length).toBeGreaterThanOrEqual(10);
    expect(s.frameTimePercentile(100)).toBe(Math.max(...times));
  });

  it('gives a long search the share of a slice that still fits, so frames end at the budget, not a slice before or after', () => {
    let now = 0;
    const s = new PlanningScheduler({ frameBudgetMs: 2, sliceWork: 64, clock: () => now });
    const rec = recorder();
    const p = slicedFake('long', 10_000);
    const step = p.step.bind(p);
    p.step = (n) => {
      const before = p.work;
      const r = step(n);
      now += 0.013 * (p.work - before); // 0.832 ms per full slice: two fit in 2 ms, a third does not
      return r;
    };
    request(s.schedule(p), createState(schema), 1, 'noPlan', rec);
    const times: number[] = [];
    for (let f = 0; f < 20; f++) times.push(s.runFrame());
    expect(Math.max(...times)).toBeLessThanOrEqual(2 + 1e-9);
    expect(Math.min(...times)).toBeGreaterThan(1.95); // whole slices alone would stop at 1.664
    expect(s.stats.work).toBeGreaterThan(20 * 150);
  });

  it('ages waiting rechecks up a level so a stream of urgent requests cannot starve them', () => {
    const s = new PlanningScheduler({ ...untimed, frameWork: 1, sliceWork: 1, agingFrames: 2 });
    const state = createState(schema);
    const rec = recorder();
    request(s.schedule(slicedFake('recheck', 1)), state, 1, 'recheck', rec);
    const urgent = s.schedule(slicedFake('urgent', 1));
    for (let f = 0; f < 6; f++) {
      request(urgent, state, 100 + f, 'invalidated', rec);
      s.runFrame();
    }
    expect(rec.got.map(([, r]) => r)).toContain('recheck');
  });

  it('answers a cancelled request never, and a superseded one only under its new id', () => {
    const s = new PlanningScheduler({ ...untimed, frameWork: 3, sliceWork: 1 });
    const state = createState(schema);
    const rec = recorder();
    const fake = slicedFake('x', 5);
    const p = s.schedule(fake);
    request(p, state, 1, 'recheck', rec);
    s.runFrame(); // id 1 half done
    request(p, state, 2, 'noPlan', rec); // supersedes 1: starts over
    p.cancel(1); // stale cancel: ignored
    s.runFrame();
    s.runFrame();
    expect(rec.got).toEqual([[2, 'x']]);
    expect(fake.begun).toBe(2);
    request(p, state, 3, 'noPlan', rec);
    p.cancel(3);
    s.runFrame();
    expect(rec.got).toEqual([[2, 'x']]);
    expect(s.pending).toBe(0);
    expect(s.stats.cancelled).toBe(1);
  });

  it('plans a non-sliced planner whole, and turns a throwing planner into a failure answer', () => {
    const s = new PlanningScheduler(untimed);
    const state = createState(schema);
    const rec = recorder();
    const plain: AgentPlanner = { kind: 'plain', operators: [], plan: () => noPlan('nothing'), shouldReplace: () => ({ replace: false, reason: '' }) };
    const broken: AgentPlanner = {
      kind: 'broken',
      operators: [],
      plan: () => {
        throw new Error('cost function exploded');
      },
      shouldReplace: () => ({ replace: false, reason: '' }),
    };
    request(s.schedule(plain), state, 1, 'noPlan', rec);
    request(s.schedule(broken), state, 2, 'noPlan', rec);
    s.runFrame();
    expect(rec.got).toEqual([
      [1, 'nothing'],
      [2, 'failed: planner broken threw: cost function exploded'],
    ]);
    expect(s.stats.failures).toBe(1);
  });

  it('rejects a budget that is not a positive number, naming the option', () => {
    expect(() => new PlanningScheduler({ frameBudgetMs: 0 })).toThrow(/frameBudgetMs must be a number > 0/);
  });
});

describe('runners with a scheduled planner', () => {
  const operators = { Op: timedOperator(100) };

  it('keep running their plan while a better one is planned, then adopt it', () => {
    const s = new PlanningScheduler({ ...untimed, frameWork: 1, sliceWork: 1 });
    const { onEvent, types } = collect();
    const inner = slicedFake('first', 1);
    const agent = createAgent({ id: 'a', state: createState(schema), ctx: {}, planner: s.schedule(inner), operators, onEvent });
    agent.tick(0.1); // asks
    expect(agent.runner().planning).toBe(true);
    expect(agent.runner().plan).toBeNull();
    s.runFrame();
    expect(agent.runner().plan?.steps[0].task).toBe('first');
    agent.tick(0.1); // starts the step
    expect(types()).toEqual(['planFound', 'stepStarted:first']);
    agent.state.set(schema.keys.Seen, true); // outside change: a recheck is asked for
    agent.tick(0.1);
    expect(agent.runner().planning).toBe(true);
    agent.tick(0.1); // the step keeps running meanwhile
    expect(agent.runner().runningStep?.task).toBe('first');
    s.runFrame(); // the same plan again: kept
    expect(agent.runner().planning).toBe(false);
    expect(types()).toEqual(['planFound', 'stepStarted:first', 'replanSkipped']);
    expect(agent.runner().stats.pendingAnswers).toBe(2);
  });

  it('idle while planning when configured: no step starts or updates until the answer', () => {
    const s = new PlanningScheduler({ ...untimed, frameWork: 2, sliceWork: 1 });
    const updates: number[] = [];
    const op = { update: () => (updates.push(1), OperatorStatus.Running) };
    const agent = createAgent({
      id: 'a',
      state: createState(schema),
      ctx: {},
      planner: s.schedule(slicedFake('p', 4)),
      operators: { Op: op },
      whilePlanning: 'idle',
    });
    agent.tick(0.1);
    s.runFrame();
    agent.tick(0.1);
    expect(updates).toEqual([]);
    s.runFrame();
    agent.tick(0.1);
    expect(updates.length).toBe(1);
  });

  it('drop a stale answer: a result for a superseded request never replaces the newer plan', () => {
    const held: { id: number; rec: PlanReceiver; urgency: PlanUrgency }[] = [];
    const plan = (label: string): Plan => makePlan('fake', [makeStep(schema, label)], null);
    const manual: PendingPlanner = {
      kind: 'manual',
      operators: [],
      plan: () => noPlan(''),
      shouldReplace: () => ({ replace: true, reason: 'newer' }),
      request: (_s, _c, _r, id, urgency, rec) => void held.push({ id, rec, urgency }),
      cancel: () => {},
    };
    const { onEvent, events } = collect();
    const state = createState(schema);
    const agent = createAgent({ id: 'a', state, ctx: {}, planner: manual, operators, onEvent });
    agent.tick(0.1); // request 1 (recheck-level changes are absorbed while it is pending)
    expect(held.map((h) => [h.id, h.urgency])).toEqual([[1, 'noPlan']]);
    held[0].rec.receive(1, planFound(plan('one'), 'one'), '');
    agent.tick(0.1);
    state.set(schema.keys.Seen, true); // outside change: recheck request 2
    agent.tick(0.1);
    state.set(schema.keys.Count, 3);
    agent.tick(0.1); // absorbed: request 2 still pending
    expect(held.map((h) => h.id)).toEqual([1, 2]);
    agent.runner().abortPlan('test'); // plan gone: more urgent, supersedes request 2
    agent.tick(0.1);
    expect(held.map((h) => [h.id, h.urgency])).toEqual([
      [1, 'noPlan'],
      [2, 'recheck'],
      [3, 'invalidated'],
    ]);
    held[2].rec.receive(3, planFound(plan('three'), 'three'), '');
    held[1].rec.receive(2, planFound(plan('two'), 'two'), '');
    expect(agent.runner().plan?.steps[0].task).toBe('three');
    expect(agent.runner().stats.staleDropped).toBe(1);
    expect(events.find((e) => e.type === 'planDropped')).toMatchObject({ id: 2, reason: 'superseded or cancelled (latest request: 3)' });
  });

  it('report a planning failure and ask again on the next tick', () => {
    const held: { id: number; rec: PlanReceiver }[] = [];
    const manual: PendingPlanner = {
      kind: 'manual',
      operators: [],
      plan: () => noPlan(''),
      shouldReplace: () => ({ replace: true, reason: 'newer' }),
      request: (_s, _c, _r, id, _u, rec) => void held.push({ id, rec }),
      cancel: () => {},
    };
    const { onEvent, events } = collect();
    const agent = createAgent({ id: 'a', state: createState(schema), ctx: {}, planner: manual, operators, onEvent });
    agent.tick(0.1);
    held[0].rec.receive(1, null, 'worker 0 crashed');
    expect(events.map((e) => e.type)).toEqual(['planningFailed']);
    expect(events[0]).toMatchObject({ reason: 'worker 0 crashed', trigger: 'noPlan' });
    agent.tick(0.1);
    expect(held.map((h) => h.id)).toEqual([1, 2]);
    expect(agent.runner().stats.planningFailures).toBe(1);
  });

  it('recheck periodically at a phase of the interval that depends on the agent', () => {
    const first: number[] = [];
    for (const id of ['a', 'b', 'c', 'd']) {
      let calls = 0;
      const plan = makePlan('fake', [makeStep(schema, 'long')], null);
      const planner: AgentPlanner = {
        kind: 'f',
        operators: [],
        plan: () => (calls++, planFound(plan, '')),
        shouldReplace: () => ({ replace: false, reason: 'same' }),
      };
      const agent = createAgent({ id, state: createState(schema), ctx: {}, planner, operators: { Op: timedOperator(1000) }, recheckInterval: 1 });
      let t = 0;
      while (calls < 2 && t < 30) {
        agent.tick(0.1);
        t++;
      }
      first.push(t);
    }
    expect(new Set(first).size).toBeGreaterThan(1);
    expect(Math.max(...first)).toBeLessThanOrEqual(12);
  });
});
