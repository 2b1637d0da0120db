import type { ActionCost, ActionDef, ActionSet, ArgList, CompiledAction, NamesOf, OperatorsOf } from './ActionDef.js';
import { checkFields } from '../errors/checkFields.js';
import { compileConditions, emptyConditions, type ConditionDef, type ConditionList } from '../conditions/Condition.js';
import { describeValue, nameOf, showValue } from '../errors/describeValue.js';
import { compileEffects, emptyEffects, type EffectDef, type EffectList } from '../conditions/Effect.js';
import { DualplanError } from '../errors/errors.js';
import { checkDecorators } from '../plan/Decorators.js';
import { DEFAULT_INTERRUPT, INTERRUPT_POLICIES, type PlanStep } from '../plan/Plan.js';
import type { Schema } from '../schema/Schema.js';

/** An action definition that cannot be used: missing name, duplicate, bad cost, operator, args or list. */
export class ActionDefinitionError extends DualplanError {}

/** Every field an {@link ActionDef} may have. */
export const ACTION_FIELDS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'name',
  'operator',
  'args',
  'conditions',
  'effects',
  'expectedEffects',
  'executing',
  'cost',
  'interrupt',
  'decorators',
]);

const LISTS = ['conditions', 'effects', 'expectedEffects', 'executing'] as const;
const NO_ARGS: readonly unknown[] = Object.freeze([]);

/**
 * Validate a list of actions once and compile their fixed condition and effect
 * lists and one shared plan step each. Both planners take the result:
 * `compileGoapDomain(actions, { goals })` and `compileHtnDomain(actions, { root, tasks })`.
 * Errors are typed and name the action and field: `UNKNOWN_FIELD` with a "did you
 * mean" (a GOAP-style `preconditions` is caught here), `DUPLICATE_ACTION`,
 * `BAD_COST`, `UNKNOWN_KEY`, `KEY_FROM_OTHER_SCHEMA`, `VALUE_OUT_OF_RANGE`.
 * @example
 * const k = schema.keys;
 * const actions = defineActions(schema, [
 *   { name: 'getAxe', effects: [set(k.HasAxe, true)] },
 *   { name: 'chop', conditions: [eq(k.HasAxe, true)], effects: [add(k.Wood, 5)], cost: 2 },
 * ]);
 * actions.names; // readonly ('getAxe' | 'chop')[]
 */
export function defineActions<S extends Schema, const Defs extends readonly ActionDef<Ctx>[], Ctx = any>(
  schema: S,
  defs: Defs,
): ActionSet<NamesOf<Defs>, OperatorsOf<Defs>, Ctx, S> {
  if (!Array.isArray(defs)) throw new ActionDefinitionError('BAD_ACTIONS', 'actions', 'defineActions needs an array of action definitions.');
  const byName = new Map<string, number>();
  const actions: CompiledAction<Ctx>[] = defs.map((a, index) => {
    const compiled = compileAction(schema, a, index);
    if (byName.has(compiled.name)) throw new ActionDefinitionError('DUPLICATE_ACTION', compiled.name, `Duplicate action name "${compiled.name}".`);
    byName.set(compiled.name, index);
    return compiled;
  });
  const names = Object.freeze(actions.map((a) => a.name)) as readonly NamesOf<Defs>[];
  const operators = Object.freeze([...new Set(actions.map((a) => a.operator))].sort()) as readonly OperatorsOf<Defs>[];
  return Object.freeze({ schema, actions: Object.freeze(actions), names, operators, indexOf: (name: string) => byName.get(name) ?? -1 });
}

function compileAction<Ctx>(schema: Schema, a: ActionDef<Ctx>, index: number): CompiledAction<Ctx> {
  if (!a || typeof a !== 'object' || typeof a.name !== 'string' || a.name === '') {
    const given = (a as { name?: unknown } | null)?.name;
    throw new ActionDefinitionError(
      'BAD_ACTION',
      given === undefined || given === null ? `#${index}` : nameOf(given),
      `Action #${index} needs a non-empty string name${a && typeof a === 'object' ? `, got ${describeValue(given)}` : `: it is ${describeValue(a)}`}.`,
    );
  }
  const name = a.name;
  checkFields(a, ACTION_FIELDS, `action "${name}"`);
  if (a.operator !== undefined && (typeof a.operator !== 'string' || a.operator === '')) {
    throw new ActionDefinitionError('BAD_OPERATOR', name, `Action "${name}" needs a non-empty string operator.`);
  }
  if (a.args !== undefined && !Array.isArray(a.args)) throw new ActionDefinitionError('BAD_ARGS', name, `Arguments of action "${name}" must be an array.`);
  if (a.interrupt !== undefined && !INTERRUPT_POLICIES.includes(a.interrupt)) {
    throw new ActionDefinitionError(
      'BAD_INTERRUPT',
      name,
      `Action "${name}" has interrupt policy ${showValue(a.interrupt)}; expected one of ${INTERRUPT_POLICIES.join(', ')}.`,
    );
  }
  const costFn = typeof a.cost === 'function' ? (a.cost as ActionCost<Ctx>) : null;
  const cost = costFn ? 0 : ((a.cost as number | undefined) ?? 1);
  if (!costFn && (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0)) {
    throw new ActionDefinitionError(
      'BAD_COST',
      name,
      `Cost ${showValue(cost)} of action "${name}" must be a finite number >= 0 or a function (state, ctx) => number.`,
    );
  }
  for (const field of LISTS) {
    const list = a[field];
    if (list !== undefined && typeof list !== 'function' && !Array.isArray(list)) {
      throw new ActionDefinitionError('BAD_LIST', name, `Field ${field} of action "${name}" must be an array (or, for HTN, a function of the arguments).`);
    }
  }
  const def = Object.freeze({ ...a });
  const args = a.args ? Object.freeze(a.args.slice()) : NO_ARGS;
  const parameterised = LISTS.some((f) => typeof a[f] === 'function');
  const decorators = checkDecorators(a.decorators, name);
  const base = { index, name, operator: a.operator ?? name, args, def, cost, costFn, interrupt: a.interrupt ?? DEFAULT_INTERRUPT, decorators, parameterised };
  return Object.freeze({ ...base, step: parameterised ? null : actionStep(schema, base, args) });
}

/**
 * The plan step of an action for one argument list: fixed lists are compiled
 * here, lists that are functions of the arguments are called with `args`.
 * Planners call it once per distinct argument list, never per node.
 * @example
 * const step = actionStep(schema, actions.actions[0], ['bridge1']);
 */
export function actionStep<Ctx>(schema: Schema, a: Omit<CompiledAction<Ctx>, 'step'>, args: readonly unknown[]): PlanStep {
  const where = `action ${a.name}`;
  const conds = (src: ArgList<ConditionDef> | undefined): ConditionList =>
    src === undefined ? emptyConditions(schema) : compileConditions(schema, resolve(src, args, a.name), where);
  const effs = (src: ArgList<EffectDef> | undefined): EffectList =>
    src === undefined ? emptyEffects(schema) : compileEffects(schema, resolve(src, args, a.name), where);
  const step = {
    task: a.name,
    operator: a.operator,
    args,
    conditions: conds(a.def.conditions),
    executing: conds(a.def.executing),
    effects: effs(a.def.effects),
    expectedEffects: effs(a.def.expectedEffects),
    cost: a.cost,
    interrupt: a.interrupt,
    sourceId: a.index,
  };
  // Only decorated actions' steps carry the field: undecorated steps keep their shape.
  return Object.freeze(a.decorators === null || a.decorators === undefined ? step : { ...step, decorators: a.decorators });
}

function resolve<T>(src: ArgList<T>, args: readonly unknown[], name: string): readonly T[] {
  if (typeof src !== 'function') return src;
  const out = src(args);
  if (!Array.isArray(out))
    throw new ActionDefinitionError('BAD_LIST', name, `A list of action "${name}" returned ${typeof out} for arguments ${showValue(args)}, not an array.`);
  return out;
}
