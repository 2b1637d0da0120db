import type { PlanRunner, ReplanTrigger, RunnerEvent } from '@dualplan/runner';
import type { ObservedGoal, Plan, PlanStatus, Schema, SearchSummary, SearchTrace, WorldState } from '@dualplan/world-state';
import { CapturedPlan } from './CapturedPlan.js';
import type { PendingSearchList, SearchReader } from './PendingSearchList.js';
import { cutSearch } from './cutSearch.js';
import { namedState } from './namedState.js';
import type { GoalConsidered, PlanningOutcome, PlanningRun } from './Recording.js';

/** What an emptied search slot holds (nothing of an earlier run stays alive there). */
const NO_TRACE: SearchSummary = Object.freeze({ planner: 'htn', target: '', status: 'none', reason: '', items: 0, count: () => {} });

/** @internal What a captured run needs of its runner's entry: the runner, and the scratch state plans are predicted in. */
export interface RunRunner {
  readonly runner: PlanRunner;
  readonly scratch: WorldState<any>;
}

/**
 * @internal One planning run as captured: its numbers and references now, its
 * names (the world state, the plan's texts and predictions) when first read.
 * Statistics count from the captured fields without reading the run. Once retention
 * drops a run nobody reads any more, the object and its storage capture a later run
 * ({@link reset}): what an earlier read returned is separate and stays as it was.
 */
export class CapturedRun {
  private built: PlanningRun | null = null;
  /** A search was cut to maxSearchItems. */
  private cut = false;
  private schema: Schema;
  private runnerName = '';
  private plannerKind = '';
  private tick = 0;
  private time = 0;
  private trigger: ReplanTrigger = 'noPlan';
  private status: PlanStatus = 'none';
  private reason = '';
  private outcomeNow: PlanningOutcome = 'none';
  private decision = '';
  /** The plan of this run, or null; `kept` is this object's plan storage, kept for a later run while this one has none. */
  private planNow: CapturedPlan | null = null;
  private kept: CapturedPlan | null = null;
  private idNow = 0;
  private goalsNow: readonly ObservedGoal[] = [];
  private planMsNow = 0;
  private maxSearchItems = 0;
  /** The run's searches, `searches` of them: as reported, and their readers (null once named, or for a trace). */
  private readonly summaries: (SearchTrace | SearchSummary)[] = [];
  private readonly readers: SearchReader[] = [];
  private searches = 0;

  /**
   * The run of runner `r` that the outcome event `e` ended, with the searches and goals its
   * planner reported; `values` is the storage for a copy of the agent's state values the run keeps.
   */
  constructor(
    id: number,
    r: RunRunner,
    e: RunnerEvent,
    state: WorldState<any>,
    private readonly values: number[],
    pending: PendingSearchList,
    goals: readonly ObservedGoal[],
    planMs: number,
    maxSearchItems: number,
  ) {
    this.schema = state.schema;
    this.reset(id, r, e, state, pending, goals, planMs, maxSearchItems);
  }

  /** Capture a new run into this object and its storage (see the constructor); the previous run is forgotten. */
  reset(
    id: number,
    r: RunRunner,
    e: RunnerEvent,
    state: WorldState<any>,
    pending: PendingSearchList,
    goals: readonly ObservedGoal[],
    planMs: number,
    maxSearchItems: number,
  ): void {
    this.built = null;
    this.cut = false;
    this.idNow = id;
    this.goalsNow = goals;
    this.planMsNow = planMs;
    this.maxSearchItems = maxSearchItems;
    this.schema = state.schema;
    const values = this.values;
    const size = state.schema.size;
    const now = state.values;
    if (values.length !== size) values.length = size;
    for (let c = 0; c < size; c++) values[c] = now[c];
    const n = pending.length;
    const summaries = this.summaries;
    const readers = this.readers;
    for (let i = 0; i < n; i++) {
      summaries[i] = pending.at(i);
      readers[i] = pending.readerAt(i);
    }
    // Searches of an earlier run past this one's are not kept alive.
    for (let i = n; i < this.searches; i++) {
      summaries[i] = NO_TRACE;
      readers[i] = null;
    }
    this.searches = n;
    this.runnerName = r.runner.name;
    this.plannerKind = r.runner.planner.kind;
    this.tick = e.tick;
    this.time = e.time;
    this.planNow = null;
    this.outcomeNow = 'none';
    this.decision = '';
    if (e.type === 'planFound' || e.type === 'planReplaced') {
      this.outcomeNow = e.type === 'planFound' ? 'adopted' : 'replaced';
      this.status = 'found';
      this.trigger = e.trigger;
      this.reason = e.type === 'planFound' ? e.reason : (this.lastFound() ?? e.reason);
      this.decision = e.type === 'planReplaced' ? e.reason : '';
      this.planNow = this.capturePlan(e.plan, state, r, e.ctx);
    } else if (e.type === 'planRepaired' || e.type === 'planAdjusted') {
      // A mended plan: repaired after a failed step (nothing ran), or adjusted while the plan ran.
      this.outcomeNow = e.type === 'planRepaired' ? 'adopted' : 'replaced';
      this.status = 'found';
      this.trigger = e.type === 'planRepaired' ? 'failed' : 'worldChanged';
      this.reason = e.reason;
      this.decision = `${e.type === 'planRepaired' ? 'repaired' : 'adjusted'} from ${e.from}`;
      this.planNow = this.capturePlan(e.plan, state, r, e.ctx);
    } else if (e.type === 'planNotFound') {
      this.status = e.status;
      this.trigger = e.trigger;
      this.reason = e.reason;
    } else if (e.type === 'replanSkipped') {
      this.outcomeNow = 'kept';
      this.trigger = e.trigger;
      this.decision = e.reason;
      const m = e.reason.startsWith('no new plan (') ? /^no new plan \((none|budget)\): (.*)$/s.exec(e.reason) : null;
      this.status = m ? (m[1] as PlanStatus) : 'found';
      this.reason = m ? m[2] : (this.lastFound() ?? '');
    } else {
      this.status = 'none';
      this.trigger = 'noPlan';
      this.reason = '';
    }
  }

  /** The plan captured into this object's plan storage (made on first use). */
  private capturePlan(plan: Plan, state: WorldState<any>, r: RunRunner, ctx: unknown): CapturedPlan {
    if (this.kept === null) this.kept = new CapturedPlan(plan, state, r.scratch, ctx, this.values);
    else this.kept.reset(plan, state, r.scratch, ctx, this.values);
    return this.kept;
  }

  get id(): number {
    return this.idNow;
  }

  get outcome(): PlanningOutcome {
    return this.outcomeNow;
  }

  get plan(): CapturedPlan | null {
    return this.planNow;
  }

  /** The goal selection as the planner reported it (made into recorded goals when read). */
  get goals(): readonly ObservedGoal[] {
    return this.goalsNow;
  }

  get planMs(): number {
    return this.planMsNow;
  }

  /** How many searches the run has. */
  get searchCount(): number {
    return this.searches;
  }

  /** Search `i`'s trace or summary as reported (before {@link settle}), without making an array. */
  searchAt(i: number): SearchTrace | SearchSummary {
    return this.summaries[i];
  }

  /**
   * Once counted: a search captured as a large trace (over maxSearchItems) is cut now,
   * so what a run keeps stays bounded; summaries are named and cut when read.
   */
  settle(): void {
    for (let i = 0; i < this.searches; i++) {
      const s = this.summaries[i];
      if (this.readers[i] !== null || !('nodes' in s)) continue;
      const kept = cutSearch(s, this.maxSearchItems);
      if (kept !== s) this.cut = true;
      this.summaries[i] = kept;
    }
  }

  /** The run as recorded (built once; the same object on every call). */
  read(): PlanningRun {
    if (this.built !== null) return this.built;
    // Each search named now, and kept within maxSearchItems (the run is marked truncated when one was cut).
    let cut = this.cut;
    const searches: SearchTrace[] = [];
    for (let i = 0; i < this.searches; i++) {
      const read = this.readers[i];
      const trace = read !== null ? read() : (this.summaries[i] as SearchTrace);
      const kept = cutSearch(trace, this.maxSearchItems);
      if (kept !== trace) cut = true;
      searches.push(kept);
    }
    return (this.built = {
      id: this.idNow,
      runner: this.runnerName,
      planner: this.plannerKind,
      tick: this.tick,
      time: this.time,
      trigger: this.trigger,
      state: namedState(this.schema, this.values),
      status: this.status,
      reason: this.reason,
      outcome: this.outcomeNow,
      decision: this.decision,
      plan: this.planNow === null ? null : this.planNow.read(),
      searches,
      goals: this.goalsNow.map(considered),
      planMs: this.planMsNow,
      truncated: cut,
    });
  }

  /** The reason of the last search that found a plan, or null. */
  private lastFound(): string | null {
    for (let i = this.searches - 1; i >= 0; i--) if (this.summaries[i].status === 'found') return this.summaries[i].reason;
    return null;
  }
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
