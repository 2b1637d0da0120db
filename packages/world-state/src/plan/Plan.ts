import type { ConditionList } from '../conditions/Condition.js';
import { firstFailing } from '../conditions/Condition.js';
import type { EffectList } from '../conditions/Effect.js';
import { describeThrown } from '../errors/describeValue.js';
import { UserCodeError } from '../errors/UserCodeError.js';
import { applyEffects } from '../conditions/Effect.js';
import { ChangeSource, type WorldState } from '../schema/WorldState.js';
import type { ParallelSection } from './ParallelSection.js';
import type { Decorators } from './Decorators.js';

/**
 * How a running step may be interrupted by a better plan:
 * never, at the step boundary (after it finishes), or immediately (aborting it).
 */
export type InterruptPolicy = 'uninterruptible' | 'boundary' | 'immediate';

/** Every {@link InterruptPolicy}, for validating plain-data definitions. */
export const INTERRUPT_POLICIES: readonly InterruptPolicy[] = /* @__PURE__ */ Object.freeze(['uninterruptible', 'boundary', 'immediate'] as const);

/**
 * The policy of a step that declares none, for both planners: a higher-priority
 * plan takes over at once, aborting the running step. Mark steps that
 * must finish (a recovery animation) `boundary` or `uninterruptible`.
 */
export const DEFAULT_INTERRUPT: InterruptPolicy = 'immediate';

/**
 * One step of a plan, shared by both planners. It references compiled lists
 * owned by the domain, so steps are cheap and the runner can validate and
 * apply them without knowing which planner made them.
 */
export interface PlanStep {
  /** The primitive task or action name. */
  readonly task: string;
  /** The operator the runner executes (many tasks may share one operator). */
  readonly operator: string;
  /** Operator arguments (terms). */
  readonly args: readonly unknown[];
  /** Must hold on the real state before the step starts. */
  readonly conditions: ConditionList;
  /** Must hold on every tick while the step runs; a violation aborts it. */
  readonly executing: ConditionList;
  /** Applied to the real state once, when the step succeeds. */
  readonly effects: EffectList;
  /** Applied only while planning and validating, never to the real state. */
  readonly expectedEffects: EffectList;
  readonly cost: number;
  readonly interrupt: InterruptPolicy;
  /** The planner's index of the source task or action (GOAP failure penalties key on it). */
  readonly sourceId: number;
  /** The action's {@link Decorators} (cooldown, once, checkEvery, retries); absent when it has none. */
  readonly decorators?: Decorators;
  /**
   * The decorated HTN compounds and methods the step was planned under (absent: none). The runner counts a scope
   * as started with its first step and ended after its last: a cooldown or `once` then applies to the scope's key.
   * A step with scopes has `decorators` too (maybe empty), so the runner tests that one field.
   */
  readonly scopes?: readonly StepScope[];
}

/** A decorated HTN compound or method a step was planned under: the key its cooldown and `once` go by, and its decorators. */
export interface StepScope {
  /** The compound's name, or `Compound/method` for a method. */
  readonly key: string;
  readonly decorators: Decorators;
}

/** Search statistics, independent of hardware. */
export interface PlanStats {
  /** Nodes expanded (GOAP) or decomposition steps taken (HTN). */
  expanded: number;
  /** Nodes generated / pushed. */
  generated: number;
  /** Backtracks (HTN) or reopened nodes (GOAP). */
  backtracks: number;
}

/**
 * A plan: plain data, serialisable with `JSON.stringify` except where a step
 * references an opaque function (which is written as its name).
 */
export interface Plan<Meta = unknown> {
  /** Which planner made it, e.g. `'htn'` or `'goap'`. */
  readonly planner: string;
  readonly steps: readonly PlanStep[];
  readonly cost: number;
  /** Planner-specific: the HTN MTR and partial-plan continuation, the GOAP goal. */
  readonly meta: Meta;
  readonly stats: PlanStats;
  /**
   * Parts of the plan whose two branches run at the same time (absent or empty:
   * a plain sequence). The steps list each section's primary branch, then its
   * secondary branch; read in that order the plan is valid as a sequence too.
   */
  readonly parallel?: readonly ParallelSection[];
}

/** Result of {@link validatePlan}: -1 when valid, else the first failing step and condition. */
export interface PlanCheck {
  step: number;
  condition: number;
  /** Readable description of the failing condition, or `''`. */
  reason: string;
  /**
   * When a condition or effect function of step `step` threw: the error, with
   * what was thrown as its `cause` (`condition` is -1 then). The step counts as
   * failing; the search or check goes on.
   */
  error?: UserCodeError;
}

/**
 * Plan validation (before and while a plan runs, does the rest still hold?): on `scratch` (a working copy, overwritten), check
 * each remaining step's conditions from step `from`, applying its effects and
 * expected effects in turn, up to step `to` (excluded; default: the end).
 * Writes the outcome into `out` and returns it.
 * A condition or effect function that throws propagates (no `try` on this
 * path); {@link validatePlanSafely} contains it.
 * @example
 * const check = validatePlan(plan.steps, 0, state, scratch, ctx);
 * if (check.step >= 0) console.log(`step ${check.step} fails: ${check.reason}`);
 */
export function validatePlan(
  steps: readonly PlanStep[],
  from: number,
  state: WorldState<any>,
  scratch: WorldState<any>,
  ctx?: unknown,
  out: PlanCheck = { step: -1, condition: -1, reason: '' },
  to = steps.length,
): PlanCheck {
  scratch.copyFrom(state);
  out.step = -1;
  out.condition = -1;
  out.reason = '';
  for (let i = from; i < to; i++) {
    const step = steps[i];
    const failed = firstFailing(step.conditions, scratch, ctx);
    if (failed >= 0) {
      out.step = i;
      out.condition = failed;
      out.reason = step.conditions.describe(failed);
      return out;
    }
    // An empty list changes nothing and cannot fail: most steps have no expected effects, so no call is made for them.
    const effects = step.effects;
    const expected = step.expectedEffects;
    const bad = effects.length !== 0 ? applyEffects(effects, scratch, ctx, ChangeSource.Planning) : -1;
    const badExpected = bad < 0 && expected.length !== 0 ? applyEffects(expected, scratch, ctx, ChangeSource.Planning) : -1;
    if (bad >= 0 || badExpected >= 0) {
      out.step = i;
      out.reason = `effect ${bad >= 0 ? step.effects.describe(bad) : step.expectedEffects.describe(badExpected)} leaves its range`;
      return out;
    }
  }
  return out;
}

/**
 * {@link validatePlan} that contains user code: a condition or effect function
 * that throws fails its step, named in `out.step` with the error in
 * `out.error`, instead of escaping. For callers that run plans (the runner);
 * a `try` slows the check measurably, so planners' inner loops use
 * {@link validatePlan} and contain failures at their own level.
 * @example
 * const check = validatePlanSafely(plan.steps, 0, state, scratch, ctx);
 * if (check.error) console.warn(check.error.message);
 */
export function validatePlanSafely(
  steps: readonly PlanStep[],
  from: number,
  state: WorldState<any>,
  scratch: WorldState<any>,
  ctx?: unknown,
  out: PlanCheck = { step: -1, condition: -1, reason: '' },
  to = steps.length,
): PlanCheck {
  if (out.error !== undefined) out.error = undefined;
  try {
    return validatePlan(steps, from, state, scratch, ctx, out, to);
  } catch (thrown) {
    return locateThrow(steps, from, to, state, scratch, ctx, out, thrown);
  }
}

/**
 * Cold path of {@link validatePlan}: something threw. Check again one step at a
 * time to name the step and whether a condition or an effect threw (checks are
 * meant to be pure). If nothing throws the second time, the first step checked is named.
 */
function locateThrow(
  steps: readonly PlanStep[],
  from: number,
  to: number,
  state: WorldState<any>,
  scratch: WorldState<any>,
  ctx: unknown,
  out: PlanCheck,
  thrown: unknown,
): PlanCheck {
  scratch.copyFrom(state);
  let at = from;
  let part = 'condition';
  for (let i = from; i < to; i++) {
    const step = steps[i];
    at = i;
    try {
      part = 'condition';
      if (firstFailing(step.conditions, scratch, ctx) >= 0) break;
      part = 'effect';
      if (applyEffects(step.effects, scratch, ctx, ChangeSource.Planning) >= 0 || applyEffects(step.expectedEffects, scratch, ctx, ChangeSource.Planning) >= 0)
        break;
    } catch {
      break;
    }
  }
  const step = steps[at];
  out.step = at;
  out.condition = -1;
  out.error = new UserCodeError(
    part === 'condition' ? 'CONDITION_THREW' : 'EFFECT_THREW',
    step.task,
    part,
    `A ${part} function of step ${step.task} threw`,
    thrown,
  );
  out.reason = `a ${part} function of ${step.task} threw (${describeThrown(thrown)})`;
  return out;
}
