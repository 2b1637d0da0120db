import { countGcs } from './countGcs.js';
import { schedulerCrowd } from './schedulerRun.js';

/** What {@link crowdFrameRun} measured: whole frames (agent ticks and planning) of a large crowd. */
export interface CrowdFrameFigures {
  readonly agents: number;
  readonly planner: 'htn' | 'goap';
  readonly cache: boolean;
  /** Plan cache hits over lookups in the measured frames (0 without a cache). */
  readonly hitRate: number;
  /** Whole frame (this frame's agent ticks plus the scheduler's planning), in ms: median, p99 and worst. */
  readonly p50FrameMs: number;
  readonly p99FrameMs: number;
  readonly maxFrameMs: number;
  /** Mean per frame of the agent ticks and of the scheduler's planning, in ms. */
  readonly tickMsPerFrame: number;
  readonly planMsPerFrame: number;
  readonly gcs: number;
  /** Agents running a plan at the end. */
  readonly runningAgents: number;
}

/**
 * A crowd of `agents` ticking `tickHz` times a second at `fps` frames a second, staggered as games run large
 * crowds: each frame ticks one group of `fps / tickHz` (every agent once per `1 / tickHz` seconds, with that dt),
 * then the scheduler plans for at most `budgetMs`. Every tick rechecks the agent's plan (operators keep running,
 * so the steady state of a crowd going about its business). Measures whole frames after as many warm-up frames.
 * @example
 * const r = await crowdFrameRun({ agents: 100_000, planner: 'goap', tickHz: 10, fps: 60, budgetMs: 2, frames: 300, cache: true });
 */
export async function crowdFrameRun(o: {
  agents: number;
  planner: 'htn' | 'goap';
  tickHz: number;
  fps: number;
  budgetMs: number;
  frames: number;
  cache: boolean;
}): Promise<CrowdFrameFigures> {
  const groups = Math.max(1, Math.round(o.fps / o.tickHz));
  const { scheduler, agents, cache } = schedulerCrowd({
    agents: o.agents,
    planner: o.planner,
    hz: o.tickHz,
    budgetMs: o.budgetMs,
    frames: o.frames,
    cache: o.cache,
  });
  const step = { dt: 1 / o.tickHz };
  const frameMs = new Float64Array(o.frames);
  let tickMs = 0;
  let planMs = 0;
  let frame = 0;
  const runFrames = (n: number, measured: boolean) => {
    const dt = step.dt;
    for (let f = 0; f < n; f++, frame++) {
      const t0 = performance.now();
      for (let i = frame % groups; i < agents.length; i += groups) agents[i].tick(dt);
      const t1 = performance.now();
      scheduler.runFrame();
      const t2 = performance.now();
      if (measured) {
        frameMs[f] = t2 - t0;
        tickMs += t1 - t0;
        planMs += t2 - t1;
      }
    }
  };
  runFrames(o.frames, false); // warm-up: first plans, JIT
  const hits0 = cache?.stats.hits ?? 0;
  const lookups0 = cache?.stats.lookups ?? 0;
  const gcs = await countGcs(() => runFrames(o.frames, true));
  const sorted = frameMs.slice().sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return {
    agents: o.agents,
    planner: o.planner,
    cache: cache !== null,
    hitRate: cache === null ? 0 : (cache.stats.hits - hits0) / Math.max(1, cache.stats.lookups - lookups0),
    p50FrameMs: at(0.5),
    p99FrameMs: at(0.99),
    maxFrameMs: sorted[sorted.length - 1],
    tickMsPerFrame: tickMs / o.frames,
    planMsPerFrame: planMs / o.frames,
    gcs,
    runningAgents: agents.filter((a) => a.runner().plan !== null).length,
  };
}
