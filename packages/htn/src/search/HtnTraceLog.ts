import { describeUnavailableCode, type PlanStep } from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';
import type { HtnTraceEvent } from './HtnTraceEvent.js';

// Record codes, with their fields. Task and method are indices into the domain's tables.
/** task, method, depth, subtasks */
export const DECOMPOSE = 0;
/** task, method, why (a REJECT_ code), the failing condition's index */
export const REJECTED = 1;
/** task */
export const NO_METHOD = 2;
/** step */
export const PRIMITIVE = 3;
/** step, the failing condition's index or EFFECT_OUT_OF_RANGE or STEP_THREW or STEP_UNAVAILABLE (then: its code) */
export const PRIMITIVE_FAILED = 4;
/** task, position of the method it left */
export const BACKTRACK = 5;
/** task, status, steps, reason */
export const DELEGATE = 6;
/** tasks left (-1: a no-op pause) */
export const PAUSE = 7;
/** reason */
export const OUT_OF_BUDGET = 8;
const FIELDS = [4, 4, 1, 1, 3, 2, 4, 1, 1];

/** @internal How many fields follow a record's code. */
export function recordFields(code: number): number {
  return FIELDS[code];
}

export const REJECT_CONDITION = 0;
export const REJECT_SUBTASKS = 1;
export const REJECT_PRUNED = 2;
/** The compound or method is on cooldown or done once; the record's last field is the availability code. */
export const REJECT_UNAVAILABLE = 3;
const REASONS = ['condition', 'subtasks', 'pruned', 'unavailable'] as const;
export const EFFECT_OUT_OF_RANGE = -1;
export const STEP_THREW = -2;
/** The agent may not choose the step now (cooldown, once); the record's next field is the availability code. */
export const STEP_UNAVAILABLE = -3;

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
  /** {@link length} when {@link made} was made; -1 when a search started since. */
  private madeAt = -1;

  /** Forget the last search's events. */
  reset(domain: HtnDomain): void {
    this.domain = domain;
    this.length = 0;
    this.madeAt = -1;
  }

  /** The events, made on the first read after a search (the same array until the next search). */
  events(): HtnTraceEvent[] {
    if (this.madeAt !== this.length) {
      this.made = this.domain === null ? [] : traceEvents(this.domain, this.data, this.length);
      this.madeAt = this.length;
    }
    return this.made;
  }

  /** One record (the fields after its code's count are scratch the next record overwrites). */
  put(code: number, a: unknown, b?: unknown, c?: unknown, e?: unknown): void {
    const d = this.data;
    const i = this.length;
    d[i] = code;
    d[i + 1] = a;
    d[i + 2] = b;
    d[i + 3] = c;
    d[i + 4] = e;
    this.length = i + 1 + FIELDS[code];
  }
}

/** @internal The events of records `data[0..end)` written by a search over `d`. */
export function traceEvents(d: HtnDomain, data: readonly unknown[], end: number): HtnTraceEvent[] {
  const out: HtnTraceEvent[] = [];
  for (let i = 0; i < end; i += 1 + FIELDS[data[i] as number]) out.push(traceEvent(d, data, i));
  return out;
}

/** The event of the record at `data[i]`. */
function traceEvent(d: HtnDomain, data: readonly unknown[], i: number): HtnTraceEvent {
  const a = data[i + 1] as number;
  const b = data[i + 2] as number;
  const c = data[i + 3] as number;
  const e = data[i + 4] as number;
  switch (data[i]) {
    case DECOMPOSE:
      return { type: 'decompose', task: d.taskNames[a], method: d.methodNames[b], methodIndex: b - d.methodStart[a], depth: c, subtasks: e };
    case REJECTED:
      return {
        type: 'method-rejected',
        task: d.taskNames[a],
        method: d.methodNames[b],
        methodIndex: b - d.methodStart[a],
        reason: REASONS[c],
        condition: c === REJECT_CONDITION ? d.methodConds[b].describe(e) : c === REJECT_UNAVAILABLE ? describeUnavailableCode(e) : '',
      };
    case NO_METHOD:
      return { type: 'no-method', task: d.taskNames[a] };
    case PRIMITIVE: {
      const step = data[i + 1] as PlanStep;
      return { type: 'primitive', task: step.task, args: step.args };
    }
    case PRIMITIVE_FAILED: {
      const step = data[i + 1] as PlanStep;
      if (b === STEP_UNAVAILABLE) return { type: 'primitive-failed', task: step.task, condition: describeUnavailableCode(c), unavailable: true };
      const condition = b >= 0 ? step.conditions.describe(b) : b === STEP_THREW ? 'a condition or effect function threw' : 'an effect leaves its range';
      return { type: 'primitive-failed', task: step.task, condition };
    }
    case BACKTRACK:
      return { type: 'backtrack', task: d.taskNames[a], fromMethod: b };
    case DELEGATE:
      return { type: 'delegate', task: d.taskNames[a], status: data[i + 2] as string, steps: c, reason: data[i + 4] as string };
    case PAUSE:
      return { type: 'pause', remaining: a };
    default:
      return { type: 'budget', reason: data[i + 1] as string };
  }
}
