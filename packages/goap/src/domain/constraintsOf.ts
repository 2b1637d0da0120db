import { CondOp, DefinitionError, type ConditionList } from '@dualplan/world-state';
import { GoapDefinitionError } from '../errors.js';
import type { Layout } from './Layout.js';


/** The allowed set of a cell no condition constrains: its full mask, or its whole range. @internal */
export function unconstrained(layout: Layout, cell: number): [number, number] {
  return layout.isInt[cell] ? [layout.schema.min[cell], layout.schema.max[cell]] : [layout.full[cell], 0];
}

/** Per-cell allowed sets (an unshifted mask, or [lo, hi] for ints) of a condition list, intersected per cell. @internal */
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
        case CondOp.Eq:
          a = b = v;
          break;
        case CondOp.Lt:
          b = v - 1;
          break;
        case CondOp.Le:
          b = v;
          break;
        case CondOp.Gt:
          a = v + 1;
          break;
        case CondOp.Ge:
          a = v;
          break;
        case CondOp.Ne:
          if (v === min) a = v + 1;
          else if (v === max) b = v - 1;
          else
            throw new DefinitionError(
              'UNSUPPORTED_CONDITION',
              schema.nameOf(cell),
              `"${list.describe(i)}" in ${where}: GOAP regresses int keys as intervals, so != is only allowed at the range edges.`,
            );
          break;
      }
      lo = Math.max(lo, a);
      hi = Math.min(hi, b);
      if (lo > hi) throw contradiction(code, subject, where, schema.nameOf(cell), list);
    } else {
      let m: number;
      switch (op) {
        case CondOp.Eq:
          m = 1 << v;
          break;
        case CondOp.Ne:
          m = full[cell] & ~(1 << v);
          break;
        case CondOp.In:
          m = v;
          break;
        case CondOp.Lt:
          m = (1 << v) - 1;
          break;
        case CondOp.Le:
          m = v >= 31 ? -1 : (1 << (v + 1)) - 1;
          break;
        case CondOp.Gt:
          m = v >= 31 ? 0 : ~((1 << (v + 1)) - 1);
          break;
        default:
          m = ~((1 << v) - 1);
          break; // Ge
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
