import { describe, expect, test } from '@jest/globals';
import {
  bool,
  createState,
  defineActions,
  defineSchema,
  eq,
  set,
  type AgentPlanner,
  type Availability,
  type PlanResult,
  type SlicedPlanner,
} from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import { GoapPlanner } from '../GoapPlanner.js';
import { goapAgentPlanner } from './goapAgentPlanner.js';
import { goapSlicedPlanner } from './goapSlicedPlanner.js';
import type { GoapMeta } from '../search/GoapResult.js';

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
      { name: 'Rest', conditions: [eq(k.Rested, true)], priority: 1, cooldown: { failures: 5, window: 9, seconds: 7 } },
    ],
  },
);
const rule = { goalCooldown: { failures: 2, window: 1, seconds: 1 } };

/** Plan through a whole-request planner or a sliced one (4 expansions per slice), with the agent's view. */
function planWith(p: AgentPlanner | SlicedPlanner, view?: Availability): PlanResult {
  if (!('step' in p)) return p.plan(createState(schema), {}, null, view);
  p.begin(createState(schema), {}, null, view);
  let r: PlanResult | null = null;
  while (r === null) r = p.step(4);
  return r;
}

const cooling = (name: string, seconds: number): Availability => ({ unavailable: [], goals: [{ name, seconds, once: false }] });

describe.each([
  ['goapAgentPlanner', () => goapAgentPlanner(new GoapPlanner(domain), rule)],
  ['goapSlicedPlanner', () => goapSlicedPlanner(new GoapPlanner(domain), rule)],
])('goal cool-down through %s', (_name, make) => {
  test('a goal the agent’s view says is cooling down is skipped, with the seconds left in the reason; without it, chosen again', () => {
    const p = make();
    expect(planWith(p, cooling('Attack', 0.8)).reason).toBe('goal Rest; cooling down: Attack 0.8 s');
    expect(planWith(p, cooling('Attack', 0.25)).reason).toBe('goal Rest; cooling down: Attack 0.3 s');
    expect(planWith(p).reason).toBe('goal Attack');
    // A name the planner has no goal for changes nothing.
    expect(planWith(p, cooling('Atack', 5)).reason).toBe('goal Attack');
  });

  test('a found plan carries its goal’s rule (its own, else the agent’s) for the agent to count failures', () => {
    const p = make();
    expect((planWith(p).plan!.meta as GoapMeta).goalCooldown).toEqual({ failures: 2, window: 1, seconds: 1 });
    expect((planWith(p, cooling('Attack', 1)).plan!.meta as GoapMeta).goalCooldown).toEqual({ failures: 5, window: 9, seconds: 7 });
  });
});

test('without any rule, plans carry none and the reused buffer keeps none', () => {
  const p = goapAgentPlanner(new GoapPlanner(compileGoapDomain(domain.actions, { goals: [{ name: 'Attack', conditions: [eq(k.Attacked, true)] }] })));
  for (let i = 0; i < 3; i++) expect((planWith(p).plan!.meta as GoapMeta).goalCooldown).toBeUndefined();
});
