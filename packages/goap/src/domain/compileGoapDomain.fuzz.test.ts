import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { hostileValues } from '@dualplan/world-state/examples';
import { bool, check, createState, defineActions, defineSchema, describeThrown, DualplanError, enumOf, eq, ge, int, set, add } from '@dualplan/world-state';
import { compileGoapDomain } from './compileGoapDomain.js';
import { GoapPlanner } from '../GoapPlanner.js';

// Fuzzing GOAP definitions: arbitrary and corrupted domains either compile (and then plan, within the budgets, to a
// result) or throw a DualplanError naming what is wrong; never another exception, never a hang.
const typed = (f: () => unknown): string => {
  try {
    return (f(), 'ok');
  } catch (e) {
    return e instanceof DualplanError && typeof e.subject === 'string' && e.code !== '' ? 'typed' : `untyped ${describeThrown(e)}`;
  }
};

const schema = defineSchema({ Armed: bool(), Ammo: int(0, 5), Mode: enumOf(['Idle', 'Hunt'] as const, 0) });
const k = schema.keys;
// Values String(), templates and JSON.stringify cannot convert: every run draws them.
const hostile = fc.constantFrom(...hostileValues());
const junk = fc.oneof(
  fc.anything(),
  hostile,
  fc.constantFrom(
    NaN,
    -1,
    Infinity,
    '2',
    null,
    undefined,
    {},
    [],
    () => 1,
    () => NaN,
    () => ({ toString: '' }),
    () => Symbol('hostile'),
    () => {
      throw new Error('x');
    },
  ),
);
const good = { conditions: [eq(k.Armed, true)], effects: [add(k.Ammo, 1)] };
const action = fc.oneof(
  fc.anything(),
  fc.record(
    {
      name: fc.oneof(fc.constantFrom('reload', 'shoot', 'reload', ''), junk),
      conditions: fc.oneof(fc.constant(good.conditions), fc.array(fc.oneof(junk, fc.constant(check('odd', () => true))), { maxLength: 2 }), junk),
      effects: fc.oneof(fc.constant(good.effects), fc.constant([set(k.Armed, true)]), fc.array(junk, { maxLength: 2 }), junk),
      cost: junk,
      interrupt: junk,
      preconditions: junk,
    },
    { requiredKeys: [] },
  ),
);
const goal = fc.oneof(
  fc.anything(),
  fc.record(
    { name: fc.oneof(fc.constantFrom('win', 'win'), junk), conditions: fc.oneof(fc.constant([ge(k.Ammo, 2)]), junk), priority: junk, valid: junk },
    { requiredKeys: [] },
  ),
);
const actions = fc.oneof(fc.array(action, { maxLength: 4 }), junk);
const domain = fc.oneof(fc.anything(), fc.record({ goals: fc.oneof(fc.array(goal, { maxLength: 3 }), junk), extra: junk }, { requiredKeys: [] }));

describe('fuzzing GOAP domain definitions', () => {
  it('compiles, then plans to a result, or throws a typed error; always quickly', () => {
    fc.assert(
      fc.property(actions, domain, (acts, def) => {
        const started = performance.now();
        let compiled: ReturnType<typeof compileGoapDomain> | null = null;
        expect(typed(() => (compiled = compileGoapDomain(defineActions(schema, acts as never), def as never)))).not.toMatch(/^untyped/);
        if (compiled !== null) {
          const planner = new GoapPlanner(compiled, { maxExpansions: 10_000 });
          expect(typed(() => expect(['found', 'none', 'budget']).toContain(planner.plan(createState(schema)).status))).toBe('ok');
        }
        expect(performance.now() - started).toBeLessThan(1000);
      }),
      { numRuns: 500 },
    );
  });
});
