import { CondOp, DefinitionError, inSet, type ConditionList } from '@dualplan/world-state';
import { GoapDefinitionError } from '../errors.js';
import type { Layout } from './Layout.js';

/**
 * The allowed set of a cell no condition constrains: its full mask, or its whole range; for a wide
 * enum, the offset in `pool` where its full multi-word mask is appended. @internal
 */
export function unconstrained(layout: Layout, cell: number, pool: number[]): [number, number] {
  if (layout.wide[cell] === 1)
    return [
      pushWide(
        pool,
        wideMask(layout.schema.max[cell] + 1, () => true),
      ),
      0,
    ];
  return layout.isInt[cell] ? [layout.schema.min[cell], layout.schema.max[cell]] : [layout.full[cell], 0];
}

/** The words of a wide enum's mask (n values) holding the values `keep` accepts. @internal */
export function wideMask(n: number, keep: (v: number) => boolean): Int32Array {
  const m = new Int32Array((n + 31) >>> 5);
  for (let v = 0; v < n; v++) if (keep(v)) m[v >>> 5] |= 1 << (v & 31);
  return m;
}

function pushWide(pool: number[], mask: Int32Array): number {
  const at = pool.length;
  for (let i = 0; i < mask.length; i++) pool.push(mask[i]);
  return at;
}

/**
 * Per-cell allowed sets of a condition list, intersected per cell: an unshifted mask, or [lo, hi] for
 * ints; for a wide enum, [offset, 0] of its multi-word mask, appended to `pool`. @internal
 */
export function constraintsOf(
  layout: Layout,
  list: ConditionList,
  where: string,
  subject: string,
  code: string,
  pool: number[],
): Map<number, [number, number]> {
  const { schema, isInt, full } = layout;
  const out = new Map<number, [number, number]>();
  const wide = new Map<number, Int32Array>();
  for (let i = 0; i < list.length; i++) {
    const cell = list.data[i * 3];
    const op = list.data[i * 3 + 1];
    const v = list.data[i * 3 + 2];
    if (op === CondOp.Opaque) continue;
    if (layout.wide[cell] === 1) {
      // Every operator as a set of values (compile time only: a pass over the enum's values).
      const keep = wideMask(schema.max[cell] + 1, (x) =>
        op === CondOp.InSet
          ? inSet(list.sets, v, x)
          : op === CondOp.Eq
            ? x === v
            : op === CondOp.Ne
              ? x !== v
              : op === CondOp.Lt
                ? x < v
                : op === CondOp.Le
                  ? x <= v
                  : op === CondOp.Gt
                    ? x > v
                    : x >= v,
      );
      const m = wide.get(cell);
      if (m === undefined) {
        wide.set(cell, keep);
        out.set(cell, [0, 0]);
      } else {
        let any = 0;
        for (let w = 0; w < m.length; w++) any |= m[w] &= keep[w];
        if (any === 0) throw contradiction(code, subject, where, schema.nameOf(cell), list);
      }
      if (!keep.some((w) => w !== 0)) throw contradiction(code, subject, where, schema.nameOf(cell), list);
      continue;
    }
    let [lo, hi] = out.get(cell) ?? unconstrained(layout, cell, pool);
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
  for (const [cell, m] of wide) out.set(cell, [pushWide(pool, m), 0]);
  return out;
}

function contradiction(code: string, subject: string, where: string, key: string, list: ConditionList): GoapDefinitionError {
  const all: string[] = [];
  for (let i = 0; i < list.length; i++) all.push(list.describe(i));
  return new GoapDefinitionError(code, subject, `Contradictory conditions on "${key}" in ${where}: ${all.join(', ')} can never all hold.`);
}
