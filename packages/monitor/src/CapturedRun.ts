import type { Schema, SearchTrace } from '@dualplan/world-state';
import { cutSearch } from './cutSearch.js';
import { namedState } from './namedState.js';
import type { CapturedPlan } from './recordPlan.js';
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
