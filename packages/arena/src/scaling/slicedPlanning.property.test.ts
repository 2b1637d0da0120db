import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { PendingPlanner, PlanCodec, PlanResult } from '@dualplan/world-state';
import { OperatorStatus, PlanningScheduler, createAgent, type RunnerEvent } from '@dualplan/runner';
import { createPlannerPool, type PlannerPool } from '@dualplan/runner/pool';
import { buildPoolTestWorker } from './buildPoolTestWorker.js';
import { poolTestPlanners, type PoolTestPlanners } from './poolTestDomains.js';

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

  it.each(kinds)('%s: pooled plans equal synchronous plans, re-attached to the main thread domain', async (kind) => {
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
  }, 60_000);

  it('answers a request whose worker crashes with a failure, replaces the worker and plans again', async () => {
    const s = setup('soldier');
    const planner = pool.planner('soldier', { local: s.sync, codec: s.codec });
    const failures = pool.stats.failures;
    const crashed = await new Promise<string>((resolve) => planner.request(s.start, { crash: true } as never, null, 1, 'noPlan', { receive: (_id, r, f) => resolve(r ? 'answered' : f) }));
    expect(crashed).toMatch(/^domain soldier: worker failed: .*(terminated|exit)/i);
    expect(pool.stats.failures).toBe(failures + 1);
    const again = await ask(planner, s);
    expect((again as PlanResult).status).toBe('found');
  }, 30_000);

  it('gives the agent whose worker crashed a planningFailed event; it asks again and gets its plan', async () => {
    const s = setup('soldier');
    const { events, onEvent } = collect();
    const operators = Object.fromEntries(s.sync.operators.map((op) => [op, { update: () => OperatorStatus.Running }]));
    const agent = createAgent({ id: 'crashy', state: s.start.clone(), ctx: { crash: true }, planner: pool.planner('soldier', { local: s.sync, codec: s.codec }), operators, onEvent });
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
            pool.planner('soldier', { local: s.sync, codec: s.codec }).request(s.start, ctx as never, null, i + 1, 'noPlan', { receive: (_id, r, f) => resolve(r ? r.status : f) }),
          ),
      ),
    );
    expect(answers).toEqual(['found', 'domain soldier: planner threw: cost function exploded', 'found', 'found']);
    expect(pool.stats.batches - batches).toBe(2); // one message per worker
  }, 30_000);

  it('treats a hung worker like a crashed one once timeoutMs passes', async () => {
    const s = setup('soldier');
    const planner = pool.planner('soldier', { local: s.sync, codec: s.codec });
    const hung = await new Promise<string>((resolve) => planner.request(s.start, { hang: true } as never, null, 1, 'noPlan', { receive: (_id, r, f) => resolve(r ? 'answered' : f) }));
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
});
