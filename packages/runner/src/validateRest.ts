import { ChangeSource, UserCodeError, applyEffects, describeThrown, validatePlanSafely, type PlanCheck, type PlanStep, type WorldState } from '@dualplan/world-state';

/**
 * Whether the rest of a plan, from step `from`, still holds on `state`: null
 * when it does, else why not (plan validation). Checked on `scratch`, never on
 * `state`. When step `from` is `running`, its conditions are not checked again
 * (they held when it started; its executing conditions guard it now): its
 * effects and expected effects are applied, then the later steps validated.
 * @example
 * validateRest(plan.steps, 1, true, agent.state, scratch, agent.ctx, check); // null, or 'plan invalid: step 2 Strike: B == true'
 */
export function validateRest(
  steps: readonly PlanStep[],
  from: number,
  running: boolean,
  state: WorldState<any>,
  scratch: WorldState<any>,
  ctx: unknown,
  check: PlanCheck,
): string | null {
  if (running) {
    const step = steps[from];
    scratch.copyFrom(state);
    check.error = undefined;
    try {
      if (applyEffects(step.effects, scratch, ctx, ChangeSource.Planning) >= 0 || applyEffects(step.expectedEffects, scratch, ctx, ChangeSource.Planning) >= 0) {
        return `effects of ${step.task} no longer fit the world`;
      }
    } catch (thrown) {
      // Reported like a throw inside validatePlan: the step, and what was thrown.
      check.step = from;
      check.condition = -1;
      check.error = new UserCodeError('EFFECT_THREW', step.task, 'effect', `An effect function of step ${step.task} threw`, thrown);
      return `an effect function of ${step.task} threw (${describeThrown(thrown)})`;
    }
    if (++from >= steps.length) return null;
    validatePlanSafely(steps, from, scratch, scratch, ctx, check);
  } else {
    validatePlanSafely(steps, from, state, scratch, ctx, check);
  }
  return check.step < 0 ? null : `plan invalid: step ${check.step} ${steps[check.step].task}: ${check.reason}`;
}
