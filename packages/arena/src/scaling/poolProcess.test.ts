import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PendingPlanner, PlanCodec, PlanResult } from '@dualplan/world-state';
import { createPlannerPool, type PlannerPool } from '@dualplan/runner/pool';
import { buildPoolTestWorker } from './buildPoolTestWorker.js';
import { poolTestPlanners, type PoolTestPlanners } from './poolTestDomains.js';

/** Ask a pending planner once and wait for the answer (the failure text if it failed). */
function ask(p: PendingPlanner, s: PoolTestPlanners, id = 1): Promise<PlanResult | string> {
  return new Promise((resolve) => p.request(s.start, undefined, null, id, 'noPlan', { receive: (_id, r, failure) => resolve(r ?? failure) }));
}
const comparable = (codec: PlanCodec, r: PlanResult | string) => (typeof r === 'string' ? r : codec.encode(r));

// workerType 'process': workers are child processes (no shared memory across them); the pool must still plan.
describe("the worker pool with workerType: 'process'", () => {
  let pool: PlannerPool;
  beforeAll(async () => {
    pool = createPlannerPool({ script: await buildPoolTestWorker(__dirname), maxWorkers: 1, timeoutMs: 20_000, workerType: 'process' });
  }, 60_000);
  afterAll(async () => {
    await pool.terminate(true);
  });

  it.each(['goap', 'htn'] as const)(
    '%s: plans, and its plans equal synchronous plans',
    async (kind) => {
      expect(pool.sharedMemory).toBe(false);
      for (const seed of [1, 2, 3]) {
        const s = poolTestPlanners(`${kind}:${seed}`);
        const got = await ask(pool.planner(`${kind}:${seed}`, { local: s.sync, codec: s.codec }), s);
        expect(typeof got).not.toBe('string');
        expect(comparable(s.codec, got)).toEqual(comparable(s.codec, s.sync.plan(s.start, undefined, null)));
      }
      expect(pool.stats.failures).toBe(0);
    },
    60_000,
  );

  it('sharedMemory: true is refused up front with a typed error naming the option (processes share no memory)', () => {
    expect(() => createPlannerPool({ script: 'worker.js', workerType: 'process', sharedMemory: true })).toThrow(
      expect.objectContaining({ code: 'BAD_POOL_OPTION', subject: 'sharedMemory' }),
    );
  });
});
