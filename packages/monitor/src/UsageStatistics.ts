import type { PlannerCatalog, SearchCounter, SearchSummary, SearchTrace } from '@dualplan/world-state';
import { summarizeTrace } from './summarizeTrace.js';
import { ConditionTallies, type ConditionSlot } from './ConditionTallies.js';
import type { AgentStatistics, TimelineEvent, UsageCounts } from './Recording.js';
import { EVENT_TYPES, EventCode } from './EventCode.js';
import { PlanTimeSamples } from './PlanTimeSamples.js';
import { RepeatedSearches } from './RepeatedSearches.js';
import { ReusedList } from './ReusedList.js';
import type { RunSlab } from './RunSlab.js';
import { NO_CREDIT, type CountedRun, type PlanCredit } from './CountedRun.js';

/** Counts by name, in the order names were first counted (a Map: any name is a key, and lookups stay fast). */
type Table = Map<string, UsageCounts>;

/**
 * What statistics keep per name of one table, found with one lookup per counted item: its
 * counts (made when first counted, so tables keep their order), whether it is known, and
 * its condition rows in checking order with where each failing condition sits in them.
 */
interface Slot extends ConditionSlot {
  counts: UsageCounts | null;
  known: boolean;
}

/** How many captured searches per agent are remembered to count their repeats by reference. */
const REMEMBERED_SEARCHES = 64;

function counts(table: Table, name: string): UsageCounts {
  let u = table.get(name);
  if (u === undefined) table.set(name, (u = { considered: 0, rejected: 0, selected: 0, executed: 0, succeeded: 0, failed: 0 }));
  return u;
}

/**
 * The automated statistics mode of one agent: per action, method, compound and
 * goal, how often searches considered, rejected and selected it and how often
 * it ran, succeeded and failed; per condition, how many candidates it
 * discarded; the names never selected; plan-time percentiles. Fed by the
 * recorder with every run and event (including those retention later drops).
 * @example
 * const stats = new UsageStatistics(256);
 * stats.addRun(run);
 * stats.snapshot(agentTime).neverSelected.actions;
 */
export class UsageStatistics {
  private readonly actions: Table = new Map();
  private readonly methods: Table = new Map();
  private readonly compounds: Table = new Map();
  private readonly goals: Table = new Map();
  private readonly conditions = new ConditionTallies();
  /**
   * Per event type: how many (fields of this object, which an event reads anyway, rather than an array of their
   * own: statistics of many agents are cold by the time an agent's next event comes, and each object read is a
   * miss); and the codes in the order first counted.
   */
  private planning = 0;
  private replanSkipped = 0;
  private stepStarted = 0;
  private stepSucceeded = 0;
  private stepFailed = 0;
  private stepAborted = 0;
  private planFinished = 0;
  private planFailed = 0;
  private stateChanged = 0;
  private readonly eventOrder: EventCode[] = [];
  /** The counts of the action last counted by a step event, and its name (a step's events come one after the other). */
  private lastStep = '';
  private lastStepCounts: UsageCounts | null = null;
  /** The credit last credited and its targets (a plan's adoption and its end credit the same). */
  private lastCredited: PlanCredit | null = null;
  private lastTargets: UsageCounts[] = [];
  /** Per plan credit: the counts it adds to (found when first credited, in the order the tables would first see them). */
  private readonly creditTargets = new WeakMap<PlanCredit, UsageCounts[]>();
  /** Goal selections counted lately and their goals' counts (see {@link goalRows}). */
  private readonly goalRowsOf = new WeakMap<CountedRun['goals'], UsageCounts[]>();
  private lastGoals: CountedRun['goals'] = [];
  private lastGoalRows: UsageCounts[] = [];
  /** The credit of a plan for a goal that no search of its run named (see {@link endRun}), by goal. */
  private readonly goalCredits = new Map<string, PlanCredit>();
  private readonly known = { actions: new Set<string>(), compounds: new Set<string>(), methods: new Set<string>(), goals: new Set<string>() };
  /** Per table, per name: its {@link Slot} (dropped when a catalog changes condition lists). */
  private readonly slots = { actions: new Map<string, Slot>(), methods: new Map<string, Slot>(), compounds: new Map<string, Slot>() };
  private readonly planMs: PlanTimeSamples;
  private runs = 0;

  constructor(planSamples: number) {
    this.planMs = new PlanTimeSamples(planSamples);
  }

  /** Names a planner can choose from (so never-selected lists include names no search reached). */
  addCatalog(catalog: PlannerCatalog): void {
    // Repeats are counted against the condition lists they were searched with.
    this.repeats.settle();
    for (const n of catalog.actions) this.known.actions.add(n);
    for (const n of catalog.compounds) this.known.compounds.add(n);
    for (const n of catalog.methods) this.known.methods.add(n);
    for (const n of catalog.goals) this.known.goals.add(n);
    if (catalog.conditions) for (const [name, list] of Object.entries(catalog.conditions)) this.conditions.setList(name, list);
    // Slots hold condition lists and rows: made again on their next count.
    for (const table of Object.values(this.slots)) table.clear();
  }

  /** The slot of `name` in `kind`'s table, made on first use. */
  private slot(kind: 'actions' | 'methods' | 'compounds', name: string): Slot {
    const table = this.slots[kind];
    let slot = table.get(name);
    if (slot === undefined) {
      const list = this.conditions.listOf(name);
      const counted = this[kind].get(name) ?? null;
      const rows = list === null ? [] : this.conditions.rowsOf(name, list);
      slot = { counts: counted, known: this.known[kind].has(name), list, rows, conds: null, at: [] };
      table.set(name, slot);
    }
    return slot;
  }

  /** `slot`'s counts, made (and so placed in `kind`'s table) when first needed. */
  private countsOf(kind: 'actions' | 'methods' | 'compounds', slot: Slot, name: string): UsageCounts {
    return (slot.counts ??= counts(this[kind], name));
  }

  /** Note `name` as known to `kind` (once per slot). */
  private know(kind: 'actions' | 'methods' | 'compounds', slot: Slot, name: string): void {
    if (slot.known) return;
    slot.known = true;
    this.known[kind].add(name);
  }

  /** Count one planning run: its searches, goal selection and plan. Returns what its plan credits when it runs. */
  addRun(run: CountedRun): PlanCredit {
    this.startRun(run.planMs);
    for (const s of run.searches) this.addSearch(s);
    // A plan found without a reported search: its steps are what it selected.
    if (run.searches.length === 0 && run.plan !== null) for (const step of run.plan.steps) this.select(this.actions, this.known.actions, step.task);
    return this.endRun(run.goals, run.plan === null ? null : run.plan.planner, run.plan === null ? '' : run.plan.target);
  }

  /** @internal {@link addRun} for a captured run: its searches counted where they are kept (no array made). */
  addCaptured(runs: RunSlab, slot: number): PlanCredit {
    this.startRun(runs.planMs(slot));
    const n = runs.searchCount(slot);
    for (let i = 0; i < n; i++) this.addSearch(runs.searchAt(slot, i));
    const steps = runs.stepCount(slot);
    // A plan found without a reported search: its steps are what it selected.
    if (n === 0) for (let i = 0; i < steps; i++) this.select(this.actions, this.known.actions, runs.stepAt(slot, i).task);
    return this.endRun(runs.goals(slot), steps < 0 ? null : runs.planPlanner(slot), steps < 0 ? '' : runs.planTarget(slot));
  }

  private startRun(planMs: number): void {
    this.runs++;
    this.planMs.add(planMs);
    this.found = NO_CREDIT;
  }

  /**
   * The counts of each goal of a goal selection, in its order (known names noted on first sight). A planner
   * reports a selection equal to a recent one as the same list, so its counts are found once per list.
   */
  private goalRows(goals: CountedRun['goals']): UsageCounts[] {
    if (goals === this.lastGoals) return this.lastGoalRows;
    let rows = this.goalRowsOf.get(goals);
    if (rows === undefined) {
      rows = goals.map((g) => {
        this.known.goals.add(g.name);
        return counts(this.goals, g.name);
      });
      this.goalRowsOf.set(goals, rows);
    }
    this.lastGoals = goals;
    return (this.lastGoalRows = rows);
  }

  /** The goal selection counted, and the run's credit (a plan's goal when no search named one). */
  private endRun(goals: CountedRun['goals'], planner: string | null, target: string): PlanCredit {
    const credit = this.found;
    let goal: string | null = credit.goal;
    const rows = this.goalRows(goals);
    for (let i = 0; i < goals.length; i++) {
      const g = goals[i];
      const u = rows[i];
      u.considered++;
      if (g.plannable === false) u.rejected++;
      if (g.chosen) {
        u.selected++;
        goal = g.name;
      }
    }
    if (goal === null && planner !== null && planner !== 'htn' && target !== '') goal = target;
    if (goal === credit.goal) return credit;
    if (credit !== NO_CREDIT || goal === null) return { ...credit, goal };
    // A goal's plan counted without a search: one credit per goal, so its counts are found once.
    let byGoal = this.goalCredits.get(goal);
    if (byGoal === undefined) this.goalCredits.set(goal, (byGoal = { ...NO_CREDIT, goal }));
    return byGoal;
  }

  private select(table: Table, known: Set<string>, name: string): void {
    known.add(name);
    counts(table, name).selected++;
  }

  /**
   * Count one search; a search that found a plan gives the run its credit. A planner's capture
   * counted lately is only noted as repeated (counted when the statistics are next read).
   */
  private addSearch(s: SearchTrace | SearchSummary): void {
    const captured = 'count' in s;
    if (captured) {
      const seen = this.repeats.repeat(s);
      if (seen !== undefined) {
        if (seen.credit !== null) this.found = seen.credit;
        return;
      }
    }
    const summary = captured ? s : summarizeTrace(s);
    this.goalSeen = summary.planner === 'goap' ? summary.target : null;
    this.compoundsSeen.clear();
    this.methodsSeen.clear();
    summary.count(this.counter);
    const credit = summary.status === 'found' ? this.creditOfSeen() : null;
    if (credit !== null) this.found = credit;
    if (captured) this.repeats.remember(s, credit);
  }

  /** Count `summary` as `times` searches (the repeats of a capture counted before); credits were given when they came. */
  private countTimes(summary: SearchSummary, times: number): void {
    this.weight = times;
    try {
      summary.count(this.counter);
    } finally {
      this.weight = 1;
    }
  }

  /** Captures counted lately (see {@link RepeatedSearches}), with their plans' credits (null: no plan). */
  private readonly repeats = new RepeatedSearches<PlanCredit | null>(REMEMBERED_SEARCHES, (summary, times) => this.countTimes(summary, times));
  /** What each counted item adds: 1, or a capture's repeats when they are counted at once. */
  private weight = 1;

  /** The credit of what the search counted: the last one made when it is the same (plans repeat), else a new one. */
  private creditOfSeen(): PlanCredit {
    const last = this.lastCredit;
    if (last.goal === this.goalSeen && this.compoundsSeen.equals(last.compounds) && this.methodsSeen.equals(last.methods)) return last;
    return (this.lastCredit = { goal: this.goalSeen, compounds: this.compoundsSeen.toArray(), methods: this.methodsSeen.toArray() });
  }

  /** What the search being counted credits: its goal (GOAP), the compounds and methods on its plan's path (reused lists). */
  private goalSeen: string | null = null;
  private readonly compoundsSeen = new ReusedList<string>();
  private readonly methodsSeen = new ReusedList<string>();
  /** The credit of the run being counted (its last search that found a plan). */
  private found: PlanCredit = NO_CREDIT;
  private lastCredit: PlanCredit = NO_CREDIT;

  /** What searches tell, counted into the tables (one slot lookup per item). */
  private readonly counter: SearchCounter = {
    compound: (name, decomposed, onPath) => {
      const w = this.weight;
      const slot = this.slot('compounds', name);
      this.know('compounds', slot, name);
      const u = this.countsOf('compounds', slot, name);
      u.considered += w;
      if (!decomposed) u.rejected += w;
      if (onPath) {
        u.selected += w;
        this.compoundsSeen.push(name);
      }
    },
    primitive: (name, verdict, conditions, failing, text) => {
      const w = this.weight;
      const slot = this.slot('actions', name);
      this.conditions.checked(slot, verdict, conditions, failing, text, w);
      this.know('actions', slot, name);
      const u = this.countsOf('actions', slot, name);
      u.considered += w;
      if (verdict !== 'kept') u.rejected += w;
    },
    method: (name, verdict, onPath, conditions, failing, text) => {
      const w = this.weight;
      const slot = this.slot('methods', name);
      this.conditions.checked(slot, verdict, conditions, failing, text, w);
      this.know('methods', slot, name);
      const u = this.countsOf('methods', slot, name);
      u.considered += w;
      if (verdict !== 'kept') u.rejected += w;
      else if (onPath) {
        u.selected += w;
        this.methodsSeen.push(name);
      }
    },
    action: (name, verdict, onState, conditions, failing, text) => {
      const w = this.weight;
      const slot = this.slot('actions', name);
      this.know('actions', slot, name);
      // Backward search regresses conditions instead of checking them on a state.
      if (onState) this.conditions.checked(slot, verdict, conditions, failing, text, w);
      if (verdict === 'noEffect') return;
      const u = this.countsOf('actions', slot, name);
      u.considered += w;
      if (verdict !== 'kept') u.rejected += w;
    },
    planned: (task) => {
      const slot = this.slot('actions', task);
      this.know('actions', slot, task);
      this.countsOf('actions', slot, task).selected += this.weight;
    },
  };

  /** Count one timeline event; `credit` is what the plan it belongs to credits. */
  addEvent(e: TimelineEvent, credit: PlanCredit | undefined): void {
    this.countEvent(EventCode[e.type], 'task' in e ? e.task : '', credit);
  }

  /** @internal Count one timeline event of type `code` (`task`: its step's task), without the event object (the recorder's step sink). */
  countEvent(code: EventCode, task: string, credit: PlanCredit | undefined): void {
    let first: boolean;
    switch (code) {
      case EventCode.planning:
        first = this.planning++ === 0;
        break;
      case EventCode.replanSkipped:
        first = this.replanSkipped++ === 0;
        break;
      case EventCode.stepStarted:
        first = this.stepStarted++ === 0;
        this.stepCounts(task).executed++;
        break;
      case EventCode.stepSucceeded:
        first = this.stepSucceeded++ === 0;
        this.stepCounts(task).succeeded++;
        break;
      case EventCode.stepFailed:
        first = this.stepFailed++ === 0;
        this.stepCounts(task).failed++;
        break;
      case EventCode.stepAborted:
        first = this.stepAborted++ === 0;
        this.stepCounts(task).failed++;
        break;
      case EventCode.planFinished:
        first = this.planFinished++ === 0;
        if (credit) this.credit(credit, 'succeeded');
        break;
      case EventCode.planFailed:
        first = this.planFailed++ === 0;
        if (credit) this.credit(credit, 'failed');
        break;
      case EventCode.stateChanged:
        first = this.stateChanged++ === 0;
        break;
    }
    if (first) this.eventOrder.push(code);
  }

  /** How many events of type `code` were counted. */
  private eventCount(code: EventCode): number {
    switch (code) {
      case EventCode.planning:
        return this.planning;
      case EventCode.replanSkipped:
        return this.replanSkipped;
      case EventCode.stepStarted:
        return this.stepStarted;
      case EventCode.stepSucceeded:
        return this.stepSucceeded;
      case EventCode.stepFailed:
        return this.stepFailed;
      case EventCode.stepAborted:
        return this.stepAborted;
      case EventCode.planFinished:
        return this.planFinished;
      case EventCode.planFailed:
        return this.planFailed;
      case EventCode.stateChanged:
        return this.stateChanged;
    }
  }

  /** The counts of action `task`, for a step event. */
  private stepCounts(task: string): UsageCounts {
    if (task === this.lastStep && this.lastStepCounts !== null) return this.lastStepCounts;
    this.lastStep = task;
    return (this.lastStepCounts = counts(this.actions, task));
  }

  /** A plan of `credit` was adopted: it starts executing. */
  adopted(credit: PlanCredit): void {
    this.credit(credit, 'executed');
  }

  private credit(credit: PlanCredit, field: 'executed' | 'succeeded' | 'failed'): void {
    let targets = credit === this.lastCredited ? this.lastTargets : this.creditTargets.get(credit);
    if (targets === undefined) {
      targets = [];
      if (credit.goal !== null) targets.push(counts(this.goals, credit.goal));
      for (const m of credit.methods) targets.push(counts(this.methods, m));
      for (const c of credit.compounds) targets.push(counts(this.compounds, c));
      this.creditTargets.set(credit, targets);
    }
    this.lastCredited = credit;
    this.lastTargets = targets;
    // One field named in each loop (a field chosen by a variable makes every access a lookup by name).
    if (field === 'executed') for (let i = 0; i < targets.length; i++) targets[i].executed++;
    else if (field === 'succeeded') for (let i = 0; i < targets.length; i++) targets[i].succeeded++;
    else for (let i = 0; i < targets.length; i++) targets[i].failed++;
  }

  /** Every name known so far (catalogs and searches), sorted. */
  knownNames(): { actions: string[]; compounds: string[]; methods: string[]; goals: string[] } {
    this.repeats.settle();
    const k = this.known;
    return { actions: [...k.actions].sort(), compounds: [...k.compounds].sort(), methods: [...k.methods].sort(), goals: [...k.goals].sort() };
  }

  /** A plain-data copy of the statistics; `agentTime` (seconds) gives calls per second. */
  snapshot(agentTime: number): AgentStatistics {
    this.repeats.settle();
    const copy = (t: Table): Record<string, UsageCounts> => Object.fromEntries([...t].map(([k, v]) => [k, { ...v }]));
    const never = (known: Set<string>, t: Table) => [...known].filter((n) => !((t.get(n)?.selected ?? 0) > 0)).sort();
    return {
      planningRuns: this.runs,
      callsPerSecond: agentTime > 0 ? this.runs / agentTime : 0,
      planMs: this.planMs.times(),
      actions: copy(this.actions),
      methods: copy(this.methods),
      compounds: copy(this.compounds),
      goals: copy(this.goals),
      conditions: this.conditions.snapshot(),
      neverSelected: {
        actions: never(this.known.actions, this.actions),
        methods: never(this.known.methods, this.methods),
        compounds: never(this.known.compounds, this.compounds),
        goals: never(this.known.goals, this.goals),
      },
      events: Object.fromEntries(this.eventOrder.map((code) => [EVENT_TYPES[code], this.eventCount(code)])),
    };
  }
}
