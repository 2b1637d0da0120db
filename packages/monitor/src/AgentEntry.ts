import type { Agent, PlanRunner } from '@dualplan/runner';
import type { AgentPlanner, CatalogEntry } from '@dualplan/world-state';
import type { RunSlab } from './RunSlab.js';
import type { Timeline } from './Timeline.js';
import type { UsageStatistics } from './UsageStatistics.js';
import type { PlanCredit } from './CountedRun.js';

/** @internal `T` with its fields writable, for a record built in steps. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** @internal What a recorder keeps per recorded runner. */
export interface RunnerEntry {
  readonly runner: PlanRunner;
  planner: AgentPlanner | null;
  planCalls: number;
  /** A planner call happened and its outcome event has not arrived yet. */
  planned: boolean;
  current: number;
  credit: PlanCredit | undefined;
}

/** @internal What a recorder keeps per recorded agent. */
export interface AgentEntry {
  readonly agent: Agent;
  readonly runners: RunnerEntry[];
  /** The kept runs, and which of them subscribers have not been sent yet. */
  readonly runs: RunSlab;
  readonly timeline: Timeline;
  readonly stats: UsageStatistics;
  readonly values: Int32Array;
  /** The planners' catalog entries by name; `catalogChanged` until the next update carries it. */
  readonly catalog: Record<string, CatalogEntry>;
  catalogChanged: boolean;
  version: number;
  nextRun: number;
  remove: () => void;
}
