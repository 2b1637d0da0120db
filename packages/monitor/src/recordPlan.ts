import { applyEffects, ChangeSource, describeAll, showValue, type Plan, type PlanStep, type WorldState } from '@dualplan/world-state';
import { namedChanges } from './namedState.js';
import type { NamedState, RecordedPlan, RecordedStep } from './Recording.js';

/** An argument as JSON: primitives as they are, anything else as its `String()` (its `showValue` where `String()` throws). */
function jsonArg(a: unknown): unknown {
  if (a === null || typeof a === 'boolean' || typeof a === 'string' || (typeof a === 'number' && Number.isFinite(a))) return a;
  try {
    return String(a);
  } catch {
    return showValue(a);
  }
}

/** A step's readable texts, computed once per step object (plan steps are shared by the domain). */
interface StepTexts {
  readonly args: readonly unknown[];
  readonly conditions: readonly string[];
  readonly effects: readonly string[];
  readonly expectedEffects: readonly string[];
}

const texts = new WeakMap<PlanStep, StepTexts>();

function stepTexts(step: PlanStep): StepTexts {
  let t = texts.get(step);
  if (t === undefined) {
    t = {
      args: step.args.map(jsonArg),
      conditions: describeAll(step.conditions),
      effects: describeAll(step.effects),
      expectedEffects: describeAll(step.expectedEffects),
    };
    texts.set(step, t);
  }
  return t;
}

/**
 * A plan as plain data, with the world state the planner predicts after each
 * step: the step's effects and expected effects applied in turn to `scratch`
 * (overwritten) from `state`. A throwing opaque effect is contained: the
 * prediction stops there (later steps predict no change). Texts of a step
 * (arguments, conditions, effects) are computed once per step object and shared.
 * @example
 * const recorded = recordPlan(plan, agent.state, agent.state.clone(), agent.ctx);
 * recorded.steps.map((s) => s.predicted); // [{ WsEnemyRange: 'Melee' }, { WsTrunkHealth: 2 }, ...]
 */
export function recordPlan(plan: Plan, state: WorldState<any>, scratch: WorldState<any>, ctx: unknown): RecordedPlan {
  const meta = (plan.meta ?? {}) as { root?: unknown; goal?: unknown; mtr?: unknown; priority?: unknown; partial?: unknown };
  scratch.copyFrom(state);
  const steps: RecordedStep[] = [];
  let predicting = true;
  for (const step of plan.steps) {
    let predicted: NamedState = NO_CHANGE;
    if (predicting) {
      // The state before this step is `state` for the first step, and the step before's result after that.
      const before = steps.length === 0 ? state.values : null;
      const copy = before === null ? Int32Array.from(scratch.values) : null;
      try {
        applyEffects(step.effects, scratch, ctx, ChangeSource.Planning);
        applyEffects(step.expectedEffects, scratch, ctx, ChangeSource.Planning);
        predicted = namedChanges(scratch.schema, before ?? copy!, scratch.values);
      } catch {
        predicting = false;
      }
    }
    const t = stepTexts(step);
    steps.push({
      task: step.task,
      operator: step.operator,
      args: t.args,
      cost: step.cost,
      conditions: t.conditions,
      effects: t.effects,
      expectedEffects: t.expectedEffects,
      predicted,
    });
  }
  return {
    planner: plan.planner,
    cost: plan.cost,
    steps,
    target: typeof meta.root === 'string' ? meta.root : typeof meta.goal === 'string' ? meta.goal : '',
    mtr: Array.isArray(meta.mtr) ? meta.mtr.slice() : [],
    priority: typeof meta.priority === 'number' && !Number.isNaN(meta.priority) ? meta.priority : null,
    partial: meta.partial === true,
    ...(plan.parallel !== undefined && plan.parallel.length > 0
      ? { parallel: plan.parallel.map((x) => ({ task: x.task, start: x.start, split: x.split, end: x.end })) }
      : {}),
  };
}

const NO_CHANGE: NamedState = Object.freeze({});
