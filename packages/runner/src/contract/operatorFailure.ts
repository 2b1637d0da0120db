import { OperatorStatus } from './OperatorStatus.js';

/** A failed step with its reason: what an operator's `update` may return (or resolve to) instead of `OperatorStatus.Failure`. */
export interface OperatorFailure {
  readonly status: typeof OperatorStatus.Failure;
  readonly reason: string;
}

/**
 * Fail the step and say why: return it from an operator's `update`. The
 * reason is in the step's `stepFailed` event (`operator shoot failed: target
 * out of sight`), so a monitor shows it beside the step.
 * @example
 * update: (args, agent) => (agent.ctx.targetVisible ? OperatorStatus.Success : failWith('target out of sight'))
 */
export function failWith(reason: string): OperatorFailure {
  return { status: OperatorStatus.Failure, reason: String(reason) };
}

/** The reason of an {@link OperatorFailure} an operator returned, or null for any other value. */
export function failureReason(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { status?: unknown; reason?: unknown };
  return v.status === OperatorStatus.Failure && typeof v.reason === 'string' ? v.reason : null;
}
