import { describeValue } from '../errors/describeValue.js';
import { DualplanError } from '../errors/errors.js';

/** How long a planner's `warmUp()` plans on its scratch planner. */
export interface WarmUpOptions {
  /**
   * Milliseconds to keep planning (default 10): the first plans of a fresh process run in the engine's
   * interpreter; after some dozens its optimising compiler has compiled the search, so the game's first
   * real plan runs near full speed. 0 plans once.
   */
  readonly ms?: number;
}

/** The most plans a warm-up makes, whatever its time: enough for the engine to optimise the search code. */
export const WARM_UP_MAX_PLANS = 400;

/**
 * The warm-up time of `options` in milliseconds, checked: a finite number >= 0, else `BAD_OPTION` naming `ms`.
 * @example
 * const ms = warmUpMs(options, 'GoapPlanner.warmUp'); // 10 without options
 */
export function warmUpMs(options: WarmUpOptions | undefined, where: string): number {
  const ms = options?.ms ?? 10;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
    throw new DualplanError('BAD_OPTION', 'ms', `${where} option ms must be a finite number of milliseconds >= 0, got ${describeValue(ms)}.`);
  return ms;
}
