import type { ReplanTrigger, RunnerEvent } from '@dualplan/runner';
import type { PlanStatus, Schema, SearchTrace } from '@dualplan/world-state';
import type { AgentEntry, RunnerEntry } from './AgentEntry.js';
import { cutSearch } from './cutSearch.js';
import { namedState } from './namedState.js';
import { capturePlan, type CapturedPlan } from './recordPlan.js';
import type { GoalConsidered, PlanningOutcome, PlanningRun } from './Recording.js';

/**
 * @internal One planning run as captured: its numbers and references now, its
 * names (the world state, the plan's texts and predictions) when first read.
 * Statistics count from the captured fields without reading the run.
 */
export class CapturedRun {
  private built: PlanningRun | null = null;
  private cut = false;

  constructor(
    readonly id: number,
    private readonly head: Omit<PlanningRun, 'id' | 'state' | 'plan' | 'searches' | 'goals' | 'planMs' | 'truncated'>,
    private readonly schema: Schema,
    private readonly values: Int32Array,
    readonly plan: CapturedPlan | null,
    private searchList: readonly SearchTrace[],
    readonly goals: readonly GoalConsidered[],
    readonly planMs: number,
  ) {}

  /** The searches as reported (until {@link cutSearches}), then as kept. */
  get searches(): readonly SearchTrace[] {
    return this.searchList;
  }

  /** Keep each search within `max` items; the run is marked truncated when one was cut. */
  cutSearches(max: number): void {
    this.searchList = this.searchList.map((s) => {
      const kept = cutSearch(s, max);
      if (kept !== s) this.cut = true;
      return kept;
    });
  }

  get outcome(): PlanningOutcome {
    return this.head.outcome;
  }

  /** The run as recorded (built once; the same object on every call). */
  read(): PlanningRun {
    const h = this.head;
    return (this.built ??= {
      id: this.id,
      runner: h.runner,
      planner: h.planner,
      tick: h.tick,
      time: h.time,
      trigger: h.trigger,
      state: namedState(this.schema, this.values),
      status: h.status,
      reason: h.reason,
      outcome: h.outcome,
      decision: h.decision,
      plan: this.plan === null ? null : this.plan.read(),
      searches: this.searchList,
      goals: this.goals,
      planMs: this.planMs,
      truncated: this.cut,
    });
  }
}

/**
 * @internal The record of one planning run of runner `r`, from the outcome
 * event `e` that ended it and the searches and goals its planner reported.
 * Takes the agent's next run id.
 */
export function planningRun(entry: AgentEntry, r: RunnerEntry, e: RunnerEvent, searches: SearchTrace[], goals: GoalConsidered[]): CapturedRun {
  const times = r.runner.stats.planTimes;
  const planMs = times.length === 0 ? 0 : times[(r.planCalls - 1) % times.length];
  let outcome: PlanningOutcome = 'none';
  let status: PlanStatus = 'none';
  let reason = '';
  let decision = '';
  let trigger: ReplanTrigger = 'noPlan';
  let plan: CapturedPlan | null = null;
  if (e.type === 'planFound' || e.type === 'planReplaced') {
    outcome = e.type === 'planFound' ? 'adopted' : 'replaced';
    status = 'found';
    trigger = e.trigger;
    reason = e.type === 'planFound' ? e.reason : (lastFound(searches) ?? e.reason);
    decision = e.type === 'planReplaced' ? e.reason : '';
    plan = capturePlan(e.plan, entry.agent.state, r.scratch, e.ctx);
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
  const state = entry.agent.state;
  return new CapturedRun(
    entry.nextRun++,
    { runner: r.runner.name, planner: r.runner.planner.kind, tick: e.tick, time: e.time, trigger, status, reason, outcome, decision },
    state.schema,
    Int32Array.from(state.values),
    plan,
    searches,
    goals,
    planMs,
  );
}

function lastFound(searches: readonly SearchTrace[]): string | null {
  for (let i = searches.length - 1; i >= 0; i--) if (searches[i].status === 'found') return searches[i].reason;
  return null;
}
