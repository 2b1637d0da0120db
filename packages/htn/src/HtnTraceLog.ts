import type { PlanStep } from '@dualplan/world-state';
import type { HtnDomain } from './HtnDomain.js';
import type { HtnTraceEvent } from './HtnTraceEvent.js';

// Record codes. A record is its code, then its fields (see each writer).
const DECOMPOSE = 0;
const REJECTED = 1;
const NO_METHOD = 2;
const PRIMITIVE = 3;
const PRIMITIVE_FAILED = 4;
const BACKTRACK = 5;
const DELEGATE = 6;
const PAUSE = 7;
const BUDGET = 8;

/** Why a method was rejected, by code. */
const REASONS = ['condition', 'subtasks', 'pruned'] as const;
export const REJECT_CONDITION = 0;
export const REJECT_SUBTASKS = 1;
export const REJECT_PRUNED = 2;
/** `primitiveFailed` codes below 0: no condition failed. */
export const EFFECT_OUT_OF_RANGE = -1;
export const STEP_THREW = -2;

/**
 * @internal The trace of an ordered search, written as it searches: per event
 * a code and numbers (task, method and condition indices) or references the
 * search already holds (plan steps, delegates' strings), into an array reused
 * from search to search. {@link events} makes the {@link HtnTraceEvent}s (names,
 * readable conditions) when read. A tracing search so allocates nothing per
 * event in steady state, and a monitor keeps a search by copying one array.
 */
export class HtnTraceLog {
  /** The domain whose indices the records hold (a plug rebuilds the domain). */
  domain: HtnDomain | null = null;
  data: unknown[] = [];
  length = 0;
  private made: HtnTraceEvent[] = [];
  private madeFor = -1;
  private madeLength = 0;
  private epoch = 0;

  /** Forget the last search's events. */
  reset(domain: HtnDomain): void {
    this.domain = domain;
    this.length = 0;
    this.epoch++;
  }

  /** The events, made on the first read after a search (the same array until the next search). */
  events(): HtnTraceEvent[] {
    if (this.madeFor !== this.epoch || this.madeLength !== this.length) {
      this.made = this.domain === null ? [] : traceEvents(this.domain, this.data, 0, this.length);
      this.madeFor = this.epoch;
      this.madeLength = this.length;
    }
    return this.made;
  }

  decompose(task: number, method: number, depth: number, subtasks: number): void {
    this.put5(DECOMPOSE, task, method, depth, subtasks);
  }

  /** `reason`: {@link REJECT_CONDITION} (`failed` is the condition's index), {@link REJECT_SUBTASKS} or {@link REJECT_PRUNED}. */
  rejected(task: number, method: number, reason: number, failed: number): void {
    this.put5(REJECTED, task, method, reason, failed);
  }

  noMethod(task: number): void {
    this.put2(NO_METHOD, task);
  }

  primitive(step: PlanStep): void {
    this.put2(PRIMITIVE, step);
  }

  /** `failed`: the index of the failing condition, or {@link EFFECT_OUT_OF_RANGE} or {@link STEP_THREW}. */
  primitiveFailed(step: PlanStep, failed: number): void {
    this.put3(PRIMITIVE_FAILED, step, failed);
  }

  backtrack(task: number, fromMethod: number): void {
    this.put3(BACKTRACK, task, fromMethod);
  }

  delegate(task: number, status: string, steps: number, reason: string): void {
    this.put5(DELEGATE, task, status, steps, reason);
  }

  pause(remaining: number): void {
    this.put2(PAUSE, remaining);
  }

  budget(reason: string): void {
    this.put2(BUDGET, reason);
  }

  private put2(code: number, a: unknown): void {
    const d = this.data;
    const i = this.length;
    d[i] = code;
    d[i + 1] = a;
    this.length = i + 2;
  }

  private put3(code: number, a: unknown, b: unknown): void {
    const d = this.data;
    const i = this.length;
    d[i] = code;
    d[i + 1] = a;
    d[i + 2] = b;
    this.length = i + 3;
  }

  private put5(code: number, a: unknown, b: unknown, c: unknown, e: unknown): void {
    const d = this.data;
    const i = this.length;
    d[i] = code;
    d[i + 1] = a;
    d[i + 2] = b;
    d[i + 3] = c;
    d[i + 4] = e;
    this.length = i + 5;
  }
}

/** Fields after the code, per record code. */
const FIELDS = [4, 4, 1, 1, 2, 2, 4, 1, 1];

/** @internal The events of records `data[from..end)` written by a search over `d`. */
export function traceEvents(d: HtnDomain, data: readonly unknown[], from: number, end: number): HtnTraceEvent[] {
  const out: HtnTraceEvent[] = [];
  for (let i = from; i < end; i += 1 + FIELDS[data[i] as number]) {
    const a = data[i + 1];
    switch (data[i] as number) {
      case DECOMPOSE: {
        const task = a as number;
        const m = data[i + 2] as number;
        out.push({
          type: 'decompose',
          task: d.taskNames[task],
          method: d.methodNames[m],
          methodIndex: m - d.methodStart[task],
          depth: data[i + 3] as number,
          subtasks: data[i + 4] as number,
        });
        break;
      }
      case REJECTED: {
        const task = a as number;
        const m = data[i + 2] as number;
        const reason = REASONS[data[i + 3] as number];
        out.push({
          type: 'method-rejected',
          task: d.taskNames[task],
          method: d.methodNames[m],
          methodIndex: m - d.methodStart[task],
          reason,
          condition: reason === 'condition' ? d.methodConds[m].describe(data[i + 4] as number) : '',
        });
        break;
      }
      case NO_METHOD:
        out.push({ type: 'no-method', task: d.taskNames[a as number] });
        break;
      case PRIMITIVE:
        out.push({ type: 'primitive', task: (a as PlanStep).task, args: (a as PlanStep).args });
        break;
      case PRIMITIVE_FAILED: {
        const step = a as PlanStep;
        const r = data[i + 2] as number;
        const condition = r >= 0 ? step.conditions.describe(r) : r === STEP_THREW ? 'a condition or effect function threw' : 'an effect leaves its range';
        out.push({ type: 'primitive-failed', task: step.task, condition });
        break;
      }
      case BACKTRACK:
        out.push({ type: 'backtrack', task: d.taskNames[a as number], fromMethod: data[i + 2] as number });
        break;
      case DELEGATE:
        out.push({
          type: 'delegate',
          task: d.taskNames[a as number],
          status: data[i + 2] as string,
          steps: data[i + 3] as number,
          reason: data[i + 4] as string,
        });
        break;
      case PAUSE:
        out.push({ type: 'pause', remaining: a as number });
        break;
      case BUDGET:
        out.push({ type: 'budget', reason: a as string });
        break;
    }
  }
  return out;
}
