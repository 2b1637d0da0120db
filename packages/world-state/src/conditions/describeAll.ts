import type { ConditionList } from './Condition.js';
import type { EffectList } from './Effect.js';

/**
 * Every condition or effect of a list in words, in order (as `describe(i)` gives them).
 * @example
 * describeAll(step.conditions); // ['WsHasAxe == true', 'WsStamina > 0']
 */
export function describeAll(list: ConditionList | EffectList): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) out.push(list.describe(i));
  return out;
}
