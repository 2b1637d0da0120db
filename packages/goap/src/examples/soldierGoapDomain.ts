import { eq, type WorldState } from '@dualplan/world-state';
import { soldierActions, type SoldierActions } from '@dualplan/world-state/examples';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import type { GoapDomain } from '../domain/GoapDomain.js';

/** Options of {@link soldierGoapDomain}. */
export interface SoldierOptions {
  /**
   * Add the goal `killEnemyAtAnyCost` (¬enemyalive, priority 0). Goal selection
   * falls back to it only when `killEnemy` cannot be planned, e.g. without a gun:
   * then the bomb, which costs the soldier its life, is the last resort. It is
   * valid only while the soldier is alive (a dead soldier wants nothing).
   */
  lastResort?: boolean;
}

/**
 * The classic GOAP soldier: eight boolean atoms, the seven shared
 * {@link soldierActions}, goal `killEnemy` = ¬enemyalive ∧ alive. From the schema
 * defaults the optimal plan costs 4 (scout, load, aim, shoot in some order).
 * Pass the agent's action set to share it with an HTN soldier.
 * @example
 * const domain = soldierGoapDomain(soldierActions());
 * new GoapPlanner(domain).plan(createState(domain.schema), undefined, { goal: 'killEnemy' }).plan?.cost; // 4
 */
export function soldierGoapDomain(
  actions: SoldierActions = soldierActions(),
  options: SoldierOptions = {},
): GoapDomain<any, SoldierActions['operators'][number]> {
  const k = actions.schema.keys;
  return compileGoapDomain(actions, {
    goals: [
      { name: 'killEnemy', conditions: [eq(k.enemyalive, false), eq(k.alive, true)], priority: 1 },
      ...(options.lastResort
        ? [{ name: 'killEnemyAtAnyCost', conditions: [eq(k.enemyalive, false)], priority: 0, valid: (state: WorldState<any>) => state.get(k.alive) === true }]
        : []),
    ],
  });
}
