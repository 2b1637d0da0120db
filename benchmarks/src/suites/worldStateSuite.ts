import {
  bool,
  compileConditions,
  createState,
  defineSchema,
  enumOf,
  eq,
  firstFailing,
  int,
  isIn,
  le,
  ne,
  type Schema,
  type WorldState,
} from '@dualplan/world-state';
import type { BenchCase, SuiteOptions } from '../BenchCase.js';

const Range = Object.freeze({ Melee: 0, View: 1, Far: 2, OutOfRange: 3 } as const);

/** A 64-key schema: bools, enums and small ints (8-bit cells), or wide ints (32-bit cells). */
function schema64(wide: boolean): Schema<any> {
  const spec: Record<string, ReturnType<typeof bool> | ReturnType<typeof int> | ReturnType<typeof enumOf>> = {};
  for (let i = 0; i < 64; i++) {
    const kind = i % 4;
    spec[`K${i}`] = wide ? int(-1_000_000, 1_000_000, i) : kind === 0 ? bool(i % 8 === 0) : kind === 1 ? enumOf(Range, Range.Far) : int(0, 100, i);
  }
  return defineSchema(spec);
}

function filled(schema: Schema<any>, salt: number): WorldState<any> {
  const state = createState(schema);
  for (let c = 0; c < schema.size; c++) state.values[c] = schema.kind[c] === 0 ? (c + salt) & 1 : Math.min(schema.max[c], (c * 7 + salt) % (schema.max[c] + 1));
  return state;
}

/** World-state primitives (issue 2): condition lists, copy, hash. Targets: ≤ 5 ns/condition, copy ≤ 20 ns, 0 GCs. */
export function worldStateSuite(_options: SuiteOptions): BenchCase[] {
  const suite = 'world-state';
  const allocOps = 1_000_000;
  return [
    {
      suite,
      name: '4-condition list',
      impl: 'dualplan',
      allocOps,
      target: { maxNs: 5, per: 4, maxGcs: 0, label: '≤ 5 ns per condition' },
      prepare() {
        const schema = schema64(false);
        const state = filled(schema, 0);
        const k = schema.keys as Record<string, any>;
        state.values[schema.cellOf(k.K0)] = 1;
        state.values[schema.cellOf(k.K1)] = Range.Melee;
        state.values[schema.cellOf(k.K2)] = 2;
        state.values[schema.cellOf(k.K5)] = Range.Melee;
        const list = compileConditions(schema, [eq(k.K0, true), isIn(k.K1, [Range.Melee, Range.View]), le(k.K2, 50), ne(k.K5, Range.OutOfRange)], 'bench');
        return {
          run: () => firstFailing(list, state),
          check: () => {
            const failing = firstFailing(list, state);
            return { valid: failing === -1, optimal: true, detail: failing === -1 ? 'all 4 conditions hold (full scan)' : `condition ${failing} fails` };
          },
        };
      },
    },
    ...[false, true].map((wide): BenchCase => ({
      suite,
      name: `64-key copy (${wide ? '32' : '8'}-bit cells)`,
      impl: 'dualplan',
      allocOps,
      target: { maxNs: 20, maxGcs: 0, label: '≤ 20 ns' },
      prepare() {
        const schema = schema64(wide);
        const a = filled(schema, 1);
        const b = filled(schema, 2);
        return {
          run: () => b.copyFrom(a),
          check: () => {
            b.copyFrom(a);
            return { valid: b.equals(a) && schema.size === 64, optimal: true, detail: `${schema.size} keys, ${a.words.length} words` };
          },
        };
      },
    })),
    ...[false, true].map((wide): BenchCase => ({
      suite,
      name: `64-key hash (${wide ? '32' : '8'}-bit cells)`,
      impl: 'dualplan',
      allocOps,
      target: { maxGcs: 0 },
      prepare() {
        const schema = schema64(wide);
        const a = filled(schema, 3);
        const b = filled(schema, 3);
        return {
          run: () => a.hash(),
          check: () => {
            const h = a.hash();
            b.values[5] ^= 1;
            const differs = b.hash() !== h;
            b.values[5] ^= 1;
            return { valid: differs && b.hash() === h, optimal: true, detail: `hash ${h.toString(16)}, stable and sensitive` };
          },
        };
      },
    })),
  ];
}
