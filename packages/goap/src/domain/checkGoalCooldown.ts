import { describeValue } from '@dualplan/world-state';
import { GoapDefinitionError } from '../errors.js';
import type { GoalCooldown } from './GoapDomain.js';

/**
 * A goal's cool-down rule checked once: typed errors name the goal (or `'goalCooldown'` for the agent's default).
 * @example
 * checkGoalCooldown({ failures: 3, window: 10, seconds: 5 }, 'Attack');
 */
export function checkGoalCooldown(c: unknown, owner: string): GoalCooldown | null {
  if (c === undefined || c === null) return null;
  const bad = (what: string): never => {
    throw new GoapDefinitionError('BAD_GOAL_COOLDOWN', owner, `The cool-down of ${owner} ${what}, got ${describeValue(c)}.`);
  };
  if (typeof c !== 'object') bad('must be { failures, window, seconds }');
  const { failures, window, seconds } = c as Record<string, unknown>;
  if (typeof failures !== 'number' || !Number.isInteger(failures) || failures < 1) bad('needs failures: a whole number >= 1');
  if (typeof window !== 'number' || !(window > 0) || !Number.isFinite(window)) bad('needs window: a finite number of seconds > 0');
  if (typeof seconds !== 'number' || !(seconds > 0) || !Number.isFinite(seconds)) bad('needs seconds: a finite number of seconds > 0');
  return Object.freeze({ failures, window, seconds } as GoalCooldown);
}
