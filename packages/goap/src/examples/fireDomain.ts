import { add, bool, defineSchema, eq, ge, int, set, defineActions } from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import type { GoapDomain } from '../domain/GoapDomain.js';

/** Schema of {@link fireDomain} and {@link woodpileDomain}. */
export function fireSchema() {
  return defineSchema({ hasAxe: bool(), hasWood: bool(), hasFire: bool(), wood: int(0, 30) });
}

/**
 * "Fire" (issue 4): get an axe (2) then chop wood (4), or collect branches (8);
 * then make a fire (1). Goal `fire`; the optimum is 7 (getAxe, chopWood, makeFire).
 * @example
 * new GoapPlanner(fireDomain()).plan(state, 'fire').cost; // 7
 */
export function fireDomain(schema = fireSchema()): GoapDomain {
  const k = schema.keys;
  return compileGoapDomain(
    defineActions(schema, [
      { name: 'getAxe', effects: [set(k.hasAxe, true)], cost: 2 },
      { name: 'chopWood', conditions: [eq(k.hasAxe, true)], effects: [set(k.hasWood, true)], cost: 4 },
      { name: 'collectBranches', effects: [set(k.hasWood, true)], cost: 8 },
      { name: 'makeFire', conditions: [eq(k.hasWood, true)], effects: [set(k.hasFire, true)], cost: 1 },
    ]),
    { goals: [{ name: 'fire', conditions: [eq(k.hasFire, true)] }] },
  );
}

/**
 * Numeric regression: `wood >= target` through "+5 wood" becomes `wood >= target - 5`,
 * so "chop three times" plans exist. chop (1, needs the axe, +5), gather (3, +2),
 * getAxe (2). Goal `stock` = wood >= target (default 15: getAxe + chop ×3, cost 5).
 * @example
 * new GoapPlanner(woodpileDomain()).plan(state, 'stock').length; // 4
 */
export function woodpileDomain(target = 15, schema = fireSchema()): GoapDomain {
  const k = schema.keys;
  return compileGoapDomain(
    defineActions(schema, [
      { name: 'getAxe', effects: [set(k.hasAxe, true)], cost: 2 },
      { name: 'chop', conditions: [eq(k.hasAxe, true)], effects: [add(k.wood, 5)], cost: 1 },
      { name: 'gather', effects: [add(k.wood, 2)], cost: 3 },
    ]),
    { goals: [{ name: 'stock', conditions: [ge(k.wood, target)] }] },
  );
}
