import {
  ChangeSource,
  UserCodeError,
  applyEffects,
  describeThrown,
  validatePlanSafely,
  type PlanCheck,
  type PlanStep,
  type WorldState,
} from '@dualplan/world-state';

/**
 * Whether the rest of a plan, from step `from`, still holds on `state`: null
 * when it does, else why not (plan validation). Checked on `scratch`, never on
 * `state`. When step `from` is `running`, its conditions are not checked again
 * (they held when it started; its executing conditions guard it now): its
 * effects and expected effects are applied, then the later steps validated,
 * up to step `to` (excluded; default: the end).
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
  to = steps.length,
): string | null {
  if (running) {
    const step = steps[from];
    scratch.copyFrom(state);
    check.error = undefined;
    try {
      if (
        applyEffects(step.effects, scratch, ctx, ChangeSource.Planning) >= 0 ||
        applyEffects(step.expectedEffects, scratch, ctx, ChangeSource.Planning) >= 0
      ) {
        return `effects of ${step.task} no longer fit the world`;
      }
    } catch (thrown) {
      // Reported like a throw inside validatePlan: the step, and what was thrown.
      check.step = from;
      check.condition = -1;
      check.error = new UserCodeError('EFFECT_THREW', step.task, 'effect', `An effect function of step ${step.task} threw`, thrown);
      return `an effect function of ${step.task} threw (${describeThrown(thrown)})`;
    }
    if (++from >= to) return null;
    validatePlanSafely(steps, from, scratch, scratch, ctx, check, to);
  } else {
    validatePlanSafely(steps, from, state, scratch, ctx, check, to);
  }
  return check.step < 0 ? null : `plan invalid: step ${check.step} ${steps[check.step].task}: ${check.reason}`;
}

/** @internal Where a runner's part of a plan ends, and what runs beside it (see {@link validateLanes}). */
export interface Lane {
  readonly index: number;
  readonly end: number;
  readonly running: boolean;
}

/**
 * {@link validateRest} for a plan with a parallel section under way: this lane's
 * rest (`lane.index` to `lane.end`), then the other branch's rest (`other`, when
 * it still runs), then the steps after the section (from `resume`). The
 * key-conflict rule makes the two branches independent, so checking one after
 * the other is as good as any interleaving. Null when all of it still holds.
 * @example
 * validateLanes(plan.steps, primary, secondary, section.end, agent.state, scratch, agent.ctx, check);
 */
export function validateLanes(
  steps: readonly PlanStep[],
  lane: Lane,
  other: Lane | null,
  resume: number,
  state: WorldState<any>,
  scratch: WorldState<any>,
  ctx: unknown,
  check: PlanCheck,
): string | null {
  scratch.copyFrom(state);
  check.step = -1;
  let why = lane.index < lane.end ? validateRest(steps, lane.index, lane.running, scratch, scratch, ctx, check, lane.end) : null;
  if (why === null && other !== null && other.index < other.end) why = validateRest(steps, other.index, other.running, scratch, scratch, ctx, check, other.end);
  if (why === null && resume < steps.length) why = validateRest(steps, resume, false, scratch, scratch, ctx, check);
  return why;
}
