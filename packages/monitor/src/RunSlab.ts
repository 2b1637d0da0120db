import type { OutcomeEventType, ReplanTrigger } from '@dualplan/runner';
import type { ObservedGoal, Plan, PlanStatus, PlanStep, SearchSummary, SearchTrace, WorldState } from '@dualplan/world-state';
import { CapturedPlan } from './CapturedPlan.js';
import type { PendingSearchList, SearchReader } from './PendingSearchList.js';
import { cutSearch } from './cutSearch.js';
import { namedState } from './namedState.js';
import type { GoalConsidered, PlanningOutcome, PlanningRun, RecordedPlan } from './Recording.js';

/** Numbers per run in {@link RunSlab}'s number rows: id, tick, time, plan ms, steps (-1: no plan), searches, cost, priority (NaN: none), flags, MTR length, then the MTR itself. */
const NUMS = 16;
const ID = 0;
const TICK = 1;
const TIME = 2;
const PLAN_MS = 3;
const STEPS = 4;
const SEARCHES = 5;
const COST = 6;
const PRIORITY = 7;
const FLAGS = 8;
const MTR_COUNT = 9;
const MTR_AT = 10;
const MTR_INLINE = NUMS - MTR_AT;
const PARTIAL = 1;
const CUT = 2;

/** References per run in the reference rows: texts, the goal selection, what a read built, the plan's names, then its steps and searches. */
const REFS = 28;
const RUNNER = 0;
const PLANNER = 1;
const TRIGGER = 2;
const STATUS = 3;
const OUTCOME = 4;
const REASON = 5;
const DECISION = 6;
const GOALS = 7;
const BUILT = 8;
const PLAN_PLANNER = 9;
const PLAN_TARGET = 10;
const PARALLEL = 11;
/** A plan whose effects are functions is captured whole when filed (its predictions need the state and context of then). */
const PLAN_OBJECT = 12;
/** Steps, MTR, searches past what fits in the row, as arrays (null while everything fits). */
const MORE_STEPS = 13;
const MORE_MTR = 14;
const MORE_SEARCHES = 15;
const STEP_AT = 16;
const STEP_INLINE = 6;
const SEARCH_AT = STEP_AT + STEP_INLINE;
const SEARCH_INLINE = (REFS - SEARCH_AT) / 2;

type Section = NonNullable<RecordedPlan['parallel']>[number];
/** How the runner words a skipped replan whose planner call found nothing (the status, then the planner's reason). */
const NONE = 'no new plan (none): ';
const BUDGET = 'no new plan (budget): ';
const NO_GOALS: readonly ObservedGoal[] = [];

/**
 * @internal One agent's kept planning runs (a ring of `capacity`: the oldest is dropped to make room), each
 * filed as numbers and references into rows preallocated for every run: the run's numbers in one row of a
 * `Float64Array`, its state values in one row of an `Int32Array`, its texts, plan steps and searches in one row
 * of an array. Filing a run writes a few short stretches of memory and makes no object; the run's names (state,
 * plan texts and predictions, searches) are made when it is first read ({@link read}), and the same object is
 * returned by later reads until the slot is reused. Statistics count a run from its row (see the getters by slot).
 * Also knows which runs were sent to subscribers (ids before {@link markSent}'s).
 */
export class RunSlab {
  readonly capacity: number;
  private readonly size: number;
  private readonly nums: Float64Array;
  private readonly values: Int32Array;
  private readonly refs: unknown[];
  /** Where plans are predicted when read. */
  private readonly scratch: WorldState<any>;
  private start = 0;
  private count = 0;
  private droppedCount = 0;
  /** Runs with an id from this one on were not sent to subscribers yet. */
  private sentBefore = 1;

  /** `maxSearchItems`: what a read keeps of each search (see {@link read}). */
  constructor(
    capacity: number,
    state: WorldState<any>,
    private readonly maxSearchItems: number,
  ) {
    this.capacity = capacity;
    this.size = state.schema.size;
    this.nums = new Float64Array(capacity * NUMS);
    this.values = new Int32Array(capacity * this.size);
    this.refs = new Array<unknown>(capacity * REFS).fill(null);
    this.scratch = state.clone();
  }

  /** Runs kept. */
  get length(): number {
    return this.count;
  }

  /** Runs dropped because the ring was full. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Kept runs not sent to subscribers yet. */
  get unsent(): number {
    let n = 0;
    while (n < this.count && this.nums[this.slotAt(this.count - 1 - n) * NUMS + ID] >= this.sentBefore) n++;
    return n;
  }

  /** Every run filed so far counts as sent. */
  markSent(): void {
    if (this.count > 0) this.sentBefore = this.nums[this.slotAt(this.count - 1) * NUMS + ID] + 1;
  }

  /** The slot of the run `i` places from the oldest kept one. */
  slotAt(i: number): number {
    return (this.start + i) % this.capacity;
  }

  /** The kept runs, oldest first (only the unsent ones with `unsent`), as recorded. */
  toArray(unsent = false): PlanningRun[] {
    const n = unsent ? this.unsent : this.count;
    const out = new Array<PlanningRun>(n);
    for (let i = 0; i < n; i++) out[i] = this.read(this.slotAt(this.count - n + i));
    return out;
  }

  /**
   * File run `id` of `runner` (its planner of kind `plannerKind`), which the outcome event `type` ended (its fields as
   * an `OutcomeEventSink` receives them: `detail` is a status or a `from`), with the searches and goals its planner
   * reported and its plan time; `state` and `ctx` are the state the planner saw and the agent's context. Returns its slot.
   */
  file(
    id: number,
    runner: string,
    plannerKind: string,
    type: OutcomeEventType,
    plan: Plan | null,
    eventTrigger: ReplanTrigger | '',
    eventReason: string,
    detail: string,
    tick: number,
    time: number,
    state: WorldState<any>,
    ctx: unknown,
    pending: PendingSearchList,
    goals: readonly ObservedGoal[],
    planMs: number,
  ): number {
    let slot: number;
    if (this.count < this.capacity) slot = (this.start + this.count++) % this.capacity;
    else {
      slot = this.start;
      this.start = (this.start + 1) % this.capacity;
      this.droppedCount++;
    }
    const nums = this.nums;
    const refs = this.refs;
    const n = slot * NUMS;
    const r = slot * REFS;
    nums[n + ID] = id;
    nums[n + TICK] = tick;
    nums[n + TIME] = time;
    nums[n + PLAN_MS] = planMs;
    nums[n + FLAGS] = 0;
    refs[r + RUNNER] = runner;
    refs[r + PLANNER] = plannerKind;
    refs[r + GOALS] = goals;
    refs[r + BUILT] = null;
    const size = this.size;
    const now = state.values;
    const values = this.values;
    const at = slot * size;
    for (let c = 0; c < size; c++) values[at + c] = now[c];
    this.fileSearches(n, r, pending);
    nums[n + STEPS] = -1;
    refs[r + PLAN_OBJECT] = null;
    let outcome: PlanningOutcome = 'none';
    let decision = '';
    let trigger: ReplanTrigger = 'noPlan';
    let status: PlanStatus = 'none';
    let reason = '';
    if (type === 'planFound' || type === 'planReplaced') {
      outcome = type === 'planFound' ? 'adopted' : 'replaced';
      status = 'found';
      trigger = eventTrigger as ReplanTrigger;
      reason = type === 'planFound' ? eventReason : (this.lastFound(pending) ?? eventReason);
      decision = type === 'planReplaced' ? eventReason : '';
      this.filePlan(slot, plan!, state, ctx);
    } else if (type === 'planRepaired' || type === 'planAdjusted') {
      // A mended plan: repaired after a failed step (nothing ran), or adjusted while the plan ran.
      outcome = type === 'planRepaired' ? 'adopted' : 'replaced';
      status = 'found';
      trigger = type === 'planRepaired' ? 'failed' : 'worldChanged';
      reason = eventReason;
      decision = `${type === 'planRepaired' ? 'repaired' : 'adjusted'} from ${detail}`;
      this.filePlan(slot, plan!, state, ctx);
    } else if (type === 'planNotFound') {
      status = detail as PlanStatus;
      trigger = eventTrigger as ReplanTrigger;
      reason = eventReason;
    } else if (type === 'replanSkipped') {
      outcome = 'kept';
      trigger = eventTrigger as ReplanTrigger;
      decision = eventReason;
      // The runner words a planner call that found nothing while a plan ran as `no new plan (<status>): <reason>`.
      const found = eventReason.startsWith(NONE) ? 'none' : eventReason.startsWith(BUDGET) ? 'budget' : null;
      status = found ?? 'found';
      reason = found === null ? (this.lastFound(pending) ?? '') : eventReason.slice(found === 'none' ? NONE.length : BUDGET.length);
    }
    refs[r + TRIGGER] = trigger;
    refs[r + STATUS] = status;
    refs[r + OUTCOME] = outcome;
    refs[r + REASON] = reason;
    refs[r + DECISION] = decision;
    return slot;
  }

  private fileSearches(n: number, r: number, pending: PendingSearchList): void {
    const refs = this.refs;
    const count = pending.length;
    this.nums[n + SEARCHES] = count;
    if (count > SEARCH_INLINE) {
      const all: unknown[] = [];
      for (let i = 0; i < count; i++) all.push(pending.at(i), pending.readerAt(i));
      refs[r + MORE_SEARCHES] = all;
      return;
    }
    refs[r + MORE_SEARCHES] = null;
    for (let i = 0; i < count; i++) {
      refs[r + SEARCH_AT + 2 * i] = pending.at(i);
      refs[r + SEARCH_AT + 2 * i + 1] = pending.readerAt(i);
    }
    // Searches of an earlier run in this slot are not kept alive (written without reading the row: it is cold).
    for (let i = count; i < SEARCH_INLINE; i++) refs[r + SEARCH_AT + 2 * i] = refs[r + SEARCH_AT + 2 * i + 1] = null;
  }

  private filePlan(slot: number, plan: Plan, state: WorldState<any>, ctx: unknown): void {
    const nums = this.nums;
    const refs = this.refs;
    const n = slot * NUMS;
    const r = slot * REFS;
    const steps = plan.steps;
    let opaque = false;
    for (let i = 0; i < steps.length; i++) if (steps[i].effects.hasOpaque || steps[i].expectedEffects.hasOpaque) opaque = true;
    if (opaque) {
      // Predicted now, from the state and context of now, as before.
      refs[r + PLAN_OBJECT] = new CapturedPlan(plan, state, this.scratch, ctx, this.values.slice(slot * this.size, (slot + 1) * this.size));
    }
    const meta = (plan.meta ?? {}) as { root?: unknown; goal?: unknown; mtr?: unknown; priority?: unknown; partial?: unknown };
    nums[n + STEPS] = steps.length;
    nums[n + COST] = plan.cost;
    nums[n + PRIORITY] = typeof meta.priority === 'number' ? meta.priority : NaN;
    if (meta.partial === true) nums[n + FLAGS] |= PARTIAL;
    refs[r + PLAN_PLANNER] = plan.planner;
    refs[r + PLAN_TARGET] = typeof meta.root === 'string' ? meta.root : typeof meta.goal === 'string' ? meta.goal : '';
    refs[r + PARALLEL] = plan.parallel !== undefined && plan.parallel.length > 0 ? plan.parallel.map(section) : null;
    if (steps.length > STEP_INLINE) refs[r + MORE_STEPS] = steps.slice();
    else {
      refs[r + MORE_STEPS] = null;
      for (let i = 0; i < steps.length; i++) refs[r + STEP_AT + i] = steps[i];
    }
    const mtr = Array.isArray(meta.mtr) ? (meta.mtr as number[]) : null;
    const m = mtr === null ? 0 : mtr.length;
    nums[n + MTR_COUNT] = m;
    if (m > MTR_INLINE) refs[r + MORE_MTR] = mtr!.slice();
    else {
      refs[r + MORE_MTR] = null;
      for (let i = 0; i < m; i++) nums[n + MTR_AT + i] = mtr![i];
    }
  }

  /** The reason of the last search that found a plan, or null. */
  private lastFound(pending: PendingSearchList): string | null {
    for (let i = pending.length - 1; i >= 0; i--) if (pending.at(i).status === 'found') return pending.at(i).reason;
    return null;
  }

  id(slot: number): number {
    return this.nums[slot * NUMS + ID];
  }

  outcome(slot: number): PlanningOutcome {
    return this.refs[slot * REFS + OUTCOME] as PlanningOutcome;
  }

  planMs(slot: number): number {
    return this.nums[slot * NUMS + PLAN_MS];
  }

  goals(slot: number): readonly ObservedGoal[] {
    return (this.refs[slot * REFS + GOALS] as readonly ObservedGoal[] | null) ?? NO_GOALS;
  }

  searchCount(slot: number): number {
    return this.nums[slot * NUMS + SEARCHES];
  }

  /** Search `i` of the run at `slot` as reported (or as cut by {@link settle}). */
  searchAt(slot: number, i: number): SearchTrace | SearchSummary {
    const r = slot * REFS;
    const more = this.refs[r + MORE_SEARCHES] as unknown[] | null;
    return (more !== null ? more[2 * i] : this.refs[r + SEARCH_AT + 2 * i]) as SearchTrace | SearchSummary;
  }

  private readerAt(slot: number, i: number): SearchReader {
    const r = slot * REFS;
    const more = this.refs[r + MORE_SEARCHES] as unknown[] | null;
    return (more !== null ? more[2 * i + 1] : this.refs[r + SEARCH_AT + 2 * i + 1]) as SearchReader;
  }

  private setSearch(slot: number, i: number, s: SearchTrace): void {
    const r = slot * REFS;
    const more = this.refs[r + MORE_SEARCHES] as unknown[] | null;
    if (more !== null) more[2 * i] = s;
    else this.refs[r + SEARCH_AT + 2 * i] = s;
  }

  /** The plan's step count, or -1 when the run has no plan. */
  stepCount(slot: number): number {
    return this.nums[slot * NUMS + STEPS];
  }

  stepAt(slot: number, i: number): PlanStep {
    const r = slot * REFS;
    const more = this.refs[r + MORE_STEPS] as PlanStep[] | null;
    return more !== null ? more[i] : (this.refs[r + STEP_AT + i] as PlanStep);
  }

  planPlanner(slot: number): string {
    return this.refs[slot * REFS + PLAN_PLANNER] as string;
  }

  /** The HTN root task or the GOAP goal of the plan ('' when it names none). */
  planTarget(slot: number): string {
    return this.refs[slot * REFS + PLAN_TARGET] as string;
  }

  /**
   * Once counted: a search captured as a large trace (over `maxSearchItems`) is cut now, so what a run keeps
   * stays bounded; summaries are named and cut when read.
   */
  settle(slot: number): void {
    const maxSearchItems = this.maxSearchItems;
    const n = this.searchCount(slot);
    for (let i = 0; i < n; i++) {
      const s = this.searchAt(slot, i);
      if (this.readerAt(slot, i) !== null || !('nodes' in s)) continue;
      const kept = cutSearch(s, maxSearchItems);
      if (kept !== s) this.nums[slot * NUMS + FLAGS] |= CUT;
      this.setSearch(slot, i, kept);
    }
  }

  /** The run at `slot` as recorded (built once; the same object on every call until the slot is reused). */
  read(slot: number): PlanningRun {
    const maxSearchItems = this.maxSearchItems;
    const refs = this.refs;
    const nums = this.nums;
    const n = slot * NUMS;
    const r = slot * REFS;
    const built = refs[r + BUILT] as PlanningRun | null;
    if (built !== null) return built;
    // Each search named now, and kept within maxSearchItems (the run is marked truncated when one was cut).
    let cut = (nums[n + FLAGS] & CUT) !== 0;
    const searches: SearchTrace[] = [];
    for (let i = 0; i < nums[n + SEARCHES]; i++) {
      const read = this.readerAt(slot, i);
      const trace = read !== null ? read() : (this.searchAt(slot, i) as SearchTrace);
      const kept = cutSearch(trace, maxSearchItems);
      if (kept !== trace) cut = true;
      searches.push(kept);
    }
    const start = this.values.subarray(slot * this.size, (slot + 1) * this.size);
    const run: PlanningRun = {
      id: nums[n + ID],
      runner: refs[r + RUNNER] as string,
      planner: refs[r + PLANNER] as string,
      tick: nums[n + TICK],
      time: nums[n + TIME],
      trigger: refs[r + TRIGGER] as ReplanTrigger,
      state: namedState(this.scratch.schema, start),
      status: refs[r + STATUS] as PlanStatus,
      reason: refs[r + REASON] as string,
      outcome: refs[r + OUTCOME] as PlanningOutcome,
      decision: refs[r + DECISION] as string,
      plan: nums[n + STEPS] < 0 ? null : this.readPlan(slot, start),
      searches,
      goals: this.goals(slot).map(considered),
      planMs: nums[n + PLAN_MS],
      truncated: cut,
    };
    refs[r + BUILT] = run;
    return run;
  }

  private readPlan(slot: number, start: Int32Array): RecordedPlan {
    const refs = this.refs;
    const r = slot * REFS;
    const n = slot * NUMS;
    const whole = refs[r + PLAN_OBJECT] as CapturedPlan | null;
    if (whole !== null) return whole.read();
    const steps: PlanStep[] = [];
    for (let i = 0; i < this.nums[n + STEPS]; i++) steps.push(this.stepAt(slot, i));
    const more = refs[r + MORE_MTR] as number[] | null;
    const mtr = more !== null ? more : Array.from(this.nums.subarray(n + MTR_AT, n + MTR_AT + this.nums[n + MTR_COUNT]));
    const priority = this.nums[n + PRIORITY];
    const parallel = refs[r + PARALLEL] as Section[] | null;
    const plan = {
      planner: refs[r + PLAN_PLANNER] as string,
      cost: this.nums[n + COST],
      steps,
      meta: { root: refs[r + PLAN_TARGET], mtr, priority: Number.isNaN(priority) ? undefined : priority, partial: (this.nums[n + FLAGS] & PARTIAL) !== 0 },
      ...(parallel !== null ? { parallel } : {}),
    } as unknown as Plan;
    // Predicted from the run's state values (its steps' effects are plain data: no state or context of then is needed).
    return new CapturedPlan(plan, this.scratch, this.scratch, null, start.slice()).read();
  }
}

function section(x: Section): Section {
  return x.race === true
    ? { task: x.task, start: x.start, split: x.split, end: x.end, race: true }
    : { task: x.task, start: x.start, split: x.split, end: x.end };
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
