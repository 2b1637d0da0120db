import { eq, set, defineActions } from '@dualplan/world-state';
import { soldierSchema } from '@dualplan/world-state/examples';
import { compileGoapDomain, type GoapDomain } from '../compileGoapDomain.js';

export interface SoldierOptions {
  /**
   * Add the goal `killEnemyAtAnyCost` (¬enemyalive, priority 0). Goal selection
   * falls back to it only when `killEnemy` cannot be planned, e.g. without a gun:
   * then the bomb, which costs the soldier its life, is the last resort.
   */
  lastResort?: boolean;
}

/**
 * The classic GOAP soldier (issue 4): eight boolean atoms, seven actions, goal
 * `killEnemy` = ¬enemyalive ∧ alive. From the schema defaults the optimal plan
 * costs 4 (scout, load, aim, shoot in some order). Action names are the operator ids.
 * @example
 * const domain = soldierGoapDomain();
 * new GoapPlanner(domain).plan(createState(domain.schema), 'killEnemy').cost; // 4
 */
export function soldierGoapDomain(schema = soldierSchema(), options: SoldierOptions = {}): GoapDomain {
  const k = schema.keys;
  return compileGoapDomain(defineActions(schema, [
      { name: 'scout', conditions: [eq(k.armedwithgun, true)], effects: [set(k.enemyvisible, true)] },
      { name: 'approach', conditions: [eq(k.enemyvisible, true)], effects: [set(k.nearenemy, true)] },
      { name: 'aim', conditions: [eq(k.enemyvisible, true), eq(k.weaponloaded, true)], effects: [set(k.enemylinedup, true)] },
      { name: 'shoot', conditions: [eq(k.enemylinedup, true)], effects: [set(k.enemyalive, false)] },
      { name: 'load', conditions: [eq(k.armedwithgun, true)], effects: [set(k.weaponloaded, true)] },
      {
        name: 'detonatebomb',
        conditions: [eq(k.armedwithbomb, true), eq(k.nearenemy, true)],
        effects: [set(k.alive, false), set(k.enemyalive, false)],
        cost: 5,
      },
      { name: 'flee', conditions: [eq(k.enemyvisible, true)], effects: [set(k.nearenemy, false)] },
    ]), { goals: [
      { name: 'killEnemy', conditions: [eq(k.enemyalive, false), eq(k.alive, true)], priority: 1 },
      ...(options.lastResort ? [{ name: 'killEnemyAtAnyCost', conditions: [eq(k.enemyalive, false)], priority: 0 }] : []),
    ] });
}
