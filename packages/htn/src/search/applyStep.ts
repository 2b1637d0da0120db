import { applyEffects, ChangeSource, firstFailing, type PlanStep, type WorldState } from '@dualplan/world-state';

/** {@link applyStep} result: the step applied; anything >= 0 is the index of its first failing condition. */
export const APPLIED = -1;
/** {@link applyStep} result: an effect with an `error` edge policy left its range. */
export const OUT_OF_RANGE = -2;

/**
 * Check a step's conditions on the planning state and apply its effects and
 * expected effects: {@link APPLIED}, the failing condition's index, or
 * {@link OUT_OF_RANGE}. On failure the state may be half-changed: the caller restores it.
 */
export function applyStep(step: PlanStep, ws: WorldState<any>, ctx: unknown): number {
  // Most steps have no conditions or no expected effects: skip those calls outright.
  const failed = step.conditions.length === 0 ? -1 : firstFailing(step.conditions, ws, ctx);
  if (failed >= 0) return failed;
  if (
    (step.effects.length !== 0 && applyEffects(step.effects, ws, ctx, ChangeSource.Planning) >= 0) ||
    (step.expectedEffects.length !== 0 && applyEffects(step.expectedEffects, ws, ctx, ChangeSource.Planning) >= 0)
  ) {
    return OUT_OF_RANGE;
  }
  return APPLIED;
}
