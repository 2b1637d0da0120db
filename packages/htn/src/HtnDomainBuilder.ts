import type { ConditionDef, KeysOf, Schema, SchemaSpec } from '@dualplan/world-state';
import { compileHtnDomain } from './compileHtnDomain.js';
import type { HtnDomain } from './HtnDomain.js';
import type { CompoundDef, HtnDomainDef, MethodDef, PrimitiveDef, SubtaskDef, SubtaskFn, TaskDef } from './HtnDomainDef.js';
import { pause } from './HtnDomainDef.js';

/** A primitive task's fields, as given to {@link HtnDomainBuilder.primitive}. */
export type PrimitiveSpec = Omit<PrimitiveDef, 'kind' | 'name'>;

type Conds<S extends SchemaSpec> = readonly ConditionDef[] | ((keys: KeysOf<S>) => readonly ConditionDef[]);

/** Method options: a name for traces, and a cost for best-first mode. */
export interface MethodOptions {
  readonly name?: string;
  readonly cost?: number;
}

/**
 * Fluent, type-safe domain authoring in the spirit of seed 000: key handles come
 * from the schema, so key names and value types are checked by TypeScript.
 * Produces the same plain data as hand-written definitions ({@link HtnDomainBuilder.toData}).
 * @example
 * const domain = htnDomainBuilder(trollSchema())
 *   .compound('BeTrunkThumper')
 *     .method((k) => [eq(k.WsCanSeeEnemy, true)]).task('NavigateToEnemy').task('DoTrunkSlam')
 *     .back()
 *     .method().task('ChooseBridgeToCheck').task('NavigateToBridge').task('CheckBridge')
 *   .end()
 *   .primitive('NavigateToEnemy', (k) => ({ operator: 'NavigateTo', args: [TrollLocation.Enemy], effects: [set(k.WsLocation, TrollLocation.Enemy)] }))
 *   // ...
 *   .build();
 */
export class HtnDomainBuilder<S extends SchemaSpec> {
  readonly schema: Schema<S>;
  private readonly name: string;
  private readonly tasks: TaskDef[] = [];
  private rootName: string | undefined;

  constructor(schema: Schema<S>, name = 'domain') {
    this.schema = schema;
    this.name = name;
  }

  /** Set the root task (defaults to the first compound task declared). */
  root(name: string): this {
    this.rootName = name;
    return this;
  }

  /** Start a compound task; add methods, then `.end()`. */
  compound(name: string): CompoundBuilder<S> {
    const def = { kind: 'compound' as const, name, methods: [] as MethodDef[] };
    this.tasks.push(def);
    if (this.rootName === undefined) this.rootName = name;
    return new CompoundBuilder(this, def);
  }

  /** Declare a primitive task; `spec` may be a function of the schema's typed keys. */
  primitive(name: string, spec: PrimitiveSpec | ((keys: KeysOf<S>) => PrimitiveSpec) = {}): this {
    const fields = typeof spec === 'function' ? spec(this.schema.keys) : spec;
    this.tasks.push({ ...fields, kind: 'primitive', name });
    return this;
  }

  /** Declare a task solved by the sub-planner registered as `delegate` on the planner. */
  delegate(name: string, delegate: string, args?: readonly unknown[]): this {
    this.tasks.push(args ? { kind: 'delegate', name, delegate, args } : { kind: 'delegate', name, delegate });
    return this;
  }

  /** The plain-data definition. */
  toData(): HtnDomainDef {
    return { name: this.name, root: this.rootName, tasks: this.tasks.map(copyTask) };
  }

  /** Validate and compile (see {@link compileHtnDomain}). */
  build(): HtnDomain<Schema<S>> {
    return compileHtnDomain(this.schema, this.toData());
  }
}

/** Adds methods to a compound task. */
export class CompoundBuilder<S extends SchemaSpec> {
  private readonly parent: HtnDomainBuilder<S>;
  private readonly def: { methods: MethodDef[]; name: string };

  /** @internal */
  constructor(parent: HtnDomainBuilder<S>, def: { methods: MethodDef[]; name: string }) {
    this.parent = parent;
    this.def = def;
  }

  /** Add a method (lower position = higher priority), with optional conditions; then add its tasks. */
  method(conditions?: Conds<S>, options?: string | MethodOptions): MethodBuilder<S> {
    const conds = typeof conditions === 'function' ? conditions(this.parent.schema.keys) : (conditions ?? []);
    const opts = typeof options === 'string' ? { name: options } : (options ?? {});
    const method: { -readonly [K in keyof MethodDef]: MethodDef[K] } = { conditions: conds, subtasks: [] as SubtaskDef[] };
    if (opts.name !== undefined) method.name = opts.name;
    if (opts.cost !== undefined) method.cost = opts.cost;
    this.def.methods.push(method);
    return new MethodBuilder(this, method);
  }

  /** Close the compound task. */
  end(): HtnDomainBuilder<S> {
    return this.parent;
  }
}

/** Adds subtasks to a method. */
export class MethodBuilder<S extends SchemaSpec> {
  private readonly parent: CompoundBuilder<S>;
  private readonly def: { subtasks: MethodDef['subtasks'] };

  /** @internal */
  constructor(parent: CompoundBuilder<S>, def: { subtasks: MethodDef['subtasks'] }) {
    this.parent = parent;
    this.def = def;
  }

  /** Append a subtask, with optional arguments. */
  task(name: string, ...args: unknown[]): this {
    (this.def.subtasks as SubtaskDef[]).push(args.length ? { task: name, args } : name);
    return this;
  }

  /** Append a pause point: a partial plan stops here (004 §12.10). */
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
  back(): CompoundBuilder<S> {
    return this.parent;
  }

  /** Close the method and its compound task. */
  end(): HtnDomainBuilder<S> {
    return this.parent.end();
  }
}

function copyTask(t: TaskDef): TaskDef {
  if (t.kind !== 'compound') return t;
  const c: CompoundDef = { kind: 'compound', name: t.name, methods: t.methods.map((m) => ({ ...m, subtasks: Array.isArray(m.subtasks) ? [...m.subtasks] : m.subtasks })) };
  return c;
}

/**
 * Start a fluent domain definition over a schema.
 * @example
 * const domain = htnDomainBuilder(schema, 'troll').compound('Root').method().task('Idle').end().primitive('Idle').build();
 */
export function htnDomainBuilder<S extends SchemaSpec>(schema: Schema<S>, name?: string): HtnDomainBuilder<S> {
  return new HtnDomainBuilder(schema, name);
}
