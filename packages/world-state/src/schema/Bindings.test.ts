import { expect, test } from '@jest/globals';
import { Bindings } from './Bindings.js';
import { bool, int } from './KeySpec.js';
import { defineSchema } from './defineSchema.js';
import { ValueRangeError } from '../errors/errors.js';
import { ChangeSource, createState } from './WorldState.js';

const schema = defineSchema({ CanSee: bool(), Hp: int(0, 100, 100, { slots: 2 }), Trunk: int(0, 3) });
const k = schema.keys;

test('sync pulls every bound value as an external change', () => {
  const troll = { target: null as string | null, hp: [80, 100], trunk: 2 };
  const bindings = new Bindings(schema)
    .bind(k.CanSee, () => troll.target !== null)
    .bind(schema.at(k.Hp, 0), () => troll.hp[0])
    .bind(schema.at(k.Hp, 1), () => troll.hp[1])
    .bind(
      k.Trunk,
      () => troll.trunk,
      (v) => (troll.trunk = v),
    );
  const state = createState(schema);
  expect(bindings.size).toBe(4);
  expect(bindings.sync(state)).toBe(2); // Hp[0] and Trunk changed
  expect(state.toJSON()).toEqual({ CanSee: false, Hp: [80, 100], Trunk: 2 });
  expect(state.externalChanges).toBe(2);
  troll.target = 'player';
  state.clearExternalChanges();
  expect(bindings.sync(state)).toBe(1);
  expect(state.externalMask[schema.cellOf(k.CanSee)]).toBe(1);
  expect(bindings.sync(state)).toBe(0);
});

test('push writes state values back through setters', () => {
  const troll = { trunk: 0 };
  const bindings = new Bindings(schema)
    .bind(
      k.Trunk,
      () => troll.trunk,
      (v) => (troll.trunk = v),
    )
    .bind(k.CanSee, () => true);
  const state = createState(schema);
  state.set(k.Trunk, 3, ChangeSource.Own);
  bindings.push(state);
  expect(troll.trunk).toBe(3);
});

test('rebinding a key replaces the getter', () => {
  const bindings = new Bindings(schema).bind(k.Trunk, () => 1).bind(k.Trunk, () => 2);
  const state = createState(schema);
  bindings.sync(state);
  expect([bindings.size, state.get(k.Trunk)]).toEqual([1, 2]);
});

test('a getter returning an out-of-range value is a typed error naming the key', () => {
  expect(() => new Bindings(schema).bind(k.Trunk, () => true as never).sync(createState(schema))).toThrow(/"Trunk"/);
  const bindings = new Bindings(schema).bind(k.Trunk, () => 7);
  expect(() => bindings.sync(createState(schema))).toThrow(ValueRangeError);
  expect(() => bindings.sync(createState(schema))).toThrow(/"Trunk" in binding/);
  expect(() => new Bindings(schema).bind(42 as never, () => 1)).toThrow(/Unknown key "42"/);
});
