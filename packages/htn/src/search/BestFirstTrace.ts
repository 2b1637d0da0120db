import type { PlanStep } from '@dualplan/world-state';
import { grow } from '../domain/grow.js';
import { TaskKind, type HtnDomain } from '../domain/HtnDomain.js';

// Expansion kinds (what the expanded node's next task was).
export const EXP_COMPOUND = 0;
export const EXP_PRIMITIVE = 1;
export const EXP_DELEGATE = 2;
export const EXP_SLOT = 3;
export const EXP_MARKER = 4;

/** How a trace records an expansion of a task of `kind` (a `TaskKind`). */
export function traceKind(kind: number): number {
  if (kind === TaskKind.Primitive) return EXP_PRIMITIVE;
  if (kind === TaskKind.Compound) return EXP_COMPOUND;
  if (kind === TaskKind.Delegate) return EXP_DELEGATE;
  return kind === TaskKind.Slot ? EXP_SLOT : EXP_MARKER;
}

// Outcome codes of an expansion or a method tried. A failing condition is its index (>= 0).
export const KEPT = -1;
/** A condition, effect or subtask function threw. */
export const THREW = -2;
/** An effect left its range. */
export const OUT_OF_RANGE = -3;
/** A method's subtask function returned no subtasks. */
export const NO_SUBTASKS = -4;
/** A compound at the depth limit, or one whose every method failed. */
export const NO_METHOD = -5;
/** A delegate found no plan, or an empty slot. */
export const FAILED = -6;
/** A primitive whose cost is Infinity (unusable now). */
export const UNUSABLE = -7;
/** On cooldown or done once: the agent may not choose it now (the request's availability view). */
export const UNAVAILABLE = -8;

/**
 * @internal What a best-first search records while traced, as numbers, into
 * arrays it reuses: per expansion (heap node, task, kind, cost, outcome, the
 * primitive's step), per method tried (expansion, method, outcome), and per
 * heap node the expansion and method that made it. `BestFirstCapture` copies
 * and names it for monitors; a traced search allocates nothing per record
 * once the arrays have grown.
 */
export class BestFirstTrace {
  domain: HtnDomain | null = null;
  rows = 0;
  expNode = new Int32Array(64);
  expTask = new Int32Array(64);
  expKind = new Int32Array(64);
  expOutcome = new Int32Array(64);
  expCost = new Float64Array(64);
  readonly expStep: (PlanStep | null)[] = [];
  candidates = 0;
  candRow = new Int32Array(64);
  candMethod = new Int32Array(64);
  candOutcome = new Int32Array(64);
  /** Per heap node: the expansion and the method candidate that made it (-1: the root; -1: not a method). */
  nodeRow = new Int32Array(64);
  nodeCand = new Int32Array(64);

  reset(domain: HtnDomain): void {
    this.domain = domain;
    this.rows = this.candidates = 0;
  }

  /** One expansion of heap node `node`; returns its row. */
  expand(node: number, task: number, kind: number, cost: number): number {
    const r = this.rows++;
    if (r >= this.expNode.length) {
      const n = r * 2;
      this.expNode = grow(this.expNode, n);
      this.expTask = grow(this.expTask, n);
      this.expKind = grow(this.expKind, n);
      this.expOutcome = grow(this.expOutcome, n);
      const c = new Float64Array(Math.max(n, this.expCost.length * 2));
      c.set(this.expCost);
      this.expCost = c;
    }
    this.expNode[r] = node;
    this.expTask[r] = task;
    this.expKind[r] = kind;
    this.expOutcome[r] = KEPT;
    this.expCost[r] = cost;
    this.expStep[r] = null;
    return r;
  }

  /** The outcome of expansion `row` (and the primitive's step, when it has one). */
  outcome(row: number, outcome: number, step: PlanStep | null = null): void {
    this.expOutcome[row] = outcome;
    this.expStep[row] = step;
  }

  /** Method `method` tried at expansion `row`; returns the candidate's index. */
  method(row: number, method: number, outcome: number): number {
    const c = this.candidates++;
    if (c >= this.candRow.length) {
      const n = c * 2;
      this.candRow = grow(this.candRow, n);
      this.candMethod = grow(this.candMethod, n);
      this.candOutcome = grow(this.candOutcome, n);
    }
    this.candRow[c] = row;
    this.candMethod[c] = method;
    this.candOutcome[c] = outcome;
    return c;
  }

  /** Heap node `node` was made by expansion `row` through candidate `cand` (-1 when not a method). */
  made(node: number, row: number, cand: number): void {
    if (node >= this.nodeRow.length) {
      this.nodeRow = grow(this.nodeRow, node * 2 + 2);
      this.nodeCand = grow(this.nodeCand, node * 2 + 2);
    }
    this.nodeRow[node] = row;
    this.nodeCand[node] = cand;
  }
}
