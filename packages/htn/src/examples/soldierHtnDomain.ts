import { eq } from '@dualplan/world-state';
import { soldierActions, type SoldierActions, type SoldierSchema } from '@dualplan/world-state/examples';
import type { HtnDomain } from '../domain/HtnDomain.js';
import { htnDomainBuilder } from '../domain/HtnDomainBuilder.js';

/**
 * The classic GOAP soldier as an HTN: its primitive tasks are the shared
 * {@link soldierActions} (`scout`, `approach`, `aim`, `shoot`, `load`,
 * `detonatebomb`, `flee`), the very actions the GOAP soldier searches, so one
 * agent can switch planners and benchmarks compare both on one scenario. From
 * the default start the plan is `scout → load → aim → shoot` (cost 4, the GOAP optimum).
 * @example
 * const domain = soldierHtnDomain(soldierActions());
 * new HtnPlanner(domain).plan(createState(domain.schema)).plan?.steps.map((s) => s.operator);
 */
export function soldierHtnDomain(actions: SoldierActions = soldierActions()): HtnDomain<SoldierSchema, SoldierActions['operators'][number]> {
  return htnDomainBuilder(actions, 'soldier')
    .compound('KillEnemy')
    .method((k) => [eq(k.enemyalive, false)], 'Done')
    .back()
    .method((k) => [eq(k.alive, true), eq(k.armedwithgun, true)], 'Shoot')
    .task('FindEnemy')
    .task('PrepareShot')
    .task('shoot')
    .back()
    .method((k) => [eq(k.alive, true), eq(k.armedwithbomb, true)], 'Bomb')
    .task('FindEnemy')
    .task('approach')
    .task('detonatebomb')
    .back()
    .method((k) => [eq(k.enemyvisible, true)], 'Flee')
    .task('flee')
    .end()
    .compound('FindEnemy')
    .method((k) => [eq(k.enemyvisible, true)], 'Visible')
    .back()
    .method([], 'Scout')
    .task('scout')
    .end()
    .compound('PrepareShot')
    .method((k) => [eq(k.weaponloaded, true)], 'Aim')
    .task('aim')
    .back()
    .method([], 'LoadAndAim')
    .task('load')
    .task('aim')
    .end()
    .build();
}
