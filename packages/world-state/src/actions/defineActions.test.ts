import { defineActions, ActionDefinitionError } from './defineActions.js';
import { defineSchema } from '../schema/defineSchema.js';
import { bool, int } from '../schema/KeySpec.js';
import { eq, check } from '../conditions/Condition.js';
import { add, set } from '../conditions/Effect.js';
import { createState } from '../schema/WorldState.js';
import { checkConditions } from '../conditions/Condition.js';

const schema = defineSchema({ HasAxe: bool(false), Wood: int(0, 20) });
const k = schema.keys;

describe('defineActions', () => {
  it('compiles one shared plan step per fixed action, with typed names and operators', () => {
    const actions = defineActions(schema, [
      { name: 'getAxe', effects: [set(k.HasAxe, true)] },
      { name: 'chop', operator: 'Swing', conditions: [eq(k.HasAxe, true)], effects: [add(k.Wood, 5)], cost: 2 },
    ]);
    const names: readonly ('getAxe' | 'chop')[] = actions.names;
    const ops: readonly ('getAxe' | 'Swing')[] = actions.operators;
    expect(names).toEqual(['getAxe', 'chop']);
    expect(ops).toEqual(['Swing', 'getAxe']);
    expect(actions.indexOf('chop')).toBe(1);
    expect(actions.indexOf('nope')).toBe(-1);
    const step = actions.actions[1].step!;
    expect(step).toMatchObject({ task: 'chop', operator: 'Swing', cost: 2, interrupt: 'immediate', sourceId: 1 });
    const s = createState(schema);
    expect(checkConditions(step.conditions, s)).toBe(false);
    s.set(k.HasAxe, true);
    expect(checkConditions(step.conditions, s)).toBe(true);
    expect(Object.isFrozen(step)).toBe(true);
  });

  it('keeps function costs and parameterised lists for the planners', () => {
    const cost = () => 3;
    const actions = defineActions(schema, [
      { name: 'chop', cost },
      { name: 'gather', args: [2], effects: (args: readonly unknown[]) => [add(k.Wood, args[0] as number)] },
    ]);
    expect(actions.actions[0]).toMatchObject({ cost: 0, costFn: cost, parameterised: false });
    expect(actions.actions[1]).toMatchObject({ parameterised: true, step: null });
  });

  it("rejects another planner's field names with a did-you-mean", () => {
    expect(() => defineActions(schema, [{ name: 'chop', preconditions: [] } as never])).toThrow(
      /Unknown field "preconditions" in action "chop"\. Did you mean "conditions"\?/,
    );
  });

  it.each([
    [[{ name: '' }], 'BAD_ACTION'],
    [[{ name: 'a' }, { name: 'a' }], 'DUPLICATE_ACTION'],
    [[{ name: 'a', cost: -1 }], 'BAD_COST'],
    [[{ name: 'a', cost: NaN }], 'BAD_COST'],
    [[{ name: 'a', operator: '' }], 'BAD_OPERATOR'],
    [[{ name: 'a', args: 3 }], 'BAD_ARGS'],
    [[{ name: 'a', interrupt: 'later' }], 'BAD_INTERRUPT'],
    [[{ name: 'a', effects: 'set' }], 'BAD_LIST'],
  ])('rejects %j with %s', (defs, code) => {
    let err: unknown;
    try {
      defineActions(schema, defs as never);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ActionDefinitionError);
    expect((err as ActionDefinitionError).code).toBe(code);
  });

  it('names an action whose name, cost or interrupt cannot be converted to a string (a TypeError before)', () => {
    const caught = (defs: unknown): ActionDefinitionError => {
      try {
        defineActions(schema, defs as never);
      } catch (e) {
        return e as ActionDefinitionError;
      }
      throw new Error('did not throw');
    };
    const named = caught([{ name: { toString: '' } }]);
    expect(named).toBeInstanceOf(ActionDefinitionError);
    expect([named.code, named.subject, named.message]).toEqual(['BAD_ACTION', '{"toString":""}', 'Action #0 needs a non-empty string name, got an object.']);
    expect([caught([{ name: Object.create(null) }]).subject, caught([{ name: Symbol('a') }]).subject]).toEqual(['{}', 'Symbol(a) (symbol)']);
    expect([caught([{}]).subject, caught([null]).subject, caught([{ name: '' }]).subject]).toEqual(['#0', '#0', '']);
    const cost = caught([{ name: 'chop', cost: { toString: 0 } }]);
    expect([cost.code, cost.subject, cost.message]).toEqual([
      'BAD_COST',
      'chop',
      'Cost {"toString":0} of action "chop" must be a finite number >= 0 or a function (state, ctx) => number.',
    ]);
    expect([caught([{ name: 'chop', interrupt: 10n }]).code, caught([{ name: 'chop', interrupt: 10n }]).subject]).toEqual(['BAD_INTERRUPT', 'chop']);
  });

  it('reports bad keys and values naming the action', () => {
    expect(() => defineActions(schema, [{ name: 'chop', effects: [set(k.Wood, 99)] }])).toThrow(/action chop/);
    expect(() => defineActions(schema, [{ name: 'look', conditions: [check('near', () => true)] }])).not.toThrow();
  });
});
