import { bool, enumOf, int } from '../schema/KeySpec.js';
import { defineSchema } from '../schema/defineSchema.js';

/** Abstract enemy range: small values the planner reasons about, not metres. */
export const EnemyRange = /* @__PURE__ */ Object.freeze({ Melee: 0, View: 1, OutOfRange: 2 } as const);
export type EnemyRange = (typeof EnemyRange)[keyof typeof EnemyRange];

/** Where the troll is, as location references (`WsLocation = Enemy` rather than coordinates). */
export const TrollLocation = /* @__PURE__ */ Object.freeze({
  Unknown: 0,
  Bridge: 1,
  Enemy: 2,
  Trunk: 3,
  LastEnemyLoc: 4,
} as const);
export type TrollLocation = (typeof TrollLocation)[keyof typeof TrollLocation];

/**
 * Operator ids the troll's domains emit, whichever planner made the plan; the
 * arena registers one implementation of each. `NavigateTo` takes a
 * {@link TrollLocation} argument; `TrunkSlam`, `Roar` take an animation name.
 */
export const TrollOperator = /* @__PURE__ */ Object.freeze({
  ChooseBridge: 'ChooseBridge',
  NavigateTo: 'NavigateTo',
  CheckBridge: 'CheckBridge',
  FindTrunk: 'FindTrunk',
  UprootTrunk: 'UprootTrunk',
  TrunkSlam: 'TrunkSlam',
  WhirlwindAttack: 'WhirlwindAttack',
  Roar: 'Roar',
  Recover: 'Recover',
  ThrowBoulder: 'ThrowBoulder',
} as const);
export type TrollOperator = (typeof TrollOperator)[keyof typeof TrollOperator];

/**
 * The Trunk Thumper troll's world state, after Troy Humphreys, "Exploring HTN Planners through Example" (Game AI Pro, 2015, chapter 12):
 * an enum-indexed vector of small abstract values.
 */
export function trollSchema() {
  return defineSchema({
    WsCanSeeEnemy: bool(),
    WsHasSeenEnemyRecently: bool(),
    WsEnemyRange: enumOf(EnemyRange, EnemyRange.OutOfRange),
    WsLocation: enumOf(TrollLocation, TrollLocation.Bridge),
    /** Trunk hits left before it breaks; 0 means no trunk. */
    WsTrunkHealth: int(0, 3),
    WsIsTired: bool(),
    WsAttackedRecently: bool(),
    /** Slams since the last whirlwind: the third one powers up a whirlwind attack. */
    WsPowerUp: int(0, 3),
    WsCanNavigateToEnemy: bool(true),
    WsStamina: int(0, 3, 3),
    /** Lower-body navigation running in the background, beside the upper-body plan. */
    WsNavigating: bool(),
  });
}

/** The schema type of {@link trollSchema}. */
export type TrollSchema = ReturnType<typeof trollSchema>;
