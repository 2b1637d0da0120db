import { DualplanError, nameOf } from '@dualplan/world-state';
import { UnknownGoalError } from '../errors.js';
import type { CompiledGoal, GoapDomain } from './GoapDomain.js';

/** Resolve a goal reference (a domain goal's name or index, or a compiled goal) against `domain`. @internal */
export function goalOf(domain: GoapDomain<any, any>, goal: string | number | CompiledGoal): CompiledGoal {
  if (goal !== null && typeof goal === 'object' && goal.words instanceof Int32Array) {
    if (goal.words.length !== domain.words) {
      const name = nameOf(goal.name);
      throw new DualplanError('FOREIGN_GOAL', name, `Goal "${name}" was compiled for another domain layout.`);
    }
    return goal;
  }
  // Anything else that is not a name or an index (null, a plain object, a symbol) is an unknown goal, named as it can be shown.
  const i = typeof goal === 'number' ? goal : typeof goal === 'string' ? domain.goalIndex(goal) : -1;
  const g = Number.isInteger(i) ? domain.goals[i] : undefined;
  if (!g)
    throw new UnknownGoalError(
      nameOf(goal),
      domain.goals.map((x) => x.name),
    );
  return g;
}
