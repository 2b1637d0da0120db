import type { ConditionDef, Decorators, WorldState } from '@dualplan/world-state';

/** A reference to one task: its name, or the name with arguments. */
export type TaskRef = string | { readonly task: string; readonly args?: readonly unknown[] };

/**
 * A reference to a task inside a method: a task (name, or name with arguments), a pause point,
 * an optional subtask (skipped when it cannot be planned) or an any-order group (the planner may reorder it).
 */
export type SubtaskDef = TaskRef | PausePoint | OptionalSubtask | AnyOrderSubtasks;

/**
 * A subtask that is skipped, not failed, when it cannot be planned. The planner tries the plan with it
 * first; only when that fails (here or later in the plan) does it try the plan without it.
 */
export interface OptionalSubtask {
  readonly optional: TaskRef;
}

/** Subtasks the planner may reorder to find a plan: the listed order first, then the others (at most 6 tasks). */
export interface AnyOrderSubtasks {
  readonly anyOrder: readonly TaskRef[];
}

/**
 * How a compound task picks among its valid methods:
 * - `'first'` (default): in the listed order; the first valid method wins.
 * - `'random'`: in a random order drawn from the planner's seeded generator, weighted by each method's `weight` (default 1).
 * - `'utility'`: highest `utility` first (ties: listed order).
 * In every case a method whose conditions fail is skipped, and backtracking tries the next method in the chosen order.
 */
export type MethodSelect = 'first' | 'random' | 'utility';

/** A method's score for `select: 'utility'`: a number, or a function of the working state, context and the compound's arguments. */
export type UtilityFn<Ctx = any> = (state: WorldState<any>, ctx: Ctx, args: readonly unknown[]) => number;

/** Marks where a partial plan stops; the rest of the task list becomes the continuation. */
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
  /** Relative chance under `select: 'random'` (finite, >= 0; 0: tried only after every positive weight). Defaults to 1. */
  readonly weight?: number;
  /** Score under `select: 'utility'` (required there): a finite number or a function returning one. */
  readonly utility?: number | UtilityFn;
  /**
   * When the method's conditions are checked ({@link MethodCheck}); defaults to `'plan'`.
   */
  readonly check?: MethodCheck;
  /**
   * Cooldown and `once` of this method (key `Compound/method`): the planner does not choose it while it is
   * unavailable. `checkEvery` spaces the run-time checks of a `check: 'tick'` method. `retries` start the method's part of a plan again from its first step when one of its steps failed.
   */
  readonly decorators?: Decorators;
  /** Run the subtask list several times ({@link RepeatDef}: a number of passes, or passes while conditions hold, always bounded). */
  readonly repeat?: RepeatDef;
}

/**
 * A subtask list run several times, planned with: the planner unrolls the passes, so the plan shows each
 * pass (named `(Task/method pass 2 of 3)` in traces) and every pass's effects are predicted for the next.
 * - `{ times: 3 }`: exactly three passes ("search three rooms, then give up");
 * - `{ times: 20, while: [...] }`: passes while the conditions hold, at most 20 ("patrol while no enemy is
 *   seen"). The conditions are checked before each pass at plan time and, with `check: 'step'` (the default),
 *   by the runner before each step of a pass: when they stop holding, the plan fails and the replan ends the loop.
 *   A pass that cannot be planned ends the loop there too.
 *
 * `times` is the bound and is required (`REPEAT_UNBOUNDED` without it). The passes are tasks of their own: a
 * subtask function of a repeated method is called once per pass, with no arguments.
 * @example
 * const search: MethodDef = { name: 'search', subtasks: ['SearchNextRoom'], repeat: { times: 3 } };
 */
export interface RepeatDef {
  /** Most passes: a whole number from 1 to {@link MAX_REPEAT_PASSES}. */
  readonly times: number;
  /** Run another pass only while these hold (absent: exactly `times` passes). */
  readonly while?: readonly ConditionDef[];
  /** When the runner checks `while` again ({@link MethodCheck}); defaults to `'step'`. Needs `while`. */
  readonly check?: MethodCheck;
}

/** Most passes a {@link RepeatDef} may ask for: each pass is planned and kept in the plan. */
export const MAX_REPEAT_PASSES = 100;

/**
 * When a method's conditions are checked:
 * - `'plan'`: when the method is chosen (default);
 * - `'step'`: also before each step of its subtree, at plan time and by the runner before it starts the step;
 * - `'tick'`: also on every tick while a step of its subtree runs (the runner aborts the step when one fails).
 */
export type MethodCheck = 'plan' | 'step' | 'tick';

/** A task with methods; by default the first applicable method wins (see {@link MethodSelect}). */
export interface CompoundDef {
  readonly kind: 'compound';
  readonly name: string;
  readonly methods: readonly MethodDef[];
  /** How a method is picked; defaults to `'first'`. */
  readonly select?: MethodSelect;
  /** Cooldown and `once` of the whole task (key: its name), from its first step's start or its last step's end. `retries` start its part of a plan again from its first step when one of its steps failed. */
  readonly decorators?: Decorators;
  /** Decompose the task several times, choosing a method anew each pass ({@link RepeatDef}). */
  readonly repeat?: RepeatDef;
  /**
   * Plan adjustment: while a plan runs, this compound's part of it is planned again when the world changes, before
   * its first step starts, and the rest of the plan runs on. Not on the root task, and not on a compound whose
   * methods reach a pause point, a delegate, a parallel task or a subtask function (`BAD_ADJUSTABLE`).
   */
  readonly adjustable?: boolean;
}

/** A task solved by an external planner registered on the HTN planner under `delegate`. */
export interface DelegateDef {
  readonly kind: 'delegate';
  readonly name: string;
  readonly delegate: string;
  readonly args?: readonly unknown[];
}

/** A task an HTN domain adds to its action set (the actions are its primitive tasks). */
export type TaskDef = CompoundDef | DelegateDef | SlotDef | ParallelDef;

/**
 * Two subtask lists planned together over one state and run at the same time by
 * two runners of one agent ("walk to cover while reloading"). The planner plans
 * `primary`, then `secondary`, as one method; the plan marks the two branches
 * in `plan.parallel`. The branches may not clash over a key: they may not both
 * write one, and neither may write a key the other's conditions read (checked at
 * compile time over every task a branch can reach, and at plan time over the
 * steps planned; `PARALLEL_CONFLICT`). The runner waits for both branches
 * before the steps after the task, and a branch that fails fails the plan.
 *
 * With `race: true` the first branch to finish ends the other (its running step is aborted, its operator's
 * `abort` called once) and the plan goes on; a branch that fails drops out, and the race fails only when both
 * branches failed. The planner cannot know which branch wins, so the rest of the domain may not count on a
 * branch's effects: a key a race's branch writes may not be read by a condition outside the race
 * (`RACE_EFFECT`, at compile time, over static subtask lists).
 */
export interface ParallelDef {
  readonly kind: 'parallel';
  readonly name: string;
  readonly primary: readonly SubtaskDef[];
  readonly secondary: readonly SubtaskDef[];
  /** First branch to finish wins, the other is aborted (absent or false: both run to the end). */
  readonly race?: boolean;
}

/**
 * A named hole in the domain: an agent's planner plugs a compiled sub-domain into it at run time
 * ({@link HtnPlanner.plug}), and the slot plans as that sub-domain's root task. An empty slot fails like a
 * compound with no valid method.
 */
export interface SlotDef {
  readonly kind: 'slot';
  readonly name: string;
}

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
