import type { CompiledGoal } from '../domain/GoapDomain.js';

/** Search status: `running` between slices; `budget` when a budget stopped it. */
export type GoapStatus = 'idle' | 'running' | 'found' | 'none' | 'budget';
/** Which budget stopped a search. */
export type GoapBudget = '' | 'expansions' | 'length' | 'time' | 'nodes';

/**
 * The outcome of the last search, reused by the planner (copy what you keep, or
 * call {@link GoapPlanner.toPlan}). `actions[0..length)` are action indices in execution order.
 * @example
 * const r = planner.plan(state, 'fire');
 * for (let i = 0; i < r.length; i++) console.log(domain.actionNames[r.actions[i]]);
 */
export class GoapResult {
  status: GoapStatus = 'idle';
  budget: GoapBudget = '';
  goal: CompiledGoal | null = null;
  cost = 0;
  length = 0;
  actions: Int32Array;
  expanded = 0;
  generated = 0;
  reopened = 0;
  /** Bytes per stored node (its record and its words), set when a search ends. */
  nodeBytes = 0;
  /** Node memory the search used, in bytes: node records, the words written and the closed-set table; set when a search ends. */
  memoryBytes = 0;
  /**
   * True when the search ran to its end on the small-domain fast path (nodes as one or two integers, regression as
   * bit masks; see docs/goap.md). Plans and costs are the same either way; set when a search ends.
   */
  fastPath = false;
  constructor(capacity: number) {
    this.actions = new Int32Array(Math.max(1, capacity));
  }

  /** Clear for a new search towards `goal` (status `idle` until it is set up: see {@link run}). @internal */
  reset(goal: CompiledGoal): void {
    this.status = 'idle';
    this.budget = '';
    this.goal = goal;
    this.cost = 0;
    this.length = 0;
    this.expanded = 0;
    this.generated = 0;
    this.reopened = 0;
    this.nodeBytes = 0;
    this.memoryBytes = 0;
    this.fastPath = false;
  }

  /** The search is set up and runs, its root stored. @internal */
  run(): void {
    this.generated = 1;
    this.status = 'running';
  }

  /** Become a copy of `other` (its plan included; same capacity), to put a result back after a search it did not ask for. @internal */
  copyFrom(other: GoapResult): void {
    this.status = other.status;
    this.budget = other.budget;
    this.goal = other.goal;
    this.cost = other.cost;
    this.length = other.length;
    this.actions.set(other.actions.subarray(0, Math.min(other.length, this.actions.length)));
    this.expanded = other.expanded;
    this.generated = other.generated;
    this.reopened = other.reopened;
    this.nodeBytes = other.nodeBytes;
    this.memoryBytes = other.memoryBytes;
    this.fastPath = other.fastPath;
  }

  /** The search was abandoned. @internal */
  abandon(): void {
    this.status = 'idle';
  }

  /** One node more expanded. @internal */
  countExpansion(): void {
    this.expanded++;
  }

  /** `n` nodes more expanded. @internal */
  countExpansions(n: number): void {
    this.expanded += n;
  }

  /** `n` stored nodes were reopened by a cheaper path. @internal */
  addReopened(n: number): void {
    this.reopened += n;
  }

  /** The plan found: `actions[0..length)` are already written; its cost. @internal */
  setPlan(length: number, cost: number): void {
    this.length = length;
    this.cost = cost;
  }

  /** The search ended: how, which budget stopped it (''), the node counts of its space and whether it ran on the fast path. @internal */
  end(status: GoapStatus, budget: GoapBudget, generated: number, nodeBytes: number, memoryBytes: number, fastPath: boolean): void {
    this.fastPath = fastPath;
    this.status = status;
    this.budget = budget;
    this.generated = generated;
    this.nodeBytes = nodeBytes;
    this.memoryBytes = memoryBytes;
  }
}

/** GOAP metadata carried by plans: the goal, its priority at planning time, and search info. */
export interface GoapMeta {
  readonly goal: string;
  readonly goalIndex: number;
  readonly priority: number;
  readonly mode: 'backward' | 'forward';
  readonly weight: number;
  /** A best-effort goal's fallback: the plan reaches only part of the goal (absent otherwise). */
  readonly partial?: true;
  /** With `partial`: the goal's conditions the plan leaves unmet, in words. */
  readonly unmet?: readonly string[];
  /** The goal's cool-down rule, for the agent that runs the plan to count its failures (absent: none). */
  readonly goalCooldown?: { readonly failures: number; readonly window: number; readonly seconds: number };
}
