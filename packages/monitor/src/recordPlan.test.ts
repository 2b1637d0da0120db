import { describe, expect, it } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, set } from '@dualplan/world-state';
import { recordPlan } from './recordPlan.js';

describe('recordPlan', () => {
  it("records an argument String() cannot convert as its showValue, as JSON-ready data (a TypeError from the recorder's listener before)", () => {
    const schema = defineSchema({ Done: bool() });
    const hostile = [{ toString: '' }, Object.create(null)];
    const actions = defineActions(schema, [{ name: 'Fetch', args: [...hostile, 2, 'x', Symbol('s')], effects: [set(schema.keys.Done, true)] }]);
    const step = actions.actions[0].step!;
    const plan = { planner: 'htn', steps: [step], cost: 1, meta: null, stats: { expanded: 0, generated: 0, backtracks: 0 } };
    const state = createState(schema);
    const recorded = recordPlan(plan, state, state.clone(), undefined);
    expect(recorded.steps[0].args).toEqual(['{"toString":""}', '{}', 2, 'x', 'Symbol(s)']);
    expect(recorded.steps[0].predicted).toEqual({ Done: true });
  });
});
