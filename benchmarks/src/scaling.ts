// The scaling benchmark: `npm run bench:scaling [-- --quick] [--only PART]`. The planning
// scheduler with 10,000 agents and crowds from a cold start, whole frames of crowds of
// 10,000 and 100,000 agents ticking at 10 Hz, the worker pool at 1 and 2 workers, and plan
// sharing in a 1,000-agent arena crowd. Prints a report and writes
// benchmarks/results/scaling.{md,json}.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { runCrowd, type CrowdRun } from '@dualplan/arena/crowd';
import { PlanCache, type PlanCacheStats } from '@dualplan/runner';
import { coldCrowdRun } from './scaling/coldCrowdRun.js';
import { crowdFrameRun, type CrowdFrameFigures } from './scaling/crowdFrameRun.js';
import { poolRun, type PoolFigures } from './scaling/poolRun.js';
import { schedulerRun, type SchedulerFigures } from './scaling/schedulerRun.js';
import { SCALING_USAGE, parseScalingArgs, type ScalingArgs, type ScalingPart } from './scaling/parseScalingArgs.js';

let args: ScalingArgs;
try {
  args = parseScalingArgs(process.argv.slice(2));
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
if (args.help) {
  console.log(SCALING_USAGE);
  process.exit(0);
}
const quick = args.quick;
const runs = (part: ScalingPart) => args.only === null || args.only === part;

const f = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : String(x));

type Log = (line: string) => void;

async function schedulerPart(log: Log): Promise<SchedulerFigures[]> {
  log('### Planning scheduler: 10,000 agents rechecking at 10 Hz, 60 fps, 2 ms planning budget per frame');
  log('');
  log(
    '| planner | plan cache (hit rate) | p50 frame ms | p99 frame ms | p99 frame CPU ms | p99 CPU ms of a 2 ms spin | max frame ms | answered / frame | demand / frame | mean latency (frames) | runner ticks ms / frame | GCs | agents running |',
  );
  log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const frames = quick ? 120 : 600;
  const out: SchedulerFigures[] = [];
  for (const [planner, cache] of [
    ['htn', false],
    ['goap', false],
    ['htn', true],
    ['goap', true],
  ] as const) {
    const r = await schedulerRun({ agents: 10_000, planner, hz: 10, fps: 60, budgetMs: 2, frames, cache });
    out.push(r);
    log(
      `| ${planner === 'htn' ? 'HTN troll' : 'GOAP soldier'} | ${cache ? `yes (${f(r.hitRate * 100, 1)}%)` : 'no'} | ${f(r.p50FrameMs)} | ${f(r.p99FrameMs)} | ${f(r.p99FrameCpuMs)} | ${f(r.p99SpinCpuMs)} | ${f(r.maxFrameMs)} | ${f(r.answeredPerFrame, 0)} | ${f(r.demandPerFrame, 0)} | ${Number.isNaN(r.meanLatencyFrames) ? '0 (all from the cache)' : f(r.meanLatencyFrames)} | ${f(r.tickMsPerFrame)} | ${r.gcs} | ${r.runningAgents} |`,
    );
  }
  log('');
  log(
    `Over ${frames} measured frames after ${frames} warm-up frames. Latency 0 = planned in the frame the agent asked; with the cache in front of the scheduler, hits are answered in the agents' own ticks ("runner ticks"), not by the scheduler.`,
  );
  log('');
  coldCrowdPart(log);
  return out;
}

/** Crowds created in one frame, from the first frame on (no warm-up): frames until every agent has a plan. */
function coldCrowdPart(log: Log): void {
  log('### Crowds from a cold start: every agent created in one frame, 10 frames a second, 2 ms planning budget per frame');
  log('');
  log(
    '| planner | agents | plan cache | frames until every agent has a plan | first frame ms | max frame ms | frames over budget + 10% | runner ticks ms / frame |',
  );
  log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const agents of quick ? [500, 10_000] : [500, 10_000, 100_000]) {
    for (const cache of [false, true]) {
      const r = coldCrowdRun({ agents, planner: 'goap', budgetMs: 2, cache, maxFrames: quick ? 100 : 400 });
      log(
        `| GOAP soldier | ${agents} | ${cache ? 'yes' : 'no'} | ${r.framesToAllPlans} | ${f(r.firstFrameMs)} | ${f(r.maxFrameMs)} | ${r.framesOver} | ${f(r.tickMsPerFrame)} |`,
      );
    }
  }
  log('');
  log('The crowds run one after another in this process, so only the first starts truly cold.');
  log('');
}

/** The largest crowds, steady state: agents ticking at 10 Hz staggered over 60 fps frames, whole frames timed. */
async function crowdPart(log: Log): Promise<CrowdFrameFigures[]> {
  const counts = quick ? [10_000] : [10_000, 100_000];
  log(`### Whole frames of a crowd: ${counts.map((n) => n.toLocaleString('en-US')).join(' and ')} agents ticking at 10 Hz, 60 fps, 2 ms planning budget`);
  log('');
  log(
    '| planner | agents | plan cache (hit rate) | p50 frame ms | p99 frame ms | max frame ms | ticks ms / frame | planning ms / frame | GCs | agents running |',
  );
  log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const frames = quick ? 120 : 300;
  const out: CrowdFrameFigures[] = [];
  for (const agents of counts) {
    for (const [planner, cache] of [
      ['goap', true],
      ['htn', true],
      ['goap', false],
    ] as const) {
      const r = await crowdFrameRun({ agents, planner, tickHz: 10, fps: 60, budgetMs: 2, frames, cache });
      out.push(r);
      log(
        `| ${planner === 'htn' ? 'HTN troll' : 'GOAP soldier'} | ${agents} | ${cache ? `yes (${f(r.hitRate * 100, 1)}%)` : 'no'} | ${f(r.p50FrameMs)} | ${f(r.p99FrameMs)} | ${f(r.maxFrameMs)} | ${f(r.tickMsPerFrame)} | ${f(r.planMsPerFrame)} | ${r.gcs} | ${r.runningAgents} |`,
      );
    }
  }
  log('');
  log(
    `Each 60 fps frame ticks a sixth of the agents (each agent every 0.1 s, rechecking its plan each tick), then the scheduler plans within 2 ms; a frame is both, timed over ${frames} frames after ${frames} warm-up frames. The target for 100,000 agents with the cache: ≤ 8 ms per frame.`,
  );
  log('');
  return out;
}

async function poolPart(log: Log): Promise<PoolFigures[]> {
  log('### Worker pool (workerpool, worker threads)');
  log('');
  log(
    '| domain | workers | states and answers | plans/s | plans / message | main thread CPU µs / offloaded plan | main thread CPU µs / plan planned there | offloaded / local | pooled = sync |',
  );
  log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const script = new URL('./scaling/poolWorker.js', import.meta.url).pathname;
  const out: PoolFigures[] = [];
  // Rounds of every configuration in turn; the median of each column is reported (one run says little on a shared machine).
  const rounds = quick ? 1 : 3;
  const configs = (['soldier', 'troll'] as const).flatMap((domain) =>
    [1, 2].flatMap((workers) => [true, false].map((shared) => ({ domain, workers, shared }))),
  );
  const runsOf = configs.map((): PoolFigures[] => []);
  for (let r = 0; r < rounds; r++) {
    for (let c = 0; c < configs.length; c++)
      runsOf[c].push(await poolRun(script, configs[c].domain, configs[c].workers, quick ? 10_000 : 100_000, configs[c].shared));
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
  for (let c = 0; c < configs.length; c++) {
    const runs = runsOf[c];
    const r = {
      ...runs[0],
      plansPerSecond: median(runs.map((x) => x.plansPerSecond)),
      mainUsPerPlan: median(runs.map((x) => x.mainUsPerPlan)),
      syncUsPerPlan: median(runs.map((x) => x.syncUsPerPlan)),
      equal: runs.every((x) => x.equal),
    };
    const ratio = median(runs.map((x) => x.mainUsPerPlan / x.syncUsPerPlan));
    out.push(r);
    log(
      `| ${r.domain} | ${r.workers} | ${r.sharedMemory ? 'shared memory' : 'transferred'} | ${f(r.plansPerSecond, 0)} | ${f(median(runs.map((x) => x.plansPerBatch)), 0)} | ${f(r.mainUsPerPlan)} | ${f(r.syncUsPerPlan)} | ${f(ratio)} | ${r.equal ? 'yes' : 'NO'} |`,
    );
  }
  log('');
  log(`Medians of ${rounds} rounds; "offloaded / local" is the median of each round's ratio (both measured in the same round).`);
  log('');
  return out;
}

function sharingPart(log: Log): { alone: CrowdRun; shared: CrowdRun; same: boolean; hitRate: number; cache: PlanCacheStats } {
  log('### Plan sharing: the arena with 1,000 agents (500 matches, a troll and a soldier each)');
  log('');
  const ticks = quick ? 100 : 300;
  // Rounds alternate (alone, shared, alone, ...) and the median planning time of each is reported:
  // on a shared machine one run's time alone says little.
  const rounds = quick ? 1 : 3;
  const alones: CrowdRun[] = [];
  const shareds: CrowdRun[] = [];
  let cache = new PlanCache({ capacity: 4096 });
  for (let r = 0; r < rounds; r++) {
    alones.push(runCrowd({ arenas: 500, ticks }));
    cache = new PlanCache({ capacity: 4096 });
    shareds.push(runCrowd({ arenas: 500, ticks, cache }));
  }
  const median = (runs: CrowdRun[]) => runs.slice().sort((a, b) => a.planMs - b.planMs)[runs.length >> 1];
  const alone = median(alones);
  const shared = median(shareds);
  const same = [...alones, ...shareds].every(
    (x) => x.plansFound === alone.plansFound && x.stepsSucceeded === alone.stepsSucceeded && x.planCalls === alone.planCalls,
  );
  const c = cache.stats;
  log(
    '| run | plan calls | plans found | planning ms (sum) | hit rate (of lookups) | calls served from the cache | planned alone after a failure | cache entries | same decisions |',
  );
  log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  log(`| alone | ${alone.planCalls} | ${alone.plansFound} | ${f(alone.planMs)} | – | – | – | – | – |`);
  log(
    `| shared cache | ${shared.planCalls} | ${shared.plansFound} | ${f(shared.planMs)} | ${f(cache.hitRate * 100, 1)}% | ${f((c.hits / shared.planCalls) * 100, 1)}% | ${c.bypassed} | ${cache.size} | ${same ? 'yes' : 'NO'} |`,
  );
  log('');
  log(
    'An agent whose step failed plans alone from then on (`afterFailure: Infinity`): GOAP failure penalties are per agent, and the crowd must decide exactly as without the cache for the times to compare.',
  );
  log('');
  log(
    `Planning time (median of ${rounds} alternating runs each, the runners' own timing of plan() calls, lookups included): ${f(alone.planMs)} ms alone, ${f(shared.planMs)} ms shared, ${f((1 - shared.planMs / alone.planMs) * 100, 1)}% saved over ${ticks} ticks; the hits of the last shared run skipped searches that took ${f(c.savedMs)} ms when first planned, and its misses took ${f(c.spentMs)} ms.`,
  );
  return { alone, shared, same, hitRate: cache.hitRate, cache: c };
}

async function main(): Promise<void> {
  const lines: string[] = [
    `## dualplan scaling benchmark`,
    '',
    `${new Date().toISOString()} · ${cpus()[0]?.model ?? 'CPU'} × ${cpus().length} · Node ${process.version}${quick ? ' · **quick pass**' : ''}`,
    '',
  ];
  const log: Log = (line) => {
    console.log(line);
    lines.push(line);
  };
  const scheduler = runs('scheduler') ? await schedulerPart(log) : [];
  const crowd = runs('crowd') ? await crowdPart(log) : [];
  const pool = runs('pool') ? await poolPart(log) : [];
  const sharing = runs('sharing') ? sharingPart(log) : null;
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const suffix = args.only !== null ? `-${args.only}` : '';
  writeFileSync(new URL(`scaling${suffix}.md`, dir), `${lines.join('\n')}\n`);
  writeFileSync(new URL(`scaling${suffix}.json`, dir), JSON.stringify({ quick, scheduler, crowd, pool, sharing }, null, 2));
  const bad = pool.some((p) => !p.equal) || (sharing !== null && !sharing.same) || scheduler.some((s) => s.planner === 'htn' && !s.cache && s.gcs > 0);
  if (bad) {
    console.error(
      '\nFAILED: a pooled plan differs from the synchronous one, the cached crowd decided differently, or the HTN scheduler loop collected garbage.',
    );
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
