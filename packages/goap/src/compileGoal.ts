import { checkFields, CondOp, DefinitionError, compileConditions, type ConditionList, type Schema } from '@dualplan/world-state';
import type { CompiledGoal, GoalDef, GoapDomain } from './compileGoapDomain.js';
import { GoapDefinitionError } from './errors.js';

const GOAL_FIELDS = ['name', 'conditions', 'priority', 'valid'];

/**
 * Compile a goal against a domain's layout, for planning to conditions that are
 * not one of the domain's named goals (e.g. a sub-goal handed down by an HTN task).
 * @example
 * const goal = compileGoal(domain, { name: 'fire', conditions: [eq(keys.HasFire, true)] });
 * planner.plan(state, goal);
 */
export function compileGoal<Ctx = any>(domain: GoapDomain<Ctx>, def: GoalDef<Ctx>, index = -1): CompiledGoal<Ctx> {
  if (!def || typeof def.name !== 'string' || def.name === '') throw new GoapDefinitionError('BAD_GOAL', String(def?.name ?? index), 'A goal needs a non-empty name.');
  const where = `goal ${def.name}`;
  checkFields(def, GOAL_FIELDS, `goal "${def.name}"`);
  if (!Array.isArray(def.conditions)) throw new GoapDefinitionError('BAD_GOAL', def.name, `Goal "${def.name}" needs a conditions array.`);
  const conditions = compileConditions(domain.schema, def.conditions, where);
  if (conditions.hasOpaque) {
    throw new GoapDefinitionError('OPAQUE_GOAL_CONDITION', def.name, `Goal "${def.name}" has an opaque condition: goals are regressed, so they must be data conditions.`);
  }
  const priority = def.priority ?? 0;
  if (typeof priority !== 'function' && (typeof priority !== 'number' || Number.isNaN(priority))) {
    throw new GoapDefinitionError('INVALID_PRIORITY', def.name, `Goal "${def.name}" has priority ${String(priority)}: expected a number or a function.`);
  }
  const allowed = constraintsOf(domain, conditions, where, def.name, 'CONTRADICTORY_GOAL');
  const words = new Int32Array(domain.words);
  fillUnconstrained(domain, words);
  for (const [cell, [lo, hi]] of allowed) {
    words[domain.offset[cell]] = lo;
    if (domain.isInt[cell]) words[domain.offset[cell] + 1] = hi;
  }
  return Object.freeze({
    name: def.name,
    index,
    words,
    cells: Int32Array.from(allowed.keys()),
    conditions,
    priority,
    valid: def.valid ?? null,
  });
}

/** @internal */
export interface Layout {
  readonly schema: Schema;
  readonly offset: Int32Array;
  readonly isInt: Uint8Array;
  readonly full: Int32Array;
  readonly words: number;
}

/** Write the unconstrained goal (every cell: full mask or full range). */
function fillUnconstrained(layout: Layout, out: Int32Array): void {
  const { schema, offset, isInt, full } = layout;
  for (let c = 0; c < schema.size; c++) {
    const o = offset[c];
    if (isInt[c]) {
      out[o] = schema.min[c];
      out[o + 1] = schema.max[c];
    } else out[o] = full[c];
  }
}

export function unconstrained(layout: Layout, cell: number): [number, number] {
  return layout.isInt[cell] ? [layout.schema.min[cell], layout.schema.max[cell]] : [layout.full[cell], 0];
}

/** Per-cell allowed sets (mask, or [lo, hi] for ints) of a condition list, intersected per cell. */
/** @internal */
export function constraintsOf(layout: Layout, list: ConditionList, where: string, subject: string, code: string): Map<number, [number, number]> {
  const { schema, isInt, full } = layout;
  const out = new Map<number, [number, number]>();
  for (let i = 0; i < list.length; i++) {
    const cell = list.data[i * 3];
    const op = list.data[i * 3 + 1];
    const v = list.data[i * 3 + 2];
    if (op === CondOp.Opaque) continue;
    let [lo, hi] = out.get(cell) ?? unconstrained(layout, cell);
    if (isInt[cell]) {
      const min = schema.min[cell];
      const max = schema.max[cell];
      let a = min;
      let b = max;
      switch (op) {
        case CondOp.Eq: a = b = v; break;
        case CondOp.Lt: b = v - 1; break;
        case CondOp.Le: b = v; break;
        case CondOp.Gt: a = v + 1; break;
        case CondOp.Ge: a = v; break;
        case CondOp.Ne:
          if (v === min) a = v + 1;
          else if (v === max) b = v - 1;
          else throw new DefinitionError('UNSUPPORTED_CONDITION', schema.nameOf(cell), `"${list.describe(i)}" in ${where}: GOAP regresses int keys as intervals, so != is only allowed at the range edges.`);
          break;
      }
      lo = Math.max(lo, a);
      hi = Math.min(hi, b);
      if (lo > hi) throw contradiction(code, subject, where, schema.nameOf(cell), list);
    } else {
      let m: number;
      switch (op) {
        case CondOp.Eq: m = 1 << v; break;
        case CondOp.Ne: m = full[cell] & ~(1 << v); break;
        case CondOp.In: m = v; break;
        case CondOp.Lt: m = (1 << v) - 1; break;
        case CondOp.Le: m = v >= 31 ? -1 : (1 << (v + 1)) - 1; break;
        case CondOp.Gt: m = v >= 31 ? 0 : ~((1 << (v + 1)) - 1); break;
        default: m = ~((1 << v) - 1); break; // Ge
      }
      lo &= m & full[cell];
      if (lo === 0) throw contradiction(code, subject, where, schema.nameOf(cell), list);
    }
    out.set(cell, [lo, hi]);
  }
  return out;
}

function contradiction(code: string, subject: string, where: string, key: string, list: ConditionList): GoapDefinitionError {
  const all: string[] = [];
  for (let i = 0; i < list.length; i++) all.push(list.describe(i));
  return new GoapDefinitionError(code, subject, `Contradictory conditions on "${key}" in ${where}: ${all.join(', ')} can never all hold.`);
}

