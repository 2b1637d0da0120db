import type { ActionSet, ConditionDef, KeysOf, Schema, SchemaSpec } from '@dualplan/world-state';
import { compileHtnDomain } from './compileHtnDomain.js';
import type { HtnDomain } from './HtnDomain.js';
import type {
  CompoundDef,
  HtnDomainDef,
  MethodDef,
  MethodCheck,
  MethodSelect,
  RepeatDef,
  SubtaskDef,
  SubtaskFn,
  TaskDef,
  TaskRef,
  UtilityFn,
} from './HtnDomainDef.js';
import { pause } from './HtnDomainDef.js';

/** A method's conditions: a list, or a function from the schema's keys to a list. */
export type MethodConditions<S extends SchemaSpec> = readonly ConditionDef[] | ((keys: KeysOf<S>) => readonly ConditionDef[]);

/** Method options: a name for traces, a cost for best-first mode, a weight (`select: 'random'`) or a utility (`select: 'utility'`). */
export interface MethodOptions {
  readonly name?: string;
  readonly cost?: number;
  readonly weight?: number;
  readonly utility?: number | UtilityFn;
  /** When the method's conditions are checked: `'plan'` (default), `'step'` or `'tick'`. */
  readonly check?: MethodCheck;
  /** Run the method's subtask list several times (always with a bound: see {@link RepeatDef}). */
  readonly repeat?: RepeatDef;
}

/**
 * Fluent, type-safe authoring of the compound tasks over an action set (the
 * actions are the primitive tasks): key handles come from the schema, so key
 * names and value types are checked by TypeScript, and action names in `task()`
 * are offered by the editor. Produces the same plain data as a hand-written
 * {@link HtnDomainDef} ({@link HtnDomainBuilder.toData}).
 * @example
 * const domain = htnDomainBuilder(trollActions(schema))
 *   .compound('BeTrunkThumper')
 *     .method((k) => [eq(k.WsCanSeeEnemy, true)]).task('NavigateToEnemy').task('DoTrunkSlam')
 *     .back()
 *     .method().task('ChooseBridgeToCheck').task('NavigateToBridge').task('CheckBridge')
 *   .end()
 *   .build();
 */
export class HtnDomainBuilder<S extends SchemaSpec, Name extends string = string, Op extends string = string> {
  readonly schema: Schema<S>;
  readonly actions: ActionSet<Name, Op, any, Schema<S>>;
  private readonly name: string;
  private readonly tasks: TaskDef[] = [];
  private rootName: string | undefined;

  constructor(actions: ActionSet<Name, Op, any, Schema<S>>, name = 'domain') {
    this.actions = actions;
    this.schema = actions.schema;
    this.name = name;
  }

  /** Set the root task (defaults to the first compound task declared). */
  root(name: string): this {
    this.rootName = name;
    return this;
  }

  /**
   * Start a compound task; add methods, then `.end()`. `select` picks how a method is chosen
   * (`'first'` valid, the default; `'random'`, weighted; `'utility'`, highest score).
   */
  compound(name: string, select?: MethodSelect): CompoundBuilder<S, Name, Op> {
    const def: { kind: 'compound'; name: string; methods: MethodDef[]; select?: MethodSelect; adjustable?: boolean } = { kind: 'compound', name, methods: [] };
    if (select !== undefined) def.select = select;
    this.tasks.push(def);
    if (this.rootName === undefined) this.rootName = name;
    return new CompoundBuilder(this, def);
  }

  /** Declare a task solved by the sub-planner registered as `delegate` on the planner. */
  delegate(name: string, delegate: string, args?: readonly unknown[]): this {
    this.tasks.push(args ? { kind: 'delegate', name, delegate, args } : { kind: 'delegate', name, delegate });
    return this;
  }

  /** Declare a slot: a named hole an agent's planner fills with a sub-domain at run time (`HtnPlanner.plug`). */
  slot(name: string): this {
    this.tasks.push({ kind: 'slot', name });
    return this;
  }

  /**
   * Declare a parallel task: `primary` and `secondary` are planned together over one state and run at the
   * same time by two runners of the agent (see {@link ParallelDef} for the key-conflict rule).
   * @example
   * builder.parallel('TakeCover', ['RunToCover'], ['Reload']); // a method then calls .task('TakeCover')
   */
  parallel(name: string, primary: readonly SubtaskDef[], secondary: readonly SubtaskDef[]): this {
    this.tasks.push({ kind: 'parallel', name, primary, secondary });
    return this;
  }

  /**
   * Declare a race: like {@link HtnDomainBuilder.parallel}, but the first branch to finish ends the other (its running step is
   * aborted); the race fails only when both branches fail. No condition outside the race may read a key its
   * branches write (see {@link ParallelDef}).
   * @example
   * builder.race('WaitForDoor', ['WatchDoor'], ['WaitFiveSeconds']);
   */
  race(name: string, primary: readonly SubtaskDef[], secondary: readonly SubtaskDef[]): this {
    this.tasks.push({ kind: 'parallel', name, primary, secondary, race: true });
    return this;
  }

  /**
   * Splice the compound, delegate and slot tasks of another definition into this domain (statically:
   * the sub-domain's root becomes one more task, called by name). Its names must not clash with these.
   */
  splice(sub: HtnDomainDef | HtnDomainBuilder<S, any, any>): this {
    const def = sub instanceof HtnDomainBuilder ? sub.toData() : sub;
    for (const t of def.tasks) this.tasks.push(copyTask(t));
    return this;
  }

  /** The plain-data definition. */
  toData(): HtnDomainDef {
    return { name: this.name, root: this.rootName, tasks: this.tasks.map(copyTask) };
  }

  /** Validate and compile (see {@link compileHtnDomain}). */
  build(): HtnDomain<Schema<S>, Op> {
    return compileHtnDomain(this.actions, this.toData());
  }
}

/** Adds methods to a compound task. */
export class CompoundBuilder<S extends SchemaSpec, Name extends string = string, Op extends string = string> {
  private readonly parent: HtnDomainBuilder<S, Name, Op>;
  private readonly def: { methods: MethodDef[]; name: string; adjustable?: boolean };

  /** @internal */
  constructor(parent: HtnDomainBuilder<S, Name, Op>, def: { methods: MethodDef[]; name: string; adjustable?: boolean }) {
    this.parent = parent;
    this.def = def;
  }

  /**
   * Mark the compound adjustable (plan adjustment): its part of a running plan is planned again alone when the
   * world changes before it starts, and the rest of the plan runs on. See {@link CompoundDef.adjustable}.
   * @example
   * builder.compound('ChooseWeapon').adjustable().method(...)
   */
  adjustable(): this {
    this.def.adjustable = true;
    return this;
  }

  /** Add a method (lower position = higher priority), with optional conditions; then add its tasks. */
  method(conditions?: MethodConditions<S>, options?: string | MethodOptions): MethodBuilder<S, Name, Op> {
    const conds = typeof conditions === 'function' ? conditions(this.parent.schema.keys) : (conditions ?? []);
    const opts = typeof options === 'string' ? { name: options } : (options ?? {});
    const method: { -readonly [K in keyof MethodDef]: MethodDef[K] } = { conditions: conds, subtasks: [] as SubtaskDef[] };
    if (opts.name !== undefined) method.name = opts.name;
    if (opts.cost !== undefined) method.cost = opts.cost;
    if (opts.weight !== undefined) method.weight = opts.weight;
    if (opts.utility !== undefined) method.utility = opts.utility;
    if (opts.check !== undefined) method.check = opts.check;
    if (opts.repeat !== undefined) method.repeat = opts.repeat;
    this.def.methods.push(method);
    return new MethodBuilder(this, method);
  }

  /** Close the compound task. */
  end(): HtnDomainBuilder<S, Name, Op> {
    return this.parent;
  }
}

/** Adds subtasks to a method. */
export class MethodBuilder<S extends SchemaSpec, Name extends string = string, Op extends string = string> {
  private readonly parent: CompoundBuilder<S, Name, Op>;
  private readonly def: { subtasks: MethodDef['subtasks'] };

  /** @internal */
  constructor(parent: CompoundBuilder<S, Name, Op>, def: { subtasks: MethodDef['subtasks'] }) {
    this.parent = parent;
    this.def = def;
  }

  /** Append a subtask (an action or a compound task), with optional arguments. */
  task(name: Name | (string & {}), ...args: unknown[]): this {
    (this.def.subtasks as SubtaskDef[]).push(args.length ? { task: name, args } : name);
    return this;
  }

  /** Append an optional subtask: planned when it can be, skipped (not failed) when it cannot. */
  optional(name: Name | (string & {}), ...args: unknown[]): this {
    (this.def.subtasks as SubtaskDef[]).push({ optional: args.length ? { task: name, args } : name });
    return this;
  }

  /** Append subtasks the planner may reorder to find a plan (listed order first; at most 6). */
  anyOrder(...tasks: readonly (Name | TaskRef | (string & {}))[]): this {
    (this.def.subtasks as SubtaskDef[]).push({ anyOrder: tasks as TaskRef[] });
    return this;
  }

  /** Append a pause point: a partial plan stops here, and the rest is planned later. */
  pause(): this {
    (this.def.subtasks as SubtaskDef[]).push(pause());
    return this;
  }

  /** Compute the subtasks from the state and arguments instead (replaces any listed ones). */
  subtasks(fn: SubtaskFn): this {
    this.def.subtasks = fn;
    return this;
  }

  /** Back to the compound task, to add another method. */
  back(): CompoundBuilder<S, Name, Op> {
    return this.parent;
  }

  /** Close the method and its compound task. */
  end(): HtnDomainBuilder<S, Name, Op> {
    return this.parent.end();
  }
}

function copyTask(t: TaskDef): TaskDef {
  if (t.kind === 'parallel') return { ...t, primary: [...t.primary], secondary: [...t.secondary] };
  if (t.kind !== 'compound') return t;
  const c: CompoundDef = { ...t, methods: t.methods.map((m) => ({ ...m, subtasks: Array.isArray(m.subtasks) ? [...m.subtasks] : m.subtasks })) };
  return c;
}

/**
 * Start a fluent HTN domain over an action set: the actions are its primitive tasks.
 * @example
 * const domain = htnDomainBuilder(defineActions(schema, [{ name: 'Idle' }]), 'troll').compound('Root').method().task('Idle').end().build();
 */
export function htnDomainBuilder<S extends SchemaSpec, Name extends string, Op extends string>(
  actions: ActionSet<Name, Op, any, Schema<S>>,
  name?: string,
): HtnDomainBuilder<S, Name, Op> {
  return new HtnDomainBuilder(actions, name);
}
