import { UNAVAILABLE_ONCE, onceScope, type PlanStep, type UnavailableTable } from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';
import { PRIMITIVE_FAILED, REJECT_UNAVAILABLE, REJECTED, STEP_UNAVAILABLE, type HtnTraceLog } from './HtnTraceLog.js';

/**
 * @internal Whether primitive task `task` (planned as `step`) is one the agent may not choose in this request
 * (on cooldown, or done once); a refusal is traced as a failed primitive with the reason. Called only while the
 * request makes something unavailable (the search runs the general way then).
 * @example
 * if (table.any && refuseUnavailable(table, task, step, trace)) return FAILED;
 */
export function refuseUnavailable(table: UnavailableTable, task: number, step: PlanStep, trace: HtnTraceLog | null): boolean {
  const code = table.codeOf(task);
  if (code === 0) return false;
  if (trace !== null) trace.put(PRIMITIVE_FAILED, step, STEP_UNAVAILABLE, code);
  return true;
}

/**
 * @internal Whether `step` is a `once` action (scope `'agent'` or `'plan'`) that the plan being built already has
 * among its first `length` steps: the runner runs it only once, so a plan counting on it twice is refused while
 * planning, traced like a step done once. Called only for domains with such actions ({@link HtnDomain.hasOnce}).
 * @example
 * if (domain.hasOnce && refuseOnceAgain(step, steps, planLength, trace)) return FAILED;
 */
export function refuseOnceAgain(step: PlanStep, steps: readonly PlanStep[], length: number, trace: HtnTraceLog | null): boolean {
  if (!isOnce(step)) return false;
  for (let i = 0; i < length; i++) {
    if (steps[i].task !== step.task) continue;
    if (trace !== null) trace.put(PRIMITIVE_FAILED, step, STEP_UNAVAILABLE, UNAVAILABLE_ONCE);
    return true;
  }
  return false;
}

/** Whether `step` runs at most once per agent or per plan. */
export function isOnce(step: PlanStep): boolean {
  return step.decorators !== undefined && onceScope(step.decorators) !== null;
}

/**
 * @internal Whether method `m` of compound `task` may not be chosen in this request: the compound itself (its
 * name) or the method (`Compound/method`, at index `taskNames.length + m` of the table) is on cooldown or done once.
 * A refusal is traced as a rejected method with the reason.
 * @example
 * if (table.any && refuseMethod(table, domain, task, m, trace)) continue;
 */
export function refuseMethod(table: UnavailableTable, d: HtnDomain, task: number, m: number, trace: HtnTraceLog | null): boolean {
  let code = table.codeOf(task);
  if (code === 0) code = table.codeOf(d.taskNames.length + m);
  if (code === 0) return false;
  if (trace !== null) trace.put(REJECTED, task, m, REJECT_UNAVAILABLE, code);
  return true;
}
