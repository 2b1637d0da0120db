import type { PlanStatus } from '../plan/PlanResult.js';

/**
 * Why a planner kept or discarded a candidate (a method, a primitive task or an
 * action), named by meaning. One vocabulary for both planners:
 * - `kept`: used (an HTN method chosen or primitive applied; a GOAP neighbour stored).
 * - `branchFailed`: an HTN method whose conditions held, chosen, then abandoned by
 *   backtracking because a task below it could not be planned.
 * - `conditionFailed`: one of its conditions is false in the state it was tried on
 *   (HTN methods and primitives; GOAP forward search).
 * - `noEffect`: none of its effects satisfies an open condition (GOAP backward search).
 * - `conditionConflicts`: one of its conditions contradicts an open condition (GOAP backward).
 * - `effectConflicts`: one of its effects contradicts an open condition (GOAP backward).
 * - `procedural`: its procedural (code) check failed on the current state.
 * - `unusable`: its cost is Infinity right now.
 * - `tooLong`: the plan would exceed the plan-length budget.
 * - `duplicate`: an equal search node is already known at lower or equal cost.
 * - `unreachable`: a condition of the result can never be reached from the start state.
 * - `noSubtasks`: an HTN method's subtask function returned no subtasks.
 * - `pruned`: cut by MTR pruning (it cannot beat the running plan).
 * - `outOfRange`: applying its effects would leave a key's range.
 * - `delegateFailed`: an HTN delegate's sub-planner found no plan.
 * - `noMethod`: an HTN compound task had no applicable method left.
 * - `unavailable`: the agent may not choose it now: on cooldown, or done `once` (its decorators).
 */
export type TraceVerdict =
  | 'kept'
  | 'branchFailed'
  | 'conditionFailed'
  | 'noEffect'
  | 'conditionConflicts'
  | 'effectConflicts'
  | 'procedural'
  | 'unusable'
  | 'tooLong'
  | 'duplicate'
  | 'unreachable'
  | 'noSubtasks'
  | 'pruned'
  | 'outOfRange'
  | 'delegateFailed'
  | 'noMethod'
  | 'unavailable';

/** Every {@link TraceVerdict}, for validation and UI filters. */
export const TRACE_VERDICTS: readonly TraceVerdict[] = /* @__PURE__ */ Object.freeze([
  'kept',
  'branchFailed',
  'conditionFailed',
  'noEffect',
  'conditionConflicts',
  'effectConflicts',
  'procedural',
  'unusable',
  'tooLong',
  'duplicate',
  'unreachable',
  'noSubtasks',
  'pruned',
  'outOfRange',
  'delegateFailed',
  'noMethod',
  'unavailable',
] as const);

/**
 * One node of a search. HTN: one task processed during decomposition (a tree:
 * `parent` is the compound whose method produced it). GOAP: one expanded search
 * node (a tree too: `parent` is the node it was generated from).
 */
export interface TraceNode {
  /** Index in {@link SearchTrace.nodes}; nodes appear in the order the search first reached them. */
  readonly id: number;
  /** Parent node id, or -1 for a root. */
  readonly parent: number;
  /**
   * Index in {@link SearchTrace.candidates} of the candidate that produced this node
   * (HTN: the parent's method; GOAP: the action applied to the parent), -1 for a root.
   */
  readonly from: number;
  /** `compound`, `primitive`, `delegate`, `pause` (HTN) or `search` (GOAP). */
  readonly kind: 'compound' | 'primitive' | 'delegate' | 'pause' | 'search';
  /** HTN: the task name. GOAP: the open conditions (backward) or the state (forward). */
  readonly label: string;
  /** HTN: the method finally chosen (null if none). GOAP: the action leading here from the parent (null at the root). */
  readonly via: string | null;
  /** GOAP: cost so far; HTN: how many plan steps come before this task. */
  readonly g: number;
  /** GOAP: the heuristic estimate; HTN: 0. */
  readonly h: number;
  /** `kept` when this node succeeded (HTN) or was expanded (GOAP); else why it failed. */
  readonly verdict: TraceVerdict;
  /** The failing condition or reason, '' when kept. */
  readonly detail: string;
  /** On the path of the plan returned. */
  readonly onPath: boolean;
  /** HTN: the node lies in a branch a backtrack abandoned. GOAP: false. */
  readonly abandoned: boolean;
}

/**
 * One candidate looked at while processing `node`: an HTN method (in the order
 * tried) or a GOAP action, with its verdict and the condition that decided it.
 */
export interface TraceCandidate {
  readonly node: number;
  /** Method or action name. */
  readonly name: string;
  /** HTN: the method's index in its compound (its priority); GOAP: -1. */
  readonly index: number;
  readonly verdict: TraceVerdict;
  /** The failing condition or effect, e.g. `alive == true vs effect alive = false`; '' when kept. */
  readonly detail: string;
}

/** One step of the search in time order: a node processed, or a backtrack to a node. */
export interface TraceEvent {
  readonly type: 'visit' | 'backtrack';
  readonly node: number;
}

/**
 * One search by either planner, as plain JSON-serialisable data: the nodes
 * (HTN decomposition tree or GOAP search tree), every candidate with its
 * verdict, backtracks, the chosen path and, when it failed, why.
 */
export interface SearchTrace {
  /** `'htn'` or `'goap'`. */
  readonly planner: string;
  /** HTN root task or GOAP goal. */
  readonly target: string;
  /** HTN `'ordered'`; GOAP `'backward'` or `'forward'`. */
  readonly mode: string;
  readonly status: PlanStatus;
  readonly reason: string;
  readonly nodes: readonly TraceNode[];
  readonly candidates: readonly TraceCandidate[];
  /** Visits and backtracks in time order. */
  readonly events: readonly TraceEvent[];
  /** Node ids of the chosen path, root first ([] without a plan). */
  readonly path: readonly number[];
  /** Tasks (HTN) or actions (GOAP) of the plan found, in execution order. */
  readonly plan: readonly string[];
  readonly cost: number;
  /** HTN: the method traversal record of the plan; GOAP: []. */
  readonly mtr: readonly number[];
  readonly backtracks: number;
  /** Readable "why no plan" when the search failed, else ''. */
  readonly whyNoPlan: string;
}
