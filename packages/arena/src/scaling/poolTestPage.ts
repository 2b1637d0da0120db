// The browser pool test's page script (bundled by buildPoolTestPage): the same pool API as in Node, on Web
// Workers. It plans a few test domains on the pool and in the page, then a hung request, and leaves the
// outcome in `window.poolTest` for the test to read. Served cross-origin isolated, the pool uses shared memory.
import type { PlanResult } from '@dualplan/world-state';
import { createPlannerPool } from '@dualplan/runner/pool';
import { poolTestPlanners } from './poolTestDomains.js';

async function run(): Promise<unknown> {
  const pool = createPlannerPool({ script: './poolTestWorker.js', maxWorkers: 2, timeoutMs: 1500 });
  const ask = (id: string, ctx: unknown) =>
    new Promise<PlanResult | string>((resolve) => {
      const p = poolTestPlanners(id);
      pool.planner(id, { local: p.sync, codec: p.codec }).request(p.start, ctx, null, 1, 'noPlan', { receive: (_id, r, failure) => resolve(r ?? failure) });
    });
  const plans: { id: string; status: string; same: boolean }[] = [];
  for (const id of ['soldier', 'goap:7', 'goap:12345', 'htn:11', 'htn:4242']) {
    const p = poolTestPlanners(id);
    const got = await ask(id, undefined);
    const same = typeof got !== 'string' && JSON.stringify(p.codec.encode(got)) === JSON.stringify(p.codec.encode(p.sync.plan(p.start, undefined, null)));
    plans.push({ id, status: typeof got === 'string' ? got : got.status, same });
  }
  const threw = await new Promise<{ failure: string; threw: boolean; thrown: string }>((resolve) => {
    const p = poolTestPlanners('faulty');
    pool.planner('faulty', { local: p.sync, codec: p.codec }).request(p.start, { throws: true }, null, 1, 'noPlan', {
      receive: (_id, _r, failure, threw, thrown) =>
        resolve({ failure, threw: threw === true, thrown: thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown) }),
    });
  });
  const hung = await ask('soldier', { hang: true });
  const after = await ask('soldier', undefined);
  const workers = pool.workers.total;
  await pool.terminate(true);
  return {
    plans,
    threw,
    hung,
    after: typeof after === 'string' ? after : after.status,
    workers,
    stats: pool.stats,
    shared: pool.sharedMemory,
    isolated: (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true,
  };
}

(window as unknown as { poolTest: Promise<unknown> }).poolTest = run().catch((e: unknown) => ({ error: String(e) }));
