import { createState, type AgentPlanner } from '@dualplan/world-state';
import { soldierSchema } from '@dualplan/world-state/examples';
import { createAgent, OperatorStatus, type Agent, type AgentView, type Operator, type RunnerEventListener, type Sensor } from '@dualplan/runner';
import { Arena, distance, moveToward, type PlayerBot, type Point } from './Arena.js';
import { timed } from './timed.js';

/** The soldier's own data: position, timers, gun, and where it is scouting. */
export interface SoldierCtx {
  readonly pos: Point;
  readonly busyUntil: number;
  readonly loaded: boolean;
  readonly scoutTo: Point | null;
  readonly diedAt: number;
  readonly since: number;
  /** Shots missed in a row; the third jams the gun. */
  readonly misses: number;
  readonly jammedAt: number;
}

const SPEED = 5;
const VISION = 30;
const NEAR = 6;
const SPAWN: Point = { x: 95, y: 55 };
const JAM_AFTER_MISSES = 3;
const UNJAM_SECONDS = 6;

/** Whether the soldier sees the player (alive and within vision range). */
function sees(player: PlayerBot, agent: AgentView<SoldierCtx>): boolean {
  return player.alive && distance(agent.ctx.pos, player) <= VISION;
}

/** The soldier's operators: one per GOAP action name (scout, approach, aim, shoot, load, detonatebomb, flee). */
export function soldierOperators(arena: Arena): Record<string, Operator<SoldierCtx>> {
  const player = arena.player;
  const keys = soldierSchema().keys;
  const walk = (agent: AgentView<SoldierCtx>, to: Point, dt: number) => {
    const next = moveToward(agent.ctx.pos, to, SPEED * dt);
    agent.updateCtx((c) => {
      c.pos = next;
    });
    return next;
  };
  return {
    scout: {
      start: (_args, agent) =>
        agent.updateCtx((c) => {
          c.scoutTo = arena.randomPoint();
          c.since = agent.time;
        }),
      update: (_args, agent, dt) => {
        if (sees(player, agent)) return OperatorStatus.Success;
        if (agent.time - agent.ctx.since > 12) return OperatorStatus.Failure;
        const to = agent.ctx.scoutTo ?? agent.ctx.pos;
        if (distance(walk(agent, to, dt), to) < 0.5) {
          agent.updateCtx((c) => {
            c.scoutTo = arena.randomPoint();
          });
        }
        return OperatorStatus.Running;
      },
    },
    approach: {
      update: (_args, agent, dt) => {
        if (!player.alive) return OperatorStatus.Failure;
        return distance(walk(agent, player, dt), player) <= NEAR - 1 ? OperatorStatus.Success : OperatorStatus.Running;
      },
    },
    load: timed(1, (agent) => {
      agent.updateCtx((c) => {
        c.loaded = true;
      });
      return OperatorStatus.Success;
    }),
    aim: timed(0.6, (agent) => (sees(player, agent) ? OperatorStatus.Success : OperatorStatus.Failure)),
    shoot: timed(0.2, (agent) => {
      const loaded = agent.ctx.loaded;
      agent.updateCtx((c) => {
        c.loaded = false;
      });
      // The recoil spoils the aim and the shot empties the gun: the world, not the plan, says so.
      agent.state.set(keys.enemylinedup, false);
      agent.state.set(keys.weaponloaded, false);
      const d = distance(agent.ctx.pos, player);
      // Long shots mostly miss; each miss raises the shot's failure penalty in the GOAP planner.
      if (!loaded || !player.alive || d > VISION || arena.random() >= (d < 10 ? 0.7 : 0.25)) {
        agent.updateCtx((c) => {
          c.misses++;
        });
        if (agent.ctx.misses >= JAM_AFTER_MISSES && agent.state.get(keys.armedwithgun)) {
          // Without a gun, killEnemy cannot be planned: goal selection falls back to the bomb.
          agent.state.set(keys.armedwithgun, false);
          agent.updateCtx((c) => {
            c.jammedAt = agent.time;
          });
          arena.note(`${agent.id}'s gun jammed after ${JAM_AFTER_MISSES} misses`);
        }
        return OperatorStatus.Failure;
      }
      agent.updateCtx((c) => {
        c.misses = 0;
      });
      arena.hitPlayer(100, `${agent.id} (rifle)`);
      return OperatorStatus.Success;
    }),
    detonatebomb: timed(0.5, (agent) => {
      if (player.alive && distance(agent.ctx.pos, player) <= NEAR) arena.hitPlayer(100, `${agent.id} (bomb)`);
      arena.note(`${agent.id} detonated its bomb; back in 8 s`);
      agent.state.set(keys.armedwithbomb, false);
      agent.updateCtx((c) => {
        c.diedAt = agent.time;
      });
      return OperatorStatus.Success;
    }),
    flee: {
      update: (_args, agent, dt) => {
        const away = { x: agent.ctx.pos.x + Math.sign(agent.ctx.pos.x - player.x || 1) * 10, y: agent.ctx.pos.y };
        walk(agent, away, dt);
        return distance(agent.ctx.pos, player) > NEAR ? OperatorStatus.Success : OperatorStatus.Running;
      },
    },
  };
}

/** Vision, proximity, the gun, and respawning after the bomb. */
export function soldierSensors(arena: Arena): Sensor<SoldierCtx>[] {
  const player = arena.player;
  const keys = soldierSchema().keys;
  return [
    {
      name: 'vision',
      interval: 0.2,
      update: (agent) => {
        const d = distance(agent.ctx.pos, player);
        const visible = player.alive && d <= VISION;
        agent.state.set(keys.enemyvisible, visible);
        agent.state.set(keys.nearenemy, visible && d <= NEAR);
        agent.state.set(keys.enemyalive, player.alive);
        if (!visible) agent.state.set(keys.enemylinedup, false);
      },
    },
    {
      name: 'gun',
      interval: 0.3,
      update: (agent) => {
        agent.state.set(keys.weaponloaded, agent.ctx.loaded);
        if (!agent.state.get(keys.armedwithgun) && agent.time - agent.ctx.jammedAt >= UNJAM_SECONDS) {
          agent.updateCtx((c) => {
            c.misses = 0;
          });
          agent.state.set(keys.armedwithgun, true);
          arena.note(`${agent.id} cleared its gun`);
        }
      },
    },
    {
      name: 'respawn',
      interval: 1,
      update: (agent) => {
        if (agent.state.get(keys.alive) || agent.time - agent.ctx.diedAt < 8) return;
        agent.updateCtx((c) => {
          c.pos = SPAWN;
          c.loaded = false;
        });
        agent.state.set(keys.alive, true);
        agent.state.set(keys.armedwithbomb, true);
        arena.note(`${agent.id} respawned`);
      },
    },
  ];
}

/**
 * The GOAP soldier hunting the player bot.
 * @example
 * const soldier = createSoldier(arena, goapSoldierPlanner(), log);
 */
export function createSoldier(arena: Arena, planner: AgentPlanner<SoldierCtx>, onEvent?: RunnerEventListener): Agent<SoldierCtx> {
  return createAgent<SoldierCtx>({
    id: 'soldier',
    state: createState(soldierSchema()),
    ctx: { pos: SPAWN, busyUntil: 0, loaded: false, scoutTo: null, diedAt: -Infinity, since: 0, misses: 0, jammedAt: -Infinity },
    planner,
    operators: soldierOperators(arena),
    sensors: soldierSensors(arena),
    onEvent,
  });
}
