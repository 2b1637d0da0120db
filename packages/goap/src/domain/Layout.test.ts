import fc from 'fast-check';
import { bool, createState, defineActions, defineSchema, enumOf, eq, int, isIn, set, add, ge, type KeySpec } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { compileGoapDomain } from './compileGoapDomain.js';
import { maskAt } from './cellSet.js';
import { layoutOf } from './Layout.js';
import * as Touch from './Touch.js';

const values = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, i]));

describe('layoutOf: bool and enum cells are bit fields in shared words', () => {
  test('16 bools share a word (2 bits each); the 17th opens the next', () => {
    const spec: Record<string, KeySpec> = {};
    for (let i = 0; i < 17; i++) spec[`b${i}`] = bool();
    const layout = layoutOf(defineSchema(spec));
    expect(layout.words).toBe(2);
    expect(Array.from(layout.offset)).toEqual([...Array<number>(16).fill(0), 1]);
    expect(Array.from(layout.shift)).toEqual([...Array.from({ length: 16 }, (_, i) => 2 * i), 0]);
    expect(Array.from(layout.full)).toEqual(Array<number>(17).fill(3));
  });

  test('ints take two whole words; enum fields never straddle a word and fill gaps first-fit', () => {
    const schema = defineSchema({
      e20: enumOf(values(20)),
      n: int(-5, 5),
      e10: enumOf(values(10)),
      e12: enumOf(values(12)),
      e32: enumOf(values(32)),
      b: bool(),
    });
    const layout = layoutOf(schema);
    const c = (name: string) => schema.cellOf(name);
    // word 0: e20 (bits 0-19), e10 (20-29), b (30-31); words 1-2: n; word 3: e12; word 4: e32.
    expect([layout.offset[c('e20')], layout.shift[c('e20')]]).toEqual([0, 0]);
    expect([layout.offset[c('n')], layout.isInt[c('n')]]).toEqual([1, 1]);
    expect([layout.offset[c('e10')], layout.shift[c('e10')]]).toEqual([0, 20]);
    expect([layout.offset[c('e12')], layout.shift[c('e12')]]).toEqual([3, 0]);
    expect([layout.offset[c('e32')], layout.shift[c('e32')], layout.full[c('e32')]]).toEqual([4, 0, -1]);
    expect([layout.offset[c('b')], layout.shift[c('b')]]).toEqual([0, 30]);
    expect(layout.words).toBe(5);
    for (let cell = 0; cell < schema.size; cell++) {
      if (layout.isInt[cell] === 1) continue;
      expect(layout.shift[cell] + schema.max[cell] + 1).toBeLessThanOrEqual(32);
    }
  });
});

describe('layoutOf: property', () => {
  test('fields of any schema are disjoint, inside one word each, and read back what was written', () => {
    const keyArb = fc.oneof(
      fc.constant<KeySpec>(bool()),
      fc.integer({ min: 2, max: 32 }).map((n) => enumOf(values(n))),
      fc.constant<KeySpec>(int(-3, 3)),
    );
    fc.assert(
      fc.property(fc.array(keyArb, { minLength: 1, maxLength: 40 }), fc.infiniteStream(fc.integer()), (keys, random) => {
        const schema = defineSchema(Object.fromEntries(keys.map((spec, i) => [`k${i}`, spec])));
        const layout = layoutOf(schema);
        const used = new Int32Array(layout.words);
        for (let c = 0; c < schema.size; c++) {
          const o = layout.offset[c];
          const bits = layout.isInt[c] === 1 ? [-1, -1] : [layout.full[c] << layout.shift[c]];
          if (layout.isInt[c] === 0) expect(layout.shift[c] + schema.max[c] + 1).toBeLessThanOrEqual(32);
          bits.forEach((b, i) => {
            expect(used[o + i] & b).toBe(0);
            used[o + i] |= b;
          });
        }
        // Write a random non-empty mask into every field, in cell order; each reads back unchanged.
        const words = new Int32Array(layout.words);
        const wrote: number[] = [];
        const it = random[Symbol.iterator]();
        for (let c = 0; c < schema.size; c++) {
          if (layout.isInt[c] === 1) continue;
          const m = (it.next().value as number) & layout.full[c] || 1;
          wrote[c] = m;
          words[layout.offset[c]] = (words[layout.offset[c]] & ~(layout.full[c] << layout.shift[c])) | (m << layout.shift[c]);
        }
        for (let c = 0; c < schema.size; c++)
          if (layout.isInt[c] === 0) expect(maskAt(words, layout.offset[c], layout.shift[c], layout.full[c])).toBe(wrote[c]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('packed regressed goals', () => {
  test('a goal writes each field in place and leaves the other fields of its word full', () => {
    const schema = defineSchema({ a: bool(), e: enumOf(values(5)), b: bool() });
    const k = schema.keys;
    const d = compileGoapDomain(defineActions(schema, [{ name: 'x', effects: [set(k.a, true)] }]), {
      goals: [{ name: 'g', conditions: [eq(k.b, true), isIn(k.e, [1, 3])] }],
    });
    expect(d.words).toBe(1);
    // a: 0b11 at bit 0 (free); e: {1, 3} = 0b01010 at bit 2; b: true = 0b10 at bit 7.
    expect(d.goals[0].words[0]).toBe(0b11 | (0b01010 << 2) | (0b10 << 7));
  });

  test('an action with several fields in one word regresses each (pending word) and matches forward Dijkstra', () => {
    // Eight bools and an enum in one word; actions read and write several of them at once, plus an int.
    const spec: Record<string, KeySpec> = { e: enumOf(values(6)), n: int(0, 4) };
    for (let i = 0; i < 8; i++) spec[`b${i}`] = bool();
    const schema = defineSchema(spec);
    const k = schema.keys as Record<string, never>;
    const actions = defineActions(schema, [
      { name: 'start', conditions: [eq(k.b0, false)], effects: [set(k.b0, true), set(k.b1, true), set(k.e, 2)], cost: 2 },
      {
        name: 'mid',
        conditions: [eq(k.b1, true), eq(k.e, 2), eq(k.b2, false)],
        effects: [set(k.b2, true), set(k.b3, true), set(k.b1, false), add(k.n, 1)],
        cost: 1,
      },
      { name: 'alt', conditions: [eq(k.b0, true)], effects: [set(k.b3, true), set(k.e, 4)], cost: 4 },
      { name: 'end', conditions: [eq(k.b3, true), eq(k.b2, true), ge(k.n, 1)], effects: [set(k.b7, true), set(k.e, 5), set(k.b4, true)], cost: 1 },
      { name: 'cheat', conditions: [eq(k.e, 4), eq(k.b3, true)], effects: [set(k.b2, true), add(k.n, 2)], cost: 1 },
    ]);
    const d = compileGoapDomain(actions, { goals: [{ name: 'g', conditions: [eq(k.b7, true), eq(k.b4, true), eq(k.b1, false)] }] });
    expect(d.words).toBe(3);
    const shared: number[] = [];
    for (let t = 0; t < d.touch.length / Touch.size; t++) shared.push(d.touch[t * Touch.size + Touch.shares]);
    expect(shared.filter((x) => x === 1).length).toBeGreaterThan(5);
    const state = createState(schema);
    const back = new GoapPlanner(d).search(state, 'g');
    const fwd = new GoapPlanner(d, { mode: 'forward', weight: 0 }).search(state, 'g');
    expect(back.status).toBe('found');
    expect(fwd.status).toBe('found');
    expect(back.cost).toBe(fwd.cost);
    expect(back.cost).toBe(4);
  });
});
