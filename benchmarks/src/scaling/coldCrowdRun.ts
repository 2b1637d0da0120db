import { schedulerCrowd } from './schedulerRun.js';

/** What {@link coldCrowdRun} measured: how a crowd created at once gets its first plans. */
export interface ColdCrowdFigures {
  readonly agents: number;
  readonly planner: 'htn' | 'goap';
  readonly cache: boolean;
  /** Frames from the first until every agent runs a plan (Infinity: not within the frames run). */
  readonly framesToAllPlans: number;
  /** The first frame's planning time in ms, and the longest frame's. */
  readonly firstFrameMs: number;
  readonly maxFrameMs: number;
  /** Frames whose planning time exceeded the budget by more than 10%. */
  readonly framesOver: number;
  /** Mean agent tick time per frame (the runners, planning excluded), in ms. */
  readonly tickMsPerFrame: number;
}

/**
 * A crowd of `agents` created in one frame, at 10 frames a second with `budgetMs` of planning per frame: frames
 * until every agent has a plan, and the frame times from the very first (no warm-up: this is the cold start a
 * player sees). Run it in a fresh process for a truly cold start.
 * @example
 * const r = coldCrowdRun({ agents: 500, planner: 'goap', budgetMs: 2, cache: true, maxFrames: 100 });
 */
export function coldCrowdRun(o: { agents: number; planner: 'htn' | 'goap'; budgetMs: number; cache: boolean; maxFrames: number }): ColdCrowdFigures {
  const { scheduler, agents } = schedulerCrowd({ agents: o.agents, planner: o.planner, hz: 10, budgetMs: o.budgetMs, frames: o.maxFrames, cache: o.cache });
  const dt = 0.1;
  let tickMs = 0;
  let firstFrameMs = 0;
  let maxFrameMs = 0;
  let framesOver = 0;
  let framesToAllPlans = Infinity;
  for (let f = 0; f < o.maxFrames; f++) {
    const t0 = performance.now();
    for (let i = 0; i < agents.length; i++) agents[i].tick(dt);
    tickMs += performance.now() - t0;
    const ms = scheduler.runFrame();
    if (f === 0) firstFrameMs = ms;
    if (ms > maxFrameMs) maxFrameMs = ms;
    if (ms > o.budgetMs * 1.1) framesOver++;
    let all = true;
    for (let i = 0; i < agents.length && all; i++) all = agents[i].runner().plan !== null;
    if (all) {
      framesToAllPlans = f + 1;
      break;
    }
  }
  const frames = Number.isFinite(framesToAllPlans) ? framesToAllPlans : o.maxFrames;
  return { agents: o.agents, planner: o.planner, cache: o.cache, framesToAllPlans, firstFrameMs, maxFrameMs, framesOver, tickMsPerFrame: tickMs / frames };
}
