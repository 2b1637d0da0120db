import type { ActionDef, Condition, ConditionDef, Effect, EffectDef, Schema } from '@dualplan/world-state';
import type { CompoundDef, DelegateDef, MethodDef, ParallelDef, RepeatDef, SlotDef, SubtaskDef, SubtaskFn } from '@dualplan/htn';
import type { GoalDef } from '@dualplan/goap';
import type {
  DocumentCompound,
  DocumentCondition,
  DocumentRepeat,
  DocumentEffect,
  DomainDocument,
  DomainRegistry,
  FunctionRef,
  OpaqueRef,
} from './DomainDocument.js';
import { registryFunction } from './registryFunction.js';

/**
 * A domain as plain definition data, functions resolved: what TypeScript code
 * would write by hand, and what `loadDomain` compiles. Conditions and effects
 * name their keys (key handles are accepted too when saving).
 */
export interface DomainDefinitions<Ctx = any> {
  readonly name?: string;
  readonly schema: Schema;
  /** Keys sensors write (for the linter). */
  readonly sensors?: readonly string[];
  /** One action set for both planners: GOAP actions and HTN primitive tasks. */
  readonly actions: readonly ActionDef<Ctx>[];
  /** HTN compounds (and slots) over the actions; absent when the domain has no HTN part. */
  readonly htn?: { readonly root?: string; readonly tasks: readonly (CompoundDef | SlotDef | DelegateDef)[]; readonly parallel?: readonly ParallelDef[] };
  /** GOAP goals over the actions; absent when the domain has no GOAP part. */
  readonly goals?: readonly GoalDef<Ctx>[];
}

/**
 * Turn a checked document into plain definitions, resolving every function
 * reference from the registry. The one place that knows both the document's
 * shape and the planners' definition types. Call {@link checkNames} first:
 * unknown names are assumed to have been reported.
 * @example
 * const defs = documentToDefinitions(doc, schemaFromData(doc.keys), { costs: { threat } });
 */
export function documentToDefinitions<Ctx = any>(doc: DomainDocument, schema: Schema, registry: DomainRegistry<Ctx>): DomainDefinitions<Ctx> {
  const lookup = <T>(section: keyof DomainRegistry, name: string): T => registryFunction(registry, section, name) as T;
  const condition = (c: DocumentCondition | OpaqueRef): ConditionDef =>
    'opaque' in c ? { opaque: c.opaque, test: lookup('checks', c.opaque) } : (copy(c) as Condition);
  const effect = (e: DocumentEffect | OpaqueRef): EffectDef => ('opaque' in e ? { opaque: e.opaque, apply: lookup('effects', e.opaque) } : (copy(e) as Effect));
  const fnOr = <T>(section: keyof DomainRegistry, v: number | FunctionRef | undefined): number | T | undefined =>
    v === undefined || typeof v === 'number' ? v : lookup<T>(section, v.fn);

  const actions = doc.actions.map(
    (a): ActionDef<Ctx> =>
      compact({
        name: a.name,
        operator: a.operator,
        args: a.args && [...a.args],
        conditions: a.conditions?.map(condition),
        effects: a.effects?.map(effect),
        expectedEffects: a.expectedEffects?.map(effect),
        executing: a.executing?.map(condition),
        cost: fnOr('costs', a.cost),
        interrupt: a.interrupt,
        decorators: a.decorators && copy(a.decorators),
      }) as ActionDef<Ctx>,
  );
  const repeat = (r: DocumentRepeat | undefined): RepeatDef | undefined =>
    r && (compact({ times: r.times, while: r.while?.map(condition), check: r.check }) as RepeatDef);
  const compound = (t: DocumentCompound): CompoundDef => ({
    kind: 'compound',
    name: t.name,
    ...compact({ select: t.select, decorators: t.decorators && copy(t.decorators), repeat: repeat(t.repeat), adjustable: t.adjustable }),
    methods: t.methods.map(
      (m): MethodDef =>
        compact({
          name: m.name,
          conditions: m.conditions?.map(condition),
          subtasks: Array.isArray(m.subtasks) ? (m.subtasks.map(copy) as SubtaskDef[]) : lookup<SubtaskFn>('subtasks', (m.subtasks as FunctionRef).fn),
          cost: m.cost,
          weight: m.weight,
          utility: fnOr('utilities', m.utility),
          check: m.check,
          decorators: m.decorators && copy(m.decorators),
          repeat: repeat(m.repeat),
        }) as MethodDef,
    ),
  });
  const htn = doc.htn && {
    ...compact({ root: doc.htn.root }),
    tasks: [
      ...(doc.htn.slots ?? []).map((name): SlotDef => ({ kind: 'slot', name })),
      ...(doc.htn.delegates ?? []).map((d): DelegateDef => ({
        kind: 'delegate',
        name: d.name,
        delegate: d.delegate ?? d.name,
        ...compact({ args: d.args && copy(d.args) }),
      })),
      ...doc.htn.tasks.map(compound),
    ],
    ...compact({
      parallel: doc.htn.parallel?.map((p): ParallelDef => ({
        kind: 'parallel',
        name: p.name,
        primary: p.primary.map(copy) as SubtaskDef[],
        secondary: p.secondary.map(copy) as SubtaskDef[],
        ...compact({ race: p.race }),
      })),
    }),
  };
  const goals = doc.goap?.goals.map(
    (g): GoalDef<Ctx> =>
      compact({
        name: g.name,
        conditions: g.conditions.map((c) => copy(c) as Condition),
        priority: fnOr('priorities', g.priority),
        valid: g.valid && lookup('validity', g.valid.fn),
        cooldown: g.cooldown && copy(g.cooldown),
        bestEffort: g.bestEffort,
        weights: g.weights && [...g.weights],
      }) as GoalDef<Ctx>,
  );
  return compact({ name: doc.name, schema, sensors: doc.sensors && [...doc.sensors], actions, htn, goals }) as DomainDefinitions<Ctx>;
}

/** Drop undefined fields, so definitions carry only what the document says (compilers reject unknown fields, not absent ones). */
export function compact<T extends object>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
  return out as T;
}

/** A deep copy of plain JSON data, so definitions never alias the (frozen) document. */
function copy<T>(value: T): T {
  return structuredClone(value);
}
