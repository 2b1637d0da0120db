import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { eq, compileConditions } from '../conditions/Condition.js';
import { set, compileEffects } from '../conditions/Effect.js';
import { defineActions } from '../actions/defineActions.js';
import { defineSchema } from './defineSchema.js';
import { ForeignKeyError } from '../errors/errors.js';
import { bool, int } from './KeySpec.js';
import { createState } from './WorldState.js';

const troll = defineSchema({ CanSee: bool(), Trunk: int(0, 3) });
const soldier = defineSchema({ Alive: bool(true), Ammo: int(0, 9) });

describe('keys know their schema', () => {
  test('a handle from another schema is rejected when a condition or effect is compiled, naming the key and both schemas', () => {
    let err: unknown;
    try {
      compileConditions(soldier, [eq(troll.keys.CanSee, true)], 'method Attack');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ForeignKeyError);
    expect(err).toMatchObject({ code: 'KEY_FROM_OTHER_SCHEMA', subject: 'CanSee' });
    const message = (err as Error).message;
    expect(message).toContain(troll.describe());
    expect(message).toContain(soldier.describe());
    expect(message).toContain('method Attack');
    expect(() => compileEffects(soldier, [set(troll.keys.Trunk, 2)])).toThrow(expect.objectContaining({ code: 'KEY_FROM_OTHER_SCHEMA', subject: 'Trunk' }));
  });

  test('and when an action set is defined, naming the action', () => {
    expect(() => defineActions(soldier, [{ name: 'slam', effects: [set(troll.keys.Trunk, 2)] }])).toThrow(
      /Key "Trunk" of schema #\d+ \(CanSee, Trunk\) is used in action slam with schema #\d+ \(Alive, Ammo\)/,
    );
  });

  test('state.set rejects it instead of writing an unrelated cell; get masks the tag', () => {
    const s = createState(soldier);
    expect(() => s.set(troll.keys.CanSee as never, true as never)).toThrow(ForeignKeyError);
    expect(s.get(soldier.keys.Alive)).toBe(true);
    s.set(soldier.keys.Ammo, 4);
    expect(s.values[soldier.cellOf(soldier.keys.Ammo)]).toBe(4);
  });

  test('property: a handle is accepted exactly by the schema that made it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (n, m) => {
        const a = defineSchema(Object.fromEntries(Array.from({ length: n }, (_, i) => [`a${i}`, int(0, 5)])));
        const b = defineSchema(Object.fromEntries(Array.from({ length: m }, (_, i) => [`b${i}`, int(0, 5)])));
        for (const [i, key] of Object.values(a.keys).entries()) {
          expect(a.cellOf(key)).toBe(i);
          expect(() => b.cellOf(key)).toThrow(ForeignKeyError);
          // Plain cell numbers stay valid (tag 0), e.g. TypeScript enum values.
          if (i < m) expect(b.cellOf(i)).toBe(i);
        }
      }),
    );
  });
});
