import { CondOp, EffOp, KeyKind, compileConditions, compileEffects, type Schema } from '@dualplan/world-state';
import type { DocumentCondition, DocumentEffect, OpaqueRef } from './DomainDocument.js';

/**
 * Value sets per cell for the linter's reasoning, definition-time only: a
 * bitmask of values for bool and enum cells, an interval `[lo, hi]` for int
 * cells. Intervals over-approximate (`!=` is not excluded), so every conclusion
 * drawn from them ("never true", "always implied") is safe.
 */
export interface ValueSet {
  lo: number;
  hi: number;
  /** Bool and enum cells: bit v set when value v is in the set. */
  mask: number;
}

/** A data condition as `[cell, op, operand]`, or null for an opaque one. */
export type CompiledCondition = readonly [cell: number, op: number, operand: number] | null;
/** A data effect as `[cell, op, operand]` (subtract is a negative add), or null for an opaque one. */
export type CompiledEffect = readonly [cell: number, op: number, operand: number] | null;

export function compileCondition(schema: Schema, c: DocumentCondition | OpaqueRef): CompiledCondition {
  if ('opaque' in c) return null;
  const d = compileConditions(schema, [c]).data;
  return [d[0], d[1], d[2]];
}

/**
 * An enum of more than 32 values: value sets are one 32-bit mask, so its set stays "every value" and the
 * reasoning concludes nothing about its conditions (any may hold, none is implied), which is safe.
 */
function isWide(schema: Schema, cell: number): boolean {
  return !isInt(schema, cell) && schema.max[cell] >= 32;
}

export function compileEffect(schema: Schema, e: DocumentEffect | OpaqueRef): CompiledEffect {
  if ('opaque' in e) return null;
  const d = compileEffects(schema, [e]).data;
  return [d[0], d[1], d[2]];
}

export function isInt(schema: Schema, cell: number): boolean {
  return schema.kind[cell] === KeyKind.Int;
}

/** Every value of the cell. */
export function fullSet(schema: Schema, cell: number): ValueSet {
  const n = schema.max[cell] + 1;
  return { lo: schema.min[cell], hi: schema.max[cell], mask: isInt(schema, cell) ? 0 : n >= 32 ? -1 : (1 << n) - 1 };
}

/** Only the value v. */
export function singleSet(schema: Schema, cell: number, v: number): ValueSet {
  if (isWide(schema, cell)) return fullSet(schema, cell);
  return { lo: v, hi: v, mask: isInt(schema, cell) ? 0 : 1 << v };
}

/** Whether `x op operand` holds. */
export function holds(x: number, op: number, operand: number): boolean {
  switch (op) {
    case CondOp.Eq:
      return x === operand;
    case CondOp.Ne:
      return x !== operand;
    case CondOp.Lt:
      return x < operand;
    case CondOp.Le:
      return x <= operand;
    case CondOp.Gt:
      return x > operand;
    case CondOp.Ge:
      return x >= operand;
    default:
      return ((1 << x) & operand) !== 0;
  }
}

/** Some value of the set satisfies the condition. */
export function someHolds(schema: Schema, set: ValueSet, c: readonly [number, number, number]): boolean {
  const [cell, op, v] = c;
  if (isWide(schema, cell)) return true;
  if (!isInt(schema, cell)) {
    for (let x = 0; x <= schema.max[cell]; x++) if (set.mask & (1 << x) && holds(x, op, v)) return true;
    return false;
  }
  if (set.lo > set.hi) return false;
  switch (op) {
    case CondOp.Eq:
      return set.lo <= v && v <= set.hi;
    case CondOp.Ne:
      return !(set.lo === v && set.hi === v);
    case CondOp.Lt:
      return set.lo < v;
    case CondOp.Le:
      return set.lo <= v;
    case CondOp.Gt:
      return set.hi > v;
    default:
      return set.hi >= v;
  }
}

/** Every value of the set satisfies the condition (false for an empty set: nothing to imply). */
export function allHold(schema: Schema, set: ValueSet, c: readonly [number, number, number]): boolean {
  const [cell, op, v] = c;
  if (isWide(schema, cell)) return false;
  if (!isInt(schema, cell)) {
    if (set.mask === 0) return false;
    for (let x = 0; x <= schema.max[cell]; x++) if (set.mask & (1 << x) && !holds(x, op, v)) return false;
    return true;
  }
  if (set.lo > set.hi) return false;
  switch (op) {
    case CondOp.Eq:
      return set.lo === v && set.hi === v;
    case CondOp.Ne:
      return v < set.lo || v > set.hi;
    case CondOp.Lt:
      return set.hi < v;
    case CondOp.Le:
      return set.hi <= v;
    case CondOp.Gt:
      return set.lo > v;
    default:
      return set.lo >= v;
  }
}

/** Narrow a set by a condition (ints: `!=` leaves the interval as is, an over-approximation). */
export function narrow(schema: Schema, set: ValueSet, c: readonly [number, number, number]): void {
  const [cell, op, v] = c;
  if (isWide(schema, cell)) return;
  if (!isInt(schema, cell)) {
    let keep = 0;
    for (let x = 0; x <= schema.max[cell]; x++) if (holds(x, op, v)) keep |= 1 << x;
    set.mask &= keep;
    return;
  }
  if (op === CondOp.Eq) [set.lo, set.hi] = [Math.max(set.lo, v), Math.min(set.hi, v)];
  else if (op === CondOp.Lt) set.hi = Math.min(set.hi, v - 1);
  else if (op === CondOp.Le) set.hi = Math.min(set.hi, v);
  else if (op === CondOp.Gt) set.lo = Math.max(set.lo, v + 1);
  else if (op === CondOp.Ge) set.lo = Math.max(set.lo, v);
}

/** Add what an effect can write to a set; returns true when the set grew. */
export function widen(schema: Schema, set: ValueSet, e: readonly [number, number, number]): boolean {
  const [cell, op, v] = e;
  if (isWide(schema, cell)) return false;
  const before = `${set.lo},${set.hi},${set.mask}`;
  if (op === EffOp.Set) {
    if (isInt(schema, cell)) [set.lo, set.hi] = [Math.min(set.lo, v), Math.max(set.hi, v)];
    else set.mask |= 1 << v;
  } else if (v > 0) set.hi = schema.max[cell];
  else if (v < 0) set.lo = schema.min[cell];
  return before !== `${set.lo},${set.hi},${set.mask}`;
}
