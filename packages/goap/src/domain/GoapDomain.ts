import type { ActionCost, ActionSet, Condition, ConditionList, PlanStep, Schema, WorldState } from '@dualplan/world-state';

/** A goal: desired conditions, a priority and an optional validity check (the ReGoap flow). */
export interface GoalDef<Ctx = any> {
  readonly name: string;
  /** Data conditions only: goals are regressed, so opaque checks are not allowed. */
  readonly conditions: readonly Condition[];
  /** Higher is more urgent. A number or a function of the state; default 0. */
  readonly priority?: number | ((state: WorldState<any>, ctx: Ctx) => number);
  /** When present and false, the goal is skipped by goal selection. */
  readonly valid?: (state: WorldState<any>, ctx: Ctx) => boolean;
  /** After this many failed plans within a window, goal selection skips the goal for a while ({@link GoalCooldown}). */
  readonly cooldown?: GoalCooldown;
  /**
   * When no plan reaches every condition, plan to the state that satisfies the most (weighted) conditions instead,
   * the cheapest such plan; it is marked `partial` with the `unmet` conditions (at most 12 conditions).
   */
  readonly bestEffort?: boolean;
  /** With `bestEffort`: each condition's weight (finite, >= 0), in order; default 1 each. */
  readonly weights?: readonly number[];
}

/**
 * A goal's cool-down after failures: once `failures` of its plans failed within `window` seconds, goal selection
 * skips it for `seconds` (other goals are tried; the reason says so). On a goal, or for every goal of an agent.
 * @example
 * const attack: GoalDef = { name: 'Attack', conditions: [eq(k.EnemyDead, true)], cooldown: { failures: 3, window: 10, seconds: 5 } };
 */
export interface GoalCooldown {
  readonly failures: number;
  readonly window: number;
  readonly seconds: number;
}

/** What GOAP adds to an action set: the goals. */
export interface GoapDomainDef<Ctx = any> {
  readonly goals?: readonly GoalDef<Ctx>[];
}

/** A compiled goal: its regressed-goal words (one mask or interval per cell). */
export interface CompiledGoal<Ctx = any> {
  readonly name: string;
  readonly index: number;
  /** Node words of the goal: a full mask / full range on unconstrained cells. */
  readonly words: Int32Array;
  /** Cells the goal constrains. */
  readonly cells: Int32Array;
  readonly conditions: ConditionList;
  /** The goal's priority, or the function that computes it at selection time. */
  readonly priority: number | ((state: WorldState<any>, ctx: Ctx) => number);
  /** The goal's validity check, or null when the goal is always valid. */
  readonly valid: ((state: WorldState<any>, ctx: Ctx) => boolean) | null;
  /** Its cool-down after failures, or null (absent: none). */
  readonly cooldown?: GoalCooldown | null;
  /** Its conditions' weights when it is a best-effort goal, else null (absent: not best-effort). */
  readonly bestEffort?: Float64Array | null;
}

/**
 * A compiled GOAP domain: flat typed arrays for the planner's hot loop, plus
 * shared plan steps. Build with {@link compileGoapDomain}; immutable and shareable
 * between planners (the planners own all scratch).
 */
export interface GoapDomain<Ctx = any, Op extends string = string> {
  readonly schema: Schema;
  /** The action set the domain was compiled from. */
  readonly actions: ActionSet<string, Op, Ctx>;
  readonly actionNames: readonly string[];
  readonly actionCount: number;
  /**
   * Words per regressed goal: 2 per int cell, `ceil(n / 32)` per enum of more than 32 values,
   * and the other bool/enum cells packed as bit fields into shared 32-bit words (2 bits per bool,
   * n bits per n-value enum).
   */
  readonly words: number;
  /**
   * Per cell: its word offset in a regressed goal. A bool/enum cell's allowed
   * values are the bits `(words[at + offset[c]] >>> shift[c]) & full[c]` (bit v:
   * value v allowed); an int cell's interval is `words[at + offset[c]]` to
   * `words[at + offset[c] + 1]`. Custom heuristics read nodes through
   * `GoapNodeView`'s accessors rather than this layout.
   */
  readonly offset: Int32Array;
  /** Per cell: the bit where a bool/enum cell's field starts in its word (0 for int cells). */
  readonly shift: Uint8Array;
  /** Per cell: 1 when it is an int (interval) cell. */
  readonly isInt: Uint8Array;
  /**
   * Per cell: 1 for an enum of more than 32 values, a *wide* field of `ceil(n / 32)` whole words
   * from `offset[c]` (value v is bit `v & 31` of word `v >>> 5`).
   */
  readonly wide: Uint8Array;
  /** Per cell: the field mask of a bool/enum cell with every value allowed (unshifted; -1 for wide cells). */
  readonly full: Int32Array;
  /** Per cell: the index of its value 0 among all (cell, value) facts of bool/enum cells (`factBase[size]` facts). */
  readonly factBase: Int32Array;
  /** The multi-word masks of wide enums' conditions in `touch` records (their `allowA` is an offset here). */
  readonly sets: Int32Array;
  /**
   * Per action, the cells it touches: one `Touch` record each (cell, word
   * offset, int flag, effect op, effect value, edge policy, allowed set).
   * Precondition-only records come first (up to `effectStart[a]`), then effect records.
   */
  readonly touch: Int32Array;
  readonly touchStart: Int32Array;
  readonly effectStart: Int32Array;
  /** Effect→action index (F.E.A.R.'s effect table): actions with an effect on cell c are `indexActions[indexStart[c]..indexStart[c+1]]`. */
  readonly indexStart: Int32Array;
  readonly indexActions: Int32Array;
  /** Parallel to `indexActions`: the touch entry of that action's effect on the cell. */
  readonly indexTouch: Int32Array;
  readonly baseCost: Float64Array;
  readonly costFns: readonly (ActionCost<Ctx> | null)[];
  /** Procedural (opaque) conditions per action, or null. */
  readonly procedural: readonly (ConditionList | null)[];
  /** One shared plan step per action (base cost). */
  readonly steps: readonly PlanStep[];
  readonly goals: readonly CompiledGoal<Ctx>[];
  /** The index of the goal called `name` in {@link GoapDomain.goals}, or -1. */
  goalIndex(name: string): number;
}
