import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { add, createState, eq, set, type AgentPlanner, type PlanStep } from '@dualplan/world-state';
import { createAgent, type Agent } from '../agent/Agent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import type { Operator } from '../contract/Operator.js';
import type { RunnerEvent } from '../events/RunnerEvent.js';
import { cachedPlanner } from '../sharing/cachedPlanner.js';
import { PlanCache } from '../sharing/PlanCache.js';
import { PlanningScheduler } from '../scheduling/PlanningScheduler.js';
import { fixedClock, goalPlanner, makeStep, testSchema } from '../testing/fakes.js';

const schema = testSchema();
const k = schema.keys;

/** Something done to the crowd before a frame: an outside write, a new context, a cache cleared, a restored ledger. */
type Poke =
  | { kind: 'write'; agent: number; key: 'A' | 'B' | 'Seen'; value: boolean }
  | { kind: 'count'; agent: number; value: number }
  | { kind: 'ctx'; agent: number }
  | { kind: 'clear' }
  | { kind: 'cooldown'; agent: number };

const pokeArb: fc.Arbitrary<Poke> = fc.oneof(
  fc.record({ kind: fc.constant('write' as const), agent: fc.nat(7), key: fc.constantFrom('A' as const, 'B' as const, 'Seen' as const), value: fc.boolean() }),
  fc.record({ kind: fc.constant('count' as const), agent: fc.nat(7), value: fc.integer({ min: 0, max: 10 }) }),
  fc.record({ kind: fc.constant('ctx' as const), agent: fc.nat(7) }),
  fc.constant({ kind: 'clear' as const }),
  fc.record({ kind: fc.constant('cooldown' as const), agent: fc.nat(7) }),
);

const scenarioArb = fc.record({
  agents: fc.integer({ min: 1, max: 8 }),
  frames: fc.integer({ min: 5, max: 60 }),
  capacity: fc.integer({ min: 1, max: 6 }),
  recheck: fc.constantFrom(0.05, 0.1, 0.3),
  afterFailure: fc.constantFrom(0, 0.2, 1),
  /** Per mille of operator updates that fail, and that succeed (the rest keep running). */
  failures: fc.integer({ min: 0, max: 100 }),
  successes: fc.integer({ min: 0, max: 200 }),
  dts: fc.array(fc.constantFrom(0, 0.05, 0.1, 0.25), { minLength: 1, maxLength: 5 }),
  pokes: fc.array(fc.record({ frame: fc.nat(59), poke: pokeArb }), { maxLength: 12 }),
  listen: fc.boolean(),
  repair: fc.boolean(),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

const steps = {
  // A failed Aim is tried again (the plan goes on, while its cached planner plans alone for a while).
  aim: { ...makeStep(schema, 'Aim', { conditions: [eq(k.A, true)], effects: [set(k.Seen, true)], sourceId: 1 }), decorators: { retries: 2 } },
  shoot: makeStep(schema, 'Shoot', { conditions: [eq(k.Seen, true)], effects: [add(k.Count, 1)], sourceId: 2 }),
  patrol: makeStep(schema, 'Patrol', { effects: [set(k.B, false)], sourceId: 3 }),
  rest: makeStep(schema, 'Rest', { sourceId: 4 }),
};

function planner(): AgentPlanner {
  return goalPlanner(schema, [
    { name: 'fight', priority: 2, when: [eq(k.B, true)], options: [[steps.aim, steps.shoot], [steps.shoot]] },
    { name: 'patrol', priority: 1, when: [eq(k.A, true)], options: [[steps.patrol, steps.rest]] },
    { name: 'idle', priority: 0, options: [[steps.rest]] },
  ]);
}

/** A deterministic outcome for an agent's operator update: a function of who, when and what, not of call order. */
function outcome(s: Scenario, agent: string, tick: number, step: PlanStep): OperatorStatus {
  let h = 0x811c9dc5;
  for (const c of `${agent}/${tick}/${step.task}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  const roll = (h >>> 0) % 1000;
  return roll < s.failures ? OperatorStatus.Failure : roll < s.failures + s.successes ? OperatorStatus.Success : OperatorStatus.Running;
}

/**
 * Run the scenario's crowd as the crowd benchmark composes it (a cached planner in front of a scheduled cached
 * planner), with repeated answers allowed or not (`repeat`): what the operators saw, every event, every runner's
 * and the cache's statistics, and how many requests reached the cache planner.
 */
function run(s: Scenario, repeat: boolean) {
  const cache = new PlanCache({ capacity: s.capacity });
  const scheduler = new PlanningScheduler({ frameBudgetMs: 1000, clock: fixedClock });
  const calls: string[] = [];
  const events: RunnerEvent[] = [];
  let requests = 0;
  const op: Operator = {
    start: (_args, agent, step) => void calls.push(`${agent.id} ${agent.tickCount} start ${step.task}`),
    update: (_args, agent, _dt, step) => {
      const status = outcome(s, agent.id, agent.tickCount, step);
      calls.push(`${agent.id} ${agent.tickCount} update ${step.task} ${status}`);
      return status;
    },
    abort: (_args, agent, step) => void calls.push(`${agent.id} ${agent.tickCount} abort ${step.task}`),
  };
  const agents: Agent[] = [];
  for (let i = 0; i < s.agents; i++) {
    const options = { name: 'fight', afterFailure: s.afterFailure, clock: fixedClock };
    const inner = s.repair ? { ...planner(), repair: () => null } : planner();
    const outer = cachedPlanner(scheduler.schedule(cachedPlanner(inner, cache, options)), cache, options);
    // Without repeats: the same planner, unable to name its answers.
    if (!repeat) Object.defineProperty(outer, 'repeatKey', { value: undefined });
    const request = outer.request.bind(outer);
    outer.request = (...args) => {
      requests++;
      request(...args);
    };
    agents.push(
      createAgent({
        id: `a${i}`,
        state: createState(schema),
        ctx: { round: 0 },
        planner: outer,
        operators: { Op: op },
        recheckInterval: s.recheck,
        clock: fixedClock,
        onEvent: s.listen ? (e) => events.push(e) : undefined,
      }),
    );
  }
  for (let f = 0; f < s.frames; f++) {
    for (const { frame, poke } of s.pokes) {
      if (frame !== f) continue;
      if (poke.kind === 'clear') cache.clear();
      else if (poke.agent < agents.length) {
        const agent = agents[poke.agent];
        if (poke.kind === 'write') agent.state.set(k[poke.key], poke.value);
        else if (poke.kind === 'count') agent.state.set(k.Count, poke.value);
        else if (poke.kind === 'ctx') agent.updateCtx((c: { round: number }) => void c.round++);
        else agent.behaviour.restore({ cooldowns: [['Rest', 0.3]], once: [] });
      }
    }
    const dt = s.dts[f % s.dts.length];
    for (const agent of agents) agent.tick(dt);
    scheduler.runFrame();
  }
  const stats = agents.map((a) => {
    const { planTimes: _times, planTimeTotal: _total, ...counts } = a.runner().stats;
    return { ...counts, plan: a.runner().plan?.steps.map((step) => step.task) ?? null, step: a.runner().stepIndex };
  });
  return { calls, events, stats, cache: { ...cache.stats }, size: cache.size, requests };
}

describe('repeated answers (a recheck the cached planner would answer as it did last time)', () => {
  it('change no decision: operator calls, events and statistics equal asking every time', () => {
    let repeatedSome = false;
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const asked = run(s, false);
        const repeated = run(s, true);
        expect(repeated.calls).toEqual(asked.calls);
        expect(repeated.events).toEqual(asked.events);
        expect(repeated.stats).toEqual(asked.stats);
        expect(repeated.cache).toEqual(asked.cache);
        expect(repeated.size).toBe(asked.size);
        expect(repeated.requests).toBeLessThanOrEqual(asked.requests);
        if (repeated.requests < asked.requests) repeatedSome = true;
      }),
      { numRuns: 150 },
    );
    // The property is not vacuous: some runs answered rechecks without a request.
    expect(repeatedSome).toBe(true);
  });

  it('answers a steady crowd without requests, counted as the hits they stand for', () => {
    const s: Scenario = {
      agents: 4,
      frames: 40,
      capacity: 8,
      recheck: 0.1,
      afterFailure: 1,
      failures: 0,
      successes: 0,
      dts: [0.1],
      pokes: [],
      listen: true,
      repair: false,
    };
    const asked = run(s, false);
    const repeated = run(s, true);
    expect(repeated.events).toEqual(asked.events);
    expect(repeated.cache).toEqual(asked.cache);
    expect(asked.events.filter((e) => e.type === 'replanSkipped').length).toBeGreaterThan(100);
    // Each agent asks for its first plan, then rechecks it once before its first step starts and once after (the
    // running step is part of what an answer is remembered with); every later recheck is a repeat.
    expect(repeated.requests).toBe(3 * s.agents);
    expect(asked.requests).toBeGreaterThan(30 * s.agents);
  });
});
