import {
  describeValue,
  EffOp,
  checkFields,
  compileConditions,
  type ActionCost,
  type ActionSet,
  type ConditionDef,
  type ConditionList,
  type PlanStep,
} from '@dualplan/world-state';
import { GoapDefinitionError } from '../errors.js';
import { compileGoal } from './compileGoal.js';
import { constraintsOf, unconstrained } from './constraintsOf.js';
import { layoutOf } from './Layout.js';
import type { CompiledGoal, GoapDomain, GoapDomainDef } from './GoapDomain.js';
import * as Touch from './Touch.js';
import { NO_EFFECT } from './Touch.js';

const DOMAIN_FIELDS = ['goals'];

/**
 * Compile an action set and goals into a GOAP domain, once. Errors are typed and
 * name the action, goal or key: {@link GoapDefinitionError} (contradictory
 * conditions, opaque or duplicate effects, parameterised actions, duplicate goals),
 * `UNKNOWN_FIELD`, `UnknownKeyError`, `ValueRangeError`.
 * @example
 * const actions = defineActions(schema, [
 *   { name: 'getAxe', effects: [set(keys.HasAxe, true)] },
 *   { name: 'chop', conditions: [eq(keys.HasAxe, true)], effects: [add(keys.Wood, 5)], cost: 2 },
 * ]);
 * const domain = compileGoapDomain(actions, { goals: [{ name: 'stock', conditions: [ge(keys.Wood, 10)], priority: 1 }] });
 */
export function compileGoapDomain<Op extends string = string, Ctx = any>(
  actions: ActionSet<string, Op, Ctx>,
  def: GoapDomainDef<Ctx> = {},
): GoapDomain<Ctx, Op> {
  if (!actions || !Array.isArray(actions.actions) || !actions.schema) {
    throw new GoapDefinitionError('BAD_DOMAIN', 'domain', 'compileGoapDomain needs an action set made by defineActions(schema, actions).');
  }
  if (!def || typeof def !== 'object')
    throw new GoapDefinitionError('BAD_DOMAIN', 'domain', 'A GOAP domain definition must be an object like { goals: [...] }.');
  checkFields(def, DOMAIN_FIELDS, 'the GOAP domain');
  if (def.goals !== undefined && !Array.isArray(def.goals))
    throw new GoapDefinitionError('BAD_DOMAIN', 'goals', `A GOAP domain's goals must be an array, got ${describeValue(def.goals)}.`);
  const schema = actions.schema;
  const count = actions.actions.length;
  const size = schema.size;
  const layout = layoutOf(schema);
  const { offset, shift, isInt, wide, full, factBase, words } = layout;
  // Multi-word masks of wide enums' conditions (touch records point into it).
  const pool: number[] = [];
  // A touch record's kind: 0 a bool/enum field, 1 an int interval, Touch.WIDE a wide enum.
  const kindOf = (cell: number) => (wide[cell] === 1 ? Touch.WIDE : isInt[cell]);
  const touchRows: number[] = [];
  const touchStart = new Int32Array(count + 1);
  const effectStart = new Int32Array(count);
  const baseCost = new Float64Array(count);
  const costFns: (ActionCost<Ctx> | null)[] = [];
  const procedural: (ConditionList | null)[] = [];
  const steps: PlanStep[] = [];
  const byCell: [number, number][][] = Array.from({ length: size }, () => []);

  actions.actions.forEach((a, ai) => {
    const where = `action ${a.name}`;
    if (!a.step) {
      throw new GoapDefinitionError(
        'PARAMETERISED_ACTION',
        a.name,
        `Action "${a.name}" computes its conditions or effects from arguments: GOAP has no arguments to bind; give it fixed lists (or use it from HTN only).`,
      );
    }
    const step = a.step;
    costFns.push(a.costFn);
    baseCost[ai] = a.cost;
    const pre = step.conditions;
    const allowed = constraintsOf(layout, pre, where, a.name, 'CONTRADICTORY_PRECONDITIONS', pool);
    procedural.push(
      pre.hasOpaque
        ? compileConditions(
            schema,
            (a.def.conditions as readonly ConditionDef[]).filter((c) => 'opaque' in c),
            where,
          )
        : null,
    );
    const effCells = new Map<number, [number, number, number]>();
    for (const list of [step.effects, step.expectedEffects]) {
      for (let i = 0; i < list.length; i++) {
        const [cell, op, arg, edge] = list.data.subarray(i * 4, i * 4 + 4);
        if (op === EffOp.Opaque) {
          throw new GoapDefinitionError(
            'OPAQUE_EFFECT',
            a.name,
            `Action "${a.name}" has an opaque effect "${list.describe(i)}": GOAP cannot regress through functions; use set/add/sub effects.`,
          );
        }
        if (effCells.has(cell)) throw new GoapDefinitionError('DUPLICATE_EFFECT', a.name, `Action "${a.name}" has two effects on "${schema.nameOf(cell)}".`);
        effCells.set(cell, [op, arg, edge]);
      }
    }
    touchStart[ai] = touchRows.length / Touch.size;
    // Words of this action's mask fields so far: a later field in one of them reads the pending word.
    const wordsSeen = new Set<number>();
    const shares = (cell: number): number => {
      if (isInt[cell] === 1 || wide[cell] === 1) return 0;
      if (wordsSeen.has(offset[cell])) return 1;
      wordsSeen.add(offset[cell]);
      return 0;
    };
    // In Touch field order: cell, offset, isInt, effOp, effValue, edge, allowA, allowB, shift, shares.
    for (const [cell, [lo, hi]] of allowed)
      if (!effCells.has(cell)) touchRows.push(cell, offset[cell], kindOf(cell), NO_EFFECT, 0, 0, lo, hi, shift[cell], shares(cell));
    effectStart[ai] = touchRows.length / Touch.size;
    for (const [cell, [kind, value, edge]] of effCells) {
      const [lo, hi] = allowed.get(cell) ?? unconstrained(layout, cell, pool);
      byCell[cell].push([ai, touchRows.length / Touch.size]);
      touchRows.push(cell, offset[cell], kindOf(cell), kind, value, edge, lo, hi, shift[cell], shares(cell));
    }
    steps.push(step);
  });
  touchStart[count] = touchRows.length / Touch.size;
  const indexStart = new Int32Array(size + 1);
  const indexList: number[] = [];
  const indexTouch: number[] = [];
  for (let c = 0; c < size; c++) {
    indexStart[c] = indexList.length;
    for (const [ai, t] of byCell[c]) {
      indexList.push(ai);
      indexTouch.push(t);
    }
  }
  indexStart[size] = indexList.length;

  const goals: CompiledGoal<Ctx>[] = [];
  const goalNames = new Map<string, number>();
  const domain: GoapDomain<Ctx, Op> = {
    schema,
    actions,
    actionNames: actions.names,
    actionCount: count,
    words,
    offset,
    shift,
    isInt,
    wide,
    full,
    factBase,
    sets: Int32Array.from(pool),
    touch: Int32Array.from(touchRows),
    touchStart,
    effectStart,
    indexStart,
    indexActions: Int32Array.from(indexList),
    indexTouch: Int32Array.from(indexTouch),
    baseCost,
    costFns,
    procedural,
    steps,
    goals,
    goalIndex: (name) => goalNames.get(name) ?? -1,
  };
  for (const g of def.goals ?? []) {
    if (goalNames.has(g?.name)) throw new GoapDefinitionError('DUPLICATE_GOAL', g.name, `Duplicate goal name "${g.name}".`);
    const compiled = compileGoal(domain, g, goals.length);
    goalNames.set(g.name, goals.length);
    goals.push(compiled);
  }
  Object.freeze(goals);
  return domain;
}
