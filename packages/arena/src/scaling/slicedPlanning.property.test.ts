import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createState, type AgentPlanner, type PendingPlanner, type PlanCodec, type PlanResult, type PlanUrgency } from '@dualplan/world-state';
import { OperatorStatus, PlanningScheduler, createAgent, type RunnerEvent } from '@dualplan/runner';
import { createPlannerPool, type PlannerPool } from '@dualplan/runner/pool';
import { buildPoolTestWorker } from './buildPoolTestWorker.js';
import { misbehaving, poolTestDomain, poolTestPlanners, type PoolTestPlanners } from './poolTestDomains.js';
import { GoapPlanner, goapAgentPlanner, goapPlanCodec } from '@dualplan/goap';

type Setup = PoolTestPlanners;
const setup = poolTestPlanners;

/** What must be equal: status, reason, steps (task, args, cost), cost and meta; search counters too. */
const comparable = (codec: PlanCodec, r: PlanResult) => codec.encode(r);

/** Ask a pending planner once and wait for the answer. */
function ask(p: PendingPlanner, s: Setup): Promise<PlanResult | string> {
  return new Promise((resolve) => p.request(s.start, undefined, null, 1, 'noPlan', { receive: (_id, r, failure) => resolve(r ?? failure) }));
}

const kinds = ['goap', 'htn'] as const;

function collect() {
  const events: RunnerEvent[] = [];
  return { events, onEvent: (e: RunnerEvent) => void events.push(e) };
}

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe.each(kinds)('%s: sliced planning through the scheduler', (kind) => {
  it('gives the same result as synchronous planning, for any slice and frame budget', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 200 }), (seed, sliceWork, frameWork) => {
        const s = setup(`${kind}:${seed}`);
        const expected = comparable(s.codec, s.sync.plan(s.start, undefined, null));
        const scheduler = new PlanningScheduler({ sliceWork, frameWork, frameBudgetMs: 1e9 });
        let got: PlanResult | null = null;
        scheduler.schedule(s.sliced).request(s.start, undefined, null, 7, 'noPlan', { receive: (id, r) => void (id === 7 && (got = r)) });
        for (let f = 0; f < 10_000 && got === null; f++) scheduler.runFrame();
        expect(got).not.toBeNull();
        expect(comparable(s.codec, got!)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('survives the plain-data round trip: decoding an encoded plan gives the same steps, from the domain', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const s = setup(`${kind}:${seed}`);
        const r = s.sync.plan(s.start, undefined, null);
        const back = s.codec.decode(structuredClone(s.codec.encode(r)));
        expect(comparable(s.codec, back)).toEqual(comparable(s.codec, r));
        if (r.plan !== null && kind === 'goap') back.plan!.steps.forEach((step, i) => expect(step).toBe(r.plan!.steps[i]));
      }),
      { numRuns: 100 },
    );
  });
});

describe('the worker pool', () => {
  let pool: PlannerPool;
  beforeAll(async () => {
    pool = createPlannerPool({ script: await buildPoolTestWorker(__dirname), maxWorkers: 2, timeoutMs: 2000 });
  }, 30_000);
  afterAll(async () => {
    await pool.terminate(true);
  });

  it.each(kinds)(
    '%s: pooled plans equal synchronous plans, re-attached to the main thread domain',
    async (kind) => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
          const id = `${kind}:${seed}`;
          const s = setup(id);
          const expected = s.sync.plan(s.start, undefined, null);
          const got = await ask(pool.planner(id, { local: s.sync, codec: s.codec }), s);
          expect(typeof got).toBe('object');
          expect(comparable(s.codec, got as PlanResult)).toEqual(comparable(s.codec, expected));
        }),
        { numRuns: 40 },
      );
    },
    60_000,
  );

  it('plans with the agent running plan as the main thread would: HTN prune compares against its MTR in the worker', async () => {
    let pruned = 0;
    let run = 0;
    const snapshot = fc.record({
      b0: fc.boolean(),
      b1: fc.boolean(),
      b2: fc.boolean(),
      i0: fc.integer({ min: 0, max: 3 }),
      i1: fc.integer({ min: 0, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), snapshot, async (seed, now) => {
        // A planner per run on both sides (a fresh domain id for the worker too), so no earlier search of a
        // shrinking run can colour this one; the running plan is made by another planner of the domain.
        const id = `htnprune:${seed}:${run++}`;
        const s = setup(id);
        const first = setup(id).sync.plan(s.start, undefined, null);
        if (first.plan === null) return;
        // A copy: the planner's next call writes into the buffer the first plan lives in.
        const running = s.codec.decode(s.codec.encode(first)).plan!;
        const state = createState(s.start.schema, now); // the world moved on while the plan runs
        const expected = s.sync.plan(state, undefined, running);
        if (JSON.stringify(comparable(s.codec, expected)) !== JSON.stringify(comparable(s.codec, setup(id).sync.plan(state, undefined, null)))) pruned++;
        const got = await new Promise<PlanResult | string>((resolve) =>
          pool
            .planner(id, { local: s.sync, codec: s.codec })
            .request(state, undefined, running, 1, 'recheck', { receive: (_id, r, failure) => resolve(r ?? failure) }),
        );
        expect(comparable(s.codec, got as PlanResult)).toEqual(comparable(s.codec, expected));
      }),
      { numRuns: 60 },
    );
    expect(pruned).toBeGreaterThan(0); // pruning changed some searches, so a worker that ignored the running plan would fail
  }, 60_000);

  it("plans with the agent's GOAP failure penalties in the worker, as its own planner would", async () => {
    const made = poolTestDomain('faulty');
    if (made.kind !== 'goap') throw new Error('faulty is a GOAP test domain');
    const goap = new GoapPlanner(made.domain);
    const local = goapAgentPlanner(goap);
    const codec = goapPlanCodec(made.domain);
    const planner = pool.planner('faulty', { local, codec, feedback: () => (goap.multipliers.some((m) => m !== 1) ? goap.multipliers : null) });
    const plannedBy = (p: PendingPlanner) =>
      new Promise<string>((resolve) =>
        p.request(made.start, undefined, null, 1, 'noPlan', { receive: (_id, r, f) => resolve(r?.plan?.steps.map((x) => x.task).join(',') ?? f) }),
      );
    expect(await plannedBy(planner)).toBe('ranged');
    const ranged = local.plan(made.start, undefined, null).plan!.steps[0];
    for (let i = 0; i < 3 && local.plan(made.start, undefined, null).plan!.steps[0].task === 'ranged'; i++) planner.stepFailed!(ranged, undefined); // forwarded to the local planner
    expect(local.plan(made.start, undefined, null).plan!.steps[0].task).toBe('melee');
    expect(await plannedBy(planner)).toBe('melee');
    // Another agent of the domain, with no failures, still shoots: the worker forgot the first agent's penalties.
    expect(await plannedBy(pool.planner('faulty', { local: goapAgentPlanner(new GoapPlanner(made.domain)), codec, feedback: () => null }))).toBe('ranged');
  }, 30_000);

  it('fails alone a request whose feedback throws on the main thread, reported as a throw of the planner', async () => {
    const s = setup('soldier');
    const broken = pool.planner('soldier', {
      local: s.sync,
      codec: s.codec,
      feedback: () => {
        throw new RangeError('bad penalty table');
      },
    });
    const fine = pool.planner('soldier', { local: s.sync, codec: s.codec });
    const answers = await Promise.all(
      [broken, fine].map(
        (p) =>
          new Promise<string>((resolve) =>
            p.request(s.start, undefined, null, 1, 'noPlan', {
              receive: (_id, r, f, threw, thrown) => resolve(r ? r.status : `${f} | ${threw} | ${(thrown as Error).name}`),
            }),
          ),
      ),
    );
    expect(answers).toEqual(['domain soldier: planner threw: bad penalty table | true | RangeError', 'found']);
  }, 30_000);

  it('carries parallel sections through the worker, the outcome table and the frozen answer', async () => {
    const s = setup('cover');
    const expected = s.sync.plan(s.start, undefined, null);
    expect(expected.plan!.parallel).toEqual([{ task: 'TakeCover', start: 0, split: 1, end: 2 }]);
    const got = (await ask(pool.planner('cover', { local: s.sync, codec: s.codec }), s)) as PlanResult;
    expect(got.plan!.parallel).toEqual(expected.plan!.parallel);
    expect(comparable(s.codec, got)).toEqual(comparable(s.codec, expected));
  }, 30_000);

  it('answers a request whose worker crashes with a failure, replaces the worker and plans again', async () => {
    const s = setup('soldier');
    const planner = pool.planner('soldier', { local: s.sync, codec: s.codec });
    const failures = pool.stats.failures;
    const crashed = await new Promise<string>((resolve) =>
      planner.request(s.start, { crash: true } as never, null, 1, 'noPlan', { receive: (_id, r, f) => resolve(r ? 'answered' : f) }),
    );
    expect(crashed).toMatch(/^domain soldier: worker failed: .*(terminated|exit)/i);
    expect(pool.stats.failures).toBe(failures + 1);
    const again = await ask(planner, s);
    expect((again as PlanResult).status).toBe('found');
  }, 30_000);

  it('gives the agent whose worker crashed a planningFailed event; it asks again and gets its plan', async () => {
    const s = setup('soldier');
    const { events, onEvent } = collect();
    const operators = Object.fromEntries(s.sync.operators.map((op) => [op, { update: () => OperatorStatus.Running }]));
    const agent = createAgent({
      id: 'crashy',
      state: s.start.clone(),
      ctx: { crash: true },
      planner: pool.planner('soldier', { local: s.sync, codec: s.codec }),
      operators,
      onEvent,
    });
    agent.tick(0.1);
    await until(() => events.some((e) => e.type === 'planningFailed'));
    agent.updateCtx((c) => void (c.crash = false));
    for (let i = 0; i < 100 && !events.some((e) => e.type === 'planFound'); i++) {
      agent.tick(0.1);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(events.map((e) => e.type).slice(0, 2)).toEqual(['planningFailed', 'planFound']);
    expect(agent.runner().stats.planningFailures).toBe(1);
  }, 30_000);

  it('sends the requests of one turn together, and a request whose planner throws fails alone', async () => {
    const s = setup('soldier');
    const batches = pool.stats.batches;
    const answers = await Promise.all(
      [undefined, { throws: true }, undefined, undefined].map(
        (ctx, i) =>
          new Promise<string>((resolve) =>
            pool
              .planner('soldier', { local: s.sync, codec: s.codec })
              .request(s.start, ctx as never, null, i + 1, 'noPlan', { receive: (_id, r, f) => resolve(r ? r.status : f) }),
          ),
      ),
    );
    expect(answers).toEqual(['found', 'domain soldier: planner threw: cost function exploded', 'found', 'found']);
    expect(pool.stats.batches - batches).toBe(2); // one message per worker
  }, 30_000);

  it('treats a hung worker like a crashed one once timeoutMs passes', async () => {
    const s = setup('soldier');
    const planner = pool.planner('soldier', { local: s.sync, codec: s.codec });
    const hung = await new Promise<string>((resolve) =>
      planner.request(s.start, { hang: true } as never, null, 1, 'noPlan', { receive: (_id, r, f) => resolve(r ? 'answered' : f) }),
    );
    expect(hung).toMatch(/timed out/i);
    expect((await ask(planner, s)) as PlanResult).toMatchObject({ status: 'found' });
  }, 30_000);

  it('does not plan a request cancelled before it was sent, nor deliver the answer to one cancelled in flight', async () => {
    const s = setup('soldier');
    const planner = pool.planner('soldier', { local: s.sync, codec: s.codec });
    const got: number[] = [];
    const { dropped, cancelled, sent } = pool.stats;
    planner.request(s.start, undefined, null, 1, 'noPlan', { receive: (id) => void got.push(id) });
    planner.cancel(1); // still waiting in the pool's queue: never sent
    const second = await new Promise<number>((resolve) => planner.request(s.start, undefined, null, 2, 'noPlan', { receive: (id) => resolve(id) }));
    expect(second).toBe(2);
    expect(pool.stats.cancelled).toBe(cancelled + 1);
    expect(pool.stats.sent).toBe(sent + 1);
    planner.request(s.start, undefined, null, 3, 'noPlan', { receive: (id) => void got.push(id) });
    await Promise.resolve(); // the end of this turn sends it
    expect(pool.stats.sent).toBe(sent + 2);
    planner.cancel(3); // in flight: planned, but its answer is dropped
    await until(() => pool.stats.dropped > dropped);
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual([]);
    expect(pool.stats.dropped).toBe(dropped + 1);
  }, 30_000);
  it('shares one frozen answer among agents whose requests have the same outcome, decoded once', async () => {
    const s = setup('soldier');
    const outcomes = pool.stats.outcomes;
    const answers = await Promise.all([1, 2, 3].map(() => ask(pool.planner('soldier', { local: s.sync, codec: s.codec }), s)));
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
    expect(Object.isFrozen(answers[0])).toBe(true);
    expect(pool.stats.outcomes - outcomes).toBeLessThanOrEqual(2); // at most once per worker
  }, 30_000);

  /** The fault events of one agent planning `ctx` with `planner`, until it has asked twice. */
  async function faultsOf(planner: AgentPlanner, ctx: object) {
    const s = setup('faulty');
    const { events, onEvent } = collect();
    const operators = Object.fromEntries(s.sync.operators.map((op) => [op, { update: () => OperatorStatus.Running }]));
    const agent = createAgent({ id: 'a', state: s.start.clone(), ctx, planner, operators, onEvent });
    for (let i = 0; i < 200 && !events.some((e) => e.type === 'planFound' || e.type === 'planningFailed' || e.type === 'planNotFound'); i++) {
      agent.tick(0.1);
      await new Promise((r) => setTimeout(r, 5));
    }
    return events
      .filter((e) => e.type === 'fault')
      .map((e) =>
        e.type === 'fault'
          ? {
              where: e.where,
              subject: e.subject,
              code: e.error.code,
              cause: `${(e.error.cause as Error).name}: ${(e.error.cause as Error).message}`,
              context: e.error.context,
            }
          : null,
      );
  }

  it('gives an agent whose planner throws in a worker the fault event it gets when the planner throws on the main thread', async () => {
    const s = setup('faulty');
    const local = await faultsOf(misbehaving(s.sync), { throws: true });
    const pooled = await faultsOf(pool.planner('faulty', { local: s.sync, codec: s.codec }), { throws: true });
    expect(local).toEqual([
      {
        where: 'planner',
        subject: s.sync.kind,
        code: expect.any(String),
        cause: 'TypeError: cost function exploded',
        context: expect.stringContaining('threw in plan'),
      },
    ]);
    expect(pooled).toEqual(local);
  }, 30_000);

  it('reports the faults a worker search contained as from a search on the main thread', async () => {
    const s = setup('faulty');
    const local = await faultsOf(s.sync, { boom: true });
    const pooled = await faultsOf(pool.planner('faulty', { local: s.sync, codec: s.codec }), { boom: true });
    expect(local).toEqual([
      { where: 'cost', subject: 'ranged', code: 'COST_THREW', cause: 'RangeError: no ammo table', context: expect.stringContaining('ranged') },
    ]);
    expect(pooled).toEqual(local);
  }, 30_000);
});

describe('the worker pool without shared memory (the transfer path, as in a page that is not cross-origin isolated)', () => {
  let pool: PlannerPool;
  beforeAll(async () => {
    pool = createPlannerPool({ script: await buildPoolTestWorker(__dirname), maxWorkers: 2, timeoutMs: 2000, sharedMemory: false });
  }, 30_000);
  afterAll(async () => {
    await pool.terminate(true);
  });

  it.each(kinds)(
    '%s: pooled plans equal synchronous plans',
    async (kind) => {
      expect(pool.sharedMemory).toBe(false);
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
          const s = setup(`${kind}:${seed}`);
          const got = await ask(pool.planner(`${kind}:${seed}`, { local: s.sync, codec: s.codec }), s);
          expect(comparable(s.codec, got as PlanResult)).toEqual(comparable(s.codec, s.sync.plan(s.start, undefined, null)));
        }),
        { numRuns: 20 },
      );
    },
    60_000,
  );

  it('answers the requests of a crashed worker with failures, and plans again', async () => {
    const s = setup('soldier');
    const planner = pool.planner('soldier', { local: s.sync, codec: s.codec });
    const crashed = await new Promise<string>((resolve) =>
      planner.request(s.start, { crash: true } as never, null, 1, 'noPlan', { receive: (_id, r, f) => resolve(r ? 'answered' : f) }),
    );
    expect(crashed).toMatch(/worker failed/);
    expect(((await ask(planner, s)) as PlanResult).status).toBe('found');
  }, 30_000);
});

describe('the worker pool, ordered by urgency', () => {
  it('sends waiting requests most urgent first: no plan, then invalidated, then rechecks, oldest first', async () => {
    const pool = createPlannerPool({ script: await buildPoolTestWorker(__dirname), maxWorkers: 1, maxBatch: 1, timeoutMs: 5000 });
    try {
      const s = setup('soldier');
      await ask(pool.planner('soldier', { local: s.sync, codec: s.codec }), s); // the worker is up
      const order: string[] = [];
      const asked: [string, PlanUrgency][] = [
        ['r1', 'recheck'],
        ['r2', 'recheck'],
        ['i1', 'invalidated'],
        ['n1', 'noPlan'],
        ['r3', 'recheck'],
        ['n2', 'noPlan'],
      ];
      await Promise.all(
        asked.map(
          ([name, urgency]) =>
            new Promise<void>((resolve) =>
              pool
                .planner('soldier', { local: s.sync, codec: s.codec })
                .request(s.start, undefined, null, 1, urgency, { receive: () => (order.push(name), resolve()) }),
            ),
        ),
      );
      // Two batches go out at once (one planning, one waiting in the worker's queue); the rest wait by urgency.
      expect(order).toEqual(['n1', 'n2', 'i1', 'r1', 'r2', 'r3']);
    } finally {
      await pool.terminate(true);
    }
  }, 30_000);
});
