import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { hostileValues } from './examples/hostileValues.js';
import { compileConditions } from './conditions/Condition.js';
import { defineSchema, schemaFromData } from './schema/defineSchema.js';
import { compileEffects } from './conditions/Effect.js';
import { describeThrown } from './errors/describeValue.js';
import { DualplanError } from './errors/errors.js';
import { bool, enumOf, int, mergedBools } from './schema/KeySpec.js';
import { createState, restoreState } from './schema/WorldState.js';

/**
 * Fuzzing the definition APIs: arbitrary and corrupted input either works or
 * throws a DualplanError naming what is wrong; never another exception, and
 * quickly (each call well under a second).
 */
function outcome(f: () => unknown): string {
  const started = performance.now();
  try {
    f();
    return 'ok';
  } catch (e) {
    if (!(e instanceof DualplanError)) return `untyped ${describeThrown(e)}`;
    if (typeof e.code !== 'string' || e.code === '' || typeof e.subject !== 'string') return `bad error fields ${e.code}/${e.subject}`;
    return 'typed';
  } finally {
    const ms = performance.now() - started;
    // eslint-disable-next-line no-unsafe-finally -- deliberate: a call that took too long fails whatever it returned
    if (ms > 1000) throw new Error(`took ${ms.toFixed(0)} ms`);
  }
}

const schema = defineSchema({
  Alive: bool(true),
  Ammo: int(0, 9),
  Mood: enumOf(['Calm', 'Angry'] as const, 0),
  Weapon: mergedBools(['Sword', 'Bow'] as const, 0),
  Slot: bool(false, { slots: 3 }),
});
const keyName = fc.constantFrom('Alive', 'Ammo', 'Mood', 'Weapon', 'Sword', 'Slot', 'Nope', '', '__proto__', 'constructor');
/**
 * Values that cannot be turned into a string the usual way: `String(x)`,
 * `${x}` or `JSON.stringify(x)` throws a TypeError (or the value's own error)
 * for each of them.
 */
// Values String(), templates and JSON.stringify cannot convert: every run draws them.
const hostile = fc.constantFrom(...hostileValues());
/** Values that are sometimes right and mostly wrong. */
const junk = fc.oneof(fc.anything(), fc.constantFrom(NaN, Infinity, -1, 0, 1, 9, 10, 2 ** 40, '2', 'Angry', 'Sword', true, null, undefined, {}, []), hostile);
const conditionish = fc.oneof(
  fc.anything(),
  fc.record(
    { key: fc.oneof(keyName, junk), op: fc.oneof(fc.constantFrom('==', '!=', '<', '<=', '>', '>=', 'in', '=~'), junk), value: junk },
    { requiredKeys: [] },
  ),
  fc.record({ key: keyName, index: junk, op: fc.constantFrom('==', 'in'), value: junk }),
  fc.record({
    opaque: junk,
    test: fc.oneof(
      fc.constant(() => true),
      junk,
    ),
  }),
);
const effectish = fc.oneof(
  fc.anything(),
  fc.record(
    {
      key: fc.oneof(keyName, junk),
      op: fc.oneof(fc.constantFrom('set', 'add', 'sub', 'mul'), junk),
      value: junk,
      edge: fc.oneof(fc.constantFrom('clamp', 'error'), junk),
    },
    { requiredKeys: [] },
  ),
  fc.record({
    opaque: junk,
    apply: fc.oneof(
      fc.constant(() => undefined),
      junk,
    ),
  }),
);
const keySpecish = fc.oneof(
  fc.anything(),
  fc.record(
    {
      name: fc.oneof(fc.string(), junk),
      kind: fc.oneof(fc.constantFrom('bool', 'int', 'enum', 'merged', 'float'), junk),
      min: junk,
      max: junk,
      default: junk,
      values: fc.oneof(fc.array(fc.string(), { maxLength: 4 }), junk),
      slots: junk,
      edge: junk,
    },
    { requiredKeys: [] },
  ),
);

describe('fuzzing the world-state definition APIs', () => {
  it('schemaFromData: a schema or a typed error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(keySpecish, { maxLength: 5 })), (keys) =>
        expect(outcome(() => schemaFromData(keys as never))).not.toMatch(/^untyped|^bad/),
      ),
      { numRuns: 500 },
    );
  });

  it('defineSchema and the key spec helpers: a schema or a typed error', () => {
    const spec = fc.oneof(
      fc.anything(),
      fc.dictionary(
        fc.string(),
        fc.oneof(
          junk,
          fc.tuple(junk, junk).map(([a, b]) => ({ kind: 'int', min: a, max: b })),
        ),
      ),
    );
    fc.assert(
      fc.property(spec, (s) => expect(outcome(() => defineSchema(s as never))).not.toMatch(/^untyped|^bad/)),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(junk, junk, junk, (a, b, c) => {
        for (const make of [
          () => defineSchema({ K: int(a as never, b as never, c as never) }),
          () => defineSchema({ K: enumOf(a as never, b as never) }),
          () => defineSchema({ K: mergedBools(a as never, b as never) }),
          () => defineSchema({ K: bool(a as never, b as never) }),
        ]) {
          expect(outcome(make)).not.toMatch(/^untyped|^bad/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('compileConditions and compileEffects: a list or a typed error naming the key', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.array(conditionish, { maxLength: 4 })),
        fc.oneof(fc.anything(), fc.array(effectish, { maxLength: 4 })),
        (conds, effs) => {
          expect(outcome(() => compileConditions(schema, conds as never, 'task Fuzz'))).not.toMatch(/^untyped|^bad/);
          expect(outcome(() => compileEffects(schema, effs as never, 'task Fuzz'))).not.toMatch(/^untyped|^bad/);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('restoreState and set: a state or a typed error naming the key and value', () => {
    const snapshot = fc.oneof(fc.anything(), fc.dictionary(keyName, junk));
    fc.assert(
      fc.property(snapshot, keyName, junk, (snap, key, value) => {
        expect(outcome(() => restoreState(schema, snap as never))).not.toMatch(/^untyped|^bad/);
        expect(outcome(() => restoreState(schema, snap as never, { allowMissing: true }))).not.toMatch(/^untyped|^bad/);
        const state = createState(schema);
        expect(outcome(() => state.set((schema.keys as Record<string, unknown>)[key] as never, value))).not.toMatch(/^untyped|^bad/);
        expect(outcome(() => state.set(value as never, true))).not.toMatch(/^untyped|^bad/);
      }),
      { numRuns: 1000 },
    );
  });
});
