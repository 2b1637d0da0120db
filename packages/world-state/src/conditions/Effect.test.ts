import { describe, expect, test } from '@jest/globals';
import { bool, enumOf, int, mergedBools } from '../schema/KeySpec.js';
import { defineSchema } from '../schema/defineSchema.js';
import { DefinitionError, UnknownKeyError, ValueRangeError } from '../errors/errors.js';
import { add, applyEffects, applyEffectsOrThrow, compileEffects, effect, EffectRangeError, EffOp, emptyEffects, set, sub, type EffectDef } from './Effect.js';
import { ChangeSource, createState } from '../schema/WorldState.js';

enum Range {
  Melee,
  Far,
}
const Weapon = { Sword: 0, Bow: 1, Unarmed: 2 } as const;
const schema = defineSchema({
  CanSee: bool(),
  Range: enumOf(Range, Range.Far),
  Trunk: int(0, 3, 1),
  Ammo: int(0, 10, 5, { edge: 'error' }),
  Weapon: mergedBools(Weapon, Weapon.Unarmed),
});
const k = schema.keys;

function run(defs: EffectDef[], init = {}) {
  const state = createState(schema, init);
  const failed = applyEffects(compileEffects(schema, defs), state);
  return { state, failed };
}

describe('effects', () => {
  test('set, add and subtract', () => {
    const { state, failed } = run([set(k.CanSee, true), set(k.Range, Range.Melee), add(k.Trunk, 2), sub(k.Ammo, 3)]);
    expect(failed).toBe(-1);
    expect(state.toJSON()).toMatchObject({ CanSee: true, Range: 'Melee', Trunk: 3, Ammo: 2 });
  });

  test('clamp policy stops at the range edges', () => {
    expect(run([add(k.Trunk, 3)]).state.get(k.Trunk)).toBe(3);
    expect(run([sub(k.Trunk, 3)]).state.get(k.Trunk)).toBe(0);
  });

  test('error policy refuses to leave the range, never wraps', () => {
    expect(run([add(k.Ammo, 6)]).failed).toBe(0);
    expect(run([set(k.CanSee, true), sub(k.Ammo, 6)]).failed).toBe(1);
    expect(run([add(k.Trunk, 3, 'error')]).failed).toBe(0);
    expect(run([add(k.Ammo, 6, 'clamp')]).state.get(k.Ammo)).toBe(10);
    const state = createState(schema);
    expect(() => applyEffectsOrThrow(compileEffects(schema, [add(k.Ammo, 6)]), state, undefined, ChangeSource.Own, 'task Reload')).toThrow(EffectRangeError);
    expect(() => applyEffectsOrThrow(compileEffects(schema, [add(k.Ammo, 6)]), state, undefined, ChangeSource.Own, 'task Reload')).toThrow(/Ammo.*task Reload/);
  });

  test('lists know whether an edge policy can refuse them', () => {
    expect(compileEffects(schema, [add(k.Ammo, 1)]).hasErrorEdge).toBe(true);
    expect(compileEffects(schema, [add(k.Trunk, 1, 'error')]).hasErrorEdge).toBe(true);
    expect(compileEffects(schema, [add(k.Ammo, 1, 'clamp'), set(k.Ammo, 3), add(k.Trunk, 1)]).hasErrorEdge).toBe(false);
  });

  test('a merged-bool member set to true selects it', () => {
    expect(run([{ key: 'Bow', op: 'set', value: true }]).state.get(k.Weapon)).toBe(Weapon.Bow);
  });

  test('writes are tracked by source', () => {
    const list = compileEffects(schema, [set(k.CanSee, true)]);
    const own = createState(schema);
    applyEffects(list, own, undefined, ChangeSource.Own);
    expect([own.externalChanges, own.changeCounts[schema.cellOf(k.CanSee)]]).toEqual([0, 1]);
    const external = createState(schema);
    applyEffects(list, external, undefined, ChangeSource.External);
    expect(external.externalChanges).toBe(1);
    const planning = createState(schema);
    applyEffects(list, planning, undefined, ChangeSource.Planning);
    expect([planning.get(k.CanSee), planning.version]).toEqual([true, 0]);
  });

  test('opaque effects run with the context and are marked', () => {
    const list = compileEffects(schema, [effect('reload', (s, ctx: { n: number }) => s.set(k.Ammo, ctx.n))]);
    expect(list.hasOpaque).toBe(true);
    const state = createState(schema);
    applyEffects(list, state, { n: 9 });
    expect(state.get(k.Ammo)).toBe(9);
    expect(list.describe(0)).toBe('reload()');
    expect(JSON.parse(JSON.stringify(list))).toEqual([{ opaque: 'reload' }]);
  });

  test('compile to flat quads and describe for people', () => {
    const list = compileEffects(schema, [set(k.Range, Range.Melee), sub(k.Trunk, 1), add(k.Ammo, 2, 'clamp')]);
    expect(Array.from(list.data)).toEqual([
      schema.cellOf(k.Range),
      EffOp.Set,
      0,
      0,
      schema.cellOf(k.Trunk),
      EffOp.Add,
      -1,
      0,
      schema.cellOf(k.Ammo),
      EffOp.Add,
      2,
      0,
    ]);
    expect([0, 1, 2].map((i) => list.describe(i))).toEqual(['Range = Melee', 'Trunk -= 1', 'Ammo += 2']);
    expect(emptyEffects(schema).length).toBe(0);
  });
});

describe('effect compile errors name the key and where', () => {
  test.each([
    ['unknown key', { key: 'Nope', op: 'set', value: 1 }, UnknownKeyError, 'Nope'],
    ['set out of range', { key: 'Trunk', op: 'set', value: 7 }, ValueRangeError, 'Trunk'],
    ['add on a bool', { key: 'CanSee', op: 'add', value: 1 }, DefinitionError, 'CanSee'],
    ['add on an enum', { key: 'Range', op: 'add', value: 1 }, DefinitionError, 'Range'],
    ['fractional amount', { key: 'Trunk', op: 'add', value: 0.5 }, ValueRangeError, 'Trunk'],
    ['NaN amount', { key: 'Trunk', op: 'sub', value: NaN }, ValueRangeError, 'Trunk'],
    ['amount wider than the range', { key: 'Trunk', op: 'add', value: 4 }, ValueRangeError, 'Trunk'],
    ['unknown operator', { key: 'Trunk', op: 'mul', value: 2 }, DefinitionError, 'Trunk'],
    ['bad edge policy', { key: 'Trunk', op: 'add', value: 1, edge: 'wrap' }, DefinitionError, 'Trunk'],
    ['clearing a merged member', { key: 'Sword', op: 'set', value: false }, DefinitionError, 'Sword'],
    ['opaque without a function', { opaque: 'broken' }, DefinitionError, 'broken'],
  ] as Array<[string, EffectDef, new (...a: never[]) => Error, string]>)('%s', (_, def, type, subject) => {
    let caught: unknown;
    try {
      compileEffects(schema, [def], 'task Slam');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(type);
    expect((caught as { subject: string }).subject).toBe(subject);
    expect((caught as Error).message).toContain('Slam');
  });
});

describe('hostile user values in effects are named, not converted', () => {
  // `String(x)` and `${x}` throw a TypeError for these; the errors must still be typed and name them.
  test('an opaque effect named by an object and without apply is BAD_OPAQUE naming it', () => {
    let caught: unknown;
    try {
      compileEffects(schema, [{ opaque: { toString: '' }, apply: {} } as never], 'task Fuzz');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(DefinitionError);
    expect(caught).toMatchObject({
      code: 'BAD_OPAQUE',
      subject: '{"toString":""}',
      message: 'Opaque effect {"toString":""} in task Fuzz has no apply function.',
    });
  });

  test('an opaque effect named by an object is described without converting its name', () => {
    const list = compileEffects(schema, [{ opaque: Object.create(null), apply: () => undefined } as never]);
    expect(list.describe(0)).toBe('{}()');
  });
});
