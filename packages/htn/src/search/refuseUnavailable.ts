import type { PlanStep, UnavailableTable } from '@dualplan/world-state';
import { PRIMITIVE_FAILED, STEP_UNAVAILABLE, type HtnTraceLog } from './HtnTraceLog.js';

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
