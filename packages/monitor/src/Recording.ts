import type { ParallelSection } from '@dualplan/world-state';
import type { CatalogEntry, PlanStatus, SearchTrace } from '@dualplan/world-state';

export type { CatalogEntry, SearchTrace, TraceNode, TraceCandidate, TraceEvent, TraceVerdict } from '@dualplan/world-state';

/**
 * Version of the {@link Recording} format. Bumped only for incompatible changes;
 * additions (new optional fields, new timeline event types) keep the version, so
 * readers must ignore what they do not know.
 * @example
 * if (JSON.parse(text).version > RECORDING_VERSION) console.log('saved by a newer monitor');
 */
export const RECORDING_VERSION = 1;

/**
 * World state by name: key name (slot keys as `name[i]`) to value name (enum
 * values by name, booleans as `true`/`false`, ints as numbers).
 * @example
 * const state: NamedState = { WsCanSeeEnemy: true, WsEnemyRange: 'Melee', 'WsAmmo[0]': 3 };
 */
export type NamedState = Record<string, boolean | number | string>;

/** One step of a recorded plan, with the world state the planner predicts after it. */
export interface RecordedStep {
  /** Primitive task (HTN) or action (GOAP) name. */
  readonly task: string;
  readonly operator: string;
  /** Arguments as JSON (non-JSON values as their `String()`, or their `showValue` where `String()` throws). */
  readonly args: readonly unknown[];
  readonly cost: number;
  /** Readable conditions, effects and expected effects, e.g. `WsHasAxe == true`. */
  readonly conditions: readonly string[];
  readonly effects: readonly string[];
  readonly expectedEffects: readonly string[];
  /** Only the cells this step changes in the prediction (full state: apply these in order to {@link PlanningRun.state}). */
  readonly predicted: NamedState;
}

/** A plan as recorded: plain data, no references into the engine. */
export interface RecordedPlan {
  readonly planner: string;
  readonly cost: number;
  readonly steps: readonly RecordedStep[];
  /** HTN: root task; GOAP: goal. */
  readonly target: string;
  /** HTN method traversal record ([] for GOAP). */
  readonly mtr: readonly number[];
  /** GOAP goal priority (null for HTN). */
  readonly priority: number | null;
  /** HTN: the plan stops at a pause point. */
  readonly partial: boolean;
  /** Parallel sections (steps `[start, split)` run beside `[split, end)`), when the plan has any. */
  readonly parallel?: readonly ParallelSection[];
}

/** A GOAP goal as the agent's goal selection saw it in one planning run. */
export interface GoalConsidered {
  readonly name: string;
  /** NaN is recorded as null. */
  readonly priority: number | null;
  readonly valid: boolean;
  /** Why it was not valid: the validity test by name and what it returned or that it threw (absent when valid, and in older recordings). */
  readonly invalid?: string;
  /** Already true in the state (so not wanted). */
  readonly satisfied: boolean;
  /** null: not searched (invalid, satisfied, or a higher goal was planned first); else whether a plan was found. */
  readonly plannable: boolean | null;
  /** The goal of the plan returned. */
  readonly chosen: boolean;
}

/** Why the runner planned (the runner's replan triggers). */
export type PlanningTrigger = 'noPlan' | 'finished' | 'failed' | 'worldChanged' | 'recheck';

/**
 * What the runner did with the planning result:
 * `adopted` (first plan), `replaced` (a better plan replaced the running one),
 * `kept` (the running plan stays: equal, lower priority, or no new plan), `none` (no plan and none running).
 */
export type PlanningOutcome = 'adopted' | 'replaced' | 'kept' | 'none';

/** One call of an agent runner's planner, with everything needed to answer "why". */
export interface PlanningRun {
  /** Counted from 1 within the agent: run 5 is its fifth planner call (never reused, even when old runs are dropped by retention). */
  readonly id: number;
  readonly runner: string;
  readonly planner: string;
  readonly tick: number;
  /** Agent time in seconds. */
  readonly time: number;
  readonly trigger: PlanningTrigger;
  /** The world state the planner saw. */
  readonly state: NamedState;
  readonly status: PlanStatus;
  /** The planner's reason (goal chosen, failure text). */
  readonly reason: string;
  readonly outcome: PlanningOutcome;
  /** The runner's reason for `outcome` (e.g. `higher-priority MTR`), '' if none. */
  readonly decision: string;
  /** The plan found, or null. */
  readonly plan: RecordedPlan | null;
  /** Every search of this call, in order (GOAP: one per goal tried; HTN: resume then plan). */
  readonly searches: readonly SearchTrace[];
  /** GOAP goal selection ([] for HTN). */
  readonly goals: readonly GoalConsidered[];
  /** Wall time of the planner call in ms (includes recording overhead). */
  readonly planMs: number;
  /** Some search of this run was larger than the recorder's `maxSearchItems` and was cut. */
  readonly truncated: boolean;
}

/**
 * One thing that happened at run time, in order. `seq` increases by one per
 * event of the agent (gaps in a kept timeline are events dropped by retention).
 * `stateChanged` lists the cells that changed since the agent's previous change
 * record: `by` is `sensor <name>` (recorded right after that sensor ran, with
 * `runner` ''), the step whose effects changed them, or `outside` (game code,
 * operators, bindings: noticed at the agent's next runner event).
 */
export type TimelineEvent = { readonly seq: number; readonly tick: number; readonly time: number; readonly runner: string } & (
  | { readonly type: 'planning'; readonly run: number }
  | { readonly type: 'replanSkipped'; readonly trigger: PlanningTrigger; readonly reason: string }
  | { readonly type: 'stepStarted' | 'stepSucceeded'; readonly task: string; readonly index: number; readonly run: number }
  | { readonly type: 'stepFailed' | 'stepAborted'; readonly task: string; readonly index: number; readonly run: number; readonly reason: string }
  | { readonly type: 'planFinished'; readonly run: number }
  | { readonly type: 'planFailed'; readonly run: number; readonly reason: string }
  | { readonly type: 'stateChanged'; readonly by: string; readonly changes: NamedState }
);

/** The `type` of a {@link TimelineEvent}. */
export type TimelineEventType = TimelineEvent['type'];

/**
 * Counters of one action, method, compound task or goal. Search counters come
 * from the recorded searches (so from planners that report them), run-time
 * counters from the runner's events.
 */
export interface UsageCounts {
  /** Looked at by a search (a candidate tried, a task reached, a goal weighed). GOAP actions no index lookup reached are not counted. */
  considered: number;
  /** Discarded by a search (a failing condition, a conflict, no method, no plan for a goal). */
  rejected: number;
  /** Part of a plan found (a goal: chosen). */
  selected: number;
  /** Steps started (actions); plans of it adopted (methods, compounds, goals). */
  executed: number;
  /** Steps (actions) or plans (methods, compounds, goals) that succeeded. */
  succeeded: number;
  /** Steps or plans that failed or were aborted. */
  failed: number;
}

/** How often a condition held and failed in searches (see {@link AgentStatistics.conditions}). */
export interface ConditionCounts {
  held: number;
  failed: number;
}

/** Plan-time percentiles over the kept samples, in ms. */
export interface PlanTimes {
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

/** Per-agent statistics, kept over the whole recording (not limited by retention, except plan-time samples). */
export interface AgentStatistics {
  readonly planningRuns: number;
  /** Planning runs per second of agent time. */
  readonly callsPerSecond: number;
  readonly planMs: PlanTimes;
  /** Per name: HTN primitive tasks and GOAP actions. */
  readonly actions: Record<string, UsageCounts>;
  /** Per `Compound.method` (HTN). */
  readonly methods: Record<string, UsageCounts>;
  /** Per compound task (HTN). */
  readonly compounds: Record<string, UsageCounts>;
  /** Per goal (GOAP). */
  readonly goals: Record<string, UsageCounts>;
  /**
   * Per condition text (e.g. `WsCanSeeEnemy == true`), from the searches: how often it
   * `held` and how often it `failed` (discarding a candidate) when a method, primitive task
   * or forward-search action was tried. Conditions are checked in order and the first
   * failing one discards the candidate, so the ones after it are counted neither way.
   */
  readonly conditions: Record<string, ConditionCounts>;
  /** Known names never part of a plan found, sorted. */
  readonly neverSelected: {
    readonly actions: readonly string[];
    readonly methods: readonly string[];
    readonly compounds: readonly string[];
    readonly goals: readonly string[];
  };
  /** Events of each type, including those dropped by retention. */
  readonly events: Record<string, number>;
}

/** One agent's recording. */
export interface AgentRecording {
  readonly id: string;
  /** Runner name to planner kind. */
  readonly runners: Record<string, string>;
  /** Every key of the schema, in cell order, and the values of enum keys. */
  readonly keys: readonly { readonly name: string; readonly kind: 'bool' | 'enum' | 'int'; readonly values?: readonly string[] }[];
  /** Known candidates (from the planners' catalogs and the searches), so never-selected lists include what no search ever reached. */
  readonly actions: readonly string[];
  readonly compounds: readonly string[];
  readonly methods: readonly string[];
  readonly goals: readonly string[];
  /**
   * What the planners know of each action, method and goal (conditions, effects,
   * cost, priority) by name, reported once when a planner is attached, so the page
   * can show them for every candidate, planned or not. Absent in older recordings.
   */
  readonly catalog?: Readonly<Record<string, CatalogEntry>>;
  /** The most recent planning runs (at most the run retention), oldest first. */
  readonly runs: readonly PlanningRun[];
  /** The most recent timeline events (at most the event retention), oldest first. */
  readonly timeline: readonly TimelineEvent[];
  /** Runs and events dropped by retention so far. */
  readonly dropped: { readonly runs: number; readonly events: number };
  readonly stats: AgentStatistics;
}

/**
 * A whole recording: JSON-serialisable as is (`JSON.stringify`), loadable with
 * `loadRecording`. The page reads only this.
 */
export interface Recording {
  readonly format: 'dualplan-recording';
  readonly version: typeof RECORDING_VERSION;
  /** ISO time the recording started. */
  readonly started: string;
  readonly agents: readonly AgentRecording[];
}

/** The names an agent's planners can choose from (see {@link AgentRecording}). */
export interface KnownNames {
  readonly actions: readonly string[];
  readonly compounds: readonly string[];
  readonly methods: readonly string[];
  readonly goals: readonly string[];
}

/**
 * What transports carry: a full snapshot, a new agent, or an incremental update
 * for one agent (the runs and events recorded since its last update, appended
 * in order; `stats` and `known` replace the old ones).
 */
export type RecordingMessage =
  | { readonly type: 'snapshot'; readonly recording: Recording }
  | {
      readonly type: 'update';
      readonly agent: string;
      readonly runs: readonly PlanningRun[];
      readonly timeline: readonly TimelineEvent[];
      readonly stats: AgentStatistics;
      readonly known: KnownNames;
      /** The agent's whole catalog, only when it changed since the last message (a planner attached). */
      readonly catalog?: Readonly<Record<string, CatalogEntry>>;
    }
  | { readonly type: 'agent'; readonly agent: AgentRecording };
