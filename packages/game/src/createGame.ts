import type { AgentPlanner, PendingPlanner } from '@dualplan/world-state';
import { Game, type GameOptions } from './Game.js';
import type { TargetTable } from './TargetTable.js';
import { createSoldierUnit } from './soldierUnit.js';
import { createTrollUnit } from './trollUnit.js';
import { createVillagerUnit } from './villagerUnit.js';

/** Who is in a scene. */
export interface SceneOptions extends GameOptions {
  readonly villagers?: number;
  readonly squads?: number;
  readonly squadSize?: number;
  /** The troll's planner; default HTN. */
  readonly troll?: 'htn' | 'goap';
  /** Soldiers plan synchronously with straight-line costs, no queries and no claims (the benchmark's baseline); default false. */
  readonly plainSoldiers?: boolean;
  /**
   * The planner each soldier's targeting planner plans with, once its queries settled: e.g. through the game's
   * scheduler (`(game) => game.scheduler.schedule(squadPlanner())`) or a worker pool; default synchronous.
   */
  readonly soldierPlanner?: (game: Game, id: string) => AgentPlanner<TargetTable> | PendingPlanner<TargetTable>;
}

/** The default scene: a troll, 6 squads of 8 soldiers and 152 villagers (201 agents). */
export const DEFAULT_SCENE = Object.freeze({ villagers: 152, squads: 6, squadSize: 8 });

/** The crowd scene: a troll, 8 squads of 8 soldiers and 1,950 villagers (2,015 agents). */
export const CROWD_SCENE = Object.freeze({ villagers: 1950, squads: 8, squadSize: 8 });

/**
 * A game with its units: the troll by the first bridge, squads east of the river, villagers spread over the map.
 * @example
 * const game = createGame({ seed: 1 }); // DEFAULT_SCENE
 * game.step(0.1);
 */
export function createGame(options: SceneOptions = {}): Game {
  const game = new Game(options);
  const { width, height } = game.map;
  game.add(createTrollUnit(game, 'troll', options.troll ?? 'htn'));
  const squads = options.squads ?? DEFAULT_SCENE.squads;
  const size = options.squadSize ?? DEFAULT_SCENE.squadSize;
  for (let s = 0; s < squads; s++) {
    const at = { x: width * 0.62 + game.next() * width * 0.3, y: 2 + game.next() * (height - 4) };
    for (let i = 0; i < size; i++)
      game.add(
        createSoldierUnit(
          game,
          `s${s}-${i}`,
          s,
          { x: at.x + (i % 3), y: at.y + Math.floor(i / 3) },
          {
            plain: options.plainSoldiers,
            inner: options.soldierPlanner?.(game, `s${s}-${i}`),
          },
        ),
      );
  }
  const villagers = options.villagers ?? DEFAULT_SCENE.villagers;
  for (let v = 0; v < villagers; v++) game.add(createVillagerUnit(game, `v${v}`, { x: 1 + game.next() * (width - 2), y: 1 + game.next() * (height - 2) }));
  return game;
}
