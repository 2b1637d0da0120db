import type { CompareOp, Decorators, EdgePolicy, InterruptPolicy, KeyDefinition, OpaqueApply, OpaqueTest, WorldState } from '@dualplan/world-state';
import type { SubtaskFn, UtilityFn } from '@dualplan/htn';

/**
 * The types of a domain document: plain JSON, everything by name. Functions are
 * never in the document: a `{ "fn": name }` or `{ "opaque": name }` reference is
 * resolved from the {@link DomainRegistry} passed to `loadDomain`.
 */

/** A function reference, resolved from the registry at load. */
export interface FunctionRef {
  readonly fn: string;
}

/** A procedural condition or effect, by name (registry `checks` or `effects`). */
export interface OpaqueRef {
  readonly opaque: string;
}

/** A data condition: key by name (`'EnemyHealth'`, `'EnemyHealth[2]'` or a merged-bool member), values by name or number. */
export interface DocumentCondition {
  readonly key: string;
  readonly index?: number;
  readonly op: CompareOp | 'in';
  readonly value: boolean | number | string | readonly (number | string)[];
}

/** An effect in a domain document: set, add to or subtract from a key (by name). */
export interface DocumentEffect {
  readonly key: string;
  readonly index?: number;
  readonly op: 'set' | 'add' | 'sub';
  readonly value: boolean | number | string;
  readonly edge?: EdgePolicy;
}

/** One action of the action set: a GOAP action and an HTN primitive task at once. */
export interface DocumentAction {
  readonly name: string;
  /** Operator id the runner executes; defaults to the name. */
  readonly operator?: string;
  readonly args?: readonly unknown[];
  readonly conditions?: readonly (DocumentCondition | OpaqueRef)[];
  readonly effects?: readonly (DocumentEffect | OpaqueRef)[];
  /** Assumed while planning, never applied to the real state. */
  readonly expectedEffects?: readonly (DocumentEffect | OpaqueRef)[];
  /** Must hold while the step runs. */
  readonly executing?: readonly (DocumentCondition | OpaqueRef)[];
  /** A number >= 0 (default 1) or a registry `costs` function. */
  readonly cost?: number | FunctionRef;
  readonly interrupt?: InterruptPolicy;
  /** Cooldown, once, check interval, retries ({@link DocumentDecorators}). */
  readonly decorators?: DocumentDecorators;
}

/**
 * Behaviour decorators, planned with and run: `cooldown` seconds (> 0) after the step's end (or `cooldownFrom:
 * 'start'`), `once` per agent (`true` / `'agent'`) or per plan, `checkEvery` seconds between checks of executing
 * conditions, `retries` (whole number >= 1; on a compound or method, its part of the plan starts again). The same plain data as in code.
 */
export type DocumentDecorators = Decorators;

/** A task or action name, or a call with arguments. */
export type DocumentTaskRef = string | { readonly task: string; readonly args?: readonly unknown[] };

/** A method's subtask: a task reference, a pause point, an optional subtask, or an any-order group (1 to 6 tasks). */
export type DocumentSubtask =
  DocumentTaskRef | { readonly pause: true } | { readonly optional: DocumentTaskRef } | { readonly anyOrder: readonly DocumentTaskRef[] };

/** One method of a compound task in a domain document: its conditions and subtasks. */
export interface DocumentMethod {
  readonly name?: string;
  readonly conditions?: readonly (DocumentCondition | OpaqueRef)[];
  /** Subtasks, or a registry `subtasks` function computing them from the state. */
  readonly subtasks: readonly DocumentSubtask[] | FunctionRef;
  readonly cost?: number;
  /** Relative chance under `select: 'random'` (>= 0, default 1). */
  readonly weight?: number;
  /** Score under `select: 'utility'`: a number or a registry `utilities` function. */
  readonly utility?: number | FunctionRef;
  /** When the conditions are checked: `'plan'` (default), also before each step (`'step'`), or every tick (`'tick'`). */
  readonly check?: 'plan' | 'step' | 'tick';
  /** Cooldown and once of this method (key `Compound/method`); `checkEvery` spaces a `'tick'` check. */
  readonly decorators?: DocumentDecorators;
  /** Run the subtask list several times (see {@link DocumentRepeat}). */
  readonly repeat?: DocumentRepeat;
}

/**
 * A repeat, unrolled by the planner: `times` passes (1 to 100; the bound, required), or passes while the `while`
 * conditions hold, at most `times`; `check` says when the runner checks `while` again (default `'step'`).
 */
export interface DocumentRepeat {
  readonly times: number;
  readonly while?: readonly (DocumentCondition | OpaqueRef)[];
  readonly check?: 'plan' | 'step' | 'tick';
}

/** A compound task in a domain document: its methods, in priority order. */
export interface DocumentCompound {
  readonly name: string;
  /** How a method is picked: `'first'` valid (default), `'random'` (weighted), `'utility'` (highest score). */
  readonly select?: 'first' | 'random' | 'utility';
  readonly methods: readonly DocumentMethod[];
  /** Cooldown and once of the whole task (key: its name). */
  readonly decorators?: DocumentDecorators;
  /** Decompose the task several times, a method chosen anew each pass (see {@link DocumentRepeat}). */
  readonly repeat?: DocumentRepeat;
  /**
   * Plan adjustment: while a plan runs, this compound's part is planned again when the world changes before it
   * starts, and the rest of the plan runs on (not on the root; see the HTN planner's `BAD_ADJUSTABLE`).
   */
  readonly adjustable?: boolean;
}

/**
 * A parallel task: `primary` and `secondary` planned together and run at the same
 * time by two runners of one agent; the branches may not clash over a key. With `race: true` the first branch to
 * finish ends the other, and no condition outside the race may read a key its branches write.
 */
export interface DocumentParallel {
  readonly name: string;
  readonly primary: readonly DocumentSubtask[];
  readonly secondary: readonly DocumentSubtask[];
  /** The first branch to finish wins; the other's running step is aborted. */
  readonly race?: boolean;
}

/** The HTN domain: compound tasks over the action set (actions are its primitive tasks). */
export interface DocumentHtn {
  readonly root?: string;
  readonly tasks: readonly DocumentCompound[];
  /** Parallel tasks, called by name from methods like compound tasks. */
  readonly parallel?: readonly DocumentParallel[];
  /**
   * Slots: named holes methods call like tasks, filled at run time by plugging a compiled sub-domain into
   * the agent's planner (`planner.plug(name, domain)`); an empty slot fails like a compound with no valid method.
   */
  readonly slots?: readonly string[];
  /**
   * Delegates: named tasks methods call like tasks, planned by a function the game gives the HTN planner
   * (`new HtnPlanner(domain, { delegates: { [delegate]: fn } })`), such as a GOAP planner as a sub-planner.
   */
  readonly delegates?: readonly DocumentDelegate[];
}

/**
 * A delegate task: `name` is what methods call; `delegate` the key of the planner's `delegates` option that plans it
 * (default: `name`); `args` are passed to it.
 */
export interface DocumentDelegate {
  readonly name: string;
  readonly delegate?: string;
  readonly args?: readonly unknown[];
}

/** A GOAP goal in a domain document: its conditions and priority. */
export interface DocumentGoal {
  readonly name: string;
  readonly conditions: readonly DocumentCondition[];
  /** A number or a registry `priorities` function. */
  readonly priority?: number | FunctionRef;
  /** A registry `validity` function: when it returns false, goal selection skips the goal. */
  readonly valid?: FunctionRef;
  /** After `failures` failed plans within `window` seconds, goal selection skips the goal for `seconds`. */
  readonly cooldown?: { readonly failures: number; readonly window: number; readonly seconds: number };
  /** When no plan reaches every condition, plan to the most (weighted) of them, marked partial. */
  readonly bestEffort?: boolean;
  /** With `bestEffort`: one weight (>= 0) per condition; default 1 each. */
  readonly weights?: readonly number[];
}

/** The GOAP domain: the action set plus goals. */
export interface DocumentGoap {
  readonly goals: readonly DocumentGoal[];
}

/**
 * A whole domain document.
 * @example
 * const doc: DomainDocument = {
 *   keys: [{ name: 'hasWood', kind: 'bool' }],
 *   actions: [{ name: 'chop', effects: [{ key: 'hasWood', op: 'set', value: true }] }],
 *   goap: { goals: [{ name: 'wood', conditions: [{ key: 'hasWood', op: '==', value: true }] }] },
 * };
 */
export interface DomainDocument {
  /** The JSON Schema the file follows, for editors. */
  readonly $schema?: string;
  readonly name?: string;
  readonly description?: string;
  readonly keys: readonly KeyDefinition[];
  /** Keys sensors or bindings write: the linter treats them as able to take any value. */
  readonly sensors?: readonly string[];
  readonly actions: readonly DocumentAction[];
  readonly htn?: DocumentHtn;
  readonly goap?: DocumentGoap;
}

/**
 * The functions a document refers to, by name and by kind, so a misspelt name
 * or a function of the wrong kind is reported at load. Callbacks take `(state, ctx, ...)`.
 */
export interface DomainRegistry<Ctx = any> {
  /** Dynamic action costs `(state, ctx) => number`. */
  readonly costs?: Readonly<Record<string, (state: WorldState<any>, ctx: Ctx) => number>>;
  /** Procedural conditions `(state, ctx) => boolean`. */
  readonly checks?: Readonly<Record<string, OpaqueTest<Ctx>>>;
  /** Procedural effects `(state, ctx) => void`. */
  readonly effects?: Readonly<Record<string, OpaqueApply<Ctx>>>;
  /** HTN subtask functions `(state, ctx, args) => subtasks | null`. */
  readonly subtasks?: Readonly<Record<string, SubtaskFn<Ctx>>>;
  /** HTN method utilities `(state, ctx, args) => number`, for `select: 'utility'`. */
  readonly utilities?: Readonly<Record<string, UtilityFn<Ctx>>>;
  /** GOAP goal priorities `(state, ctx) => number`. */
  readonly priorities?: Readonly<Record<string, (state: WorldState<any>, ctx: Ctx) => number>>;
  /** GOAP goal validity checks `(state, ctx) => boolean`. */
  readonly validity?: Readonly<Record<string, (state: WorldState<any>, ctx: Ctx) => boolean>>;
}

/** A registry section: the kind of function a reference resolves to. */
export type RegistrySection = keyof DomainRegistry;

/**
 * Every field the loader reads, per kind of object; the JSON Schema must list
 * exactly these (a test checks it), and the TypeScript types above too.
 */
export const DOCUMENT_FIELDS = /* @__PURE__ */ Object.freeze({
  document: ['$schema', 'name', 'description', 'keys', 'sensors', 'actions', 'htn', 'goap'],
  key: ['name', 'kind', 'default', 'values', 'min', 'max', 'edge', 'slots'],
  condition: ['key', 'index', 'op', 'value'],
  effect: ['key', 'index', 'op', 'value', 'edge'],
  action: ['name', 'operator', 'args', 'conditions', 'effects', 'expectedEffects', 'executing', 'cost', 'interrupt', 'decorators'],
  method: ['name', 'conditions', 'subtasks', 'cost', 'weight', 'utility', 'check', 'decorators', 'repeat'],
  compound: ['name', 'methods', 'select', 'decorators', 'repeat', 'adjustable'],
  htn: ['root', 'tasks', 'parallel', 'slots', 'delegates'],
  delegate: ['name', 'delegate', 'args'],
  parallel: ['name', 'primary', 'secondary'],
  goal: ['name', 'conditions', 'priority', 'valid', 'cooldown', 'bestEffort', 'weights'],
  goap: ['goals'],
} as const);
