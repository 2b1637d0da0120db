import { describe, expect, it, test } from '@jest/globals';
import { bool, enumOf, int, mergedBools } from './KeySpec.js';
import { defineSchema } from './defineSchema.js';
import { SnapshotError, UnknownKeyError, ValueRangeError } from '../errors/errors.js';
import { hashWords } from './hashWords.js';
import { ChangeSource, createState, diffStates, restoreState } from './WorldState.js';

enum Range {
  Melee,
  Viewable,
  Far,
}
const Weapon = { Sword: 0, Bow: 1, Unarmed: 2 } as const;
const schema = defineSchema({
  CanSee: bool(),
  Range: enumOf(Range, Range.Far),
  Trunk: int(0, 3),
  Weapon: mergedBools(Weapon, Weapon.Unarmed),
  Hp: int(0, 100, 100, { slots: 3 }),
});
const k = schema.keys;

describe('WorldState', () => {
  test('starts from the schema defaults', () => {
    const s = createState(schema);
    expect(s.get(k.CanSee)).toBe(false);
    expect(s.get(k.Range)).toBe(Range.Far);
    expect(s.get(schema.at(k.Hp, 2))).toBe(100);
    expect(s.values).toBeInstanceOf(Uint8Array);
    expect(s.words.byteLength % 4).toBe(0);
  });

  test('get and set are typed per key', () => {
    const s = createState(schema);
    s.set(k.CanSee, true);
    s.set(k.Range, Range.Melee);
    s.set(k.Trunk, 3);
    const canSee: boolean = s.get(k.CanSee);
    const range: Range = s.get(k.Range);
    expect([canSee, range, s.get(k.Trunk)]).toEqual([true, Range.Melee, 3]);
  });

  test('the type checker rejects values of the wrong kind (checked by tsc -b)', () => {
    const s = createState(schema);
    // @ts-expect-error a bool key takes a boolean
    expect(() => s.set(k.CanSee, 1)).not.toThrow(); // 1 is a valid raw bool at run time
    // @ts-expect-error an enum key takes its enum
    expect(() => s.set(k.Range, true)).toThrow(ValueRangeError);
    // @ts-expect-error an int key takes a number
    expect(() => s.set(k.Trunk, 'x')).toThrow(ValueRangeError);
    // @ts-expect-error reading a bool key gives a boolean
    const n: number = s.get(k.CanSee);
    expect(n).toBe(true);
  });

  test('setting a merged-bool member clears the others by construction', () => {
    const s = createState(schema);
    s.set(k.Weapon, Weapon.Sword);
    s.set(k.Weapon, Weapon.Bow);
    expect(s.get(k.Weapon)).toBe(Weapon.Bow);
    expect(s.get(k.Weapon) === Weapon.Sword).toBe(false);
  });

  test('set rejects out-of-range values and unknown keys', () => {
    const s = createState(schema);
    expect(() => s.set(k.Trunk, 4)).toThrow(ValueRangeError);
    expect(() => s.set(k.Trunk, -1)).toThrow(/Trunk/);
    expect(() => s.set(k.Trunk, 1.5)).toThrow(ValueRangeError);
    expect(() => s.set(k.Range, 3 as Range)).toThrow(/one of Melee \(0\), Viewable \(1\), Far \(2\)/);
    expect(() => s.set(99 as typeof k.Trunk, 1)).toThrow(UnknownKeyError);
    expect(() => s.get(99)).toThrow(UnknownKeyError);
    expect(s.get(k.Trunk)).toBe(0);
  });

  test('copy, equality and hash', () => {
    const a = createState(schema, { CanSee: true, Hp: [1, 2, 3] });
    const b = createState(schema);
    expect(a.equals(b)).toBe(false);
    a.copyInto(b);
    expect(a.equals(b)).toBe(true);
    expect(a.hash()).toBe(b.hash());
    b.set(schema.at(k.Hp, 1), 50);
    expect(a.equals(b)).toBe(false);
    expect(a.hash()).not.toBe(b.hash());
    expect(b.clone().equals(b)).toBe(true);
  });

  test('the hash is MurmurHash3 over the state words, so it is stable across runs', () => {
    const s = createState(schema, { Trunk: 2 });
    expect(s.hash()).toBe(hashWords(s.words, s.words.length));
    expect(s.hash()).toBe(createState(schema, { Trunk: 2 }).hash());
  });

  test('diff lists the cells that changed', () => {
    const a = createState(schema);
    const b = createState(schema, { Trunk: 2, Hp: [100, 100, 7] });
    const out = new Int32Array(schema.size);
    const n = diffStates(a, b, out);
    expect(Array.from(out.subarray(0, n))).toEqual([schema.cellOf(k.Trunk), schema.cellOf(k.Hp, 2)]);
    expect(diffStates(a, a, out)).toBe(0);
  });

  test('change tracking tells external changes from own effects', () => {
    const s = createState(schema);
    s.set(k.CanSee, true); // a sensor
    s.set(k.Trunk, 2, ChangeSource.Own); // the agent's own effect
    s.set(k.Range, Range.Far); // unchanged value: not a change
    expect(s.externalChanges).toBe(1);
    expect(s.changeCounts[schema.cellOf(k.CanSee)]).toBe(1);
    expect(s.changeCounts[schema.cellOf(k.Trunk)]).toBe(1);
    expect(s.changeCounts[schema.cellOf(k.Range)]).toBe(0);
    const out: number[] = [];
    out.length = schema.size;
    expect(s.externalCells(out)).toBe(1);
    expect(out[0]).toBe(schema.cellOf(k.CanSee));
    s.clearExternalChanges();
    expect(s.externalChanges).toBe(0);
    expect(s.externalMask[schema.cellOf(k.CanSee)]).toBe(0);
    const v = s.version;
    s.write(k.Trunk, 3, ChangeSource.Planning);
    expect(s.version).toBe(v);
  });

  test('copyFrom, copyInto and reset move the version: readers comparing versions see the values may have changed', () => {
    const a = createState(schema, { CanSee: true });
    const b = createState(schema);
    const v = b.version;
    b.copyFrom(a);
    expect(b.version).toBe(v + 1);
    a.copyInto(b);
    expect(b.version).toBe(v + 2);
    b.reset();
    expect(b.version).toBe(v + 3);
    expect(b.get(k.CanSee)).toBe(false);
  });

  test('snapshots round-trip through plain JSON', () => {
    const s = createState(schema, { CanSee: true, Range: 'Melee', Weapon: 'Bow', Hp: [1, 2, 3] });
    const json = JSON.parse(JSON.stringify(s));
    expect(json).toEqual({ CanSee: true, Range: 'Melee', Trunk: 0, Weapon: 'Bow', Hp: [1, 2, 3] });
    expect(restoreState(schema, json).equals(s)).toBe(true);
  });

  test('restore validates keys, values and slot counts', () => {
    const good = createState(schema).toJSON();
    expect(() => restoreState(schema, { ...good, Extra: 1 })).toThrow(UnknownKeyError);
    expect(() => restoreState(schema, { ...good, Trunk: 9 })).toThrow(ValueRangeError);
    expect(() => restoreState(schema, { ...good, Range: 'Near' })).toThrow(/Range/);
    expect(() => restoreState(schema, { ...good, Hp: [1, 2] })).toThrow(SnapshotError);
    expect(() => restoreState(schema, { CanSee: true })).toThrow(/no value for key "Range"/);
    expect(restoreState(schema, { CanSee: true }, { allowMissing: true }).get(k.CanSee)).toBe(true);
    expect(() => restoreState(schema, [] as never)).toThrow(SnapshotError);
  });

  test('toString renders every cell', () => {
    expect(createState(schema, { Range: 'Melee' }).toString()).toBe('CanSee=false Range=Melee Trunk=0 Weapon=Unarmed Hp[0]=100 Hp[1]=100 Hp[2]=100');
  });

  test('reset restores the defaults', () => {
    const s = createState(schema, { Trunk: 3 });
    expect(s.reset().equals(createState(schema))).toBe(true);
  });

  test('large schemas copy through TypedArray.set', () => {
    const big = defineSchema(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`K${i}`, int(0, 1000)])));
    const a = createState(big);
    a.values[150] = 77;
    expect(createState(big).copyFrom(a).values[150]).toBe(77);
  });
});

describe('WorldState undo journal', () => {
  it('rolls back the tracked writes made since a version, newest first, and ignores planning writes', () => {
    const schema = defineSchema({ A: bool(), N: int(0, 9) });
    const state = createState(schema).enableUndo();
    state.set(schema.keys.N, 1);
    const before = state.version;
    state.set(schema.keys.N, 4);
    state.set(schema.keys.N, 7);
    state.write(schema.cellOf('A'), 1, ChangeSource.Planning);
    expect(state.rollback(before)).toBe(2);
    expect([state.get(schema.keys.A), state.get(schema.keys.N)]).toEqual([true, 1]); // N before its first write since; the planning write stays
    expect(state.version).toBe(before + 3);
    expect(state.rollback(before)).toBe(0); // those writes are gone from the journal
    expect(state.get(schema.keys.N)).toBe(1); // and the write before `before` stays
  });

  it('is a no-op without enableUndo', () => {
    const schema = defineSchema({ N: int(0, 9) });
    const state = createState(schema);
    const before = state.version;
    state.set(schema.keys.N, 4);
    expect(state.rollback(before)).toBe(0);
    expect(state.get(schema.keys.N)).toBe(4);
  });

  it('forgets old writes beyond its capacity when no undo point is open', () => {
    const schema = defineSchema({ N: int(0, 9) });
    const state = createState(schema).enableUndo(4);
    const before = state.version;
    for (const v of [1, 2, 3, 4, 5, 6]) state.set(schema.keys.N, v);
    expect(state.rollback(before)).toBe(4);
    expect(state.get(schema.keys.N)).toBe(2); // the two oldest writes were overwritten in the journal
  });

  it('undoes every write since an open undo point however many there are, and keeps nested points', () => {
    const schema = defineSchema({ N: int(0, 9), M: int(0, 9) });
    const state = createState(schema).enableUndo(4);
    for (let i = 0; i < 10; i++) state.set(schema.keys.M, i % 9); // fills the ring before the point
    state.set(schema.keys.N, 3);
    const outer = state.undoPoint();
    for (let i = 0; i < 50; i++) state.set(schema.keys.N, i % 10);
    const inner = state.undoPoint();
    for (let i = 0; i < 20; i++) state.set(schema.keys.M, (i % 9) + 0);
    expect(state.rollback(inner)).toBe(state.version - 1 - inner);
    state.undoDone();
    expect(state.get(schema.keys.N)).toBe(9);
    for (let i = 0; i < 30; i++) state.set(schema.keys.M, i % 9);
    expect(state.rollback(outer)).toBeGreaterThan(50);
    state.undoDone();
    expect([state.get(schema.keys.N), state.get(schema.keys.M)]).toEqual([3, 0]);
    // Closed: the grown journal is reused and old writes leave it again.
    const before = state.version;
    for (let i = 0; i < 200; i++) state.set(schema.keys.N, i % 10);
    expect(state.rollback(before)).toBeLessThan(200);
  });
});
