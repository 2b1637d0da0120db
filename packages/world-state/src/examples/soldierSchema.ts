import { bool } from '../KeySpec';
import { defineSchema } from '../defineSchema';

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

export type SoldierSchema = ReturnType<typeof soldierSchema>;
