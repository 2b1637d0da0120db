import { eq, gt } from '../conditions/Condition.js';
import { add, set, sub } from '../conditions/Effect.js';
import { defineActions } from '../actions/defineActions.js';
import { EnemyRange, TrollLocation, TrollOperator, trollSchema, type TrollSchema } from './trollSchema.js';

/** Options of {@link trollActions}. */
export interface TrollActionOptions {
  /**
   * Model why recovery is needed with `WsIsTired` (default true): a slam or
   * whirlwind tires the troll, recovery rests it, and tired trolls do not attack.
   * `false` leaves `WsIsTired` alone (the first version of the Trunk Thumper, in which
   * a third slam's power-up lets the whirlwind plan take over a running recovery).
   */
  tired?: boolean;
}

/**
 * The Trunk Thumper troll's actions, defined once for both planners. Several
 * actions share one operator: `NavigateToEnemy`, `NavigateToBridge`,
 * `NavigateToTrunk` and `NavToLastEnemyLoc` all run `NavigateTo` with a
 * different location argument. Conditions are complete enough for GOAP's
 * backward search (a slam needs melee range, a trunk and stamina), and HTN's
 * methods choose among them in authored order. Costs make the whirlwind
 * preferred to a slam, a slam to a boulder throw, and a new trunk worth fetching.
 * `NavToLastEnemyLoc` expects (but does not cause) the enemy to be seen again
 * from there; sensors confirm it before `RegainLOSRoar`.
 * @example
 * const actions = trollActions(trollSchema());
 * actions.operators; // ['CheckBridge', 'ChooseBridge', 'FindTrunk', 'NavigateTo', ...]
 */
export function trollActions(schema: TrollSchema = trollSchema(), options: TrollActionOptions = {}) {
  const k = schema.keys;
  const tired = options.tired !== false;
  const rested = tired ? [eq(k.WsIsTired, false)] : [];
  const tires = tired ? [set(k.WsIsTired, true)] : [];
  return defineActions(schema, [
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
      conditions: [gt(k.WsTrunkHealth, 0), eq(k.WsEnemyRange, EnemyRange.Melee), gt(k.WsStamina, 0), ...rested],
      effects: [sub(k.WsTrunkHealth, 1), set(k.WsAttackedRecently, true), add(k.WsPowerUp, 1), sub(k.WsStamina, 1), ...tires],
      cost: 2,
    },
    {
      name: 'DoWhirlwindTrunkAttack',
      operator: TrollOperator.WhirlwindAttack,
      args: ['WhirlwindAnim'],
      conditions: [eq(k.WsPowerUp, 3), ...rested],
      effects: [set(k.WsPowerUp, 0), set(k.WsAttackedRecently, true), ...tires],
      cost: 1,
    },
    {
      name: 'ThrowBoulder',
      operator: TrollOperator.ThrowBoulder,
      conditions: [eq(k.WsCanSeeEnemy, true)],
      effects: [set(k.WsAttackedRecently, true)],
      cost: 8,
    },
    { name: 'FindTrunk', operator: TrollOperator.FindTrunk, cost: 2 },
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
    },
    {
      name: 'DoRecovery',
      operator: TrollOperator.Recover,
      args: ['TrunkSlamRecoverAnim'],
      effects: [set(k.WsAttackedRecently, false), add(k.WsStamina, 1), ...(tired ? [set(k.WsIsTired, false)] : [])],
    },
    {
      name: 'NavToLastEnemyLoc',
      operator: TrollOperator.NavigateTo,
      args: [TrollLocation.LastEnemyLoc],
      conditions: [eq(k.WsHasSeenEnemyRecently, true)],
      effects: [set(k.WsLocation, TrollLocation.LastEnemyLoc)],
      expectedEffects: [set(k.WsCanSeeEnemy, true)],
      cost: 2,
    },
    {
      name: 'RegainLOSRoar',
      operator: TrollOperator.Roar,
      args: ['RegainLOSRoar'],
      conditions: [eq(k.WsLocation, TrollLocation.LastEnemyLoc), eq(k.WsCanSeeEnemy, true)],
    },
    { name: 'ChooseBridgeToCheck', operator: TrollOperator.ChooseBridge },
    {
      name: 'NavigateToBridge',
      operator: TrollOperator.NavigateTo,
      args: [TrollLocation.Bridge],
      effects: [set(k.WsLocation, TrollLocation.Bridge)],
      cost: 2,
    },
    { name: 'CheckBridge', operator: TrollOperator.CheckBridge, args: ['SearchAnim'] },
  ]);
}

/** The troll's action set. */
export type TrollActions = ReturnType<typeof trollActions>;
