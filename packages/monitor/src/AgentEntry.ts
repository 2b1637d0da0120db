import type { Agent, PlanRunner } from '@dualplan/runner';
import type { AgentPlanner, CatalogEntry, WorldState } from '@dualplan/world-state';
import type { CapturedRun } from './CapturedRun.js';
import type { RingBuffer } from './RingBuffer.js';
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
  readonly scratch: WorldState<any>;
}

/** @internal What a recorder keeps per recorded agent. */
export interface AgentEntry {
  readonly agent: Agent;
  readonly runners: RunnerEntry[];
  readonly runs: RingBuffer<CapturedRun>;
  readonly timeline: Timeline;
  readonly stats: UsageStatistics;
  readonly values: Int32Array;
  /** The planners' catalog entries by name; `catalogChanged` until the next update carries it. */
  readonly catalog: Record<string, CatalogEntry>;
  catalogChanged: boolean;
  version: number;
  nextRun: number;
  /** Runs new since the last flush, for subscribers (bounded by retention too; the timeline knows its unsent events). */
  readonly outRuns: RingBuffer<CapturedRun>;
  remove: () => void;
}
