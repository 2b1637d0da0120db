import { checkFields, compileConditions, describeValue, nameOf, showValue } from '@dualplan/world-state';
import { GoapDefinitionError } from '../errors.js';
import { constraintsOf, wideMask } from './constraintsOf.js';
import type { Layout } from './Layout.js';
import { checkGoalCooldown } from './checkGoalCooldown.js';
import type { CompiledGoal, GoalDef, GoapDomain } from './GoapDomain.js';

const GOAL_FIELDS = ['name', 'conditions', 'priority', 'valid', 'cooldown', 'bestEffort', 'weights'];
/** A best-effort goal has at most this many conditions: its fallback tries subsets of them. */
const MAX_BEST_EFFORT = 12;

/**
 * Compile a goal against a domain's layout, for planning to conditions that are
 * not one of the domain's named goals (e.g. a sub-goal handed down by an HTN task).
 * @example
 * const goal = compileGoal(domain, { name: 'fire', conditions: [eq(keys.HasFire, true)] });
 * planner.plan(state, goal);
 */
export function compileGoal<Ctx = any>(domain: GoapDomain<Ctx>, def: GoalDef<Ctx>, index = -1): CompiledGoal<Ctx> {
  if (!def || typeof def !== 'object' || typeof def.name !== 'string' || def.name === '') {
    const given: unknown = (def as { name?: unknown } | null | undefined)?.name;
    throw new GoapDefinitionError(
      'BAD_GOAL',
      given === undefined || given === null ? String(index) : nameOf(given),
      `A goal needs a non-empty name${def && typeof def === 'object' ? `, got ${describeValue(given)}` : `: it is ${describeValue(def)}`}.`,
    );
  }
  const where = `goal ${def.name}`;
  checkFields(def, GOAL_FIELDS, `goal "${def.name}"`);
  if (!Array.isArray(def.conditions)) throw new GoapDefinitionError('BAD_GOAL', def.name, `Goal "${def.name}" needs a conditions array.`);
  const conditions = compileConditions(domain.schema, def.conditions, where);
  if (conditions.hasOpaque) {
    throw new GoapDefinitionError(
      'OPAQUE_GOAL_CONDITION',
      def.name,
      `Goal "${def.name}" has an opaque condition: goals are regressed, so they must be data conditions.`,
    );
  }
  const priority = def.priority ?? 0;
  if (typeof priority !== 'function' && (typeof priority !== 'number' || Number.isNaN(priority))) {
    throw new GoapDefinitionError('INVALID_PRIORITY', def.name, `Goal "${def.name}" has priority ${showValue(priority)}: expected a number or a function.`);
  }
  const pool: number[] = [];
  const allowed = constraintsOf(domain, conditions, where, def.name, 'CONTRADICTORY_GOAL', pool);
  const words = new Int32Array(domain.words);
  fillUnconstrained(domain, words);
  for (const [cell, [lo, hi]] of allowed) {
    const o = domain.offset[cell];
    if (domain.wide[cell] === 1) {
      for (let w = 0, n = (domain.schema.max[cell] + 32) >>> 5; w < n; w++) words[o + w] = pool[lo + w];
    } else if (domain.isInt[cell]) {
      words[o] = lo;
      words[o + 1] = hi;
    } else words[o] = (words[o] & ~(domain.full[cell] << domain.shift[cell])) | (lo << domain.shift[cell]);
  }
  return Object.freeze({
    name: def.name,
    index,
    words,
    cells: Int32Array.from(allowed.keys()),
    conditions,
    priority,
    valid: def.valid ?? null,
    cooldown: checkGoalCooldown(def.cooldown, `goal "${def.name}"`),
    bestEffort: bestEffortWeights(def),
  });
}

/** Write the unconstrained goal (every cell: full mask or full range). */
function fillUnconstrained(layout: Layout, out: Int32Array): void {
  const { schema, offset, shift, isInt, wide, full } = layout;
  for (let c = 0; c < schema.size; c++) {
    const o = offset[c];
    if (wide[c] === 1)
      out.set(
        wideMask(schema.max[c] + 1, () => true),
        o,
      );
    else if (isInt[c]) {
      out[o] = schema.min[c];
      out[o + 1] = schema.max[c];
    } else out[o] |= full[c] << shift[c];
  }
}

/** The condition weights of a best-effort goal (checked), or null when it is not one. */
function bestEffortWeights(def: GoalDef): Float64Array | null {
  const n = def.conditions.length;
  if (def.bestEffort !== undefined && typeof def.bestEffort !== 'boolean')
    throw new GoapDefinitionError('BAD_GOAL', def.name, `Goal "${def.name}": bestEffort must be true or false, got ${showValue(def.bestEffort)}.`);
  if (def.weights !== undefined && !def.bestEffort)
    throw new GoapDefinitionError('BAD_GOAL', def.name, `Goal "${def.name}" has weights but is not bestEffort: weights only rank partial plans.`);
  if (!def.bestEffort) return null;
  if (n > MAX_BEST_EFFORT)
    throw new GoapDefinitionError(
      'BAD_GOAL',
      def.name,
      `Best-effort goal "${def.name}" has ${n} conditions; at most ${MAX_BEST_EFFORT} (its fallback tries subsets of them).`,
    );
  const w = def.weights ?? new Array<number>(n).fill(1);
  if (!Array.isArray(w) || w.length !== n || w.some((x) => typeof x !== 'number' || !Number.isFinite(x) || x < 0))
    throw new GoapDefinitionError(
      'BAD_GOAL',
      def.name,
      `Goal "${def.name}": weights must be ${n} finite numbers >= 0, one per condition, got ${describeValue(def.weights)}.`,
    );
  return Float64Array.from(w);
}
