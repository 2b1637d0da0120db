import {
  KeyKind,
  compileConditions,
  compileEffects,
  type Condition,
  type ArgList,
  type ConditionDef,
  type Effect,
  type EffectDef,
  type KeyDefinition,
  type Schema,
} from '@dualplan/world-state';
import type { CompoundDef, DelegateDef, RepeatDef, SubtaskDef, TaskRef } from '@dualplan/htn';
import type {
  DocumentAction,
  DocumentCondition,
  DocumentEffect,
  DocumentSubtask,
  DocumentTaskRef,
  DomainDocument,
  DomainRegistry,
  FunctionRef,
  OpaqueRef,
  RegistrySection,
} from './DomainDocument.js';
import { DomainDocumentError, pointer, problem } from './DomainDocumentError.js';
import { compact, type DomainDefinitions } from './documentToDefinitions.js';

/**
 * Where editors find the JSON Schema of a saved document, relative to a project with the package installed.
 * @example
 * const doc = { $schema: DEFAULT_SCHEMA_REF, ...saveDomain(domain) };
 */
export const DEFAULT_SCHEMA_REF = './node_modules/@dualplan/documents/domain.schema.json';

/**
 * Write definitions (key handles or names, functions) as a domain document:
 * keys and values by name, functions as `{ "fn": name }` looked up in the
 * registry they will be loaded with. `loadDomain(saveDomain(defs, r), r)` plans
 * exactly as `defs` does. Throws {@link DomainDocumentError} naming the action,
 * task or goal whose function is not in the registry.
 * @example
 * const doc = saveDomain({ schema, actions, goals }, { costs: { threat } });
 * writeFileSync('soldier.json', JSON.stringify(doc, null, 2));
 */
export function saveDomain(defs: DomainDefinitions, registry: DomainRegistry = {}, options: { $schema?: string } = {}): DomainDocument {
  const { schema } = defs;
  const nameOf = (section: RegistrySection, f: unknown, path: string, subject: string): FunctionRef => {
    for (const [name, g] of Object.entries((registry[section] ?? {}) as Record<string, unknown>)) if (g === f) return { fn: name };
    throw new DomainDocumentError([
      problem(
        path,
        'UNREGISTERED_FUNCTION',
        subject,
        `"${subject}" uses a function that is not in the registry's ${section}: register it by name to save the domain.`,
      ),
    ]);
  };
  const fixed = <T>(list: ArgList<T> | undefined, path: string, subject: string): readonly T[] | undefined => {
    if (typeof list !== 'function') return list;
    throw new DomainDocumentError([
      problem(path, 'UNSAVABLE_FUNCTION', subject, `"${subject}" computes this list from its arguments: a document can only hold fixed lists.`),
    ]);
  };
  const conditions = (list: ArgList<ConditionDef> | undefined, path: string, subject: string) =>
    fixed(list, path, subject)?.map((c, i) => saveCondition(schema, c, pointer(path, i)));
  const saveRepeat = (r: RepeatDef | undefined, path: string, subject: string) =>
    r && compact({ times: r.times, while: conditions(r.while, pointer(path, 'while'), subject), check: r.check });
  const effects = (list: ArgList<EffectDef> | undefined, path: string, subject: string) =>
    fixed(list, path, subject)?.map((e, i) => saveEffect(schema, e, pointer(path, i)));

  const actions = defs.actions.map((a, i): DocumentAction => {
    const base = pointer('/actions', i);
    return compact({
      name: a.name,
      operator: a.operator,
      args: a.args && [...a.args],
      conditions: conditions(a.conditions, pointer(base, 'conditions'), a.name),
      effects: effects(a.effects, pointer(base, 'effects'), a.name),
      expectedEffects: effects(a.expectedEffects, pointer(base, 'expectedEffects'), a.name),
      executing: conditions(a.executing, pointer(base, 'executing'), a.name),
      cost: typeof a.cost === 'function' ? nameOf('costs', a.cost, pointer(base, 'cost'), a.name) : a.cost,
      interrupt: a.interrupt,
      decorators: a.decorators && { ...a.decorators },
    });
  });
  const slots = defs.htn?.tasks.filter((t) => t.kind === 'slot').map((t) => t.name);
  const delegates = defs.htn?.tasks
    .filter((t): t is DelegateDef => t.kind === 'delegate')
    .map((d) => ({ name: d.name, ...(d.delegate !== d.name ? { delegate: d.delegate } : {}), ...(d.args !== undefined ? { args: [...d.args] } : {}) }));
  const htn = defs.htn && {
    ...compact({ root: defs.htn.root }),
    tasks: defs.htn.tasks
      .filter((t): t is CompoundDef => t.kind !== 'slot' && t.kind !== 'delegate')
      .map((t, ti) => ({
        name: t.name,
        ...compact({
          select: t.select,
          decorators: t.decorators && { ...t.decorators },
          repeat: saveRepeat(t.repeat, pointer('/htn/tasks', ti, 'repeat'), t.name),
          adjustable: t.adjustable,
        }),
        methods: t.methods.map((m, mi) => {
          const base = pointer('/htn/tasks', ti, 'methods', mi);
          return compact({
            name: m.name,
            conditions: conditions(m.conditions, pointer(base, 'conditions'), t.name),
            subtasks: typeof m.subtasks === 'function' ? nameOf('subtasks', m.subtasks, pointer(base, 'subtasks'), t.name) : m.subtasks.map(saveSubtask),
            cost: m.cost,
            weight: m.weight,
            check: m.check,
            utility: typeof m.utility === 'function' ? nameOf('utilities', m.utility, pointer(base, 'utility'), t.name) : m.utility,
            decorators: m.decorators && { ...m.decorators },
            repeat: saveRepeat(m.repeat, pointer(base, 'repeat'), t.name),
          });
        }),
      })),
    ...compact({
      parallel: defs.htn.parallel?.map((p) => ({
        name: p.name,
        primary: p.primary.map(saveSubtask),
        secondary: p.secondary.map(saveSubtask),
        ...compact({ race: p.race }),
      })),
    }),
    ...(slots && slots.length > 0 ? { slots } : {}),
    ...(delegates && delegates.length > 0 ? { delegates } : {}),
  };
  const goap = defs.goals && {
    goals: defs.goals.map((g, i) => {
      const base = pointer('/goap/goals', i);
      return compact({
        name: g.name,
        conditions: g.conditions.map((c, ci) => saveCondition(schema, c, pointer(base, 'conditions', ci)) as DocumentCondition),
        priority: typeof g.priority === 'function' ? nameOf('priorities', g.priority, pointer(base, 'priority'), g.name) : g.priority,
        valid: g.valid && nameOf('validity', g.valid, pointer(base, 'valid'), g.name),
        cooldown: g.cooldown && { ...g.cooldown },
        bestEffort: g.bestEffort,
        weights: g.weights && [...g.weights],
      });
    }),
  };
  return compact({
    $schema: options.$schema ?? DEFAULT_SCHEMA_REF,
    name: defs.name,
    keys: schemaToData(schema),
    sensors: defs.sensors && [...defs.sensors],
    actions,
    htn,
    goap,
  });
}

/**
 * A schema as plain key definitions, the inverse of `schemaFromData`: enum
 * values and defaults by name, implicit settings (one slot, clamp) left out.
 * @example
 * schemaToData(defineSchema({ hp: int(0, 3, 3) })); // [{ name: 'hp', kind: 'int', min: 0, max: 3, default: 3 }]
 */
export function schemaToData(schema: Schema): KeyDefinition[] {
  return schema.keyList.map(({ name, spec }): KeyDefinition => {
    const slots = spec.slots === 1 ? {} : { slots: spec.slots };
    if (spec.kind === 'bool') return { name, kind: 'bool', default: spec.default, ...slots };
    if (spec.kind === 'int')
      return { name, kind: 'int', min: spec.min, max: spec.max, default: spec.default, ...(spec.edge === 'clamp' ? {} : { edge: spec.edge }), ...slots };
    return { name, kind: spec.merged ? 'merged' : 'enum', values: [...spec.names], default: spec.names[spec.default], ...slots };
  });
}

/** A condition with its key and values by name (enum values as names), through the compiler's own normal form. */
function saveCondition(schema: Schema, c: ConditionDef, path: string): DocumentCondition | OpaqueRef {
  if ('opaque' in c) return { opaque: c.opaque };
  const normal = compileConditions(schema, [c], path).source[0] as Condition;
  const cell = schema.cellOf(normal.key);
  const value = Array.isArray(normal.value) ? normal.value.map((v) => valueName(schema, cell, v)) : valueName(schema, cell, normal.value as number | boolean);
  return { key: normal.key as string, op: normal.op, value };
}

function saveEffect(schema: Schema, e: EffectDef, path: string): DocumentEffect | OpaqueRef {
  if ('opaque' in e) return { opaque: e.opaque };
  const normal = compileEffects(schema, [e], path).source[0] as Effect;
  const cell = schema.cellOf(normal.key);
  return compact({
    key: normal.key as string,
    op: normal.op,
    value: normal.op === 'set' ? valueName(schema, cell, normal.value as number | boolean) : normal.value,
    edge: normal.edge,
  });
}

function valueName<V extends number | boolean | string>(schema: Schema, cell: number, v: V): V | string {
  return schema.kind[cell] === KeyKind.Enum && typeof v === 'number' ? schema.format(cell, v) : v;
}

function saveSubtask(s: SubtaskDef): DocumentSubtask {
  if (typeof s === 'string') return s;
  if ('pause' in s) return { pause: true };
  if ('optional' in s) return { optional: saveRef(s.optional) };
  if ('anyOrder' in s) return { anyOrder: s.anyOrder.map(saveRef) };
  return saveRef(s);
}

function saveRef(s: TaskRef): DocumentTaskRef {
  if (typeof s === 'string') return s;
  return s.args === undefined ? { task: s.task } : { task: s.task, args: [...s.args] };
}
