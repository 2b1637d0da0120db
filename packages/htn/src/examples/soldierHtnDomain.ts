import { eq, set } from '@dualplan/world-state';
import { soldierSchema, type SoldierSchema } from '@dualplan/world-state/examples';
import type { HtnDomain } from '../HtnDomain.js';
import { htnDomainBuilder } from '../HtnDomainBuilder.js';

/**
 * The classic GOAP soldier as an HTN over the same `soldierSchema()`, with
 * primitives named after the GOAP actions (`scout`, `approach`, `aim`, `shoot`,
 * `load`, `detonatebomb`, `flee`) and the same costs, so benchmarks can compare
 * both planners on one scenario. From the default start the plan is
 * `scout → load → aim → shoot` (cost 4, the GOAP optimum).
 * @example
 * const domain = soldierHtnDomain();
 * new HtnPlanner(domain).plan(createState(domain.schema)).plan?.steps.map((s) => s.operator);
 */
export function soldierHtnDomain(schema: SoldierSchema = soldierSchema()): HtnDomain<SoldierSchema> {
  return htnDomainBuilder(schema, 'soldier')
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
    .primitive('scout', (k) => ({ conditions: [eq(k.armedwithgun, true)], effects: [set(k.enemyvisible, true)], cost: 1 }))
    .primitive('approach', (k) => ({ conditions: [eq(k.enemyvisible, true)], effects: [set(k.nearenemy, true)], cost: 1 }))
    .primitive('aim', (k) => ({ conditions: [eq(k.enemyvisible, true), eq(k.weaponloaded, true)], effects: [set(k.enemylinedup, true)], cost: 1 }))
    .primitive('shoot', (k) => ({ conditions: [eq(k.enemylinedup, true)], effects: [set(k.enemyalive, false)], cost: 1 }))
    .primitive('load', (k) => ({ conditions: [eq(k.armedwithgun, true)], effects: [set(k.weaponloaded, true)], cost: 1 }))
    .primitive('detonatebomb', (k) => ({
      conditions: [eq(k.armedwithbomb, true), eq(k.nearenemy, true)],
      effects: [set(k.alive, false), set(k.enemyalive, false)],
      cost: 5,
    }))
    .primitive('flee', (k) => ({ conditions: [eq(k.enemyvisible, true)], effects: [set(k.nearenemy, false)], cost: 1 }))
    .build();
}
