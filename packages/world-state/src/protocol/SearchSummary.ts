import type { PlanStatus } from '../plan/PlanResult.js';
import type { TraceVerdict } from '../trace/SearchTrace.js';

/** A list whose items read as text by index (a compiled condition list is one). */
export interface ConditionTexts {
  /** Item `index` in words, e.g. `WsEnemyRange == Melee`. */
  describe(index: number): string;
}

/**
 * Told, item by item, what one search tried (see {@link SearchSummary.count}):
 * the counts a monitor keeps (considered, rejected, selected; which condition
 * failed) without building the search's `SearchTrace`. Names are the
 * planner's own strings (shared, never built per call). A failing condition
 * is `conditions.describe(failing)`; with `failing` -1 (or `conditions` null)
 * `text` says what failed ('' when nothing did).
 * @example
 * const seen = new Map<string, number>();
 * summary.count({
 *   compound: (name) => seen.set(name, (seen.get(name) ?? 0) + 1),
 *   method: () => {},
 *   primitive: () => {},
 *   action: (name) => seen.set(name, (seen.get(name) ?? 0) + 1),
 *   planned: () => {},
 * });
 */
export interface SearchCounter {
  /** An HTN compound task the search reached: `decomposed` when a method applied, `onPath` when it is on the returned plan's decomposition. */
  compound(name: string, decomposed: boolean, onPath: boolean): void;
  /** An HTN method (`Compound.method`) tried, with its verdict; `onPath` when kept and its compound is on the plan's decomposition. */
  method(name: string, verdict: TraceVerdict, onPath: boolean, conditions: ConditionTexts | null, failing: number, text: string): void;
  /** An HTN primitive task checked on a state, with its verdict. */
  primitive(name: string, verdict: TraceVerdict, conditions: ConditionTexts | null, failing: number, text: string): void;
  /** A GOAP action considered at an expanded node; `onState` when a forward search checked its conditions on a state. */
  action(name: string, verdict: TraceVerdict, onState: boolean, conditions: ConditionTexts | null, failing: number, text: string): void;
  /** One task of the plan the search returned, in order (only when it found one). */
  planned(task: string): void;
}

/**
 * One search as the planner captured it, in numbers: its outcome now, its
 * counts on demand ({@link count}), its full `SearchTrace` only when the
 * reader given with it is called. A monitor that keeps statistics for every
 * search but reads few traces pays for names only for those it reads.
 * @example
 * const observer: PlanObserver = {
 *   search: () => {},
 *   deferredSearch: (read, summary) => {
 *     if (summary?.status === 'none') console.log(read().whyNoPlan);
 *   },
 * };
 */
export interface SearchSummary {
  readonly planner: 'htn' | 'goap';
  /** The goal (GOAP), or the root task (HTN) as the trace names it. */
  readonly target: string;
  readonly status: PlanStatus;
  /** The trace's `reason` (what was found, or why nothing was). */
  readonly reason: string;
  /** About how many nodes and candidates the trace would hold (a monitor reads large searches at once to cut them). */
  readonly items: number;
  /** Tell `counter` every item of the search, in the trace's order, then the plan's tasks. */
  count(counter: SearchCounter): void;
}
