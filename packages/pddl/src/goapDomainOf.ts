// The only file that knows the GOAP package's construction API: the rest of
// @dualplan/pddl produces plain action data in the unified vocabulary
// (`conditions`, `effects`, `cost`), so a change of that API stays local.
import { compileGoapDomain, type GoapDomain } from '@dualplan/goap';
import type { Schema, Condition } from '@dualplan/world-state';
import type { EncodedAction } from './encodeTask.js';

/** Name of the single goal of an imported problem's GOAP domain. */
export const PDDL_GOAL = 'goal';

/**
 * Compile encoded PDDL actions and the problem's goal into a GOAP domain with one goal, {@link PDDL_GOAL}.
 * @example
 * const domain = goapDomainOf(encoded.schema, encoded.actions, encoded.goal);
 * new GoapPlanner(domain, { weight: 0 }).plan(createState(encoded.schema), undefined, { goal: PDDL_GOAL });
 */
export function goapDomainOf(schema: Schema, actions: readonly EncodedAction[], goal: readonly Condition[]): GoapDomain {
  return compileGoapDomain(schema, {
    actions: actions.map((a) => ({ name: a.name, operator: a.operator, args: a.args, conditions: a.conditions, effects: a.effects, cost: a.cost })),
    goals: [{ name: PDDL_GOAL, conditions: goal }],
  });
}
