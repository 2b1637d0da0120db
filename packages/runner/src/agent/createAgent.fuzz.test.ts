import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { hostileValues } from '@dualplan/world-state/examples';
import { createState, describeThrown, DualplanError, set } from '@dualplan/world-state';
import { createAgent } from './Agent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { fixedClock, makeStep, mtrPlanner, scriptedOperator, testSchema } from '../testing/fakes.js';

// Fuzzing agent options: arbitrary and corrupted options either make an agent (which then ticks) or throw a
// DualplanError naming what is wrong; never another exception.
const typed = (f: () => unknown): string => {
  try {
    return (f(), 'ok');
  } catch (e) {
    return e instanceof DualplanError && typeof e.subject === 'string' && e.code !== '' ? 'typed' : `untyped ${describeThrown(e)}`;
  }
};

const schema = testSchema();
const k = schema.keys;
// Values String(), templates and JSON.stringify cannot convert: every run draws them.
const hostile = fc.constantFrom(...hostileValues());
const junk = fc.oneof(fc.anything(), hostile, fc.constantFrom(NaN, -1, 0, 0.5, Infinity, '', 'main', 'continue', 'rethrow', null, undefined, {}, []));
const planner = () => mtrPlanner(schema, [{ mtr: [0], steps: [makeStep(schema, 'Patrol', { operator: 'Walk', effects: [set(k.Count, 1)] })] }]);
const operators = () => ({ Walk: scriptedOperator([OperatorStatus.Success]) });
const name = fc.oneof(fc.constantFrom('main', 'upper', 'lower'), junk);
const runner = fc.oneof(
  junk,
  fc
    .record(
      { name, retryInterval: junk, maxPlanSamples: junk, whilePlanning: junk, recheckInterval: junk, planner: fc.oneof(fc.constant(null), junk) },
      { requiredKeys: ['name'] },
    )
    .map((r) => ({ ...r, planner: r.planner === null ? planner() : r.planner, operators: operators() })),
  fc.record({ name, branchOf: name }, { requiredKeys: [] }),
);
const sensor = fc.oneof(
  junk,
  fc.record(
    {
      name: fc.oneof(fc.constantFrom('eyes', 'ears'), junk),
      interval: fc.oneof(fc.constantFrom(0, 0.5), junk),
      update: fc.oneof(
        fc.constant(() => undefined),
        fc.constant(() => {
          throw { toString: '' };
        }),
        junk,
      ),
    },
    { requiredKeys: [] },
  ),
);
const options = fc.oneof(
  fc.anything(),
  fc
    .record(
      {
        id: fc.oneof(fc.constantFrom('troll', ''), junk),
        faults: fc.oneof(fc.constantFrom('contain', 'rethrow'), junk),
        sensors: fc.oneof(fc.array(sensor, { maxLength: 3 }), junk),
        sensorsPerTick: junk,
        sensorFailureLimit: junk,
        runners: fc.oneof(fc.array(runner, { maxLength: 3 }), junk),
        shorthand: fc.boolean(),
        retryInterval: junk,
        whilePlanning: junk,
      },
      { requiredKeys: ['id', 'shorthand'] },
    )
    .map(({ shorthand, ...o }) => ({
      ...o,
      state: createState(schema),
      ctx: {},
      clock: fixedClock,
      ...(shorthand ? { planner: planner(), operators: operators() } : {}),
    })),
);

describe('fuzzing agent options', () => {
  it('makes an agent that ticks, or throws a typed error', () => {
    fc.assert(
      fc.property(options, junk, (opts, runnerName) => {
        let agent: ReturnType<typeof createAgent> | null = null;
        expect(typed(() => (agent = createAgent(opts as never)))).not.toMatch(/^untyped/);
        if (agent !== null) {
          const made: ReturnType<typeof createAgent> = agent;
          expect(typed(() => [0.1, 0.1, 0.6].forEach((dt) => made.tick(dt)))).not.toMatch(/^untyped/);
          expect(typed(() => made.runner(runnerName as never))).not.toMatch(/^untyped/);
        }
      }),
      { numRuns: 500 },
    );
  });
});
