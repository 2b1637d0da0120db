import { checkFields } from '../errors/checkFields.js';
import { describeValue } from '../errors/describeValue.js';
import { DualplanError } from '../errors/errors.js';

/**
 * Game-behaviour rules on an action (an HTN primitive task or a GOAP action), planned with and executed:
 * - `cooldown`: seconds after the step's end (or start, `cooldownFrom: 'start'`) during which the planner
 *   does not choose it again for this agent;
 * - `once`: the step runs at most once per agent (`'agent'`), or is not chosen again while the plan that ran it
 *   is still running (`'plan'`);
 * - `checkEvery`: the runner checks the step's executing conditions every this many seconds, not every tick;
 * - `retries`: a failed step is started again up to this many times before the plan fails.
 * @example
 * const grenade: ActionDef = { name: 'ThrowGrenade', decorators: { cooldown: 8 } };
 */
export interface Decorators {
  /** Seconds (> 0, finite) before the action may be chosen again. */
  readonly cooldown?: number;
  /** When the cooldown starts: at the step's `'end'` (default: success or failure) or its `'start'`. */
  readonly cooldownFrom?: 'start' | 'end';
  /** At most once per agent (`'agent'`, or `true`), or not again while the plan that ran it runs (`'plan'`). */
  readonly once?: boolean | 'agent' | 'plan';
  /** Seconds (> 0, finite) between checks of the step's executing conditions while it runs. */
  readonly checkEvery?: number;
  /** Times (a whole number >= 1) a failed step is started again before the plan fails. */
  readonly retries?: number;
}

/** A decorator with a bad value: a cooldown <= 0, an unknown `once` scope, fractional retries... */
export class DecoratorError extends DualplanError {}

/** Every field a {@link Decorators} object may have. */
export const DECORATOR_FIELDS: readonly string[] = /* @__PURE__ */ Object.freeze(['cooldown', 'cooldownFrom', 'once', 'checkEvery', 'retries']);

/**
 * Validate decorators once, when an action (or a document) is compiled: typed errors name the action and the
 * field (`UNKNOWN_FIELD` with a "did you mean", `BAD_DECORATOR`). Returns a frozen copy, or null when `d` sets nothing.
 * @example
 * checkDecorators({ cooldown: 8 }, 'ThrowGrenade'); // { cooldown: 8 }
 * checkDecorators({ cooldown: 0 }, 'ThrowGrenade'); // throws DecoratorError BAD_DECORATOR
 */
export function checkDecorators(d: unknown, owner: string): Decorators | null {
  if (d === undefined || d === null) return null;
  const where = `decorators of "${owner}"`;
  if (typeof d !== 'object' || Array.isArray(d)) throw new DecoratorError('BAD_DECORATOR', owner, `The ${where} must be an object, got ${describeValue(d)}.`);
  checkFields(d, DECORATOR_FIELDS, where);
  const x = d as Record<string, unknown>;
  const seconds = (field: string) => {
    const v = x[field];
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v <= 0))
      throw new DecoratorError('BAD_DECORATOR', owner, `${field} in the ${where} must be a finite number of seconds > 0, got ${describeValue(v)}.`);
  };
  seconds('cooldown');
  seconds('checkEvery');
  if (x.cooldownFrom !== undefined && x.cooldownFrom !== 'start' && x.cooldownFrom !== 'end')
    throw new DecoratorError('BAD_DECORATOR', owner, `cooldownFrom in the ${where} must be 'start' or 'end', got ${describeValue(x.cooldownFrom)}.`);
  if (x.cooldownFrom !== undefined && x.cooldown === undefined)
    throw new DecoratorError('BAD_DECORATOR', owner, `The ${where} set cooldownFrom without a cooldown.`);
  if (x.once !== undefined && typeof x.once !== 'boolean' && x.once !== 'agent' && x.once !== 'plan')
    throw new DecoratorError('BAD_DECORATOR', owner, `once in the ${where} must be true, false, 'agent' or 'plan', got ${describeValue(x.once)}.`);
  const r = x.retries;
  if (r !== undefined && (typeof r !== 'number' || !Number.isInteger(r) || r < 1))
    throw new DecoratorError('BAD_DECORATOR', owner, `retries in the ${where} must be a whole number >= 1, got ${describeValue(r)}.`);
  const out: Record<string, unknown> = {};
  for (const f of DECORATOR_FIELDS) if (x[f] !== undefined && x[f] !== false) out[f] = x[f];
  return Object.keys(out).length === 0 ? null : (Object.freeze(out) as Decorators);
}

/**
 * The `once` scope of decorators: `'agent'`, `'plan'`, or null.
 * @example
 * onceScope({ once: true }); // 'agent'
 */
export function onceScope(d: Decorators): 'agent' | 'plan' | null {
  return d.once === true || d.once === 'agent' ? 'agent' : d.once === 'plan' ? 'plan' : null;
}
