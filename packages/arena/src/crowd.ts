import type { AgentPlanner } from '@dualplan/world-state';
import { cachedPlanner, type Agent, type PlanCache } from '@dualplan/runner';
import { Arena } from './Arena.js';
import { defaultPlanners } from './planners.js';
import { createSoldier } from './soldierAgent.js';
import { createTroll } from './trollAgent.js';

/** Options of {@link runCrowd}. */
export interface CrowdOptions {
  /** Arenas side by side, each with a troll and a soldier: 2 agents per arena. */
  arenas: number;
  ticks: number;
  /** Arena `i` uses seed `seed + i` (default 1). */
  seed?: number;
  troll?: 'htn' | 'goap';
  /** Share plans through this cache (every agent of a kind under one name), or plan alone. */
  cache?: PlanCache | null;
  /** Seconds per tick; default 0.1. */
  dt?: number;
}

/** What a crowd did: decisions (to compare runs) and planning cost (summed over agents). */
export interface CrowdRun {
  readonly agents: number;
  readonly planCalls: number;
  readonly plansFound: number;
  readonly stepsSucceeded: number;
  /** Time in the planners' `plan()`, cache lookups included, summed over agents, in ms. */
  readonly planMs: number;
  /** Wall time of the whole run, in ms. */
  readonly wallMs: number;
}

/**
 * Many arena matches at once, for the plan-sharing figures: every troll and
 * soldier plans through one {@link PlanCache} (or alone). The arena planners
 * read the world state only, so a cache keyed by the whole state is exact: a
 * crowd with the cache makes the same decisions as one without.
 * @example
 * const run = runCrowd({ arenas: 500, ticks: 300, cache: new PlanCache() }); // 1,000 agents
 */
export function runCrowd(options: CrowdOptions): CrowdRun {
  const dt = options.dt ?? 0.1;
  const seed = options.seed ?? 1;
  const troll = options.troll ?? 'htn';
  const cache = options.cache ?? null;
  // An agent whose step failed plans alone for good: GOAP's failure penalties are per agent, so the crowd stays exact.
  const share = (planner: AgentPlanner, name: string) => (cache === null ? planner : cachedPlanner(planner, cache, { name, afterFailure: Infinity }));
  const arenas: Arena[] = [];
  const agents: Agent[][] = [];
  for (let i = 0; i < options.arenas; i++) {
    const arena = new Arena(seed + i);
    arenas.push(arena);
    agents.push([
      createTroll(arena, `troll${i}`, share(defaultPlanners.troll(troll)!, `troll-${troll}`)),
      createSoldier(arena, share(defaultPlanners.soldier()!, 'soldier')),
    ]);
  }
  const t0 = performance.now();
  for (let t = 0; t < options.ticks; t++) {
    for (let i = 0; i < arenas.length; i++) {
      arenas[i].advance(dt);
      for (const agent of agents[i]) agent.tick(dt);
    }
  }
  const wallMs = performance.now() - t0;
  let planCalls = 0;
  let plansFound = 0;
  let stepsSucceeded = 0;
  let planMs = 0;
  for (const pair of agents) {
    for (const agent of pair) {
      const s = agent.runner().stats;
      planCalls += s.planCalls;
      plansFound += s.plansFound;
      stepsSucceeded += s.stepsSucceeded;
      planMs += s.planTimeTotal;
    }
  }
  return { agents: options.arenas * 2, planCalls, plansFound, stepsSucceeded, planMs, wallMs };
}
