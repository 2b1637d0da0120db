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

  it('keeps a race section as one (race: true) and a plain parallel section without the flag', () => {
    const schema = defineSchema({ Done: bool() });
    const actions = defineActions(schema, [{ name: 'A' }, { name: 'B' }]);
    const steps = actions.actions.map((a) => a.step!);
    const state = createState(schema);
    const stats = { expanded: 0, generated: 0, backtracks: 0 };
    const race = { planner: 'htn', steps, cost: 2, meta: null, stats, parallel: [{ task: 'R', start: 0, split: 1, end: 2, race: true }] };
    expect(recordPlan(race, state, state.clone(), undefined).parallel).toEqual([{ task: 'R', start: 0, split: 1, end: 2, race: true }]);
    const plain = { ...race, parallel: [{ task: 'P', start: 0, split: 1, end: 2 }] };
    expect(recordPlan(plain, state, state.clone(), undefined).parallel).toStrictEqual([{ task: 'P', start: 0, split: 1, end: 2 }]);
  });
});
