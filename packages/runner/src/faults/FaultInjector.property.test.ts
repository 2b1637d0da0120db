import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  add,
  applyEffects,
  ChangeSource,
  check,
  compileEffects,
  createState,
  effect,
  eq,
  ge,
  le,
  mulberry32,
  noPlan,
  planFound,
  restoreState,
  set,
  sub,
  validatePlan,
  type AgentPlanner,
  type ConditionDef,
  type EffectDef,
  type EffectList,
  type InterruptPolicy,
  type PlanStep,
  type WorldState,
} from '@dualplan/world-state';
import { createAgent, type Agent } from '../agent/Agent.js';
import { FaultInjector } from './FaultInjector.js';
import { eventToJSON } from '../events/formatEvent.js';
import type { Operator } from '../contract/Operator.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import type { RunnerEvent } from '../events/RunnerEvent.js';
import { fixedClock, makePlan, makeStep, testSchema } from '../testing/fakes.js';

const schema = testSchema();
const k = schema.keys;

const condArb: fc.Arbitrary<ConditionDef> = fc.oneof(
  fc.boolean().map((v) => eq(k.A, v)),
  fc.boolean().map((v) => eq(k.B, v)),
  fc.integer({ min: 0, max: 10 }).map((v) => le(k.Count, v)),
  fc.integer({ min: 0, max: 10 }).map((v) => ge(k.Count, v)),
);
const effArb: fc.Arbitrary<EffectDef> = fc.oneof(
  fc.boolean().map((v) => set(k.A, v)),
  fc.boolean().map((v) => set(k.B, v)),
  fc.integer({ min: 1, max: 3 }).map((v) => add(k.Count, v)),
  fc.integer({ min: 1, max: 3 }).map((v) => sub(k.Count, v)),
  fc.integer({ min: 1, max: 2 }).map((v) => add(k.Power, v, 'error')),
);
const stepArb = fc.record({
  conditions: fc.array(condArb, { maxLength: 2 }),
  effects: fc.array(effArb, { maxLength: 3 }),
  operator: fc.constantFrom('Walk', 'Hit', 'Wait'),
  fragile: fc.boolean(),
  interrupt: fc.constantFrom<InterruptPolicy>('immediate', 'boundary', 'uninterruptible'),
});
const scenarioArb = fc.record({
  steps: fc.array(stepArb, { minLength: 1, maxLength: 6 }),
  plans: fc.array(fc.array(fc.nat(5), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
  agents: fc.integer({ min: 1, max: 4 }),
  seed: fc.nat(),
  throwRate: fc.double({ min: 0.01, max: 0.3, noNaN: true }),
  failRate: fc.double({ min: 0, max: 0.2, noNaN: true }),
  garbageRate: fc.double({ min: 0, max: 0.05, noNaN: true }),
  // Up to far more writes per fault than the undo journal first holds (8 per cell): the undo must still be exact.
  scribbleWrites: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 400 })),
  // Operator calls that return a promise (settled by the test between ticks: resolved, rejected, often after the step ended).
  asyncRate: fc.oneof(fc.constant(0), fc.double({ min: 0.1, max: 0.8, noNaN: true })),
  // Operator updates and event listeners that call back into their own agent (tick, abortPlan, setPlanner, cancelPlanning).
  reentrantRate: fc.oneof(fc.constant(0), fc.double({ min: 0.05, max: 0.4, noNaN: true })),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** One simulated agent of a scenario, with its own shadow of what the world state must be. */
interface Sim {
  agent: Agent;
  events: RunnerEvent[];
  /** Sensor writes that were not undone plus step effects, replayed on `shadow`. */
  shadow: WorldState;
  sensorWrite: { cell: number; value: number } | null;
  /** The plans the unwrapped planner would find (for the recovery check). */
  plannable: () => boolean;
  /** Promises handed out by operators and not yet settled by the test, with what an update's resolves to. */
  promises: Handed[];
  /** The promise the last start returned: the injector may throw after it, and the runner then never gets it. */
  started: Handed | null;
  /** Promises the test rejected (each must end as exactly one fault or one late settlement). */
  rejected: number;
  /** Faults this tick's re-entrant calls left uncaught must cause (`where:subject`), on top of the injected ones. */
  expected: string[];
  /** Re-entrant calls made, and those refused with REENTRANT_CALL (all must be). */
  reentered: number;
  refused: number;
}

/** A promise an operator handed out: its handles, what an update's resolves to, whether the runner got it. */
interface Handed {
  resolve: (v?: unknown) => void;
  reject: (e: unknown) => void;
  status: OperatorStatus | undefined;
  received: boolean;
}

/** A promise the test settles, and its handles. */
function deferred() {
  let resolve!: (v?: unknown) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<never>((res, rej) => {
    resolve = res as (v?: unknown) => void;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Calls into an agent that it must refuse from its own callbacks. */
const REENTRANT: ((agent: Agent) => void)[] = [
  (agent) => agent.tick(0.1),
  (agent) => agent.runner().abortPlan('from inside'),
  (agent) => agent.setPlanner(agent.runner().planner),
  (agent) => agent.runner().cancelPlanning(),
];

/** A re-entrant call from a callback; uncaught (then the callback fails with it) when `uncaught`. */
function reenter(sim: Sim, random: () => number, uncaught: boolean): void {
  sim.reentered++;
  try {
    REENTRANT[Math.floor(random() * REENTRANT.length)](sim.agent);
  } catch (e) {
    if ((e as { code?: unknown }).code === 'REENTRANT_CALL') sim.refused++;
    if (uncaught) throw e;
  }
}

/**
 * Build `sc.agents` agents whose operators, sensor, planner and step functions
 * fail at random through one injector. Effects that are plain data are also
 * compiled without the injected function, for replaying on the shadow state.
 */
function build(sc: Scenario) {
  const faults = new FaultInjector({
    seed: sc.seed,
    throwRate: sc.throwRate,
    failRate: sc.failRate,
    garbageRate: sc.garbageRate,
    scribbleWrites: sc.scribbleWrites,
  });
  const random = mulberry32(sc.seed ^ 0x5eed);
  const sims: Sim[] = [];
  const plain = new Map<PlanStep, EffectList>();
  const real = new Set<WorldState>();
  // Step functions throw only on agents' real states: the runner then contains them. (During planning the
  // planner's own checks are what would meet them, which is the planners' containment, tested there.)
  const fragile = (task: string) => {
    const guard = faults.fn('condition', task, () => true);
    const spark = faults.fn('effect', task, () => undefined);
    return { test: (st: WorldState) => !real.has(st) || guard(), apply: (st: WorldState) => void (real.has(st) && spark()) };
  };
  const steps = sc.steps.map((s, i) => {
    const task = `S${i}`;
    const f = fragile(task);
    const step = makeStep(schema, task, {
      operator: s.operator,
      conditions: s.conditions,
      executing: s.fragile ? [check(`steady${i}`, f.test)] : [],
      effects: s.fragile ? [...s.effects, effect(`spark${i}`, f.apply)] : s.effects,
      interrupt: s.interrupt,
      sourceId: i,
    });
    plain.set(step, compileEffects(schema, s.effects));
    return step;
  });
  const plans = sc.plans.map((p) => p.map((i) => steps[i % steps.length]));
  for (let a = 0; a < sc.agents; a++) {
    const state = createState(schema);
    real.add(state);
    const scratch = createState(schema);
    const find = (st: WorldState, ctx: unknown) => plans.findIndex((p) => validatePlan(p, 0, st, scratch, ctx).step < 0);
    const planner: AgentPlanner = {
      kind: 'fake',
      operators: ['Walk', 'Hit', 'Wait'],
      plan(st, ctx) {
        const i = find(st, ctx);
        return i < 0 ? noPlan('none valid') : planFound(makePlan('fake', plans[i], { rank: i }), `plan ${i}`);
      },
      shouldReplace: (c, r) => ({ replace: (c.meta as { rank: number }).rank < (r.meta as { rank: number }).rank, reason: 'rank' }),
    };
    // Operators: each runs 0-2 ticks, then succeeds (failures and garbage come from the injector).
    // Some calls return a promise instead, settled by the test later; some updates call back into the agent.
    const left = { n: 0 };
    const later = (status: OperatorStatus | undefined) => {
      const d = deferred();
      const handed: Handed = { resolve: d.resolve, reject: d.reject, status, received: true };
      sim.promises.push(handed);
      if (status === undefined) sim.started = handed;
      return d.promise;
    };
    const op: Operator = {
      start: () => {
        left.n = Math.floor(random() * 3);
        if (sc.asyncRate > 0 && random() < sc.asyncRate) return later(undefined);
      },
      update: (_args, _agent, _dt, step) => {
        if (sc.reentrantRate > 0 && random() < sc.reentrantRate) {
          const uncaught = random() < 0.5;
          if (uncaught) sim.expected.push(`operator.update:${step.operator}`);
          reenter(sim, random, uncaught);
        }
        const status = left.n-- > 0 ? OperatorStatus.Running : OperatorStatus.Success;
        return sc.asyncRate > 0 && random() < sc.asyncRate ? later(status) : status;
      },
      abort: () => void (left.n = 0),
    };
    const sim: Sim = {
      agent: null as never,
      events: [],
      shadow: createState(schema),
      sensorWrite: null,
      plannable: () => find(state, {}) >= 0,
      promises: [],
      started: null,
      rejected: 0,
      expected: [],
      reentered: 0,
      refused: 0,
    };
    // A listener that calls back into the agent (never on fault events: one failing on its own report is not told again;
    // nor on late settlements, which arrive between ticks, where a call is not re-entrant).
    const onEvent = (e: RunnerEvent) => {
      sim.events.push(e);
      if (sc.reentrantRate === 0 || e.type === 'fault' || e.type === 'settledLate' || random() >= sc.reentrantRate) return;
      const uncaught = random() < 0.5;
      if (uncaught) sim.expected.push(`listener:${e.type}`);
      reenter(sim, random, uncaught);
    };
    const eyes = {
      name: 'eyes',
      interval: 0.2,
      update: (agent: { state: WorldState }) => {
        const value = random() < 0.5 ? 0 : 1;
        sim.sensorWrite = { cell: k.B, value };
        agent.state.write(k.B, value, ChangeSource.External);
      },
    };
    sim.agent = createAgent({
      id: `a${a}`,
      state,
      ctx: {},
      planner: faults.planner(planner),
      operators: faults.operators({ Walk: op, Hit: op, Wait: op }),
      sensors: [faults.sensor(eyes)],
      sensorFailureLimit: 1_000_000,
      onEvent,
      clock: fixedClock,
      retryInterval: 0.3,
    });
    sims.push(sim);
  }
  return { faults, sims, plain };
}

/** Let promise jobs run (the runner's handlers record settlements; late ones are reported from there). */
async function flush(): Promise<void> {
  for (let i = 0; i < 3; i++) await Promise.resolve();
}

/** Settle some of an agent's promises at random (the rest later): an update's resolves to its status, or any rejects. */
function settleSome(sim: Sim, random: () => number, all: boolean): void {
  const keep: Sim['promises'] = [];
  for (const p of sim.promises) {
    if (!all && random() < 0.5) keep.push(p);
    else if (random() < 0.25) {
      if (p.received) sim.rejected++;
      p.reject(new Error('async operator failed'));
    } else p.resolve(p.status);
  }
  sim.promises = keep;
}

const rejection = (e: RunnerEvent) => e.type === 'fault' && / rejected in (start|update) /.test(e.error.message);

/** Tick every agent `ticks` times, checking the invariants after each tick; returns the violations. */
async function run(sc: Scenario, ticks: number, recoverAt: number, snapshotAt = -1): Promise<{ violations: string[]; log: string }> {
  const { faults, sims, plain } = build(sc);
  const settling = mulberry32(sc.seed ^ 0xa5a5);
  const violations: string[] = [];
  const open = sims.map(() => false);
  const seen = sims.map(() => 0);
  const recovered = sims.map(() => ({ started: 0, plannable: false }));
  for (let t = 0; t < ticks; t++) {
    if (t === recoverAt) faults.enabled = false;
    if (t === snapshotAt) {
      // Save and restore every world state through JSON midway: nothing else may carry the run.
      for (const s of sims) s.agent.state.copyFrom(restoreState(schema, JSON.parse(JSON.stringify(s.agent.state.toJSON()))));
    }
    for (const s of sims) settleSome(s, settling, false);
    await flush();
    sims.forEach((s, a) => {
      s.sensorWrite = null;
      s.expected = [];
      s.started = null;
      const injectedBefore = faults.injected.length;
      s.agent.tick(0.1);
      // An injected throw after an async start: the runner never got its promise (the injector handles it).
      const started = s.started as Handed | null; // set during the tick, by the operator
      if (started !== null && faults.injected.slice(injectedBefore).some((f) => f.where === 'operator.start')) started.received = false;
      const fresh = s.events.slice(seen[a]);
      seen[a] = s.events.length;
      // Every started step ends exactly once.
      for (const e of fresh) {
        if (e.type === 'stepStarted') {
          if (open[a]) violations.push(`t${t} a${a}: started while a step ran`);
          open[a] = true;
        } else if (e.type === 'stepSucceeded' || e.type === 'stepFailed' || e.type === 'stepAborted') {
          if (!open[a]) violations.push(`t${t} a${a}: ${e.type} without a running step`);
          open[a] = false;
        }
      }
      if (open[a] !== (s.agent.runner().runningStep !== null)) violations.push(`t${t} a${a}: running step and events disagree`);
      // Replay: the sensor's write unless it was undone, then the effects of each success.
      const sensorFaulted = fresh.some((e) => e.type === 'fault' && e.where === 'sensor');
      const write = s.sensorWrite as { cell: number; value: number } | null; // set during the tick, by the sensor
      if (write !== null && !sensorFaulted) s.shadow.write(write.cell, write.value, ChangeSource.External);
      for (const e of fresh) if (e.type === 'stepSucceeded') applyEffects(plain.get(e.step)!, s.shadow, {}, ChangeSource.Own);
      if (!s.shadow.equals(s.agent.state)) violations.push(`t${t} a${a}: state ${s.agent.state} differs from its replay ${s.shadow}`);
      for (let c = 0; c < schema.size; c++)
        if (s.agent.state.values[c] < schema.min[c] || s.agent.state.values[c] > schema.max[c]) violations.push(`t${t} a${a}: cell ${c} out of range`);
      // Every injected fault is reported exactly once, naming its source.
      // Re-entrant calls left uncaught fail their callback: one fault each too. Rejections are counted at the end.
      const injected = [...faults.injected.slice(injectedBefore).map((f) => `${f.where}:${f.subject}`), ...s.expected].sort();
      const reported = fresh
        .filter((e) => e.type === 'fault' && !rejection(e))
        .map((e) => (e.type === 'fault' ? `${e.where}:${e.subject}` : ''))
        .sort();
      if (JSON.stringify(injected) !== JSON.stringify(reported)) violations.push(`t${t} a${a}: injected ${injected} but reported ${reported}`);
      if (t >= recoverAt) {
        // A step started, or one still running from before (an async one may outlast the faults) that ended well.
        recovered[a].started += fresh.filter((e) => e.type === 'stepStarted' || e.type === 'stepSucceeded').length;
        recovered[a].plannable ||= s.plannable();
      }
    });
  }
  // Every re-entrant call was refused; every rejected promise ended as one fault or one late settlement, once the
  // plans are dropped and every promise is settled.
  for (const s of sims) {
    if (s.refused !== s.reentered) violations.push(`${s.agent.id}: ${s.reentered - s.refused} re-entrant calls were not refused`);
    s.agent.runner().abortPlan('the test ends');
    settleSome(s, settling, true);
  }
  await flush();
  for (const s of sims) {
    const ended = s.events.filter((e) => rejection(e) || (e.type === 'settledLate' && e.rejected)).length;
    if (ended !== s.rejected) violations.push(`${s.agent.id}: ${s.rejected} promises rejected, ${ended} reported`);
  }
  // Agents whose faults stopped go back to normal plans: any agent that could plan has started steps again.
  recovered.forEach((r, a) => {
    if (r.plannable && r.started === 0) violations.push(`a${a}: no step started or succeeded after the faults stopped although a plan exists`);
  });
  const log = sims.map((s) => s.events.map((e) => JSON.stringify(eventToJSON(e))).join('\n')).join('\n--\n');
  return { violations, log };
}

describe('fault injection: random domains, operators, sensors, planners and step functions failing at random', () => {
  it('keeps every invariant on every tick: steps end once, effects replay exactly, values in range, one event per fault, recovery', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (sc) => {
        const { violations } = await run(sc, 120, 80);
        expect(violations.slice(0, 5)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('with async operators and re-entrant calls in every run: the same invariants, every promise and every call accounted for', async () => {
    const busy = scenarioArb.map((sc) => ({ ...sc, asyncRate: Math.max(sc.asyncRate, 0.4), reentrantRate: Math.max(sc.reentrantRate, 0.2) }));
    await fc.assert(
      fc.asyncProperty(busy, async (sc) => {
        const { violations } = await run(sc, 120, 80);
        expect(violations.slice(0, 5)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('is deterministic: the same seed gives a byte-identical event log, across runs and across a save/restore of the states midway', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (sc) => {
        const first = (await run(sc, 100, 70)).log;
        expect((await run(sc, 100, 70)).log).toBe(first);
        expect((await run(sc, 100, 70, 50)).log).toBe(first);
      }),
      { numRuns: 15 },
    );
  });
});
