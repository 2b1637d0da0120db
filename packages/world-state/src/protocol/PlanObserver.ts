import type { SearchTrace } from '../trace/SearchTrace.js';
import type { SearchSummary } from './SearchSummary.js';

/** A goal as a goal-selecting planner (GOAP) weighed it during one `plan()` call. */
export interface ObservedGoal {
  readonly name: string;
  /** Its priority in this state; NaN when it was not evaluated (invalid) or is NaN. */
  readonly priority: number;
  readonly valid: boolean;
  /** Why it is not valid: its validity test by name and what it returned (or threw); absent when valid. */
  readonly invalid?: string;
  /** Already true in the state, so not wanted. */
  readonly satisfied: boolean;
  /** null: not searched; else whether a plan was found. */
  readonly plannable: boolean | null;
  /** The goal of the plan returned. */
  readonly chosen: boolean;
  /** Seconds the goal is still skipped for after repeated failures (its cool-down); absent when it is not. */
  readonly coolingDown?: number;
}

/**
 * What a planner knows of one action (or primitive task), method or goal, in
 * words: its conditions in checking order, its effects, and its cost.
 */
export interface CatalogEntry {
  readonly kind: 'action' | 'method' | 'goal';
  readonly conditions: readonly string[];
  /** Actions: effects as applied (`WsHasAxe = true`), expected effects after them; methods and goals: []. */
  readonly effects: readonly string[];
  /** Actions: the base cost (null when a cost function decides it from the state); methods and goals: null. */
  readonly cost: number | null;
  /** Goals: the priority (null when a function decides it from the state). */
  readonly priority?: number | null;
  /** HTN methods: their subtasks' names in order (absent when a function computes them from the state). */
  readonly subtasks?: readonly string[];
}

/**
 * Every name a planner can choose from, so a monitor can list the ones that were
 * never selected, even those no search ever reached. Methods as `Compound.method`.
 */
export interface PlannerCatalog {
  readonly actions: readonly string[];
  readonly compounds: readonly string[];
  readonly methods: readonly string[];
  readonly goals: readonly string[];
  /**
   * Readable conditions (`WsHasAxe == true`) of methods (`Compound.method`) and
   * actions or primitive tasks, in the order they are checked, so a monitor can
   * count how often each held as well as how often it failed. Optional.
   */
  readonly conditions?: Readonly<Record<string, readonly string[]>>;
  /** By name (methods as `Compound.method`): conditions, effects and cost of every action, method and goal. Optional. */
  readonly entries?: Readonly<Record<string, CatalogEntry>>;
}

/**
 * Receives what a planner did inside one `plan()` call, synchronously, as plain
 * data (see {@link AgentPlanner.observe}). A monitor implements it; the planners
 * only call it when one is attached.
 * @example
 * agentPlanner.observe?.({ search: (t) => console.log(t.target, t.status, t.nodes.length) });
 */
export interface PlanObserver {
  /** One search finished (several per call: GOAP tries goals in turn; HTN may resume, then plan). */
  search(trace: SearchTrace): void;
  /**
   * Optional, preferred over `search` when present: one search finished, captured
   * as numbers; `read()` builds its {@link SearchTrace} (names, readable
   * conditions) when called, any time later, so an observer that keeps searches
   * pays for the names only for those it reads. Planners of this project also
   * give its `summary`: the outcome, and its counts without building the trace.
   */
  deferredSearch?(read: () => SearchTrace, summary?: SearchSummary): void;
  /** The goal selection of the call (GOAP), after its searches. */
  goals?(goals: readonly ObservedGoal[]): void;
  /** Called once by `observe(observer)` itself, before it returns. */
  catalog?(catalog: PlannerCatalog): void;
}
