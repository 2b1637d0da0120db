import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { bool, enumOf, int, mergedBools, type KeySpec } from './schema/KeySpec.js';
import { defineSchema } from './schema/defineSchema.js';
import { applyEffects, compileEffects, type Effect } from './conditions/Effect.js';
import { checkConditions, compileConditions, type Condition } from './conditions/Condition.js';
import type { Schema } from './schema/Schema.js';
import { ChangeSource, createState, diffStates, restoreState, type WorldState } from './schema/WorldState.js';

const keySpec: fc.Arbitrary<KeySpec> = fc.oneof(
  fc.boolean().map((d) => bool(d)),
  fc.integer({ min: 1, max: 32 }).chain((n) =>
    fc.integer({ min: 0, max: n - 1 }).map((d) =>
      enumOf(
        Array.from({ length: n }, (_, i) => `v${i}`),
        d,
      ),
    ),
  ),
  fc.integer({ min: 2, max: 6 }).map((n) => mergedBools(Array.from({ length: n }, (_, i) => `m${n}_${i}`))),
  fc
    .tuple(fc.integer({ min: -40000, max: 40000 }), fc.integer({ min: 0, max: 70000 }), fc.integer({ min: 1, max: 3 }))
    .map(([min, span, slots]) => int(min, min + span, min, { slots })),
);

const schemaArb: fc.Arbitrary<Schema> = fc.array(keySpec, { minLength: 1, maxLength: 24 }).map((specs) => {
  const used = new Set<string>();
  // Merged-bool member names must be unique across the schema.
  const entries = specs.filter((s) => !(s.kind === 'enum' && s.merged && s.names.some((n) => used.has(n) || !used.add(n))));
  return defineSchema(Object.fromEntries(entries.map((s, i) => [`K${i}`, s])));
});

/** A schema plus a function that fills a state with random in-range values. */
const withStates = schemaArb.chain((schema) =>
  fc.tuple(
    fc.constant(schema),
    fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { minLength: schema.size, maxLength: schema.size }), {
      minLength: 2,
      maxLength: 6,
    }),
  ),
);

function fill(schema: Schema, unit: number[]): WorldState {
  const s = createState(schema);
  for (let c = 0; c < schema.size; c++) s.values[c] = schema.min[c] + Math.floor(unit[c] * (schema.max[c] - schema.min[c] + 1));
  return s;
}

describe('world-state properties', () => {
  test('copy then equal', () => {
    fc.assert(
      fc.property(withStates, ([schema, [a, b]]) => {
        const x = fill(schema, a);
        const y = fill(schema, b);
        x.copyInto(y);
        expect(y.equals(x)).toBe(true);
        expect(y.hash()).toBe(x.hash());
        expect(Array.from(y.values)).toEqual(Array.from(x.values));
      }),
    );
  });

  test('hash equal <=> state equal (on random states)', () => {
    fc.assert(
      fc.property(withStates, ([schema, units]) => {
        const states = units.map((u) => fill(schema, u));
        for (const x of states) {
          for (const y of states) {
            if (x.equals(y)) expect(x.hash()).toBe(y.hash());
            else expect(x.hash()).not.toBe(y.hash());
          }
        }
      }),
    );
  });

  test('hash collisions are rare: measured over 50,000 distinct 64-key states', () => {
    const schema = defineSchema(Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`K${i}`, i % 2 ? bool() : int(0, 200)])));
    const state = createState(schema);
    let seed = 12345;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
    const seen = new Map<number, string>();
    let collisions = 0;
    let distinct = 0;
    for (let n = 0; n < 50000; n++) {
      for (let c = 0; c < schema.size; c++) state.values[c] = next() % (schema.max[c] + 1);
      const key = state.values.join(',');
      const h = state.hash();
      const other = seen.get(h);
      if (other === undefined) {
        seen.set(h, key);
        distinct++;
      } else if (other !== key) collisions++;
    }
    // Expected for a uniform 32-bit hash: n^2 / 2^33 ~= 0.29.
    expect(distinct).toBeGreaterThan(49990);
    expect(collisions).toBeLessThanOrEqual(3);
  });

  test('snapshot round-trip', () => {
    fc.assert(
      fc.property(withStates, ([schema, [a]]) => {
        const s = fill(schema, a);
        const back = restoreState(schema, JSON.parse(JSON.stringify(s.toJSON())));
        expect(back.equals(s)).toBe(true);
      }),
    );
  });

  test('effects then diff: the diff is exactly the cells whose values the effects changed', () => {
    const arb = withStates.chain(([schema, units]) =>
      fc.tuple(
        fc.constant(schema),
        fc.constant(units[0]),
        fc.array(fc.tuple(fc.nat(schema.size - 1), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), fc.boolean()), { maxLength: 8 }),
      ),
    );
    fc.assert(
      fc.property(arb, ([schema, unit, picks]) => {
        const before = fill(schema, unit);
        const effects: Effect[] = picks.map(([cell, u, useAdd]) => {
          const span = schema.max[cell] - schema.min[cell];
          if (useAdd && schema.kind[cell] === 2 && span > 0) return { key: cell, op: 'add', value: Math.floor(u * (2 * span + 1)) - span };
          return { key: cell, op: 'set', value: schema.min[cell] + Math.floor(u * (span + 1)) };
        });
        const after = before.clone();
        expect(applyEffects(compileEffects(schema, effects), after, undefined, ChangeSource.Own)).toBe(-1);
        const out = new Int32Array(schema.size);
        const n = diffStates(before, after, out);
        const changed = new Set(Array.from(out.subarray(0, n)));
        for (let c = 0; c < schema.size; c++) {
          expect(changed.has(c)).toBe(before.values[c] !== after.values[c]);
          if (changed.has(c)) expect(effects.some((e) => e.key === c)).toBe(true);
          // A changed cell counts at least one change; an unchanged one none, or several that cancelled out.
          if (changed.has(c)) expect(after.changeCounts[c]).toBeGreaterThan(0);
          else expect(after.changeCounts[c]).not.toBe(1);
        }
        expect(after.externalChanges).toBe(0);
      }),
    );
  });

  test('a condition compiled from a state value holds on that state', () => {
    fc.assert(
      fc.property(withStates, ([schema, [a]]) => {
        const s = fill(schema, a);
        const conds: Condition[] = [];
        for (let c = 0; c < schema.size; c++) conds.push({ key: c, op: schema.kind[c] === 0 ? '==' : '<=', value: schema.decode(c, s.values[c]) as number });
        expect(checkConditions(compileConditions(schema, conds), s)).toBe(true);
      }),
    );
  });
});
