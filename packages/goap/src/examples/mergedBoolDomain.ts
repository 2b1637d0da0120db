import { bool, defineSchema, eq, mergedBools, ne, set, defineActions } from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import type { GoapDomain } from '../domain/GoapDomain.js';

/** Weapons of {@link mergedBoolDomain}: mutually exclusive, one merged enum. */
export const Weapon = /* @__PURE__ */ Object.freeze({ Unarmed: 0, Sword: 1, Bow: 2, Staff: 3 } as const);

/**
 * Merged bools, as in Middle-earth: Shadow of Mordor's GOAP: bools that cannot be
 * true together (holding a sword, a bow, a torch) become one enum key, the weapon held.
 * Hurting, scaring and blinding the enemy each need a different weapon, so the
 * plan is pick, use, drop, pick, use, drop, pick, use (cost 8). Conditions on
 * two weapons at once contradict immediately, so regression prunes them at once.
 * Compare {@link mergedBoolTwinDomain}.
 * @example
 * new GoapPlanner(mergedBoolDomain()).plan(state, 'defeat').cost; // 8
 */
export function mergedBoolDomain(): GoapDomain {
  const schema = defineSchema({ weapon: mergedBools(Weapon, Weapon.Unarmed), hurt: bool(), scared: bool(), blind: bool() });
  const k = schema.keys;
  const pick = (name: string, w: (typeof Weapon)[keyof typeof Weapon]) => ({ name, conditions: [eq(k.weapon, Weapon.Unarmed)], effects: [set(k.weapon, w)] });
  return compileGoapDomain(
    defineActions(schema, [
      pick('pickSword', Weapon.Sword),
      pick('pickBow', Weapon.Bow),
      pick('pickStaff', Weapon.Staff),
      { name: 'drop', conditions: [ne(k.weapon, Weapon.Unarmed)], effects: [set(k.weapon, Weapon.Unarmed)] },
      { name: 'slash', conditions: [eq(k.weapon, Weapon.Sword)], effects: [set(k.hurt, true)] },
      { name: 'shoot', conditions: [eq(k.weapon, Weapon.Bow)], effects: [set(k.scared, true)] },
      { name: 'hex', conditions: [eq(k.weapon, Weapon.Staff)], effects: [set(k.blind, true)] },
    ]),
    { goals: [{ name: 'defeat', conditions: [eq(k.hurt, true), eq(k.scared, true), eq(k.blind, true)] }] },
  );
}

/**
 * The all-bools twin of {@link mergedBoolDomain}: `unarmed`, `hasSword`,
 * `hasBow`, `hasStaff` as separate booleans, with every pick/drop keeping them
 * exclusive by hand. Same plans, a bigger state space, more expansions.
 * @example
 * new GoapPlanner(mergedBoolTwinDomain()).plan(state, 'defeat').expanded; // about twice the merged domain's
 */
export function mergedBoolTwinDomain(): GoapDomain {
  const schema = defineSchema({ unarmed: bool(true), hasSword: bool(), hasBow: bool(), hasStaff: bool(), hurt: bool(), scared: bool(), blind: bool() });
  const k = schema.keys;
  const pick = (name: string, key: typeof k.hasSword) => ({ name, conditions: [eq(k.unarmed, true)], effects: [set(key, true), set(k.unarmed, false)] });
  return compileGoapDomain(
    defineActions(schema, [
      pick('pickSword', k.hasSword),
      pick('pickBow', k.hasBow),
      pick('pickStaff', k.hasStaff),
      {
        name: 'drop',
        conditions: [eq(k.unarmed, false)],
        effects: [set(k.unarmed, true), set(k.hasSword, false), set(k.hasBow, false), set(k.hasStaff, false)],
      },
      { name: 'slash', conditions: [eq(k.hasSword, true)], effects: [set(k.hurt, true)] },
      { name: 'shoot', conditions: [eq(k.hasBow, true)], effects: [set(k.scared, true)] },
      { name: 'hex', conditions: [eq(k.hasStaff, true)], effects: [set(k.blind, true)] },
    ]),
    { goals: [{ name: 'defeat', conditions: [eq(k.hurt, true), eq(k.scared, true), eq(k.blind, true)] }] },
  );
}
