// The only file that knows the GOAP package's construction API: the rest of
// @dualplan/pddl produces plain action data in the unified vocabulary
// (`conditions`, `effects`, `cost`), so a change of that API stays local.
import { compileGoapDomain, type GoapDomain } from '@dualplan/goap';
import { defineActions, type ActionSet, type Condition, type Schema } from '@dualplan/world-state';
import type { EncodedAction } from './encodeTask.js';

/** Name of the single goal of an imported problem's GOAP domain. */
export const PDDL_GOAL = 'goal';

/**
 * The encoded PDDL actions as one action set, usable by both planners (HTN primitive tasks or GOAP actions).
 * @example
 * const actions = actionSetOf(encoded.schema, encoded.actions);
 * actions.names[0]; // '(move rooma roomb)'
 */
export function actionSetOf(schema: Schema, actions: readonly EncodedAction[]): ActionSet {
  return defineActions(
    schema,
    actions.map((a) => ({ name: a.name, operator: a.operator, args: a.args, conditions: a.conditions, effects: a.effects, cost: a.cost })),
  );
}

/**
 * A GOAP domain over an action set with the problem's goal as its one goal, {@link PDDL_GOAL}.
 * @example
 * const domain = goapDomainOf(actionSetOf(encoded.schema, encoded.actions), encoded.goal);
 * new GoapPlanner(domain, { weight: 0 }).plan(createState(encoded.schema), undefined, { goal: PDDL_GOAL });
 */
export function goapDomainOf(actions: ActionSet, goal: readonly Condition[]): GoapDomain {
  return compileGoapDomain(actions, { goals: [{ name: PDDL_GOAL, conditions: goal }] });
}
