import { GoapPlanner, goapAgentPlanner, goapSlicedPlanner } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { HtnPlanner, htnAgentPlanner, htnSlicedPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { OperatorStatus, PlanCache, PlanningScheduler, cachedPlanner, createAgent, type Agent, type Operator } from '@dualplan/runner';
import { createState, type AgentPlanner, type WorldState } from '@dualplan/world-state';
import { TrollOperator } from '@dualplan/world-state/examples';
import { trollStates } from '../suites/agentsSuite.js';
import { countGcs } from './countGcs.js';

export interface SchedulerRunOptions {
  agents: number;
  planner: 'htn' | 'goap';
  /** Rechecks per second per agent. */
  hz: number;
  fps: number;
  budgetMs: number;
  /** Measured frames, after as many warm-up frames. */
  frames: number;
  /** Put a shared {@link PlanCache} in front of the planner: agents in the same situation reuse one search. */
  cache?: boolean;
}

export interface SchedulerFigures {
  readonly agents: number;
  readonly planner: string;
  /** Whether a plan cache served the agents, and its hit rate over the measured frames. */
  readonly cache: boolean;
  readonly hitRate: number;
  readonly budgetMs: number;
  readonly p50FrameMs: number;
  readonly p99FrameMs: number;
  readonly maxFrameMs: number;
  /** The p99 of the process CPU time per scheduler frame: wall time less preemption by other processes on a shared machine. */
  readonly p99FrameCpuMs: number;
  /**
   * The same CPU p99 for a loop that spins exactly `budgetMs` of wall time per frame: the floor of what the
   * process CPU clock shows for a frame that keeps its budget (other threads and the clock's own error included).
   */
  readonly p99SpinCpuMs: number;
  /** Requests answered per frame (demand: agents × hz / fps). */
  readonly answeredPerFrame: number;
  readonly demandPerFrame: number;
  /** Mean frames from request to answer. */
  readonly meanLatencyFrames: number;
  /** Mean agent tick time per frame (the runners, planning excluded), in ms. */
  readonly tickMsPerFrame: number;
  readonly gcs: number;
  readonly runningAgents: number;
}

const keepRunning: Operator = { update: () => OperatorStatus.Running };

/** Soldier states that differ: what each soldier sees varies. */
function soldierStates(n: number): WorldState<any>[] {
  const schema = soldierGoapDomain().schema;
  return Array.from({ length: n }, (_, i) => createState(schema, { enemyvisible: i % 2 === 0, nearenemy: i % 3 === 0, weaponloaded: i % 5 === 0 }));
}

/**
 * A crowd whose runners recheck their plan `hz` times a second (staggered by
 * the runner), every plan made by one {@link PlanningScheduler} within
 * `budgetMs` per frame. Operators keep running, so a recheck finds the same
 * plan and keeps it: the steady state of a crowd going about its business.
 */
export function schedulerCrowd(o: Omit<SchedulerRunOptions, 'fps'>): { scheduler: PlanningScheduler; agents: Agent[]; cache: PlanCache | null } {
  const scheduler = new PlanningScheduler({ frameBudgetMs: o.budgetMs, frameSamples: o.frames });
  // With the cache, as docs/scaling.md composes it: a hit is answered in the agent's own tick, before the queue; a
  // miss is queued, planned by the scheduled cached planner (which stores it), and waiting misses of the same
  // situation are answered from the cache at their next tick.
  const cache = o.cache ? new PlanCache({ capacity: 1024 }) : null;
  const cached = (planner: AgentPlanner, name: string): AgentPlanner =>
    cache === null ? scheduler.schedule(planner) : cachedPlanner(scheduler.schedule(cachedPlanner(planner, cache, { name })), cache, { name });
  let agents: Agent[];
  if (o.planner === 'htn') {
    // An HTN request runs whole in one slice, so agents may share the planner; each keeps its own plan buffers.
    const planner = new HtnPlanner(trollHtnDomain());
    const operators = Object.fromEntries(Object.values(TrollOperator).map((op) => [op, keepRunning]));
    agents = trollStates(o.agents).map((state, i) =>
      createAgent({
        id: `troll${i}`,
        state,
        ctx: {},
        planner: cache === null ? scheduler.schedule(htnSlicedPlanner(planner)) : cached(htnAgentPlanner(planner), 'troll'),
        operators,
        recheckInterval: 1 / o.hz,
      }),
    );
  } else {
    // The scheduler runs one search at a time to its end, so sliced GOAP agents may share one search.
    const domain = soldierGoapDomain();
    const planner = new GoapPlanner(domain);
    const operators = Object.fromEntries(domain.steps.map((s) => [s.operator, keepRunning]));
    agents = soldierStates(o.agents).map((state, i) =>
      createAgent({
        id: `soldier${i}`,
        state,
        ctx: {},
        planner: cache === null ? scheduler.schedule(goapSlicedPlanner(planner)) : cached(goapAgentPlanner(planner), 'soldier'),
        operators,
        recheckInterval: 1 / o.hz,
      }),
    );
  }
  return { scheduler, agents, cache };
}

/** Run {@link schedulerCrowd} for `frames` warm-up frames, then measure `frames` more: frame times, latency, GCs. */
export async function schedulerRun(o: SchedulerRunOptions): Promise<SchedulerFigures> {
  const { scheduler, agents, cache } = schedulerCrowd(o);
  const frame = { dt: 1 / o.fps };
  let tickMs = 0;
  const cpu = new Float64Array(o.frames);
  const runFrames = (n: number) => {
    const dt = frame.dt;
    for (let f = 0; f < n; f++) {
      const t0 = performance.now();
      for (let i = 0; i < agents.length; i++) agents[i].tick(dt);
      tickMs += performance.now() - t0;
      const c0 = process.cpuUsage();
      scheduler.runFrame();
      const c1 = process.cpuUsage(c0);
      cpu[f] = (c1.user + c1.system) / 1000;
    }
  };
  runFrames(o.frames); // warm-up: first plans, JIT
  const s = scheduler.stats;
  const answered0 = s.answered;
  const hits0 = cache?.stats.hits ?? 0;
  const lookups0 = cache?.stats.lookups ?? 0;
  const latency0 = s.latencyFrames;
  tickMs = 0;
  const gcs = await countGcs(() => runFrames(o.frames));
  const answered = s.answered - answered0;
  const spin = new Float64Array(o.frames);
  for (let f = 0; f < o.frames; f++) {
    const c0 = process.cpuUsage();
    const until = performance.now() + o.budgetMs;
    while (performance.now() < until);
    const c1 = process.cpuUsage(c0);
    spin[f] = (c1.user + c1.system) / 1000;
  }
  return {
    agents: o.agents,
    planner: o.planner,
    cache: cache !== null,
    hitRate: cache === null ? 0 : (cache.stats.hits - hits0) / Math.max(1, cache.stats.lookups - lookups0),
    budgetMs: o.budgetMs,
    p50FrameMs: scheduler.frameTimePercentile(50),
    p99FrameMs: scheduler.frameTimePercentile(99),
    maxFrameMs: scheduler.frameTimePercentile(100),
    p99FrameCpuMs: cpu.sort()[Math.ceil(0.99 * o.frames) - 1],
    p99SpinCpuMs: spin.sort()[Math.ceil(0.99 * o.frames) - 1],
    answeredPerFrame: answered / o.frames,
    demandPerFrame: (o.agents * o.hz) / o.fps,
    meanLatencyFrames: answered === 0 ? NaN : (s.latencyFrames - latency0) / answered,
    tickMsPerFrame: tickMs / o.frames,
    gcs,
    runningAgents: agents.filter((a) => a.runner().plan !== null).length,
  };
}
