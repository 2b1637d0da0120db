import {
  DualplanError,
  UnknownKeyError,
  createState,
  ValueRangeError,
  bool,
  check,
  defineSchema,
  effect,
  eq,
  ge,
  int,
  le,
  ne,
  set,
  add,
  defineActions,
  ActionDefinitionError,
} from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { admissibleWeight } from './admissibleWeight.js';
import { compileGoapDomain } from './compileGoapDomain.js';
import { compileGoal } from './compileGoal.js';
import { fireDomain, soldierGoapDomain } from '../examples/index.js';
import { GoapDefinitionError } from '../errors.js';

const schema = defineSchema({ hasAxe: bool(), wood: int(0, 10), level: int(0, 5) });
const k = schema.keys;

function errorOf(fn: () => unknown): DualplanError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DualplanError) return e;
    throw e;
  }
  throw new Error('expected a DualplanError');
}

describe('compileGoapDomain errors', () => {
  test.each([
    ['NaN', NaN],
    ['negative', -1],
    ['Infinity', Infinity],
    ['a string', '3'],
  ])('rejects a %s cost, naming the action', (_, cost) => {
    const e = errorOf(() => compileGoapDomain(defineActions(schema, [{ name: 'chop', effects: [set(k.hasAxe, true)], cost: cost as number }])));
    expect(e).toBeInstanceOf(ActionDefinitionError);
    expect(e.code).toBe('BAD_COST');
    expect(e.subject).toBe('chop');
    expect(e.message).toContain('"chop"');
  });

  test('rejects an unknown interrupt policy, naming the action', () => {
    const e = errorOf(() => compileGoapDomain(defineActions(schema, [{ name: 'chop', effects: [set(k.hasAxe, true)], interrupt: 'sometimes' as never }])));
    expect([e.constructor, e.code, e.subject]).toEqual([ActionDefinitionError, 'BAD_INTERRUPT', 'chop']);
  });

  test('steps default to the shared interrupt policy', () => {
    const d = compileGoapDomain(
      defineActions(schema, [
        { name: 'chop', effects: [set(k.hasAxe, true)] },
        { name: 'rest', effects: [set(k.level, 1)], interrupt: 'uninterruptible' },
      ]),
    );
    expect(d.steps.map((s) => s.interrupt)).toEqual(['immediate', 'uninterruptible']);
  });

  test('accepts zero and fractional costs', () => {
    const d = compileGoapDomain(
      defineActions(schema, [
        { name: 'a', effects: [set(k.hasAxe, true)], cost: 0 },
        { name: 'b', effects: [set(k.hasAxe, false)], cost: 0.5 },
      ]),
    );
    expect(Array.from(d.baseCost)).toEqual([0, 0.5]);
  });

  test('rejects unknown keys in conditions, effects and goals, naming the key and the action', () => {
    const pre = errorOf(() =>
      compileGoapDomain(defineActions(schema, [{ name: 'chop', conditions: [{ key: 'hasSaw', op: '==', value: true }], effects: [] }])),
    );
    expect(pre).toBeInstanceOf(UnknownKeyError);
    expect(pre.subject).toBe('hasSaw');
    expect(pre.message).toContain('action chop');
    const eff = errorOf(() => compileGoapDomain(defineActions(schema, [{ name: 'chop', effects: [{ key: 'logs', op: 'set', value: 1 }] }])));
    expect(eff).toBeInstanceOf(UnknownKeyError);
    expect(eff.subject).toBe('logs');
    const goal = errorOf(() => compileGoapDomain(defineActions(schema, []), { goals: [{ name: 'g', conditions: [{ key: 'logs', op: '>=', value: 1 }] }] }));
    expect(goal.subject).toBe('logs');
    expect(goal.message).toContain('goal g');
  });

  test('rejects contradictory conditions', () => {
    const e = errorOf(() => compileGoapDomain(defineActions(schema, [{ name: 'chop', conditions: [eq(k.hasAxe, true), eq(k.hasAxe, false)], effects: [] }])));
    expect(e).toBeInstanceOf(GoapDefinitionError);
    expect(e.code).toBe('CONTRADICTORY_PRECONDITIONS');
    expect(e.subject).toBe('chop');
    expect(e.message).toContain('hasAxe');
    const ints = errorOf(() => compileGoapDomain(defineActions(schema, [{ name: 'stack', conditions: [ge(k.wood, 6), le(k.wood, 4)], effects: [] }])));
    expect(ints.code).toBe('CONTRADICTORY_PRECONDITIONS');
    expect(ints.subject).toBe('stack');
  });

  test('rejects contradictory goals', () => {
    const e = errorOf(() => compileGoapDomain(defineActions(schema, []), { goals: [{ name: 'rich', conditions: [ge(k.wood, 8), le(k.wood, 2)] }] }));
    expect(e.code).toBe('CONTRADICTORY_GOAL');
    expect(e.subject).toBe('rich');
  });

  test('rejects effects outside a key range', () => {
    const setTooHigh = errorOf(() => compileGoapDomain(defineActions(schema, [{ name: 'stack', effects: [{ key: 'wood', op: 'set', value: 11 }] }])));
    expect(setTooHigh).toBeInstanceOf(ValueRangeError);
    expect(setTooHigh.subject).toBe('wood');
    expect(setTooHigh.message).toContain('action stack');
    const addTooMuch = errorOf(() => compileGoapDomain(defineActions(schema, [{ name: 'stack', effects: [add(k.wood, 20)] }])));
    expect(addTooMuch).toBeInstanceOf(ValueRangeError);
  });

  test('rejects opaque effects and opaque goal conditions', () => {
    const e = errorOf(() => compileGoapDomain(defineActions(schema, [{ name: 'magic', effects: [effect('conjure', () => {})] }])));
    expect(e.code).toBe('OPAQUE_EFFECT');
    expect(e.subject).toBe('magic');
    const g = errorOf(() => compileGoapDomain(defineActions(schema, []), { goals: [{ name: 'g', conditions: [check('x', () => true) as never] }] }));
    expect(g.code).toBe('OPAQUE_GOAL_CONDITION');
  });

  test('rejects duplicate names, duplicate effects and != on the inside of an int range', () => {
    expect(
      errorOf(() =>
        compileGoapDomain(
          defineActions(schema, [
            { name: 'a', effects: [] },
            { name: 'a', effects: [] },
          ]),
        ),
      ).code,
    ).toBe('DUPLICATE_ACTION');
    expect(
      errorOf(() =>
        compileGoapDomain(defineActions(schema, []), {
          goals: [
            { name: 'g', conditions: [] },
            { name: 'g', conditions: [] },
          ],
        }),
      ).code,
    ).toBe('DUPLICATE_GOAL');
    expect(errorOf(() => compileGoapDomain(defineActions(schema, [{ name: 'a', effects: [set(k.wood, 1), add(k.wood, 1)] }]))).code).toBe('DUPLICATE_EFFECT');
    expect(errorOf(() => compileGoapDomain(defineActions(schema, [{ name: 'a', conditions: [ne(k.wood, 5)], effects: [] }]))).code).toBe(
      'UNSUPPORTED_CONDITION',
    );
    // At the range edge, != is an interval.
    expect(() => compileGoapDomain(defineActions(schema, [{ name: 'a', conditions: [ne(k.wood, 0)], effects: [] }]))).not.toThrow();
  });

  test('rejects a NaN goal priority and a goal without conditions array', () => {
    expect(errorOf(() => compileGoapDomain(defineActions(schema, []), { goals: [{ name: 'g', conditions: [], priority: NaN }] })).code).toBe(
      'INVALID_PRIORITY',
    );
    expect(errorOf(() => compileGoapDomain(defineActions(schema, []), { goals: [{ name: 'g' } as never] })).code).toBe('BAD_GOAL');
  });

  test('compiles procedural conditions separately and indexes actions by effect cell', () => {
    const d = compileGoapDomain(
      defineActions(schema, [
        { name: 'chop', conditions: [eq(k.hasAxe, true), check('daylight', () => true)], effects: [add(k.wood, 2)] },
        { name: 'buyAxe', effects: [set(k.hasAxe, true)] },
      ]),
    );
    expect(d.procedural[0]!.length).toBe(1);
    expect(d.procedural[1]).toBeNull();
    const woodActions = Array.from(d.indexActions.subarray(d.indexStart[schema.cellOf(k.wood)], d.indexStart[schema.cellOf(k.wood) + 1]));
    expect(woodActions).toEqual([0]);
    expect(d.steps[0].conditions.length).toBe(2);
    expect(d.steps[1].sourceId).toBe(1);
  });

  test('admissibleWeight is the smallest cost over the most keys one action changes', () => {
    expect(admissibleWeight(soldierGoapDomain())).toBe(0.5);
    expect(admissibleWeight(fireDomain())).toBe(1);
    const dynamic = compileGoapDomain(
      defineActions(schema, [
        { name: 'a', effects: [set(k.hasAxe, true)], cost: 2 },
        { name: 'b', effects: [set(k.hasAxe, false)], cost: () => 1 },
      ]),
    );
    expect(admissibleWeight(dynamic)).toBe(0);
    expect(admissibleWeight(dynamic, 1.5)).toBe(1.5);
    expect(admissibleWeight(compileGoapDomain(defineActions(schema, [])))).toBe(0);
  });

  test('compileGoal builds an ad hoc goal over the domain layout', () => {
    const d = compileGoapDomain(defineActions(schema, []));
    const g = compileGoal(d, { name: 'some wood', conditions: [ge(k.wood, 3)] });
    expect(g.words[d.offset[schema.cellOf(k.wood)]]).toBe(3);
    expect(g.words[d.offset[schema.cellOf(k.wood)] + 1]).toBe(10);
    expect(Array.from(g.cells)).toEqual([schema.cellOf(k.wood)]);
  });
});

describe('unknown fields', () => {
  test('an HTN-style or misspelt field is an error naming the field, the action or goal, and the closest name', () => {
    const e = errorOf(() =>
      compileGoapDomain(defineActions(schema, [{ name: 'chop', preconditions: [eq(k.hasAxe, true)], effects: [add(k.wood, 1)] } as never])),
    );
    expect(e).toMatchObject({ code: 'UNKNOWN_FIELD', subject: 'preconditions' });
    expect(e.message).toContain('action "chop". Did you mean "conditions"?');
    const g = errorOf(() => compileGoapDomain(defineActions(schema, []), { goals: [{ name: 'stock', conditions: [ge(k.wood, 3)], priorty: 2 } as never] }));
    expect(g).toMatchObject({ code: 'UNKNOWN_FIELD', subject: 'priorty' });
    expect(g.message).toContain('Did you mean "priority"?');
    expect(errorOf(() => compileGoapDomain(defineActions(schema, []), { goal: [] } as never))).toMatchObject({ code: 'UNKNOWN_FIELD', subject: 'goal' });
  });
});

describe('values that cannot be converted to a string are named, not converted (a TypeError before)', () => {
  test('an action or goal named by an object is BAD_ACTION or BAD_GOAL naming it', () => {
    const action = errorOf(() => compileGoapDomain(defineActions(schema, [{ name: { toString: '' } } as never]), { goals: [] }));
    expect(action).toBeInstanceOf(ActionDefinitionError);
    expect([action.code, action.subject]).toEqual(['BAD_ACTION', '{"toString":""}']);
    const goal = errorOf(() => compileGoapDomain(defineActions(schema, []), { goals: [{ name: { toString: 0 }, conditions: [] } as never] }));
    expect(goal).toBeInstanceOf(GoapDefinitionError);
    expect([goal.code, goal.subject, goal.message]).toEqual(['BAD_GOAL', '{"toString":0}', 'A goal needs a non-empty name, got an object.']);
    expect(errorOf(() => compileGoapDomain(defineActions(schema, []), { goals: [{ conditions: [] } as never] })).subject).toBe('0');
    expect(errorOf(() => compileGoapDomain(defineActions(schema, []), { goals: [Symbol('g') as never] })).message).toBe(
      'A goal needs a non-empty name: it is Symbol(g) (symbol).',
    );
  });

  test('a goal priority that is an object is INVALID_PRIORITY naming the goal', () => {
    const e = errorOf(() => compileGoapDomain(defineActions(schema, []), { goals: [{ name: 'g', conditions: [], priority: Object.create(null) }] }));
    expect(e).toBeInstanceOf(GoapDefinitionError);
    expect([e.code, e.subject, e.message]).toEqual(['INVALID_PRIORITY', 'g', 'Goal "g" has priority {}: expected a number or a function.']);
  });

  test('a goal requested by an object, null or a symbol is UNKNOWN_GOAL naming it', () => {
    const d = fireDomain();
    const planner = new GoapPlanner(d);
    const state = createState(d.schema);
    for (const [goal, subject] of [
      [{ toString: '' }, '{"toString":""}'],
      [{}, '{}'],
      [null, 'null'],
      [Symbol('g'), 'Symbol(g) (symbol)'],
      [1.5, '1.5'],
    ] as const) {
      const e = errorOf(() => planner.plan(state, undefined, { goal: goal as never }));
      expect([e.code, e.subject]).toEqual(['UNKNOWN_GOAL', subject]);
    }
  });
});

describe('did you mean', () => {
  test('unknown goals and keys name the closest one', () => {
    expect(() => new GoapPlanner(fireDomain()).plan(createState(fireDomain().schema), undefined, { goal: 'fier' })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_GOAL', message: expect.stringContaining('Did you mean "fire"?') }),
    );
    expect(() => createState(schema, { hasAx: true } as never)).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_KEY', subject: 'hasAx', message: expect.stringContaining('Did you mean "hasAxe"?') }),
    );
    expect(() => compileGoapDomain(defineActions(schema, [{ name: 'a', conditions: [{ key: 'wod', op: '>=', value: 1 }], effects: [] }]))).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_KEY', message: expect.stringContaining('Did you mean "wood"?') }),
    );
  });
});
