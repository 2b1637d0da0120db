import type { ReplanTrigger, RunnerEvent } from '@dualplan/runner';
import type { ObservedGoal, PlanStatus } from '@dualplan/world-state';
import type { AgentEntry, RunnerEntry } from './AgentEntry.js';
import { CapturedRun, type PendingSearch } from './CapturedRun.js';
import { CapturedPlan } from './CapturedPlan.js';
import type { PlanningOutcome } from './Recording.js';

/**
 * @internal The record of one planning run of runner `r`, from the outcome
 * event `e` that ended it and the searches and goals its planner reported.
 * Takes the agent's next run id.
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
  let outcome: PlanningOutcome = 'none';
  let status: PlanStatus = 'none';
  let reason = '';
  let decision = '';
  let trigger: ReplanTrigger = 'noPlan';
  let plan: CapturedPlan | null = null;
  const state = entry.agent.state;
  // A plain array: cheaper to make than a typed array for a state's few cells.
  const size = state.schema.size;
  const values = new Array<number>(size);
  for (let c = 0; c < size; c++) values[c] = state.values[c];
  if (e.type === 'planFound' || e.type === 'planReplaced') {
    outcome = e.type === 'planFound' ? 'adopted' : 'replaced';
    status = 'found';
    trigger = e.trigger;
    reason = e.type === 'planFound' ? e.reason : (lastFound(searches) ?? e.reason);
    decision = e.type === 'planReplaced' ? e.reason : '';
    plan = new CapturedPlan(e.plan, state, r.scratch, e.ctx, values);
  } else if (e.type === 'planRepaired' || e.type === 'planAdjusted') {
    // A mended plan: repaired after a failed step (nothing ran), or adjusted while the plan ran.
    outcome = e.type === 'planRepaired' ? 'adopted' : 'replaced';
    status = 'found';
    trigger = e.type === 'planRepaired' ? 'failed' : 'worldChanged';
    reason = e.reason;
    decision = `${e.type === 'planRepaired' ? 'repaired' : 'adjusted'} from ${e.from}`;
    plan = new CapturedPlan(e.plan, state, r.scratch, e.ctx, values);
  } else if (e.type === 'planNotFound') {
    status = e.status;
    trigger = e.trigger;
    reason = e.reason;
  } else if (e.type === 'replanSkipped') {
    outcome = 'kept';
    trigger = e.trigger;
    decision = e.reason;
    const m = e.reason.startsWith('no new plan (') ? /^no new plan \((none|budget)\): (.*)$/s.exec(e.reason) : null;
    status = m ? (m[1] as PlanStatus) : 'found';
    reason = m ? m[2] : (lastFound(searches) ?? '');
  }
  return new CapturedRun(
    entry.nextRun++,
    { runner: r.runner.name, planner: r.runner.planner.kind, tick: e.tick, time: e.time, trigger, status, reason, outcome, decision },
    state.schema,
    values,
    plan,
    searches,
    goals,
    planMs,
    maxSearchItems,
  );
}

function lastFound(searches: readonly PendingSearch[]): string | null {
  for (let i = searches.length - 1; i >= 0; i--) if (searches[i].summary.status === 'found') return searches[i].summary.reason;
  return null;
}
