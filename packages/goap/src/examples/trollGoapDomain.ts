import { add, eq, gt, ne, set, sub, type KeysOf, type Schema, defineActions } from '@dualplan/world-state';
import { EnemyRange, TrollLocation, TrollOperator, trollSchema, type TrollSchema } from '@dualplan/world-state/examples';
import { compileGoapDomain, type GoapDomain } from '../compileGoapDomain.js';

type TrollKeys = KeysOf<TrollSchema extends Schema<infer S> ? S : never>;

/**
 * The Trunk Thumper troll (seed 004) as GOAP, over the same schema and operator
 * ids as the HTN version, so both can drive the arena's troll. Goals, by priority:
 * `recover` (4, when tired: `WsIsTired == false`), `attackEnemy` (3, when it sees
 * the enemy: `WsAttackedRecently == true`), `regainLineOfSight` (2, when it saw
 * the enemy recently: `WsCanSeeEnemy == true`) and `patrolBridges` (1: back at
 * its bridges). Costs make the whirlwind (after three slams) preferred to a
 * slam, a slam to a boulder throw, and a new trunk worth fetching.
 * The schema has no "bridge checked" key, so patrolling plans only the walk back.
 * @example
 * const domain = trollGoapDomain();
 * const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
 * new GoapPlanner(domain).plan(state, 'attackEnemy'); // NavigateToEnemy, DoTrunkSlam
 */
export function trollGoapDomain(schema: TrollSchema = trollSchema()): GoapDomain {
  const k: TrollKeys = schema.keys;
  return compileGoapDomain(defineActions(schema, [
      {
        name: 'NavigateToEnemy',
        operator: TrollOperator.NavigateTo,
        args: [TrollLocation.Enemy],
        conditions: [eq(k.WsCanNavigateToEnemy, true)],
        effects: [set(k.WsLocation, TrollLocation.Enemy), set(k.WsEnemyRange, EnemyRange.Melee)],
        cost: 2,
      },
      {
        name: 'DoTrunkSlam',
        operator: TrollOperator.TrunkSlam,
        args: ['TrunkSlamAnim'],
        conditions: [gt(k.WsTrunkHealth, 0), eq(k.WsEnemyRange, EnemyRange.Melee), gt(k.WsStamina, 0), eq(k.WsIsTired, false)],
        effects: [sub(k.WsTrunkHealth, 1), set(k.WsAttackedRecently, true), add(k.WsPowerUp, 1), sub(k.WsStamina, 1), set(k.WsIsTired, true)],
        cost: 2,
      },
      {
        name: 'DoWhirlwindTrunkAttack',
        operator: TrollOperator.WhirlwindAttack,
        args: ['WhirlwindAnim'],
        conditions: [eq(k.WsPowerUp, 3), eq(k.WsEnemyRange, EnemyRange.Melee), eq(k.WsIsTired, false)],
        effects: [set(k.WsPowerUp, 0), set(k.WsAttackedRecently, true), set(k.WsIsTired, true)],
        cost: 1,
      },
      {
        name: 'ThrowBoulder',
        operator: TrollOperator.ThrowBoulder,
        conditions: [eq(k.WsCanSeeEnemy, true), ne(k.WsEnemyRange, EnemyRange.OutOfRange)],
        effects: [set(k.WsAttackedRecently, true)],
        cost: 8,
      },
      {
        name: 'NavigateToTrunk',
        operator: TrollOperator.NavigateTo,
        args: [TrollLocation.Trunk],
        effects: [set(k.WsLocation, TrollLocation.Trunk), set(k.WsEnemyRange, EnemyRange.View)],
        cost: 2,
      },
      {
        name: 'UprootTrunk',
        operator: TrollOperator.UprootTrunk,
        conditions: [eq(k.WsLocation, TrollLocation.Trunk), eq(k.WsTrunkHealth, 0)],
        effects: [set(k.WsTrunkHealth, 3)],
        cost: 1,
      },
      {
        name: 'DoRecovery',
        operator: TrollOperator.Recover,
        args: ['TrunkSlamRecoverAnim'],
        effects: [set(k.WsAttackedRecently, false), add(k.WsStamina, 1), set(k.WsIsTired, false)],
        cost: 1,
      },
      {
        name: 'NavToLastEnemyLoc',
        operator: TrollOperator.NavigateTo,
        args: [TrollLocation.LastEnemyLoc],
        conditions: [eq(k.WsHasSeenEnemyRecently, true)],
        effects: [set(k.WsLocation, TrollLocation.LastEnemyLoc)],
        cost: 2,
      },
      {
        name: 'RegainLOSRoar',
        operator: TrollOperator.Roar,
        args: ['RegainLOSRoar'],
        conditions: [eq(k.WsLocation, TrollLocation.LastEnemyLoc)],
        expectedEffects: [set(k.WsCanSeeEnemy, true)],
        cost: 1,
      },
      {
        name: 'NavigateToBridge',
        operator: TrollOperator.NavigateTo,
        args: [TrollLocation.Bridge],
        effects: [set(k.WsLocation, TrollLocation.Bridge)],
        cost: 2,
      },
    ].map((a) => ({ effects: [], ...a }))), { goals: [
      { name: 'recover', conditions: [eq(k.WsIsTired, false)], priority: 4, valid: (s) => s.get(k.WsIsTired) },
      { name: 'attackEnemy', conditions: [eq(k.WsAttackedRecently, true)], priority: 3, valid: (s) => s.get(k.WsCanSeeEnemy) },
      {
        name: 'regainLineOfSight',
        conditions: [eq(k.WsCanSeeEnemy, true)],
        priority: 2,
        valid: (s) => s.get(k.WsHasSeenEnemyRecently) && !s.get(k.WsCanSeeEnemy),
      },
      { name: 'patrolBridges', conditions: [eq(k.WsLocation, TrollLocation.Bridge)], priority: 1 },
    ] });
}
