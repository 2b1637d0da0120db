import type { ObservedGoal, Schema, SearchSummary, SearchTrace } from '@dualplan/world-state';
import { cutSearch } from './cutSearch.js';
import { namedState } from './namedState.js';
import type { CapturedPlan } from './CapturedPlan.js';
import type { GoalConsidered, PlanningOutcome, PlanningRun } from './Recording.js';

/**
 * @internal One search of a run as captured: a trace (`read` null), or a planner's summary
 * with the reader that builds its trace.
 */
export interface PendingSearch {
  read: (() => SearchTrace) | null;
  summary: SearchTrace | SearchSummary;
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

  constructor(
    readonly id: number,
    private readonly head: Omit<PlanningRun, 'id' | 'state' | 'plan' | 'searches' | 'goals' | 'planMs' | 'truncated'>,
    private readonly schema: Schema,
    private readonly values: readonly number[],
    readonly plan: CapturedPlan | null,
    private readonly pending: readonly PendingSearch[],
    /** The goal selection as the planner reported it (made into recorded goals when read). */
    readonly goals: readonly ObservedGoal[],
    readonly planMs: number,
    private readonly maxSearchItems: number,
  ) {}

  /** What statistics count: each search's trace or summary, as reported (before {@link settle}). */
  get searches(): readonly (SearchTrace | SearchSummary)[] {
    return this.pending.map(summaryOf);
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

  get outcome(): PlanningOutcome {
    return this.head.outcome;
  }

  /** The run as recorded (built once; the same object on every call). */
  read(): PlanningRun {
    if (this.built !== null) return this.built;
    const h = this.head;
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
      searches,
      goals: this.goals.map(considered),
      planMs: this.planMs,
      truncated: cut,
    });
  }
}

function summaryOf(p: PendingSearch): SearchTrace | SearchSummary {
  return p.summary;
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
