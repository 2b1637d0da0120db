import { describe, expect, it } from '@jest/globals';
import { createState, noPlan, type AgentPlanner } from '@dualplan/world-state';
import { createAgent } from '../agent/Agent.js';
import { goalPlanner, makeStep, testSchema, timedOperator } from '../testing/fakes.js';
import { cachedPlanner } from './cachedPlanner.js';
import { PlanCache } from './PlanCache.js';
import { Squad } from './Squad.js';
import { PlanningScheduler } from '../scheduling/PlanningScheduler.js';

const schema = testSchema();
const attack = makeStep(schema, 'Attack', { conditions: [{ key: 'A', op: '==', value: true }], sourceId: 1 });
const rest = makeStep(schema, 'Rest', { sourceId: 2 });
const planner = () =>
  goalPlanner(schema, [
    { name: 'fight', priority: 2, when: [{ key: 'Seen', op: '==', value: true }], options: [[attack]] },
    { name: 'idle', priority: 1, options: [[rest]] },
  ]);

describe('cachedPlanner', () => {
  it('plans once per situation: agents in the same relevant state share one frozen plan', () => {
    const cache = new PlanCache();
    const inner = [planner(), planner()];
    const a = cachedPlanner(inner[0], cache, { name: 'fake', relevant: ['Seen', 'A'] });
    const b = cachedPlanner(inner[1], cache, { name: 'fake', relevant: ['Seen', 'A'] });
    const s1 = createState(schema, { Seen: true });
    const s2 = createState(schema, { Seen: true, Count: 7 }); // differs only in an irrelevant key
    const r1 = a.plan(s1, {}, null);
    const r2 = b.plan(s2, {}, null);
    expect(r2.plan).toBe(r1.plan);
    expect(Object.isFrozen(r1.plan)).toBe(true);
    expect(inner[0].calls + inner[1].calls).toBe(1);
    const r3 = b.plan(createState(schema), {}, null); // Seen false: another situation
    expect(r3.plan?.steps[0].task).toBe('Rest');
    expect(cache.stats).toMatchObject({ lookups: 3, hits: 1, misses: 2 });
    expect(cache.hitRate).toBeCloseTo(1 / 3);
  });

  it('keeps apart names and context parts, and evicts the least recently used past capacity', () => {
    const cache = new PlanCache({ capacity: 2 });
    const inner = planner();
    const p = cachedPlanner(inner, cache, { name: 'x', ctxKey: (c: { team: number }) => c.team });
    const q = cachedPlanner(inner, cache, { name: 'y' });
    const s = createState(schema);
    p.plan(s, { team: 1 }, null);
    p.plan(s, { team: 2 }, null);
    p.plan(s, { team: 1 }, null); // hit; team 2 is now the oldest
    q.plan(s, { team: 1 }, null); // another name: miss, evicts team 2
    p.plan(s, { team: 2 }, null); // miss again
    expect(inner.calls).toBe(4);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 4, evicted: 2 });
    expect(cache.size).toBe(2);
  });

  it('answers an agent asking again from the same situation as a full lookup would, and never from an evicted or cleared entry', () => {
    const cache = new PlanCache({ capacity: 1 });
    const inner = [planner(), planner()];
    const a = cachedPlanner(inner[0], cache, { name: 'fake', relevant: ['Seen'] });
    const b = cachedPlanner(inner[1], cache, { name: 'fake', relevant: ['Seen'] });
    const seen = createState(schema, { Seen: true });
    const first = a.plan(seen, {}, null); // miss, stored
    expect(a.plan(seen, {}, null).plan).toBe(first.plan); // the same situation again: a hit, as a full lookup counts it
    seen.set(schema.keys.A, true); // an irrelevant change: still that situation
    expect(a.plan(seen, {}, null).plan).toBe(first.plan);
    expect(cache.stats).toMatchObject({ lookups: 3, hits: 2, misses: 1 });
    seen.set(schema.keys.Seen, false); // another situation: searched
    expect(a.plan(seen, {}, null).plan?.steps[0].task).toBe('Rest');
    expect(inner[0].calls).toBe(2);
    b.plan(createState(schema, { Seen: true }), {}, null); // stores Seen, evicting a's entry (capacity 1)
    expect(a.plan(seen, {}, null).plan?.steps[0].task).toBe('Rest'); // a's remembered entry is gone: searched again
    expect(inner[0].calls).toBe(3);
    cache.clear();
    expect(a.plan(seen, {}, null).plan?.steps[0].task).toBe('Rest');
    expect(inner[0].calls).toBe(4);
    expect(cache.stats).toMatchObject({ lookups: 7, hits: 2, misses: 5, evicted: 3 });
  });

  it('names an unknown relevant key', () => {
    const p = cachedPlanner(planner(), new PlanCache(), { name: 'x', relevant: ['Sen'] });
    expect(() => p.plan(createState(schema), {}, null)).toThrow(/Unknown key "Sen" in cachedPlanner "x" option relevant/);
  });

  it('lets an agent whose step failed plan alone for afterFailure seconds: its planner learnt what the key does not cover', () => {
    const cache = new PlanCache();
    const inner = planner();
    const p = cachedPlanner(inner, cache, { name: 'x', afterFailure: 1 });
    const s = createState(schema);
    p.plan(s, {}, null);
    p.stepFailed!(rest, {});
    p.plan(s, {}, null); // alone: planned, not looked up
    p.update!(0.6);
    p.plan(s, {}, null); // still alone
    p.update!(0.6);
    p.plan(s, {}, null); // back: a hit
    expect(inner.calls).toBe(3);
    expect(inner.failed).toEqual([rest]);
    expect(cache.stats).toMatchObject({ lookups: 2, hits: 1, bypassed: 2 });
  });

  it('names a capacity or afterFailure that cannot be compared with a number (a TypeError before)', () => {
    expect(() => new PlanCache({ capacity: { toString: '' } as never })).toThrow(
      expect.objectContaining({ code: 'BAD_CACHE_OPTION', subject: 'capacity', message: 'PlanCache capacity must be an integer >= 1, got an object.' }),
    );
    expect(() => cachedPlanner(planner(), new PlanCache(), { name: 'x', afterFailure: Object.create(null) })).toThrow(
      expect.objectContaining({ code: 'BAD_CACHE_OPTION', subject: 'afterFailure' }),
    );
  });

  it('never caches a budget answer', () => {
    let calls = 0;
    const budget: AgentPlanner = {
      kind: 'b',
      operators: [],
      plan: () => (calls++, noPlan('out of budget', 'steps')),
      shouldReplace: () => ({ replace: false, reason: '' }),
    };
    const p = cachedPlanner(budget, new PlanCache(), { name: 'b' });
    p.plan(createState(schema), {}, null);
    p.plan(createState(schema), {}, null);
    expect(calls).toBe(2);
  });
});

describe('cachedPlanner in front of a pending planner', () => {
  // Schedulers here run on a frozen clock (`clock: () => 0`): a frame is limited by its work alone, so a loaded
  // machine cannot end one early.
  const crowd = (n: number, scheduler: PlanningScheduler, cache: PlanCache) => {
    const shared = { name: 'fake', relevant: ['Seen', 'A'] };
    const inner: ReturnType<typeof planner>[] = [];
    const agents = Array.from({ length: n }, (_, i) => {
      const p = planner();
      inner.push(p);
      return createAgent({
        id: `a${i}`,
        state: createState(schema, { Seen: true, A: true }),
        ctx: {},
        planner: cachedPlanner(scheduler.schedule(cachedPlanner(p, cache, shared)), cache, shared),
        operators: { Op: timedOperator(50) },
      });
    });
    return { agents, inner };
  };

  it('answers a hit during the request, without queueing it; misses wait for the scheduler, which stores them', () => {
    const scheduler = new PlanningScheduler({ frameWork: 1_000_000, clock: () => 0 });
    const cache = new PlanCache();
    const { agents, inner } = crowd(5, scheduler, cache);
    agents[0].tick(0.1); // a miss: queued
    expect(agents[0].runner().plan).toBeNull();
    scheduler.runFrame(); // planned and stored by the scheduled cached planner
    expect(agents[0].runner().plan?.steps[0].task).toBe('Attack');
    for (const a of agents.slice(1)) a.tick(0.1); // hits: adopted in their own tick
    for (const a of agents) expect(a.runner().plan).toBe(agents[0].runner().plan);
    expect(inner.reduce((n, p) => n + p.calls, 0)).toBe(1);
    expect(scheduler.stats.answered).toBe(1);
  });

  it('a crowd that misses at once costs one search: the scheduler answers the others from the cache behind it', () => {
    const scheduler = new PlanningScheduler({ frameWork: 1_000_000, clock: () => 0 });
    const cache = new PlanCache();
    const { agents, inner } = crowd(6, scheduler, cache);
    for (const a of agents) a.tick(0.1); // all miss: six requests queued
    expect(agents.every((a) => a.runner().plan === null)).toBe(true);
    scheduler.runFrame(); // an unlimited frame: the first is planned and stored, the rest are hits of the scheduled cached planner
    for (const a of agents) expect(a.runner().plan?.steps[0].task).toBe('Attack');
    expect(inner.reduce((n, p) => n + p.calls, 0)).toBe(1);
    expect(scheduler.stats.answered).toBe(6);
  });

  it('a frame budget that answers one request: the rest come from the cache at their own ticks, not a frame each', () => {
    // One answer per frame at most (a work budget of one slice): without the poll, six agents would take six frames.
    const scheduler = new PlanningScheduler({ frameWork: 1, sliceWork: 1, clock: () => 0 });
    const cache = new PlanCache();
    const { agents } = crowd(6, scheduler, cache);
    for (const a of agents) a.tick(0.1);
    scheduler.runFrame();
    for (const a of agents) a.tick(0.1);
    expect(agents.filter((a) => a.runner().plan !== null).length).toBe(6);
    expect(scheduler.stats.answered).toBe(1);
    expect(scheduler.stats.cancelled).toBe(5);
  });

  it('forwards cancel to the pending planner, and a bypassing agent (after a failure) goes to the queue', () => {
    const scheduler = new PlanningScheduler({ frameWork: 1_000_000, clock: () => 0 });
    const cache = new PlanCache();
    const { agents } = crowd(2, scheduler, cache);
    agents[0].tick(0.1);
    agents[0].runner().cancelPlanning();
    expect(scheduler.stats.cancelled).toBe(1);
    scheduler.runFrame();
    expect(agents[0].runner().plan).toBeNull();
    agents[0].tick(0.1);
    scheduler.runFrame();
    const planner1 = agents[1].runner().planner;
    planner1.stepFailed?.(agents[0].runner().plan!.steps[0], {});
    agents[1].tick(0.1); // alone after a failure: not answered from the cache
    expect(agents[1].runner().plan).toBeNull();
    expect(cache.stats.bypassed).toBeGreaterThan(0);
    scheduler.runFrame();
    expect(agents[1].runner().plan?.steps[0].task).toBe('Attack');
  });
});

describe('Squad', () => {
  it('followers run the leader plan while it fits their state, and fall back when it does not', () => {
    const squad = new Squad();
    const leaderInner = planner();
    const fallback = planner();
    const operators = { Op: timedOperator(100) };
    const leader = createAgent({ id: 'lead', state: createState(schema, { Seen: true }), ctx: {}, planner: squad.leader(leaderInner), operators });
    const fits = createAgent({ id: 'f1', state: createState(schema, { Seen: true }), ctx: {}, planner: squad.follower({ fallback }), operators });
    const misfit = createAgent({ id: 'f2', state: createState(schema, { A: false }), ctx: {}, planner: squad.follower({ fallback }), operators });
    leader.tick(0.1);
    fits.tick(0.1);
    misfit.tick(0.1);
    expect(fits.runner().plan).toBe(leader.runner().plan);
    expect(misfit.runner().plan?.steps[0].task).toBe('Rest');
    expect(squad.stats).toEqual({ leaderPlans: 1, followed: 1, fallbacks: 1 });
    expect(squad.followRate).toBe(0.5);
    expect(leaderInner.calls + fallback.calls).toBe(2);
  });
});

describe('Squad followers', () => {
  it('answer every request that follows one leader plan with one shared result object (no allocation per request)', () => {
    const squad = new Squad();
    const leader = squad.leader(planner());
    const follower = squad.follower();
    const s = createState(schema, { Seen: true });
    const led = leader.plan(s, {}, null);
    const first = follower.plan(s, {}, null);
    const second = follower.plan(s, {}, null);
    expect(second).toBe(first);
    expect(first.plan).toBe(led.plan);
    expect(first.reason).toBe('following the squad leader');
    leader.plan(createState(schema), {}, null); // a new leader plan: a new answer
    const third = follower.plan(createState(schema), {}, null);
    expect(third).not.toBe(first);
    expect(third.plan?.steps[0].task).toBe('Rest');
  });
});
