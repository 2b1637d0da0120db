import type { ConditionDef, EffectDef, InterruptPolicy, WorldState } from '@dualplan/world-state';

/** A reference to a task inside a method: its name, or the name with arguments, or a pause point. */
export type SubtaskDef = string | { readonly task: string; readonly args?: readonly unknown[] } | PausePoint;

/** Marks where a partial plan stops (004 §12.10); the rest of the task list becomes the continuation. */
export interface PausePoint {
  readonly pause: true;
}

/**
 * Computes a method's subtasks from the working state and the compound's arguments.
 * Return `null` when the method does not apply. Used to iterate over entities (blocks world).
 */
export type SubtaskFn<Ctx = any> = (state: WorldState<any>, ctx: Ctx, args: readonly unknown[]) => readonly SubtaskDef[] | null | undefined;

/** Conditions or effects of a primitive: fixed, or computed once per distinct argument list. */
export type ArgList<T> = readonly T[] | ((args: readonly unknown[]) => readonly T[]);

/** One way of achieving a compound task: conditions and an ordered list of subtasks. */
export interface MethodDef {
  /** For traces; defaults to `Task#index`. */
  readonly name?: string;
  readonly conditions?: readonly ConditionDef[];
  readonly subtasks: readonly SubtaskDef[] | SubtaskFn;
  /** Cost added in best-first mode. Defaults to 0. */
  readonly cost?: number;
}

/** A task with ordered methods; the first applicable method wins in the default search. */
export interface CompoundDef {
  readonly kind: 'compound';
  readonly name: string;
  readonly methods: readonly MethodDef[];
}

/** An action the agent executes through an operator. */
export interface PrimitiveDef {
  readonly kind: 'primitive';
  readonly name: string;
  /** Operator id the runner executes; defaults to the task name. Many tasks may share one operator. */
  readonly operator?: string;
  /** Default terms passed to the operator; a subtask reference with `args` overrides them. */
  readonly args?: readonly unknown[];
  readonly conditions?: ArgList<ConditionDef>;
  /** Must hold while the step runs (checked by the runner). */
  readonly executing?: ArgList<ConditionDef>;
  readonly effects?: ArgList<EffectDef>;
  /** Applied only while planning and validating (004 §12.7). */
  readonly expectedEffects?: ArgList<EffectDef>;
  /** Defaults to 1. */
  readonly cost?: number;
  /** Defaults to `'immediate'`. */
  readonly interrupt?: InterruptPolicy;
}

/** A task solved by an external planner registered on the HTN planner under `delegate`. */
export interface DelegateDef {
  readonly kind: 'delegate';
  readonly name: string;
  readonly delegate: string;
  readonly args?: readonly unknown[];
}

export type TaskDef = CompoundDef | PrimitiveDef | DelegateDef;

/** A whole domain as plain data. */
export interface HtnDomainDef {
  readonly name?: string;
  /** Default root task. */
  readonly root?: string;
  readonly tasks: readonly TaskDef[];
}

/**
 * A pause point for a method's subtask list.
 * @example
 * { subtasks: ['NavigateToEnemy', pause(), 'DoTrunkSlam'] }
 */
export function pause(): PausePoint {
  return PAUSE;
}

const PAUSE: PausePoint = /* @__PURE__ */ Object.freeze({ pause: true as const });
