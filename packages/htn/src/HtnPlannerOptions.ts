import type { SubPlanner } from '@dualplan/world-state';
import type { SubtaskDef } from './domain/HtnDomainDef.js';
import type { Availability, PlanBuffer } from '@dualplan/world-state';
import type { HtnSearchModeName } from './planning/HtnSearchModeName.js';

/** Options of an {@link HtnPlanner}: budgets, sub-planners for delegate tasks and the search mode. */
export interface HtnPlannerOptions<Ctx = any> {
  /** Root task name; defaults to the domain's root. */
  root?: string;
  /** Tasks processed before giving up with status `'budget'`. Defaults to 100 000. */
  maxSteps?: number;
  /** Compound decompositions in one plan (the MTR length) before giving up with `'budget'`. Defaults to 4096. */
  maxDepth?: number;
  /**
   * What reaching `maxDepth` does: `'stop'` (default) ends the search with status `'budget'`; `'backtrack'` fails
   * only that branch, so the search goes on and returns any plan within the depth, `'none'` when there is provably
   * none, or `'budget'` (budget `'depth'`) when some branch was cut. Calling again with a larger `maxDepth` then
   * makes an iterative deepening over plan size (how the HDDL planner runs recursive domains). Ordered mode only.
   */
  atMaxDepth?: 'stop' | 'backtrack';
  /** Sub-planners for delegate tasks, by name (the hybrid hook). */
  delegates?: Readonly<Record<string, SubPlanner<Ctx>>>;
  /**
   * `'ordered'` (default): depth-first search over ordered methods, first valid method wins.
   * `'best-first'`: the cheapest full decomposition by method and primitive costs (pooled: no allocation in steady state, but it expands every applicable branch).
   * It ignores pause points, and supports neither `trace` nor {@link HtnPlanRequest.against} (both throw `BAD_OPTION`).
   */
  mode?: HtnSearchModeName;
  /** Record trace events in `HtnPlanner.trace`. Off by default and free when off. Ordered mode only. */
  trace?: boolean;
  /** Seed of the planner's generator for `select: 'random'` compounds (a 32-bit integer); defaults to 1. Same seed, same calls: same plans. */
  seed?: number;
}

/** Per-call options. Reuse one object per agent to keep planning allocation-free. */
export interface HtnPlanRequest {
  /** Root task name or id, instead of the planner's root. */
  task?: string | number;
  /** Arguments of the root task. */
  args?: readonly unknown[];
  /** Plan from this task list instead of a root (allocates). */
  tasks?: readonly SubtaskDef[];
  /**
   * Only accept plans whose MTR is of equal or higher priority: prunes the search.
   * Ordered mode only: a best-first planner throws `BAD_OPTION` (subject `against`) unless it is null or absent.
   */
  against?: readonly number[] | null;
  /** Reseed the planner's generator before this plan (see {@link HtnPlannerOptions.seed}), so this call's random choices replay. */
  seed?: number;
  /** Where to write the result (no allocation; valid until the next call writing into it); default: a fresh result. */
  out?: PlanBuffer;
  /**
   * What the agent may not choose now (cooldowns, once; the runner's adapter passes it): such primitive tasks fail
   * like an unmet condition, traced with the reason. Ordered mode; a best-first planner ignores it. Default: everything is available.
   */
  availability?: Availability;
}
