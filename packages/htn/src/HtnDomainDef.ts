import type { ConditionDef, WorldState } from '@dualplan/world-state';

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

/** A task solved by an external planner registered on the HTN planner under `delegate`. */
export interface DelegateDef {
  readonly kind: 'delegate';
  readonly name: string;
  readonly delegate: string;
  readonly args?: readonly unknown[];
}

/** A task an HTN domain adds to its action set (the actions are its primitive tasks). */
export type TaskDef = CompoundDef | DelegateDef;

/**
 * What an HTN domain adds to an action set, as plain data: compound and delegate
 * tasks. The actions are its primitive tasks, referenced by name from methods.
 */
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
