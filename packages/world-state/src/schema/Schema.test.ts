import { describe, expect, test } from '@jest/globals';
import { bool, enumOf, int, mergedBools } from './KeySpec.js';
import { defineSchema, schemaFromData } from './defineSchema.js';
import { KEY_TAG_SHIFT } from './Schema.js';
import { MAX_ENUM_VALUES } from './validateKeySpec.js';
import { createState } from './WorldState.js';
import { SchemaError, UnknownKeyError, ValueRangeError } from '../errors/errors.js';

enum Range {
  Melee,
  Viewable,
  Far,
}
const Weapon = { Sword: 0, Bow: 1, Unarmed: 2 } as const;

function schemaError(fn: () => unknown): SchemaError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SchemaError);
    return e as SchemaError;
  }
  throw new Error('expected a SchemaError');
}

describe('defineSchema', () => {
  test('assigns cells in declaration order, slots included', () => {
    const s = defineSchema({ A: bool(), Hp: int(0, 100, 100, { slots: 4 }), R: enumOf(Range) });
    expect(Object.values(s.keys).map((key) => s.cellOf(key))).toEqual([0, 1, 5]);
    expect(s.keys.Hp).toBe((s.tag << KEY_TAG_SHIFT) | 1);
    expect(s.size).toBe(6);
    expect(s.cellNames).toEqual(['A', 'Hp[0]', 'Hp[1]', 'Hp[2]', 'Hp[3]', 'R']);
    expect(Array.from(s.defaults)).toEqual([0, 100, 100, 100, 100, 0]);
  });

  test('picks the narrowest storage that holds every range', () => {
    expect(defineSchema({ A: bool(), B: int(0, 255) }).storage).toBe('Uint8Array');
    expect(defineSchema({ A: int(-5, 100) }).storage).toBe('Int8Array');
    expect(defineSchema({ A: int(0, 1000) }).storage).toBe('Uint16Array');
    expect(defineSchema({ A: int(-1, 1000) }).storage).toBe('Int16Array');
    expect(defineSchema({ A: int(0, 100000) }).storage).toBe('Int32Array');
  });

  test('keys from a TypeScript enum use the enum values as cells', () => {
    enum Ws {
      CanSee,
      Hp,
      Range = 5,
    }
    const s = defineSchema(Ws, { CanSee: bool(), Hp: int(0, 9, 0, { slots: 4 }), Range: enumOf(Range) });
    // The enum's values are the cells; they also work as (untagged) key handles.
    expect(s.cellOf(s.keys.CanSee)).toBe(Ws.CanSee);
    expect(s.cellOf(Ws.Range)).toBe(Ws.Range);
    expect(createState(s, { CanSee: true, Hp: [0, 0, 0, 0], Range: 0 }).get(Ws.CanSee as never)).toBe(true);
    expect(s.nameOf(Ws.Hp + 3)).toBe('Hp[3]');
  });

  test('an enum-declared schema rejects overlaps, gaps, missing and extra specs', () => {
    enum Overlap {
      A,
      B,
    }
    expect(schemaError(() => defineSchema(Overlap, { A: int(0, 1, 0, { slots: 2 }), B: bool() })).subject).toBe('B');
    enum Gap {
      A,
      B = 3,
    }
    expect(schemaError(() => defineSchema(Gap, { A: bool(), B: bool() })).code).toBe('KEY_GAP');
    enum Two {
      A,
      B,
    }
    expect(schemaError(() => defineSchema(Two, { A: bool() } as never)).subject).toBe('B');
    expect(schemaError(() => defineSchema(Two, { A: bool(), B: bool(), C: bool() } as never)).subject).toBe('C');
    enum Same {
      A = 0,
      // eslint-disable-next-line @typescript-eslint/no-duplicate-enum-values -- the duplicate is the bad input under test
      B = 0,
    }
    expect(schemaError(() => defineSchema(Same, { A: bool(), B: bool() })).code).toBe('DUPLICATE_KEY');
  });

  test.each([
    ['empty enum', () => defineSchema({ E: enumOf([]) }), 'EMPTY_ENUM', 'E'],
    ['min > max', () => defineSchema({ N: int(5, 1) }), 'MIN_GREATER_THAN_MAX', 'N'],
    ['int default out of range', () => defineSchema({ N: int(0, 3, 4) }), 'DEFAULT_OUT_OF_RANGE', 'N'],
    ['enum default out of range', () => defineSchema({ R: enumOf(Range, 7 as Range) }), 'DEFAULT_OUT_OF_RANGE', 'R'],
    ['bool default not boolean', () => defineSchema({ B: bool(1 as never) }), 'DEFAULT_OUT_OF_RANGE', 'B'],
    ['non-integer range', () => defineSchema({ N: int(0, 1.5) }), 'BAD_RANGE', 'N'],
    ['range past 32 bits', () => defineSchema({ N: int(0, 2 ** 40) }), 'BAD_RANGE', 'N'],
    ['too many enum values', () => defineSchema({ E: enumOf(Array.from({ length: MAX_ENUM_VALUES + 1 }, (_, i) => `v${i}`)) }), 'ENUM_TOO_LARGE', 'E'],
    ['duplicate enum names', () => defineSchema({ E: enumOf(['a', 'a']) }), 'DUPLICATE_ENUM_VALUE', 'E'],
    ['sparse TS enum', () => defineSchema({ E: enumOf({ A: 0, B: 2 }) }), 'BAD_ENUM', 'E'],
    ['zero slots', () => defineSchema({ S: bool(false, { slots: 0 }) }), 'BAD_SLOTS', 'S'],
    ['bad edge policy', () => defineSchema({ N: int(0, 3, 0, { edge: 'wrap' as never }) }), 'BAD_EDGE_POLICY', 'N'],
    ['unknown kind', () => defineSchema({ X: { kind: 'float', slots: 1 } as never }), 'BAD_KEY_SPEC', 'X'],
    ['merged member clashes with a key', () => defineSchema({ Sword: bool(), Weapon: mergedBools(Weapon) }), 'DUPLICATE_KEY', 'Sword'],
  ])('rejects %s, naming the key', (_, fn, code, subject) => {
    const err = schemaError(fn);
    expect(err.code).toBe(code);
    expect(err.subject).toBe(subject);
    expect(err.message).toContain(subject);
  });

  test('plain-data schemas report duplicate keys', () => {
    const err = schemaError(() =>
      schemaFromData([
        { name: 'A', kind: 'bool' },
        { name: 'A', kind: 'int', min: 0, max: 1 },
      ]),
    );
    expect(err.code).toBe('DUPLICATE_KEY');
    expect(err.subject).toBe('A');
  });

  test('plain-data schemas build every kind', () => {
    const s = schemaFromData([
      { name: 'B', kind: 'bool', default: true },
      { name: 'N', kind: 'int', min: -2, max: 2, edge: 'error' },
      { name: 'R', kind: 'enum', values: ['Near', 'Far'], default: 'Far' },
      { name: 'W', kind: 'merged', values: ['Sword', 'Bow'] },
    ]);
    expect(Array.from(s.defaults)).toEqual([1, -2, 1, 0]);
    expect(s.member('Bow')).toEqual({ cell: 3, value: 1, key: 'W' });
    expect(s.edge[1]).toBe(1);
  });
});

describe('Schema lookups', () => {
  const s = defineSchema({ A: bool(), Hp: int(0, 100, 100, { slots: 4 }), R: enumOf(Range), W: mergedBools(Weapon, Weapon.Unarmed) });

  test('cellOf resolves names, slotted names, handles and slot indices', () => {
    expect(s.cellOf('Hp')).toBe(1);
    expect(s.cellOf('Hp[2]')).toBe(3);
    expect(s.cellOf('Hp', 3)).toBe(4);
    expect(s.cellOf(s.keys.R)).toBe(5);
    expect(s.cellOf(s.at(s.keys.Hp, 1))).toBe(2);
  });

  test('cellOf rejects unknown keys and out-of-range slots with UnknownKeyError', () => {
    expect(() => s.cellOf('Nope')).toThrow(UnknownKeyError);
    expect(() => s.cellOf('Hp[4]')).toThrow(/Hp\[4\]/);
    expect(() => s.at(s.keys.Hp, -1)).toThrow(UnknownKeyError);
    expect(() => s.cellOf(99)).toThrow(UnknownKeyError);
    expect(() => s.cellOf('Nope', 0, 'task Foo')).toThrow(/task Foo/);
  });

  test('encode validates kind and range, and accepts enum names', () => {
    expect(s.encode(0, true)).toBe(1);
    expect(s.encode(5, 'Far')).toBe(2);
    expect(s.encode(5, Range.Viewable)).toBe(1);
    expect(() => s.encode(0, 'yes')).toThrow(ValueRangeError);
    expect(() => s.encode(5, 'Close')).toThrow(/one of Melee \(0\), Viewable \(1\), Far \(2\)/);
    expect(() => s.encode(1, 101)).toThrow(/Hp\[0\].*\[0, 100\]/);
    expect(() => s.encode(1, 2.5)).toThrow(ValueRangeError);
  });

  test('format renders values for people', () => {
    expect(s.format(0, 1)).toBe('true');
    expect(s.format(5, 0)).toBe('Melee');
    expect(s.format(6, 1)).toBe('Bow');
    expect(s.format(2, 42)).toBe('42');
  });

  test('stateSpace counts merged-bool groups as 2^n before merging', () => {
    const m = defineSchema({ A: bool(), B: bool(), W: mergedBools(Weapon) });
    const space = m.stateSpace();
    expect(space.before).toBe(2 * 2 * 8);
    expect(space.after).toBe(2 * 2 * 3);
    expect(space.log2After).toBeCloseTo(Math.log2(12));
    const slotted = defineSchema({ Hp: int(0, 9, 0, { slots: 2 }) }).stateSpace();
    expect(slotted.after).toBe(100);
  });
});
