import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { CondOp, checkConditions, compileConditions, eq, firstFailing, ge, gt, inSet, isIn, le, lt, ne, type Condition } from '../conditions/Condition.js';
import { defineSchema } from './defineSchema.js';
import { enumOf, mergedBools } from './KeySpec.js';
import { MAX_ENUM_VALUES } from './validateKeySpec.js';
import { createState } from './WorldState.js';

const names = (n: number, prefix = 'v') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** The reference semantics of one condition on value x. */
function reference(op: string, arg: number | readonly number[], x: number): boolean {
  if (op === 'in') return (arg as readonly number[]).includes(x);
  const v = arg as number;
  return op === '==' ? x === v : op === '!=' ? x !== v : op === '<' ? x < v : op === '<=' ? x <= v : op === '>' ? x > v : x >= v;
}

const HELPERS: Record<string, (key: never, value: never) => Condition> = { '==': eq, '!=': ne, '<': lt, '<=': le, '>': gt, '>=': ge };

describe('enums beyond 32 values', () => {
  test(`up to ${MAX_ENUM_VALUES} values; "in" on a large enum is a multi-word set`, () => {
    const schema = defineSchema({ room: enumOf(names(MAX_ENUM_VALUES), 1000), small: enumOf(names(32)) });
    const k = schema.keys;
    expect(schema.storage).toBe('Uint16Array');
    const list = compileConditions(schema, [isIn(k.room, [3, 40, 1000]), isIn(k.small, [0, 31])]);
    expect(list.data[1]).toBe(CondOp.InSet);
    expect(list.data[4]).toBe(CondOp.In);
    expect(list.sets.length).toBe(MAX_ENUM_VALUES / 32);
    expect(inSet(list.sets, list.data[2], 1000)).toBe(true);
    expect(inSet(list.sets, list.data[2], 999)).toBe(false);
    expect(list.describe(0)).toBe('room in {v3, v40, v1000}');
    const state = createState(schema, { small: 31 });
    expect(checkConditions(list, state)).toBe(true);
    state.set(k.room, 41);
    expect(firstFailing(list, state)).toBe(0);
    expect(list.toJSON()).toEqual([
      { key: 'room', op: 'in', value: [3, 40, 1000] },
      { key: 'small', op: 'in', value: [0, 31] },
    ]);
  });

  test('merged bools beyond 32 members read as bools', () => {
    const schema = defineSchema({ at: mergedBools(names(40, 'at')) });
    const list = compileConditions(schema, [eq('at39' as never, true)]);
    const state = createState(schema);
    expect(checkConditions(list, state)).toBe(false);
    state.set(schema.keys.at, 39);
    expect(checkConditions(list, state)).toBe(true);
  });

  test('property: every operator on enums of 33-1024 values agrees with a reference model', () => {
    const sizes = fc.integer({ min: 33, max: MAX_ENUM_VALUES });
    fc.assert(
      fc.property(
        fc.array(sizes, { minLength: 1, maxLength: 4 }).chain((ns) =>
          fc.record({
            ns: fc.constant(ns),
            values: fc.tuple(...ns.map((n) => fc.integer({ min: 0, max: n - 1 }))),
            conds: fc.array(
              fc.record({
                key: fc.integer({ min: 0, max: ns.length - 1 }),
                op: fc.constantFrom('==', '!=', '<', '<=', '>', '>=', 'in'),
                pick: fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
              }),
              { minLength: 1, maxLength: 6 },
            ),
          }),
        ),
        ({ ns, values, conds }) => {
          const schema = defineSchema(Object.fromEntries(ns.map((n, i) => [`E${i}`, enumOf(names(n))])));
          const state = createState(schema);
          values.forEach((v, i) => state.set(schema.cellOf(`E${i}`) as never, v));
          const defs: Condition[] = [];
          const args: (number | number[])[] = [];
          for (const c of conds) {
            const n = ns[c.key];
            // Values near the state's own value half the time, so both outcomes occur.
            const value = (p: number) => (p % 2 === 0 ? Math.min(n - 1, Math.max(0, values[c.key] + ((p >> 1) % 3) - 1)) : p % n);
            const key = `E${c.key}` as never;
            if (c.op === 'in') {
              const set = [...new Set(c.pick.map(value))];
              args.push(set);
              defs.push(isIn(key, set));
            } else {
              args.push(value(c.pick[0]));
              defs.push(HELPERS[c.op](key, args[args.length - 1] as never));
            }
          }
          const list = compileConditions(schema, defs);
          let expected = -1;
          for (let i = 0; i < conds.length && expected < 0; i++) if (!reference(conds[i].op, args[i], values[conds[i].key])) expected = i;
          expect(firstFailing(list, state)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
