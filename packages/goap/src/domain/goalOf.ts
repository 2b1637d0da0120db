import { DualplanError } from '@dualplan/world-state';
import { UnknownGoalError } from '../errors.js';
import type { CompiledGoal, GoapDomain } from './GoapDomain.js';

/** Resolve a goal reference (a domain goal's name or index, or a compiled goal) against `domain`. @internal */
export function goalOf(domain: GoapDomain<any, any>, goal: string | number | CompiledGoal): CompiledGoal {
  if (typeof goal === 'object') {
    if (goal.words.length !== domain.words) throw new DualplanError('FOREIGN_GOAL', goal.name, `Goal "${goal.name}" was compiled for another domain layout.`);
    return goal;
  }
  const i = typeof goal === 'number' ? goal : domain.goalIndex(goal);
  const g = domain.goals[i];
  if (!g)
    throw new UnknownGoalError(
      String(goal),
      domain.goals.map((x) => x.name),
    );
  return g;
}
