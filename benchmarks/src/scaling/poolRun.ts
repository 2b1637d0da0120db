import { performance } from 'node:perf_hooks';
import { GoapPlanner, goapAgentPlanner, goapPlanCodec } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { HtnPlanner, htnAgentPlanner, htnPlanCodec } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { createPlannerPool } from '@dualplan/runner/pool';
import { createState, type AgentPlanner, type PendingPlanner, type PlanCodec, type PlanResult, type WorldState } from '@dualplan/world-state';
import { trollStates } from '../suites/agentsSuite.js';
import { mainThreadCpuMs } from './threadCpu.js';

export interface PoolFigures {
  readonly domain: string;
  readonly workers: number;
  /** States and answers through shared memory (else transferred arrays). */
  readonly sharedMemory: boolean;
  readonly plans: number;
  readonly plansPerSecond: number;
  /** Main-thread CPU time per offloaded plan (copy, post, receive, decode, the frame loop), in µs. */
  readonly mainUsPerPlan: number;
  /** The same plans made synchronously on the main thread: CPU µs per plan. */
  readonly syncUsPerPlan: number;
  /** Requests per message during the timed run. */
  readonly plansPerBatch: number;
  /** Pooled answers that equal the synchronous plans (checked before timing). */
  readonly equal: boolean;
}

interface Setup {
  local: AgentPlanner;
  codec: PlanCodec;
  states: WorldState<any>[];
}

function setup(domain: 'soldier' | 'troll', n: number): Setup {
  if (domain === 'soldier') {
    const d = soldierGoapDomain();
    const states = Array.from({ length: n }, (_, i) => createState(d.schema, { enemyvisible: i % 2 === 0, nearenemy: i % 3 === 0, weaponloaded: i % 5 === 0 }));
    return { local: goapAgentPlanner(new GoapPlanner(d)), codec: goapPlanCodec(d), states };
  }
  const d = trollHtnDomain();
  return { local: htnAgentPlanner(new HtnPlanner(d)), codec: htnPlanCodec(d), states: trollStates(n) };
}

const steps = (r: PlanResult) => `${r.status} ${r.plan?.steps.map((s) => `${s.task}(${s.args.join(',')})`).join(' ') ?? ''}`;

/** One frame's turn: let the event loop deliver messages before the next frame. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 4));

/**
 * Plans per second through a pool of `workers`, as a game loop drives it:
 * each 1 ms frame, every agent without a request in flight asks (so a frame's
 * requests go out as one batch per worker), until `plans` answers arrived.
 * Main-thread CPU per offloaded plan (copying, messaging, decoding, the frame
 * loop itself) is measured on the thread alone, against planning the same
 * plans synchronously there.
 */
export async function poolRun(
  script: string,
  domain: 'soldier' | 'troll',
  workers: number,
  plans: number,
  sharedMemory: boolean,
  agents = 1024,
): Promise<PoolFigures> {
  const s = setup(domain, agents);
  const pool = createPlannerPool({ script, maxWorkers: workers, timeoutMs: 10_000, sharedMemory });
  try {
    const planners: PendingPlanner[] = s.states.map(() => pool.planner(domain, { local: s.local, codec: s.codec }));
    const ask = (i: number, id: number) =>
      new Promise<PlanResult>((resolve, reject) =>
        planners[i].request(s.states[i], undefined, null, id, 'noPlan', { receive: (_id, r, f) => (r ? resolve(r) : reject(new Error(f))) }),
      );
    // Check before timing: every agent's pooled plan equals its synchronous plan (this also starts the workers).
    const answers = await Promise.all(s.states.map((_, i) => ask(i, 1)));
    const equal = answers.every((r, i) => steps(r) === steps(s.local.plan(s.states[i], undefined, null)));
    let id = 1;
    const busy = new Uint8Array(agents);
    let answered = 0;
    let failed = '';
    const receiver = (i: number) => ({
      receive: (_id: number, r: PlanResult | null, f: string) => {
        busy[i] = 0;
        answered++;
        if (r === null) failed = f;
      },
    });
    const receivers = s.states.map((_, i) => receiver(i));
    const run = async (n: number) => {
      answered = 0;
      while (answered < n) {
        for (let i = 0; i < agents; i++) {
          if (busy[i] === 0) {
            busy[i] = 1;
            planners[i].request(s.states[i], undefined, null, ++id, 'noPlan', receivers[i]);
          }
        }
        await nextFrame();
      }
      while (busy.includes(1)) await nextFrame();
      if (failed !== '') throw new Error(failed);
    };
    await run(Math.min(plans, 5_000)); // warm-up: JIT on both sides
    const sent0 = pool.stats.sent;
    const batches0 = pool.stats.batches;
    const cpu0 = mainThreadCpuMs();
    const t0 = performance.now();
    await run(plans);
    const wall = performance.now() - t0;
    const cpu = mainThreadCpuMs() - cpu0;
    const plansPerBatch = (pool.stats.sent - sent0) / Math.max(1, pool.stats.batches - batches0);
    // The same plans on the main thread: enough rounds for the thread clock's 10 ms resolution.
    for (let k = 0; k < 5; k++) for (const state of s.states) s.local.plan(state, undefined, null);
    const sync0 = mainThreadCpuMs();
    let syncPlans = 0;
    const until = performance.now() + 1_000;
    while (performance.now() < until) {
      for (const state of s.states) s.local.plan(state, undefined, null);
      syncPlans += s.states.length;
    }
    const syncCpu = mainThreadCpuMs() - sync0;
    return {
      domain,
      workers,
      sharedMemory,
      plansPerBatch,
      plans: answered,
      plansPerSecond: (answered * 1000) / wall,
      mainUsPerPlan: (cpu * 1000) / answered,
      syncUsPerPlan: (syncCpu * 1000) / syncPlans,
      equal,
    };
  } finally {
    await pool.terminate(true);
  }
}
