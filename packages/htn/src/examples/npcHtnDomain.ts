import { bool, defineActions, defineSchema, eq, gt, int, set, sub, type Schema } from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';
import { htnDomainBuilder } from '../domain/HtnDomainBuilder.js';

/** The NPC's keys: the spec {@link npcSchema} is defined from. */
export const npcSpec = {
  EnemyNear: bool(),
  WeaponNearby: bool(),
  HasWeapon: bool(),
  Ammo: int(0, 3),
  Hurt: bool(),
} as const;

/** The NPC's world state: whether an enemy is near, a weapon lies nearby or is held, ammo, and whether it is hurt. */
export type NpcSchema = Schema<typeof npcSpec>;

/** A new NPC schema (layout-equal schemas share steps, so each call may build its own). */
export function npcSchema(): NpcSchema {
  return defineSchema(npcSpec);
}

/** Every action the NPC example knows: the base body and both weapons' moves, over one schema. */
export function npcActions(schema: NpcSchema = npcSchema()) {
  const k = schema.keys;
  return defineActions(schema, [
    { name: 'Wander', operator: 'wander' },
    { name: 'PickUpWeapon', operator: 'pickUp', conditions: [eq(k.WeaponNearby, true)], effects: [set(k.HasWeapon, true), set(k.WeaponNearby, false)] },
    { name: 'Flee', operator: 'flee', effects: [set(k.EnemyNear, false)] },
    { name: 'Swing', operator: 'swing', expectedEffects: [set(k.EnemyNear, false)] },
    { name: 'Shoot', operator: 'shoot', conditions: [gt(k.Ammo, 0)], effects: [sub(k.Ammo, 1)], expectedEffects: [set(k.EnemyNear, false)] },
    { name: 'Reload', operator: 'reload', effects: [set(k.Ammo, 3)] },
    { name: 'TakeCover', operator: 'takeCover' },
  ]);
}

/** The NPC's action set, as {@link npcActions} returns it (action and operator names typed). */
export type NpcActions = ReturnType<typeof npcActions>;

/**
 * A FluidHTN-style NPC whose combat behaviour is a **slot**: `BeNpc` fights through the slot `Combat`
 * when an enemy is near, and flees when the slot is empty (it cannot plan) or fighting fails. When the
 * NPC picks up a weapon, the game plugs that weapon's sub-domain ({@link swordCombatDomain},
 * {@link gunCombatDomain}) into its planner: `planner.plug('Combat', gunCombatDomain(actions))`.
 * @example
 * const actions = npcActions();
 * const planner = new HtnPlanner(npcHtnDomain(actions));
 * planner.plug('Combat', swordCombatDomain(actions));
 */
export function npcHtnDomain(actions: NpcActions = npcActions()): HtnDomain<NpcSchema, NpcActions['operators'][number]> {
  return htnDomainBuilder(actions, 'npc')
    .slot('Combat')
    .compound('BeNpc')
    .method((k) => [eq(k.EnemyNear, true)], 'Fight')
    .task('Combat')
    .back()
    .method((k) => [eq(k.EnemyNear, true)], 'Flee')
    .task('Flee')
    .back()
    .method((k) => [eq(k.WeaponNearby, true), eq(k.HasWeapon, false)], 'Arm')
    .task('PickUpWeapon')
    .back()
    .method([], 'Wander')
    .task('Wander')
    .end()
    .root('BeNpc')
    .build();
}

/** Sword combat: swing. */
export function swordCombatDomain(actions: NpcActions = npcActions()): HtnDomain<NpcSchema, NpcActions['operators'][number]> {
  return htnDomainBuilder(actions, 'sword').compound('SwordCombat').method().task('Swing').end().build();
}

/**
 * Gun combat, a utility choice: shoot while there is ammo, reload under cover when it runs out
 * (utility from the ammo left), and the reload method is optional cover then reload then shoot.
 */
export function gunCombatDomain(actions: NpcActions = npcActions()): HtnDomain<NpcSchema, NpcActions['operators'][number]> {
  const ammo = actions.schema.keys.Ammo;
  return htnDomainBuilder(actions, 'gun')
    .compound('GunCombat', 'utility')
    .method([], { name: 'Shoot', utility: (s) => s.get(ammo) * 10 })
    .task('Shoot')
    .back()
    .method([], { name: 'Reload', utility: 5 })
    .optional('TakeCover')
    .task('Reload')
    .task('Shoot')
    .end()
    .build();
}
