import type { ConditionDef } from '../conditions/Condition.js';
import type { EffectDef } from '../conditions/Effect.js';
import type { Decorators } from '../plan/Decorators.js';
import type { InterruptPolicy, PlanStep } from '../plan/Plan.js';
import type { Schema } from '../schema/Schema.js';
import type { WorldState } from '../schema/WorldState.js';

/**
 * A dynamic action cost: evaluated once per `plan()` call against the real
 * state and the agent's context (not per search node), so a search stays
 * allocation-free and its costs consistent. Must return a finite number >= 0.
 */
export type ActionCost<Ctx = any> = (state: WorldState<any>, ctx: Ctx) => number;

/**
 * Conditions or effects of an action: fixed, or computed from the arguments a
 * reference passes (HTN only: GOAP has no arguments to bind and rejects the function form).
 */
export type ArgList<T> = readonly T[] | ((args: readonly unknown[]) => readonly T[]);

/**
 * One action, defined once over a schema and taken by both planners: a GOAP
 * domain is actions plus goals; an HTN domain's primitive tasks are these
 * actions, referenced by name (optionally with arguments), plus compounds.
 * Plain data: validated once by {@link defineActions}.
 * @example
 * const chop: ActionDef = { name: 'chop', conditions: [eq(k.HasAxe, true)], effects: [add(k.Wood, 5)], cost: 2 };
 */
export interface ActionDef<Ctx = any, Name extends string = string, Op extends string = string> {
  /** Unique name: the GOAP action, the HTN primitive task, and the plan step's `task`. */
  readonly name: Name;
  /** Operator id the runner executes; defaults to `name`. Many actions may share one operator. */
  readonly operator?: Op;
  /** Default operator arguments; an HTN reference with arguments overrides them. */
  readonly args?: readonly unknown[];
  /**
   * Must hold before the step starts. Data conditions are regressed by GOAP;
   * opaque `check()` conditions are procedural checks, tested on the real state only.
   */
  readonly conditions?: ArgList<ConditionDef>;
  /** Applied to the real state when the step succeeds (`set`/`add`/`sub`; GOAP rejects opaque effects). */
  readonly effects?: ArgList<EffectDef>;
  /** Assumed while planning but never applied to the real state (e.g. "the enemy is visible once I get there"); sensors confirm them. */
  readonly expectedEffects?: ArgList<EffectDef>;
  /** Must hold on every tick while the step runs (checked by the runner); a violation aborts the step. */
  readonly executing?: ArgList<ConditionDef>;
  /** A finite number >= 0 (default 1) or {@link ActionCost} `(state, ctx) => number`. */
  readonly cost?: number | ActionCost<Ctx>;
  /** How a better plan may interrupt this step; default `'immediate'`. */
  readonly interrupt?: InterruptPolicy;
  /** Cooldown, once, check interval and retries of this action ({@link Decorators}); planned with and run. */
  readonly decorators?: Decorators;
}

/** One validated action of an {@link ActionSet}. */
export interface CompiledAction<Ctx = any> {
  /** Position in the set: the `sourceId` of its plan steps in both planners. */
  readonly index: number;
  readonly name: string;
  readonly operator: string;
  readonly args: readonly unknown[];
  /** The (frozen) definition, for planners that instantiate parameterised lists per argument list. */
  readonly def: ActionDef<Ctx>;
  /** The numeric cost (0 when {@link CompiledAction.costFn} is set). */
  readonly cost: number;
  readonly costFn: ActionCost<Ctx> | null;
  readonly interrupt: InterruptPolicy;
  /** The validated decorators, or null when the action has none. */
  readonly decorators: Decorators | null;
  /** Some list is a function of the arguments: instantiated per argument list (HTN), rejected by GOAP. */
  readonly parameterised: boolean;
  /** The one shared plan step with the default arguments, or null when parameterised. */
  readonly step: PlanStep | null;
}

/**
 * A validated, compiled action set over one schema (see {@link defineActions}).
 * `Name` and `Op` are literal unions of the action names and operator ids, so
 * HTN references and the runner's operator maps type-check.
 */
export interface ActionSet<Name extends string = string, Op extends string = string, Ctx = any, S extends Schema = Schema> {
  readonly schema: S;
  readonly actions: readonly CompiledAction<Ctx>[];
  /** Action names, in definition order. */
  readonly names: readonly Name[];
  /** Distinct operator ids, sorted. */
  readonly operators: readonly Op[];
  /** Index of an action by name, or -1. */
  indexOf(name: string): number;
}

/** The literal union of names in a tuple of action definitions. */
export type NamesOf<Defs extends readonly ActionDef[]> = Defs[number]['name'];

/** The literal union of operator ids in a tuple of action definitions (an action without `operator` runs the operator named after it). */
export type OperatorsOf<Defs extends readonly ActionDef[]> = {
  [I in keyof Defs]: Defs[I] extends { readonly operator: infer O extends string } ? O : Defs[I] extends { readonly name: infer N extends string } ? N : never;
}[number];
