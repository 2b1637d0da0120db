import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { hostileValues } from '@dualplan/world-state/examples';
import { bool, check, createState, defineActions, defineSchema, describeThrown, DualplanError, eq, int, set } from '@dualplan/world-state';
import { compileHtnDomain } from './compileHtnDomain.js';
import { HtnPlanner } from '../HtnPlanner.js';

// Fuzzing HTN definitions: arbitrary and corrupted domains either compile (and then plan, within the budgets, to a
// result) or throw a DualplanError naming what is wrong; never another exception, never a hang.
const typed = (f: () => unknown): string => {
  try {
    return (f(), 'ok');
  } catch (e) {
    return e instanceof DualplanError && typeof e.subject === 'string' && e.code !== '' ? 'typed' : `untyped ${describeThrown(e)}`;
  }
};

const schema = defineSchema({ Ready: bool(), Level: int(0, 3) });
const k = schema.keys;
// Values String(), templates and JSON.stringify cannot convert: every run draws them.
const hostile = fc.constantFrom(...hostileValues());
const junk = fc.oneof(
  fc.anything(),
  hostile,
  fc.constantFrom(
    NaN,
    -1,
    '2',
    null,
    undefined,
    {},
    [],
    () => null,
    () => ['Work'],
    () => ['Nope'],
    () => ({ toString: '' }),
    () => Symbol('hostile'),
    () => {
      throw new Error('x');
    },
  ),
);
const name = fc.constantFrom('Root', 'Work', 'Rest', 'Nope', '');
const subtask = fc.oneof(name, fc.record({ task: name, args: fc.oneof(fc.constant([1]), junk) }, { requiredKeys: [] }), fc.constant({ pause: true }), junk);
const method = fc.oneof(
  junk,
  fc.record(
    {
      name: fc.oneof(fc.string(), junk),
      conditions: fc.oneof(fc.constant([eq(k.Ready, false)]), fc.constant([check('c', () => true)]), junk),
      subtasks: fc.oneof(fc.array(subtask, { maxLength: 3 }), junk),
      subtask: junk,
      cost: junk,
      weight: junk,
      utility: fc.oneof(fc.constant(1), junk),
      check: fc.oneof(fc.constantFrom('plan', 'step', 'tick'), junk),
    },
    { requiredKeys: [] },
  ),
);
const task = fc.oneof(
  junk,
  fc.record(
    {
      kind: fc.oneof(fc.constantFrom('primitive', 'compound', 'delegate', 'slot', 'parallel', 'macro'), junk),
      name: fc.oneof(name, junk),
      methods: fc.oneof(fc.array(method, { maxLength: 3 }), junk),
      select: fc.oneof(fc.constantFrom('first', 'random', 'utility'), junk),
      primary: fc.oneof(fc.array(subtask, { maxLength: 2 }), junk),
      secondary: fc.oneof(fc.array(subtask, { maxLength: 2 }), junk),
      effects: fc.oneof(fc.constant([set(k.Ready, true)]), junk),
      conditions: junk,
      operator: junk,
      args: junk,
      cost: junk,
      interrupt: junk,
      delegate: junk,
    },
    { requiredKeys: [] },
  ),
);
const action = fc.oneof(
  junk,
  fc.record(
    {
      name: fc.oneof(name, junk),
      effects: fc.oneof(fc.constant([set(k.Ready, true)]), junk),
      conditions: junk,
      operator: junk,
      args: junk,
      cost: junk,
      interrupt: junk,
      kind: junk,
    },
    { requiredKeys: [] },
  ),
);
const actions = fc.oneof(fc.constant([{ name: 'Work', effects: [set(k.Ready, true)] }, { name: 'Rest' }]), fc.array(action, { maxLength: 3 }), junk);
const domain = fc.oneof(
  fc.anything(),
  fc.record({ root: fc.oneof(name, junk), name: junk, tasks: fc.oneof(fc.array(task, { maxLength: 5 }), junk) }, { requiredKeys: [] }),
);

describe('fuzzing HTN domain definitions', () => {
  it.each(['ordered', 'best-first'] as const)('%s: compiles, then plans to a result, or throws a typed error; always quickly', (mode) => {
    fc.assert(
      fc.property(actions, domain, (acts, def) => {
        const started = performance.now();
        let compiled: ReturnType<typeof compileHtnDomain> | null = null;
        expect(typed(() => (compiled = compileHtnDomain(defineActions(schema, acts as never), def as never)))).not.toMatch(/^untyped/);
        if (compiled !== null && (compiled as { root: number }).root >= 0) {
          const planner = new HtnPlanner(compiled, {
            mode,
            maxSteps: 10_000,
            delegates: new Proxy(
              {},
              {
                get: () => () => {
                  throw new Error('no sub-planner');
                },
              },
            ),
          });
          expect(typed(() => expect(['found', 'none', 'budget']).toContain(planner.plan(createState(schema)).status))).not.toMatch(/^untyped/);
        }
        expect(performance.now() - started).toBeLessThan(1000);
      }),
      { numRuns: 400 },
    );
  });
});
