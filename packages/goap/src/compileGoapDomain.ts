import {
  describeValue,
  EffOp,
  checkFields,
  KeyKind,
  compileConditions,
  type ActionCost,
  type ActionSet,
  type Condition,
  type ConditionDef,
  type ConditionList,
  type PlanStep,
  type Schema,
  type WorldState,
} from '@dualplan/world-state';
import { GoapDefinitionError } from './errors.js';
import { compileGoal, constraintsOf, unconstrained } from './compileGoal.js';

const DOMAIN_FIELDS = ['goals'];

/** A goal: desired conditions, a priority and an optional validity check (the ReGoap flow). */
export interface GoalDef<Ctx = any> {
  readonly name: string;
  /** Data conditions only: goals are regressed, so opaque checks are not allowed. */
  readonly conditions: readonly Condition[];
  /** Higher is more urgent. A number or a function of the state; default 0. */
  readonly priority?: number | ((state: WorldState<any>, ctx: Ctx) => number);
  /** When present and false, the goal is skipped by goal selection. */
  readonly valid?: (state: WorldState<any>, ctx: Ctx) => boolean;
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
}

/** Stride of one entry in {@link GoapDomain.touch}. */
export const TOUCH = 8;
/** Touch entry effect kinds. */
export const Eff = /* @__PURE__ */ Object.freeze({ None: 0, Set: 1, Add: 2 } as const);

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
  /** Words per regressed goal (1 per bool/enum cell, 2 per int cell). */
  readonly words: number;
  /** Per cell: word offset, 1 when it is an int (interval) cell, full mask of enum/bool cells. */
  readonly offset: Int32Array;
  readonly isInt: Uint8Array;
  readonly full: Int32Array;
  /**
   * Per action, cells it touches: `[cell, offset, isInt, effKind, effValue, edge, preA, preB]`.
   * Precondition-only entries come first (up to `effectStart[a]`), then effect entries.
   * `preA/preB` are the allowed mask (enum/bool) or the interval (int).
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
export function compileGoapDomain<Op extends string = string, Ctx = any>(actions: ActionSet<string, Op, Ctx>, def: GoapDomainDef<Ctx> = {}): GoapDomain<Ctx, Op> {
  if (!actions || !Array.isArray(actions.actions) || !actions.schema) {
    throw new GoapDefinitionError('BAD_DOMAIN', 'domain', 'compileGoapDomain needs an action set made by defineActions(schema, actions).');
  }
  if (!def || typeof def !== 'object') throw new GoapDefinitionError('BAD_DOMAIN', 'domain', 'A GOAP domain definition must be an object like { goals: [...] }.');
  checkFields(def, DOMAIN_FIELDS, 'the GOAP domain');
  if (def.goals !== undefined && !Array.isArray(def.goals)) throw new GoapDefinitionError('BAD_DOMAIN', 'goals', `A GOAP domain's goals must be an array, got ${describeValue(def.goals)}.`);
  const schema = actions.schema;
  const count = actions.actions.length;
  const size = schema.size;
  const offset = new Int32Array(size);
  const isInt = new Uint8Array(size);
  const full = new Int32Array(size);
  let words = 0;
  for (let c = 0; c < size; c++) {
    offset[c] = words;
    if (schema.kind[c] === KeyKind.Int) {
      isInt[c] = 1;
      words += 2;
    } else {
      const n = schema.max[c] + 1;
      full[c] = n >= 32 ? -1 : (1 << n) - 1;
      words += 1;
    }
  }
  const layout = { schema, offset, isInt, full, words };
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
      throw new GoapDefinitionError('PARAMETERISED_ACTION', a.name, `Action "${a.name}" computes its conditions or effects from arguments: GOAP has no arguments to bind; give it fixed lists (or use it from HTN only).`);
    }
    const step = a.step;
    costFns.push(a.costFn);
    baseCost[ai] = a.cost;
    const pre = step.conditions;
    const allowed = constraintsOf(layout, pre, where, a.name, 'CONTRADICTORY_PRECONDITIONS');
    procedural.push(pre.hasOpaque ? compileConditions(schema, (a.def.conditions as readonly ConditionDef[]).filter((c) => 'opaque' in c), where) : null);
    const effCells = new Map<number, [number, number, number]>();
    for (const list of [step.effects, step.expectedEffects]) {
      for (let i = 0; i < list.length; i++) {
        const [cell, op, arg, edge] = list.data.subarray(i * 4, i * 4 + 4);
        if (op === EffOp.Opaque) {
          throw new GoapDefinitionError('OPAQUE_EFFECT', a.name, `Action "${a.name}" has an opaque effect "${list.describe(i)}": GOAP cannot regress through functions; use set/add/sub effects.`);
        }
        if (effCells.has(cell)) throw new GoapDefinitionError('DUPLICATE_EFFECT', a.name, `Action "${a.name}" has two effects on "${schema.nameOf(cell)}".`);
        effCells.set(cell, [op === EffOp.Set ? Eff.Set : Eff.Add, arg, edge]);
      }
    }
    touchStart[ai] = touchRows.length / TOUCH;
    for (const [cell, [lo, hi]] of allowed) if (!effCells.has(cell)) touchRows.push(cell, offset[cell], isInt[cell], Eff.None, 0, 0, lo, hi);
    effectStart[ai] = touchRows.length / TOUCH;
    for (const [cell, [kind, value, edge]] of effCells) {
      const [lo, hi] = allowed.get(cell) ?? unconstrained(layout, cell);
      byCell[cell].push([ai, touchRows.length / TOUCH]);
      touchRows.push(cell, offset[cell], isInt[cell], kind, value, edge, lo, hi);
    }
    steps.push(step);
  });
  touchStart[count] = touchRows.length / TOUCH;
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
    isInt,
    full,
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

/**
 * The largest weight for which the default count heuristic is admissible on
 * this domain: `minCost / maxEffects` (every violated condition needs an
 * action, and one action fixes at most `maxEffects` of them). Dynamic costs are
 * not known at compile time: with any, this is 0 unless you pass their lower bound.
 * @example
 * new GoapPlanner(domain, { weight: admissibleWeight(domain) }); // optimal plans
 */
export function admissibleWeight(domain: GoapDomain, dynamicCostLowerBound = 0): number {
  let min = Infinity;
  let maxEffects = 0;
  for (let a = 0; a < domain.actionCount; a++) {
    min = Math.min(min, domain.costFns[a] !== null ? dynamicCostLowerBound : domain.baseCost[a]);
    maxEffects = Math.max(maxEffects, domain.touchStart[a + 1] - domain.effectStart[a]);
  }
  if (maxEffects === 0 || min === Infinity) return 0;
  return min / maxEffects;
}
