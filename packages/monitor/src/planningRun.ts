import type { RunnerEvent } from '@dualplan/runner';
import type { ObservedGoal } from '@dualplan/world-state';
import type { AgentEntry, RunnerEntry } from './AgentEntry.js';
import { CapturedRun } from './CapturedRun.js';
import type { PendingSearchList } from './PendingSearchList.js';

/**
 * @internal The record of one planning run of runner `r`, from the outcome
 * event `e` that ended it and the searches and goals its planner reported.
 * Takes the agent's next run id. The run retention is about to drop captures it
 * (the object and its storage), unless that run still waits to be sent (a flush
 * reads it); else a new run is made.
 */
export function planningRun(
  entry: AgentEntry,
  r: RunnerEntry,
  e: RunnerEvent,
  searches: PendingSearchList,
  goals: readonly ObservedGoal[],
  maxSearchItems: number,
): CapturedRun {
  const times = r.runner.stats.planTimes;
  const planMs = times.length === 0 ? 0 : times[(r.planCalls - 1) % times.length];
  const state = entry.agent.state;
  const id = entry.nextRun++;
  const dropping = entry.runs.length === entry.runs.capacity ? entry.runs.at(0)! : null;
  const unsent = entry.outRuns.at(0);
  if (dropping !== null && (unsent === undefined || unsent.id > dropping.id)) {
    dropping.reset(id, r, e, state, searches, goals, planMs, maxSearchItems);
    return dropping;
  }
  // A plain array: cheaper to make than a typed array for a state's few cells.
  return new CapturedRun(id, r, e, state, new Array<number>(state.schema.size), searches, goals, planMs, maxSearchItems);
}
