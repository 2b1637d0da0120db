import { describeThrown } from './describeValue.js';
import { DualplanError } from './errors.js';

/**
 * Game code that dualplan called (an operator, a sensor, a condition or effect
 * function, a cost, an event listener) threw or returned something unusable.
 * The engine contains it: it reports this error and carries on without the
 * failed call's work. `subject` names the operator, sensor, action or task;
 * `cause` is what the user code threw (or the bad value's description);
 * `where` says which callback, e.g. `'operator.start'`.
 * @example
 * if (event.type === 'fault') console.warn(event.error.code, event.error.subject, event.error.cause);
 */
export class UserCodeError extends DualplanError {
  /** What the user code threw, as thrown. */
  override readonly cause: unknown;
  /** The callback that failed, e.g. `'operator.update'`, `'sensor'`, `'cost'`. */
  readonly where: string;
  /** The message without what was thrown: where it happened. */
  readonly context: string;

  constructor(code: string, subject: string, where: string, context: string, cause: unknown) {
    super(code, subject, `${context}: ${describeThrown(cause)}`);
    this.where = where;
    this.context = context;
    this.cause = cause;
  }
}
