import { eq } from '@dualplan/world-state';
import { TrollLocation, trollActions, type TrollActions } from '@dualplan/world-state/examples';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import type { GoapDomain } from '../domain/GoapDomain.js';

/**
 * The Trunk Thumper troll as GOAP: the shared {@link trollActions} (the HTN troll
 * uses the same set) plus goals, so both planners can drive the arena's troll. Goals, by priority:
 * `recover` (4, when tired: `WsIsTired == false`), `attackEnemy` (3, when it sees
 * the enemy: `WsAttackedRecently == true`), `regainLineOfSight` (2, when it saw
 * the enemy recently: `WsCanSeeEnemy == true`) and `patrolBridges` (1: back at
 * its bridges). Costs make the whirlwind (after three slams) preferred to a
 * slam, a slam to a boulder throw, and a new trunk worth fetching.
 * The schema has no "bridge checked" key, so patrolling plans only the walk back.
 * @example
 * const domain = trollGoapDomain();
 * const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
 * new GoapPlanner(domain).plan(state, undefined, { goal: 'attackEnemy' }).plan?.steps.map((s) => s.task); // ['NavigateToEnemy', 'DoTrunkSlam']
 */
export function trollGoapDomain(actions: TrollActions = trollActions()): GoapDomain<any, TrollActions['operators'][number]> {
  const k = actions.schema.keys;
  return compileGoapDomain(actions, {
    goals: [
      { name: 'recover', conditions: [eq(k.WsIsTired, false)], priority: 4, valid: (s) => s.get(k.WsIsTired) },
      { name: 'attackEnemy', conditions: [eq(k.WsAttackedRecently, true)], priority: 3, valid: (s) => s.get(k.WsCanSeeEnemy) },
      {
        name: 'regainLineOfSight',
        conditions: [eq(k.WsCanSeeEnemy, true)],
        priority: 2,
        valid: (s) => s.get(k.WsHasSeenEnemyRecently) && !s.get(k.WsCanSeeEnemy),
      },
      { name: 'patrolBridges', conditions: [eq(k.WsLocation, TrollLocation.Bridge)], priority: 1 },
    ],
  });
}
