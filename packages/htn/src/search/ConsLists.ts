import type { PlanStep } from '@dualplan/world-state';
import { grow } from '../domain/grow.js';
import type { DynamicCosts } from './DynamicCosts.js';
import { isOnce } from './refuseUnavailable.js';

/** The end of a list. */
export const NIL = -1;

/**
 * @internal The best-first search's persistent lists, as cons cells in three arenas: task lists (calls), plans
 * (steps) and number lists (MTR entries, slot indices). A child node shares its parent's tails, so making one costs
 * a cell or two. Cells are indices; the arenas are emptied per search and only grow while warming up.
 */
export class ConsLists {
  private taskCall = new Int32Array(256);
  private taskNext = new Int32Array(256);
  private taskTop = 0;
  private readonly stepRef: PlanStep[] = [];
  private stepNext = new Int32Array(256);
  private stepTop = 0;
  private numValue = new Int32Array(256);
  private numNext = new Int32Array(256);
  private numTop = 0;

  /** Empty every arena (a new search). */
  clear(): void {
    this.taskTop = this.stepTop = this.numTop = 0;
  }

  /** A task list: `call`, then the list `next`. */
  task(call: number, next: number): number {
    const c = this.taskTop++;
    if (c >= this.taskCall.length) {
      this.taskCall = grow(this.taskCall, c + 1);
      this.taskNext = grow(this.taskNext, c + 1);
    }
    this.taskCall[c] = call;
    this.taskNext[c] = next;
    return c;
  }

  /** The first call of task list `c`. */
  callAt(c: number): number {
    return this.taskCall[c];
  }

  /** Task list `c` without its first call. */
  restOf(c: number): number {
    return this.taskNext[c];
  }

  /** A plan, newest step first: `step`, then the plan `next`. */
  step(step: PlanStep, next: number): number {
    const c = this.stepTop++;
    if (c >= this.stepNext.length) this.stepNext = grow(this.stepNext, c + 1);
    this.stepRef[c] = step;
    this.stepNext[c] = next;
    return c;
  }

  /** Whether `step` is a `once` action that plan `head` already has (a step of the same task name). */
  hasOnce(head: number, step: PlanStep): boolean {
    if (!isOnce(step)) return false;
    for (let c = head; c !== NIL; c = this.stepNext[c]) if (this.stepRef[c].task === step.task) return true;
    return false;
  }

  /** A number list, newest first: `value`, then the list `next`. */
  number(value: number, next: number): number {
    const c = this.numTop++;
    if (c >= this.numNext.length) {
      this.numValue = grow(this.numValue, c + 1);
      this.numNext = grow(this.numNext, c + 1);
    }
    this.numValue[c] = value;
    this.numNext[c] = next;
    return c;
  }

  /** Write plan `head` into `out` oldest step first (each step with its evaluated costs when `costs` is given); returns its length. */
  writeSteps(head: number, out: PlanStep[], costs: DynamicCosts | null): number {
    const len = this.stepLength(head);
    fit(out, len, this.stepRef[0]);
    for (let c = head, i = len - 1; c !== NIL; c = this.stepNext[c], i--) out[i] = costs === null ? this.stepRef[c] : costs.stepOf(this.stepRef[c]);
    return len;
  }

  /** Write number list `head` into `out` oldest first, resizing it in place. */
  writeNumbers(head: number, out: number[]): void {
    let len = 0;
    for (let c = head; c !== NIL; c = this.numNext[c]) len++;
    fit(out, len, 0);
    for (let c = head, i = len - 1; c !== NIL; c = this.numNext[c], i--) out[i] = this.numValue[c];
  }

  /** The newest number of list `c`. */
  valueAt(c: number): number {
    return this.numValue[c];
  }

  /** Number list `c` without its newest number. */
  olderOf(c: number): number {
    return this.numNext[c];
  }

  private stepLength(head: number): number {
    let len = 0;
    for (let c = head; c !== NIL; c = this.stepNext[c]) len++;
    return len;
  }
}

/** Resize a reused result array in place; `filler` only holds new slots until the caller writes them. */
function fit<T>(a: T[], len: number, filler: T): void {
  if (a.length > len) a.length = len;
  while (a.length < len) a.push(filler);
}
