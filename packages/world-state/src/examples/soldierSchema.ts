import { bool } from '../schema/KeySpec.js';
import { defineSchema } from '../schema/defineSchema.js';

/**
 * The classic GOAP soldier: eight boolean atoms. Start: armed with gun and bomb,
 * alive, enemy alive. Goal: enemy dead while staying alive (optimal cost 4).
 */
export function soldierSchema() {
  return defineSchema({
    armedwithgun: bool(true),
    enemyvisible: bool(),
    nearenemy: bool(),
    weaponloaded: bool(),
    enemylinedup: bool(),
    enemyalive: bool(true),
    armedwithbomb: bool(true),
    alive: bool(true),
  });
}

/** The schema type of {@link soldierSchema}. */
export type SoldierSchema = ReturnType<typeof soldierSchema>;
