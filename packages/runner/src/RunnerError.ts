import { DualplanError } from '@dualplan/world-state';

/**
 * Bad input to the runner: an unknown operator id, a bad sensor interval, a
 * negative `dt`, an operator returning something other than an {@link OperatorStatus}.
 * `subject` names the operator, sensor or option at fault.
 * @example
 * try { agent.tick(-1); } catch (e) { if (e instanceof RunnerError) console.log(e.code, e.subject); }
 */
export class RunnerError extends DualplanError {}
