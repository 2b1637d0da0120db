import { describe, expect, test } from '@jest/globals';
import { bool, enumOf, int, mergedBools } from '../schema/KeySpec.js';
import { defineSchema } from '../schema/defineSchema.js';
import { DefinitionError, UnknownKeyError, ValueRangeError } from '../errors/errors.js';
import {
  check,
  checkConditions,
  compileConditions,
  CondOp,
  emptyConditions,
  eq,
  firstFailing,
  ge,
  gt,
  isIn,
  le,
  lt,
  ne,
  type ConditionDef,
} from './Condition.js';
import { createState } from '../schema/WorldState.js';

enum Range {
  Melee,
  Viewable,
  Far,
  OutOfRange,
}
const Weapon = { Sword: 0, Bow: 1, Unarmed: 2 } as const;
const schema = defineSchema({
  CanSee: bool(),
  Range: enumOf(Range, Range.Far),
  Trunk: int(0, 3, 2),
  Weapon: mergedBools(Weapon, Weapon.Unarmed),
  Hp: int(0, 100, 50, { slots: 2 }),
});
const k = schema.keys;
const state = createState(schema); // CanSee=false Range=Far Trunk=2 Weapon=Unarmed Hp=[50,50]

function holds(def: ConditionDef): boolean {
  return checkConditions(compileConditions(schema, [def]), state);
}

describe('condition operators', () => {
  test.each([
    ['==', eq(k.Trunk, 2), true],
    ['== (false)', eq(k.Trunk, 1), false],
    ['!=', ne(k.Trunk, 1), true],
    ['!= (false)', ne(k.Trunk, 2), false],
    ['<', lt(k.Trunk, 3), true],
    ['< (false)', lt(k.Trunk, 2), false],
    ['<=', le(k.Trunk, 2), true],
    ['<= (false)', le(k.Trunk, 1), false],
    ['>', gt(k.Trunk, 1), true],
    ['> (false)', gt(k.Trunk, 2), false],
    ['>=', ge(k.Trunk, 2), true],
    ['>= (false)', ge(k.Trunk, 3), false],
    ['in', isIn(k.Range, [Range.Viewable, Range.Far]), true],
    ['in (false)', isIn(k.Range, [Range.Melee, Range.OutOfRange]), false],
    ['bool ==', eq(k.CanSee, false), true],
    ['bool != ', ne(k.CanSee, false), false],
    ['enum order', le(k.Range, Range.Far), true],
    ['slotted key', { key: 'Hp', index: 1, op: '>=', value: 50 }, true],
    ['slotted name', { key: 'Hp[1]', op: '<', value: 50 }, false],
    ['enum by name', { key: 'Range', op: '==', value: 'Far' }, true],
    ['in by names', { key: 'Range', op: 'in', value: ['Melee', 'Far'] }, true],
    ['merged member true', { key: 'Unarmed', op: '==', value: true }, true],
    ['merged member false', { key: 'Sword', op: '==', value: false }, true],
    ['merged member !=', { key: 'Unarmed', op: '!=', value: true }, false],
    ['opaque', check('always', () => true), true],
    ['opaque (false)', check('never', () => false), false],
  ] as Array<[string, ConditionDef, boolean]>)('%s', (_, def, expected) => {
    expect(holds(def)).toBe(expected);
  });
});

describe('compiled condition lists', () => {
  test('compile to flat [cell, op, operand] triples', () => {
    const list = compileConditions(schema, [eq(k.CanSee, true), isIn(k.Range, [Range.Melee, Range.Far])]);
    expect(Array.from(list.data)).toEqual([schema.cellOf(k.CanSee), CondOp.Eq, 1, schema.cellOf(k.Range), CondOp.In, 0b101]);
    expect(list.length).toBe(2);
    expect(list.hasOpaque).toBe(false);
  });

  test('firstFailing reports the first condition that fails', () => {
    const list = compileConditions(schema, [eq(k.Trunk, 2), eq(k.CanSee, true), eq(k.Range, Range.Melee)]);
    expect(firstFailing(list, state)).toBe(1);
    expect(list.describe(1)).toBe('CanSee == true');
    expect(list.describe(2)).toBe('Range == Melee');
    expect(firstFailing(emptyConditions(schema), state)).toBe(-1);
  });

  test('opaque tests receive the state and the context, and are marked', () => {
    const seen: unknown[] = [];
    const list = compileConditions(schema, [check('ctxCheck', (s, ctx: { ok: boolean }) => (seen.push(s.get(k.Trunk)), ctx.ok))]);
    expect(list.hasOpaque).toBe(true);
    expect(checkConditions(list, state, { ok: true })).toBe(true);
    expect(checkConditions(list, state, { ok: false })).toBe(false);
    expect(seen).toEqual([2, 2]);
    expect(list.describe(0)).toBe('ctxCheck()');
    expect(JSON.parse(JSON.stringify(list))).toEqual([{ opaque: 'ctxCheck' }]);
  });

  test('describe renders in-sets and member aliases in schema terms', () => {
    const list = compileConditions(schema, [isIn(k.Range, [Range.Melee, Range.Viewable]), { key: 'Sword', op: '==', value: true }]);
    expect(list.describe(0)).toBe('Range in {Melee, Viewable}');
    expect(list.describe(1)).toBe('Weapon == Sword');
    expect(list.toJSON()).toEqual([
      { key: 'Range', op: 'in', value: [0, 1] },
      { key: 'Weapon', op: '==', value: 0 },
    ]);
  });
});

describe('condition compile errors name the key and where', () => {
  const where = 'task DoTrunkSlam';
  test.each([
    ['unknown key', { key: 'Nope', op: '==', value: 1 }, UnknownKeyError, 'Nope'],
    ['value out of range', { key: 'Trunk', op: '==', value: 4 }, ValueRangeError, 'Trunk'],
    ['unknown enum name', { key: 'Range', op: '==', value: 'Close' }, ValueRangeError, 'Range'],
    ['ordering on a bool', { key: 'CanSee', op: '<', value: true }, DefinitionError, 'CanSee'],
    ['in on an int', { key: 'Trunk', op: 'in', value: [1] }, DefinitionError, 'Trunk'],
    ['empty in-set', { key: 'Range', op: 'in', value: [] }, ValueRangeError, 'Range'],
    ['unknown operator', { key: 'Trunk', op: '=~', value: 1 }, DefinitionError, 'Trunk'],
    ['member compared to a number', { key: 'Sword', op: '==', value: 1 }, DefinitionError, 'Sword'],
    ['slot out of range', { key: 'Hp', index: 2, op: '==', value: 1 }, UnknownKeyError, 'Hp[2]'],
    ['slot index not a number', { key: 'Hp', index: { toString: 0 } as never, op: '==', value: 1 }, UnknownKeyError, 'Hp[{"toString":0}]'],
    ['fractional slot index', { key: 'Hp', index: 0.5, op: '==', value: 1 }, UnknownKeyError, 'Hp[0.5]'],
    ['opaque without a function', { opaque: 'broken' }, DefinitionError, 'broken'],
  ] as Array<[string, ConditionDef, new (...a: never[]) => Error, string]>)('%s', (_, def, type, subject) => {
    let caught: unknown;
    try {
      compileConditions(schema, [def], where);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(type);
    expect((caught as { subject: string }).subject).toBe(subject);
    expect((caught as Error).message).toContain(where);
  });

  test('a malformed entry is reported', () => {
    expect(() => compileConditions(schema, [null as never], 'task X')).toThrow(/Malformed condition.*task X/);
  });
});

describe('hostile user values in conditions are named, not converted', () => {
  // `String(x)` and `${x}` throw a TypeError for these; the errors must still be typed and name them.
  const caught = (f: () => unknown): DefinitionError => {
    try {
      f();
    } catch (e) {
      return e as DefinitionError;
    }
    throw new Error('did not throw');
  };

  test('an opaque condition named by an object and without a test is BAD_OPAQUE naming it', () => {
    const e = caught(() => compileConditions(schema, [{ opaque: { toString: '' }, test: {} } as never], 'task Fuzz'));
    expect(e).toBeInstanceOf(DefinitionError);
    expect([e.code, e.subject]).toEqual(['BAD_OPAQUE', '{"toString":""}']);
    expect(e.message).toBe('Opaque condition {"toString":""} in task Fuzz has no test function.');
    expect(caught(() => compileConditions(schema, [{ opaque: Symbol('s') } as never])).subject).toBe('Symbol(s) (symbol)');
  });

  test('an opaque condition named by an object is described without converting its name', () => {
    const list = compileConditions(schema, [{ opaque: { toString: 0 }, test: () => true } as never]);
    expect(list.describe(0)).toBe('{"toString":0}()');
  });

  test('an operator that is an object, or a name Object.prototype has, is BAD_OPERATOR naming the key', () => {
    for (const op of [{ toString: 0 }, Object.create(null), Symbol('op'), 'toString', '__proto__', 'constructor']) {
      const e = caught(() => compileConditions(schema, [{ key: 'Trunk', op, value: 1 } as never], 'task Fuzz'));
      expect(e).toBeInstanceOf(DefinitionError);
      expect([e.code, e.subject]).toEqual(['BAD_OPERATOR', 'Trunk']);
    }
    const e = caught(() => compileConditions(schema, [{ key: { toString: '' }, op: { toString: 0 }, value: 1 } as never]));
    expect([e.code, e.subject]).toEqual(['BAD_OPERATOR', '{"toString":""}']);
  });
});
