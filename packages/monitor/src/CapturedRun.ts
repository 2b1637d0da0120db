import type { PlanRunner, ReplanTrigger, RunnerEvent } from '@dualplan/runner';
import type { ObservedGoal, PlanStatus, Schema, SearchSummary, SearchTrace, WorldState } from '@dualplan/world-state';
import { CapturedPlan } from './CapturedPlan.js';
import { cutSearch } from './cutSearch.js';
import { namedState } from './namedState.js';
import type { GoalConsidered, PlanningOutcome, PlanningRun } from './Recording.js';

/**
 * @internal One search of a run as captured: a trace (`read` null), or a planner's summary
 * with the reader that builds its trace.
 */
export interface PendingSearch {
  read: (() => SearchTrace) | null;
  summary: SearchTrace | SearchSummary;
}

/** @internal What a captured run needs of its runner's entry: the runner, and the scratch state plans are predicted in. */
export interface RunRunner {
  readonly runner: PlanRunner;
  readonly scratch: WorldState<any>;
}

/**
 * @internal One planning run as captured: its numbers and references now, its
 * names (the world state, the plan's texts and predictions) when first read.
 * Statistics count from the captured fields without reading the run.
 */
export class CapturedRun {
  private built: PlanningRun | null = null;
  /** A search was cut to maxSearchItems. */
  private cut = false;
  private readonly schema: Schema;
  private readonly runner: string;
  private readonly planner: string;
  private readonly tick: number;
  private readonly time: number;
  private readonly trigger: ReplanTrigger = 'noPlan';
  private readonly status: PlanStatus = 'none';
  private readonly reason: string = '';
  readonly outcome: PlanningOutcome = 'none';
  private readonly decision: string = '';
  readonly plan: CapturedPlan | null = null;

  /**
   * The run of runner `r` that the outcome event `e` ended, with the searches and goals its
   * planner reported; `values` is a copy of the agent's state values the run keeps.
   */
  constructor(
    readonly id: number,
    r: RunRunner,
    e: RunnerEvent,
    state: WorldState<any>,
    private readonly values: readonly number[],
    private readonly pending: readonly PendingSearch[],
    /** The goal selection as the planner reported it (made into recorded goals when read). */
    readonly goals: readonly ObservedGoal[],
    readonly planMs: number,
    private readonly maxSearchItems: number,
  ) {
    this.schema = state.schema;
    this.runner = r.runner.name;
    this.planner = r.runner.planner.kind;
    this.tick = e.tick;
    this.time = e.time;
    if (e.type === 'planFound' || e.type === 'planReplaced') {
      this.outcome = e.type === 'planFound' ? 'adopted' : 'replaced';
      this.status = 'found';
      this.trigger = e.trigger;
      this.reason = e.type === 'planFound' ? e.reason : (lastFound(pending) ?? e.reason);
      this.decision = e.type === 'planReplaced' ? e.reason : '';
      this.plan = new CapturedPlan(e.plan, state, r.scratch, e.ctx, values);
    } else if (e.type === 'planRepaired' || e.type === 'planAdjusted') {
      // A mended plan: repaired after a failed step (nothing ran), or adjusted while the plan ran.
      this.outcome = e.type === 'planRepaired' ? 'adopted' : 'replaced';
      this.status = 'found';
      this.trigger = e.type === 'planRepaired' ? 'failed' : 'worldChanged';
      this.reason = e.reason;
      this.decision = `${e.type === 'planRepaired' ? 'repaired' : 'adjusted'} from ${e.from}`;
      this.plan = new CapturedPlan(e.plan, state, r.scratch, e.ctx, values);
    } else if (e.type === 'planNotFound') {
      this.status = e.status;
      this.trigger = e.trigger;
      this.reason = e.reason;
    } else if (e.type === 'replanSkipped') {
      this.outcome = 'kept';
      this.trigger = e.trigger;
      this.decision = e.reason;
      const m = e.reason.startsWith('no new plan (') ? /^no new plan \((none|budget)\): (.*)$/s.exec(e.reason) : null;
      this.status = m ? (m[1] as PlanStatus) : 'found';
      this.reason = m ? m[2] : (lastFound(pending) ?? '');
    }
  }

  /** The agent's state values this run keeps, for a later run to reuse once this one is dropped and no longer read. */
  recycle(): number[] {
    return this.values as number[];
  }

  /** How many searches the run has. */
  get searchCount(): number {
    return this.pending.length;
  }

  /** Search `i`'s trace or summary as reported (before {@link settle}), without making an array. */
  searchAt(i: number): SearchTrace | SearchSummary {
    return this.pending[i].summary;
  }

  /**
   * Once counted: a search captured as a large trace (over maxSearchItems) is cut now,
   * so what a run keeps stays bounded; summaries are named and cut when read.
   */
  settle(): void {
    for (const p of this.pending) {
      if (p.read !== null || !('nodes' in p.summary)) continue;
      const kept = cutSearch(p.summary, this.maxSearchItems);
      if (kept !== p.summary) this.cut = true;
      p.summary = kept;
    }
  }

  /** The run as recorded (built once; the same object on every call). */
  read(): PlanningRun {
    if (this.built !== null) return this.built;
    // Each search named now, and kept within maxSearchItems (the run is marked truncated when one was cut).
    let cut = this.cut;
    const searches = this.pending.map((p) => {
      const trace = p.read !== null ? p.read() : (p.summary as SearchTrace);
      const kept = cutSearch(trace, this.maxSearchItems);
      if (kept !== trace) cut = true;
      return kept;
    });
    return (this.built = {
      id: this.id,
      runner: this.runner,
      planner: this.planner,
      tick: this.tick,
      time: this.time,
      trigger: this.trigger,
      state: namedState(this.schema, this.values),
      status: this.status,
      reason: this.reason,
      outcome: this.outcome,
      decision: this.decision,
      plan: this.plan === null ? null : this.plan.read(),
      searches,
      goals: this.goals.map(considered),
      planMs: this.planMs,
      truncated: cut,
    });
  }
}

function lastFound(searches: readonly PendingSearch[]): string | null {
  for (let i = searches.length - 1; i >= 0; i--) if (searches[i].summary.status === 'found') return searches[i].summary.reason;
  return null;
}

function considered(g: ObservedGoal): GoalConsidered {
  return {
    name: g.name,
    priority: Number.isNaN(g.priority) ? null : g.priority,
    valid: g.valid,
    satisfied: g.satisfied,
    plannable: g.plannable,
    chosen: g.chosen,
    ...(g.invalid === undefined ? {} : { invalid: g.invalid }),
  };
}
