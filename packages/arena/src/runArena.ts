import type { AgentPlanner, PlanStep } from '@dualplan/world-state';
import { TrollLocation, TrollOperator } from '@dualplan/world-state/examples';
import { eventToJSON, formatEvent, roundTime, summarizePlanTimes, timelinePrefix, type Agent, type RunnerEvent } from '@dualplan/runner';
import { Arena } from './Arena.js';
import { createSoldier } from './soldierAgent.js';
import { createTroll } from './trollAgent.js';
import { createNpc } from './npcAgent.js';
import type { HtnPlanner } from '@dualplan/htn';

/** Options of one arena match. */
export interface ArenaOptions {
  seed: number;
  ticks: number;
  /** Which planner drives the troll. */
  troll: 'htn' | 'goap';
  /** Builds the planners (see `planners.ts`); injected so tests can swap them. */
  planners: ArenaPlanners;
  /** Seconds per tick; default 0.1. */
  dt?: number;
  /** Called once the agents exist, before the first tick (e.g. to attach a recorder). */
  setup?: (match: ArenaMatch) => void;
}

/** Planner factories; `null` when that planner is not available. */
export interface ArenaPlanners {
  troll(kind: 'htn' | 'goap'): AgentPlanner | null;
  soldier(): AgentPlanner | null;
  /** The NPC whose combat is an HTN slot (its operators plug the slot, so they need the planner itself); absent: no NPC. */
  npc?(): HtnPlanner | null;
}

/** One agent's counters over a match. */
export interface AgentSummary {
  readonly agent: string;
  readonly planner: string;
  readonly plans: number;
  readonly replans: number;
  readonly replaced: number;
  readonly skipped: number;
  readonly failedPlans: number;
  readonly steps: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly aborted: number;
  readonly planCalls: number;
  readonly meanMs: number;
  readonly p95Ms: number;
}

/** What a match produced: the readable timeline, JSON records, and per-agent summaries. */
export interface ArenaRun {
  readonly seed: number;
  readonly ticks: number;
  readonly troll: 'htn' | 'goap';
  readonly lines: string[];
  readonly records: Record<string, unknown>[];
  readonly summaries: AgentSummary[];
  /** Why an agent is missing (a planner not available), if any. */
  readonly missing: string[];
}

/**
 * Run one deterministic match: the player bot wanders, the troll, the
 * soldier and the NPC (when its planner is given) sense, plan and act. The same seed gives the same events on every
 * machine (plan times, which differ, are only in the summaries).
 * @example
 * const run = runArena({ seed: 7, ticks: 300, troll: 'htn', planners: defaultPlanners });
 * console.log(run.lines.join('\n'));
 */
export function runArena(options: ArenaOptions): ArenaRun {
  const match = createMatch(options);
  options.setup?.(match);
  for (let t = 0; t < options.ticks; t++) match.step();
  return {
    seed: options.seed,
    ticks: options.ticks,
    troll: options.troll,
    lines: match.lines,
    records: match.records,
    summaries: match.agents.map(summarize),
    missing: match.missing,
  };
}

/** A match in progress: advance it one tick at a time (the page draws it between ticks). */
export interface ArenaMatch {
  readonly arena: Arena;
  readonly agents: readonly Agent[];
  /** The readable timeline so far (grows with each step). */
  readonly lines: string[];
  readonly records: Record<string, unknown>[];
  readonly missing: string[];
  /** Advance the world and every agent by one tick. */
  step(): void;
}

/**
 * Set up a match without running it: {@link runArena} steps it to the end,
 * the arena page steps it in real time.
 * @example
 * const match = createMatch({ seed: 1, troll: 'htn', planners: defaultPlanners });
 * match.step();
 */
export function createMatch(options: Omit<ArenaOptions, 'ticks'>): ArenaMatch {
  const dt = options.dt ?? 0.1;
  const arena = new Arena(options.seed);
  const lines: string[] = [];
  const records: Record<string, unknown>[] = [];
  const missing: string[] = [];
  const lastNoPlan = new Map<string, string>();
  const onEvent = (e: RunnerEvent) => {
    records.push(eventToJSON(e, argName));
    // Repeated "no plan" retries (a dead soldier) say nothing new: print the first only.
    const key = `${e.agent}/${e.runner}`;
    if (e.type === 'planNotFound') {
      if (lastNoPlan.get(key) === e.reason) return;
      lastNoPlan.set(key, e.reason);
    } else if (e.type === 'planFound') lastNoPlan.delete(key);
    lines.push(formatEvent(e, argName) + goalOf(e));
  };
  arena.onNotes((n) => {
    records.push({ tick: n.tick, time: roundTime(n.time), agent: 'world', type: 'world', text: n.text });
    lines.push(`${timelinePrefix(n.tick, n.time)} world          ${n.text}`);
  });
  const agents: Agent[] = [];
  const trollPlanner = options.planners.troll(options.troll);
  if (trollPlanner) agents.push(createTroll(arena, 'troll', trollPlanner, onEvent));
  else missing.push(`troll: no ${options.troll} planner available`);
  const soldierPlanner = options.planners.soldier();
  if (soldierPlanner) agents.push(createSoldier(arena, soldierPlanner, onEvent));
  else missing.push('soldier: no GOAP planner available');
  const npcPlanner = options.planners.npc?.() ?? null;
  if (npcPlanner) agents.push(createNpc(arena, npcPlanner, options.seed, onEvent));
  return {
    arena,
    agents,
    lines,
    records,
    missing,
    step() {
      arena.advance(dt);
      for (const agent of agents) agent.tick(dt);
    },
  };
}

/** GOAP plans say which goal they serve (the planner chose it): ` [goal killEnemy, priority 1]`. */
function goalOf(e: RunnerEvent): string {
  if (e.type !== 'planFound' && e.type !== 'planReplaced') return '';
  const meta = e.plan.meta as { goal?: unknown; priority?: unknown } | null;
  return typeof meta?.goal === 'string' ? `  [goal ${meta.goal}, priority ${String(meta.priority)}]` : '';
}

const LOCATION_NAMES: Record<number, string> = Object.fromEntries(Object.entries(TrollLocation).map(([name, v]) => [v, name]));

/** `NavigateTo` takes a {@link TrollLocation}: show its name. */
function argName(arg: unknown, step: PlanStep): string {
  return step.operator === TrollOperator.NavigateTo && typeof arg === 'number' ? (LOCATION_NAMES[arg] ?? String(arg)) : String(arg);
}

function summarize(agent: Agent): AgentSummary {
  const runner = agent.runner();
  const s = runner.stats;
  const times = summarizePlanTimes([s]);
  return {
    agent: agent.id,
    planner: runner.planner.kind,
    plans: s.plansFound,
    replans: s.replans,
    replaced: s.replaced,
    skipped: s.replansSkipped,
    failedPlans: s.plansFailed,
    steps: s.stepsStarted,
    succeeded: s.stepsSucceeded,
    failed: s.stepsFailed,
    aborted: s.stepsAborted,
    planCalls: s.planCalls,
    meanMs: times.meanMs,
    p95Ms: times.p95Ms,
  };
}
