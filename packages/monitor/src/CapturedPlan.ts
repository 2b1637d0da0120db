import { applyEffects, ChangeSource, describeAll, showValue, type Plan, type PlanStep, type Schema, type WorldState } from '@dualplan/world-state';
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

const NO_CHANGE: NamedState = Object.freeze({});
const NO_MTR: readonly number[] = [];

type Section = NonNullable<RecordedPlan['parallel']>[number];

/**
 * @internal A plan as captured for a recording: what the record needs of the plan
 * (it may be a planner's reused buffer) is copied when captured; names, texts and the
 * predicted states when first read. `start` is a copy of `state`'s values the caller
 * keeps unchanged: predictions are made from it when read, unless a step's effects are
 * functions (they may read the game's context, which changes): then they are made when
 * captured, as numbers. Statistics count `planner`, `target` and `steps` without reading it.
 */
export class CapturedPlan {
  private plannerName = '';
  private targetName = '';
  /** The plan's steps, `stepCount` of them (this object's storage: copied into on every capture, never shrunk). */
  private readonly stepList: PlanStep[] = [];
  private stepCount = 0;
  private cost = 0;
  private readonly mtr: number[] = [];
  private mtrCount = 0;
  private priority: number | null = null;
  private partial = false;
  private parallel: readonly Section[] | null = null;
  private schema: Schema;
  private scratch: WorldState<any>;
  private ctx: unknown = null;
  private start: ArrayLike<number> = [];
  /** The state before the first step, then the state after each step predicted (made when first needed). */
  private after: Int32Array | null = null;
  /** Steps predicted (until an effect throws). */
  private predicted = 0;
  /** `after` holds the predictions of the plan captured now. */
  private ready = false;
  private built: RecordedPlan | null = null;

  constructor(plan: Plan, state: WorldState<any>, scratch: WorldState<any>, ctx: unknown, start: ArrayLike<number>) {
    this.schema = scratch.schema;
    this.scratch = scratch;
    this.reset(plan, state, scratch, ctx, start);
  }

  /** How many steps the plan has. */
  get length(): number {
    return this.stepCount;
  }

  /** Step `i`'s task. */
  taskAt(i: number): string {
    return this.stepList[i].task;
  }

  get planner(): string {
    return this.plannerName;
  }

  /** The HTN root task or the GOAP goal ('' when the plan names none). */
  get target(): string {
    return this.targetName;
  }

  /**
   * Capture another plan into this object (see the class): the previous one is forgotten (what
   * its read returned is separate and unchanged).
   */
  reset(plan: Plan, state: WorldState<any>, scratch: WorldState<any>, ctx: unknown, start: ArrayLike<number>): void {
    const meta = (plan.meta ?? {}) as { root?: unknown; goal?: unknown; mtr?: unknown; priority?: unknown; partial?: unknown };
    this.schema = scratch.schema;
    this.scratch = scratch;
    this.ctx = ctx;
    this.start = start;
    this.built = null;
    this.predicted = 0;
    this.ready = false;
    const steps = this.stepList;
    const from = plan.steps;
    // The lists keep their length (setting it is a call into the engine): an earlier, longer plan's last steps stay
    // past the count (steps of the domain, bounded by the longest plan).
    for (let i = 0; i < from.length; i++) steps[i] = from[i];
    this.stepCount = from.length;
    this.plannerName = plan.planner;
    this.cost = plan.cost;
    this.targetName = typeof meta.root === 'string' ? meta.root : typeof meta.goal === 'string' ? meta.goal : '';
    const mtr = this.mtr;
    const source = Array.isArray(meta.mtr) ? (meta.mtr as number[]) : NO_MTR;
    for (let i = 0; i < source.length; i++) mtr[i] = source[i];
    this.mtrCount = source.length;
    this.priority = typeof meta.priority === 'number' && !Number.isNaN(meta.priority) ? meta.priority : null;
    this.partial = meta.partial === true;
    this.parallel =
      plan.parallel !== undefined && plan.parallel.length > 0
        ? plan.parallel.map((x) =>
            x.race === true
              ? { task: x.task, start: x.start, split: x.split, end: x.end, race: true }
              : { task: x.task, start: x.start, split: x.split, end: x.end },
          )
        : null;
    let opaque = false;
    for (let i = 0; i < from.length; i++) if (steps[i].effects.hasOpaque || steps[i].expectedEffects.hasOpaque) opaque = true;
    if (opaque) this.predict(state);
  }

  /** Apply each step's effects in turn to the scratch state, from `state` (opaque effects) or from `start`. */
  private predict(state: WorldState<any> | null): Int32Array {
    const size = this.schema.size;
    const steps = this.stepList;
    const scratch = this.scratch;
    const count = this.stepCount;
    const need = size * (count + 1);
    const out = this.after !== null && this.after.length >= need ? this.after : new Int32Array(need);
    for (let c = 0; c < size; c++) out[c] = this.start[c];
    if (state !== null) scratch.copyFrom(state);
    else for (let c = 0; c < size; c++) scratch.write(c, this.start[c], ChangeSource.Planning);
    let predicted = 0;
    for (let i = 0; i < count; i++) {
      const step = steps[i];
      try {
        applyEffects(step.effects, scratch, this.ctx, ChangeSource.Planning);
        applyEffects(step.expectedEffects, scratch, this.ctx, ChangeSource.Planning);
      } catch {
        break;
      }
      out.set(scratch.values, size * ++predicted);
    }
    this.predicted = predicted;
    this.ready = true;
    return (this.after = out);
  }

  /** The plan as recorded (built on the first call; the same object on every call). */
  read(): RecordedPlan {
    if (this.built !== null) return this.built;
    const states = this.ready && this.after !== null ? this.after : this.predict(null);
    const size = this.schema.size;
    const predicted = this.predicted;
    return (this.built = {
      planner: this.plannerName,
      cost: this.cost,
      steps: this.stepList.slice(0, this.stepCount).map((step, i): RecordedStep => {
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
            i < predicted ? namedChanges(this.schema, states.subarray(size * i, size * (i + 1)), states.subarray(size * (i + 1), size * (i + 2))) : NO_CHANGE,
        };
      }),
      target: this.targetName,
      mtr: this.mtr.slice(0, this.mtrCount),
      priority: this.priority,
      partial: this.partial,
      ...(this.parallel !== null ? { parallel: this.parallel } : {}),
    });
  }
}
