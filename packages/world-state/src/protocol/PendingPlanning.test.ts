import { describe, expect, it } from '@jest/globals';
import { bool } from '../schema/KeySpec.js';
import { defineSchema } from '../schema/defineSchema.js';
import { defineActions } from '../actions/defineActions.js';
import { copyResult, planFound } from '../plan/PlanResult.js';
import type { Plan } from '../plan/Plan.js';
import { plainResult, resultFromPlain } from './PendingPlanning.js';

describe('plain results', () => {
  const schema = defineSchema({ Done: bool() });
  const actions = defineActions(schema, [{ name: 'Watch' }, { name: 'Wait' }]);
  const steps = actions.actions.map((a) => a.step!);
  const plan = (race: boolean | undefined): Plan => ({
    planner: 'htn',
    steps,
    cost: 2,
    meta: null,
    stats: { expanded: 0, generated: 0, backtracks: 0 },
    parallel: [race === undefined ? { task: 'R', start: 0, split: 1, end: 2 } : { task: 'R', start: 0, split: 1, end: 2, race }],
  });

  it('carry a race section through encoding, decoding and copies, and a plain section without the flag', () => {
    const stepOf = (s: { sourceId: number }) => steps[s.sourceId];
    expect(resultFromPlain(plainResult(planFound(plan(true))), stepOf).plan!.parallel).toEqual([{ task: 'R', start: 0, split: 1, end: 2, race: true }]);
    expect(copyResult(planFound(plan(true))).plan!.parallel![0].race).toBe(true);
    expect(resultFromPlain(plainResult(planFound(plan(undefined))), stepOf).plan!.parallel).toStrictEqual([{ task: 'R', start: 0, split: 1, end: 2 }]);
    // A race with an empty branch is malformed.
    const bad = { ...plainResult(planFound(plan(true))) };
    const broken = { ...bad, plan: { ...bad.plan!, parallel: [{ task: 'R', start: 0, split: 2, end: 2, race: true }] } };
    expect(() => resultFromPlain(broken, stepOf)).toThrow(/two non-empty branches/);
  });
});
