import { eq } from '../conditions/Condition.js';
import { set } from '../conditions/Effect.js';
import { defineActions } from '../actions/defineActions.js';
import { soldierSchema, type SoldierSchema } from './soldierSchema.js';

/**
 * The classic GOAP soldier's seven actions, defined once for both planners:
 * GOAP searches backwards through them towards a goal, the HTN soldier's
 * methods reference them by name. Action names are the operator ids.
 * @example
 * const actions = soldierActions();
 * actions.names; // ['scout', 'approach', 'aim', 'shoot', 'load', 'detonatebomb', 'flee']
 */
export function soldierActions(schema: SoldierSchema = soldierSchema()) {
  const k = schema.keys;
  return defineActions(schema, [
    { name: 'scout', conditions: [eq(k.armedwithgun, true)], effects: [set(k.enemyvisible, true)] },
    { name: 'approach', conditions: [eq(k.enemyvisible, true)], effects: [set(k.nearenemy, true)] },
    { name: 'aim', conditions: [eq(k.enemyvisible, true), eq(k.weaponloaded, true)], effects: [set(k.enemylinedup, true)] },
    { name: 'shoot', conditions: [eq(k.enemylinedup, true)], effects: [set(k.enemyalive, false)] },
    { name: 'load', conditions: [eq(k.armedwithgun, true)], effects: [set(k.weaponloaded, true)] },
    { name: 'detonatebomb', conditions: [eq(k.armedwithbomb, true), eq(k.nearenemy, true)], effects: [set(k.alive, false), set(k.enemyalive, false)], cost: 5 },
    { name: 'flee', conditions: [eq(k.enemyvisible, true)], effects: [set(k.nearenemy, false)] },
  ]);
}

/** The soldier's action set. */
export type SoldierActions = ReturnType<typeof soldierActions>;
