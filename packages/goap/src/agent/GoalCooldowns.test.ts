import { describe, expect, test } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, eq, set, type AgentPlanner, type PlanResult, type SlicedPlanner } from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import { GoapPlanner } from '../GoapPlanner.js';
import { goapAgentPlanner } from './goapAgentPlanner.js';
import { goapSlicedPlanner } from './goapSlicedPlanner.js';

const schema = defineSchema({ Attacked: bool(), Rested: bool() });
const k = schema.keys;
const domain = compileGoapDomain(
  defineActions(schema, [
    { name: 'Throw', effects: [set(k.Attacked, true)] },
    { name: 'Nap', effects: [set(k.Rested, true)] },
  ]),
  {
    goals: [
      { name: 'Attack', conditions: [eq(k.Attacked, true)], priority: 2 },
      { name: 'Rest', conditions: [eq(k.Rested, true)], priority: 1 },
    ],
  },
);
const rule = { goalCooldown: { failures: 2, window: 1, seconds: 1 } };

/** Plan through a whole-request planner or a sliced one (4 expansions per slice). */
function planWith(p: AgentPlanner | SlicedPlanner): PlanResult {
  if (!('step' in p)) return p.plan(createState(schema), {}, null);
  p.begin(createState(schema), {}, null);
  let r: PlanResult | null = null;
  while (r === null) r = p.step(4);
  return r;
}

describe.each([
  ['goapAgentPlanner', () => goapAgentPlanner(new GoapPlanner(domain), rule)],
  ['goapSlicedPlanner', () => goapSlicedPlanner(new GoapPlanner(domain), rule)],
])('goal cool-down through %s', (_name, make) => {
  test('two failures within the window: the goal is skipped for its cool-down, with the reason, then chosen again', () => {
    const p = make();
    const fail = () => {
      const r = planWith(p);
      expect(r.reason).toBe('goal Attack');
      p.stepFailed!(r.plan!.steps[0], {});
      p.update!(0.25);
    };
    fail();
    fail(); // cooling until 1.25 s (now 0.5)
    expect(planWith(p).reason).toBe('goal Rest; cooling down: Attack 0.8 s');
    p.update!(0.5);
    expect(planWith(p).reason).toBe('goal Rest; cooling down: Attack 0.3 s');
    p.update!(0.25);
    expect(planWith(p).reason).toBe('goal Attack');
  });

  test('failures further apart than the window do not add up', () => {
    const p = make();
    for (let i = 0; i < 3; i++) {
      const r = planWith(p);
      expect(r.reason).toBe('goal Attack');
      p.stepFailed!(r.plan!.steps[0], {});
      p.update!(1.5);
    }
  });
});
