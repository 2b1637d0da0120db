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
  return capturePlan(plan, state, scratch, ctx).read();
}

/** @internal A plan captured by {@link capturePlan}: what statistics count, and the record when read. */
export interface CapturedPlan {
  readonly planner: string;
  readonly target: string;
  readonly steps: readonly { readonly task: string }[];
  /** The plan as recorded (built on the first call). */
  read(): RecordedPlan;
}

/**
 * @internal {@link recordPlan} in two halves: what the record needs of the plan
 * (it may be a planner's reused buffer) is copied now; names, texts and the
 * predictions when the plan is first read. `start` is a copy of `state`'s
 * values the caller keeps unchanged. Predictions are made from it when read,
 * unless a step's effects are functions (they may read the game's context,
 * which changes): then they are made now, as numbers.
 */
export function capturePlan(
  plan: Plan,
  state: WorldState<any>,
  scratch: WorldState<any>,
  ctx: unknown,
  start: ArrayLike<number> = Int32Array.from(state.values),
): CapturedPlan {
  const meta = (plan.meta ?? {}) as { root?: unknown; goal?: unknown; mtr?: unknown; priority?: unknown; partial?: unknown };
  const schema = scratch.schema;
  const size = schema.size;
  const steps = plan.steps.slice();
  let opaque = false;
  for (const step of steps) if (step.effects.hasOpaque || step.expectedEffects.hasOpaque) opaque = true;
  // The state before the first step, then the state after each step predicted (until an effect throws).
  let after: Int32Array | null = null;
  let predicted = 0;
  const predict = (): Int32Array => {
    const out = new Int32Array(size * (steps.length + 1));
    for (let c = 0; c < size; c++) out[c] = start[c];
    if (opaque) scratch.copyFrom(state);
    else for (let c = 0; c < size; c++) scratch.write(c, start[c], ChangeSource.Planning);
    for (const step of steps) {
      try {
        applyEffects(step.effects, scratch, ctx, ChangeSource.Planning);
        applyEffects(step.expectedEffects, scratch, ctx, ChangeSource.Planning);
      } catch {
        break;
      }
      out.set(scratch.values, size * ++predicted);
    }
    return out;
  };
  if (opaque) after = predict();
  const head = {
    planner: plan.planner,
    cost: plan.cost,
    target: typeof meta.root === 'string' ? meta.root : typeof meta.goal === 'string' ? meta.goal : '',
    mtr: Array.isArray(meta.mtr) ? (meta.mtr.slice() as number[]) : [],
    priority: typeof meta.priority === 'number' && !Number.isNaN(meta.priority) ? meta.priority : null,
    partial: meta.partial === true,
    ...(plan.parallel !== undefined && plan.parallel.length > 0
      ? {
          parallel: plan.parallel.map((x) =>
            x.race === true
              ? { task: x.task, start: x.start, split: x.split, end: x.end, race: true }
              : { task: x.task, start: x.start, split: x.split, end: x.end },
          ),
        }
      : {}),
  };
  let built: RecordedPlan | null = null;
  const read = (): RecordedPlan => {
    if (built !== null) return built;
    const states = (after ??= predict());
    return (built = {
      planner: head.planner,
      cost: head.cost,
      steps: steps.map((step, i): RecordedStep => {
        const t = stepTexts(step);
        return {
          task: step.task,
          operator: step.operator,
          args: t.args,
          cost: step.cost,
          conditions: t.conditions,
          effects: t.effects,
          expectedEffects: t.expectedEffects,
          predicted:
            i < predicted ? namedChanges(schema, states.subarray(size * i, size * (i + 1)), states.subarray(size * (i + 1), size * (i + 2))) : NO_CHANGE,
        };
      }),
      target: head.target,
      mtr: head.mtr,
      priority: head.priority,
      partial: head.partial,
      ...(head.parallel ? { parallel: head.parallel } : {}),
    });
  };
  return { planner: head.planner, target: head.target, steps, read };
}

const NO_CHANGE: NamedState = Object.freeze({});
