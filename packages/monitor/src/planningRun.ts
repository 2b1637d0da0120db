import type { RunnerEvent } from '@dualplan/runner';
import type { ObservedGoal } from '@dualplan/world-state';
import type { AgentEntry, RunnerEntry } from './AgentEntry.js';
import { CapturedRun, type PendingSearch } from './CapturedRun.js';

/**
 * @internal The record of one planning run of runner `r`, from the outcome
 * event `e` that ended it and the searches and goals its planner reported.
 * Takes the agent's next run id. The state's values are copied into the storage
 * of the run retention is about to drop, unless that run still waits to be sent
 * (a flush reads it), else into a new array.
 */
export function planningRun(
  entry: AgentEntry,
  r: RunnerEntry,
  e: RunnerEvent,
  searches: readonly PendingSearch[],
  goals: readonly ObservedGoal[],
  maxSearchItems: number,
): CapturedRun {
  const times = r.runner.stats.planTimes;
  const planMs = times.length === 0 ? 0 : times[(r.planCalls - 1) % times.length];
  const state = entry.agent.state;
  const size = state.schema.size;
  const dropping = entry.runs.length === entry.runs.capacity ? entry.runs.at(0)! : null;
  const unsent = entry.outRuns.at(0);
  // A plain array: cheaper to make than a typed array for a state's few cells.
  const values = dropping !== null && (unsent === undefined || unsent.id > dropping.id) ? dropping.recycle() : new Array<number>(size);
  for (let c = 0; c < size; c++) values[c] = state.values[c];
  return new CapturedRun(entry.nextRun++, r, e, state, values, searches, goals, planMs, maxSearchItems);
}
