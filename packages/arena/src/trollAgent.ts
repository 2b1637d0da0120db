import { createState, type AgentPlanner } from '@dualplan/world-state';
import { EnemyRange, TrollLocation, TrollOperator, trollSchema } from '@dualplan/world-state/examples';
import { createAgent, OperatorStatus, type Agent, type AgentView, type Operator, type RunnerEventListener, type Sensor } from '@dualplan/runner';
import { Arena, BRIDGES, TREES, distance, moveToward, onCliff, type PlayerBot, type Point } from './Arena.js';
import { timed } from './timed.js';

/** What the troll's operators and sensors know that the planner does not plan over. */
export interface TrollCtx {
  readonly pos: Point;
  /** Index into BRIDGES of the bridge being checked. */
  readonly bridge: number;
  readonly trunk: Point | null;
  readonly lastEnemy: Point | null;
  readonly lastSeenAt: number;
  /** End time of the running timed action (animation). */
  readonly busyUntil: number;
}

const SPEED = 6;
const VISION = 25;
const MELEE = 3;

function nearestTree(from: Point): Point {
  let best = TREES[0];
  for (const t of TREES) if (distance(from, t) < distance(from, best)) best = t;
  return best;
}

/** Whether the troll sees the player (alive and within vision range). */
function sees(player: PlayerBot, agent: AgentView<TrollCtx>): boolean {
  return player.alive && distance(agent.ctx.pos, player) <= VISION;
}

/** One implementation per {@link TrollOperator} id, shared by the HTN and the GOAP troll. */
export function trollOperators(arena: Arena): Record<TrollOperator, Operator<TrollCtx>> {
  const player = arena.player;
  const navTarget = (loc: number, ctx: TrollCtx): Point | null => {
    switch (loc) {
      case TrollLocation.Enemy:
        return player.alive && !onCliff(player) ? player : null;
      case TrollLocation.Bridge:
        return BRIDGES[ctx.bridge];
      case TrollLocation.Trunk:
        // The GOAP troll has no FindTrunk step: then walk to the nearest tree.
        return ctx.trunk ?? nearestTree(ctx.pos);
      case TrollLocation.LastEnemyLoc:
        return ctx.lastEnemy;
      default:
        return null;
    }
  };
  return {
    [TrollOperator.ChooseBridge]: {
      update: (_args, agent) => {
        agent.updateCtx((c) => {
          c.bridge = (c.bridge + 1) % BRIDGES.length;
        });
        return OperatorStatus.Success;
      },
    },
    [TrollOperator.NavigateTo]: {
      update: (args, agent, dt) => {
        const target = navTarget(Number(args[0]), agent.ctx);
        if (target === null) return OperatorStatus.Failure;
        const loc = Number(args[0]);
        const arrive = loc === TrollLocation.Enemy ? MELEE - 0.5 : 1;
        let pos = agent.ctx.pos;
        if (distance(pos, target) > arrive) {
          pos = moveToward(pos, target, SPEED * dt);
          const next = pos;
          agent.updateCtx((c) => {
            c.pos = next;
          });
        }
        if (distance(pos, target) > arrive) return OperatorStatus.Running;
        // Searched the last known position: if the enemy is not here, forget it (the memory sensor reports that).
        if (loc === TrollLocation.LastEnemyLoc && !sees(player, agent)) {
          agent.updateCtx((c) => {
            c.lastEnemy = null;
          });
        }
        return OperatorStatus.Success;
      },
    },
    [TrollOperator.CheckBridge]: timed(1.5),
    [TrollOperator.FindTrunk]: {
      update: (_args, agent) => {
        const best = nearestTree(agent.ctx.pos);
        agent.updateCtx((c) => {
          c.trunk = best;
        });
        return OperatorStatus.Success;
      },
    },
    [TrollOperator.UprootTrunk]: timed(2),
    [TrollOperator.TrunkSlam]: timed(1, (agent) => {
      if (!player.alive || distance(agent.ctx.pos, player) > MELEE + 3) return OperatorStatus.Failure;
      arena.hitPlayer(30, `${agent.id} (trunk slam)`);
      return OperatorStatus.Success;
    }),
    [TrollOperator.WhirlwindAttack]: timed(2, (agent) => {
      if (player.alive && distance(agent.ctx.pos, player) <= 5) arena.hitPlayer(50, `${agent.id} (whirlwind)`);
      return OperatorStatus.Success;
    }),
    [TrollOperator.Roar]: timed(1.2),
    [TrollOperator.Recover]: timed(1.5),
    [TrollOperator.ThrowBoulder]: timed(1.5, (agent) => {
      if (!player.alive || distance(agent.ctx.pos, player) > 35) return OperatorStatus.Failure;
      if (arena.random() < 0.4) arena.hitPlayer(25, `${agent.id} (boulder)`);
      return OperatorStatus.Success;
    }),
  };
}

/** Seconds a troll may stand still at a bridge before it heads for the next one. */
const RESTLESS_AFTER = 2;

/** Vision, range, memory and reachability, written into the troll's world state. */
export function trollSensors(arena: Arena): Sensor<TrollCtx>[] {
  const player = arena.player;
  const keys = trollSchema().keys;
  // Restlessness: a troll standing still at a bridge for a while moves on to the next bridge. The HTN
  // troll's patrol does this by itself; the GOAP troll's patrol goal is only "be at a bridge", which
  // holds from the start, so without this it would stand idle until it saw someone.
  let still = 0;
  let last: Point | null = null;
  return [
    {
      name: 'restless',
      interval: 0.5,
      update: (agent, dt) => {
        const pos = agent.ctx.pos;
        const atBridge = agent.state.get(keys.WsLocation) === TrollLocation.Bridge;
        still = atBridge && last !== null && last.x === pos.x && last.y === pos.y ? still + dt : 0;
        last = pos;
        if (still < RESTLESS_AFTER) return;
        still = 0;
        agent.updateCtx((c) => {
          c.bridge = (c.bridge + 1) % BRIDGES.length;
        });
        agent.state.set(keys.WsLocation, TrollLocation.Unknown);
      },
    },
    {
      name: 'vision',
      interval: 0.2,
      update: (agent) => {
        const visible = sees(player, agent);
        const d = distance(agent.ctx.pos, player);
        agent.state.set(keys.WsCanSeeEnemy, visible);
        agent.state.set(keys.WsEnemyRange, !visible ? EnemyRange.OutOfRange : d <= MELEE ? EnemyRange.Melee : EnemyRange.View);
        if (visible) {
          const last = agent.ctx.lastEnemy;
          const moved = last === null || distance(last, player) > 1;
          agent.updateCtx((c) => {
            c.lastSeenAt = agent.time;
            if (moved) c.lastEnemy = { x: Math.round(player.x), y: Math.round(player.y) };
          });
        }
      },
    },
    {
      name: 'memory',
      interval: 0.1,
      update: (agent) => agent.state.set(keys.WsHasSeenEnemyRecently, agent.ctx.lastEnemy !== null && agent.time - agent.ctx.lastSeenAt <= 6),
    },
    {
      name: 'reach',
      interval: 0.5,
      update: (agent) => agent.state.set(keys.WsCanNavigateToEnemy, !onCliff(player)),
    },
  ];
}

/**
 * The Trunk Thumper: the same operators and sensors whichever planner drives it.
 * @example
 * const troll = createTroll(arena, 'troll', htnTrollPlanner(), log);
 */
export function createTroll(arena: Arena, id: string, planner: AgentPlanner<TrollCtx>, onEvent?: RunnerEventListener): Agent<TrollCtx> {
  const state = createState(trollSchema());
  return createAgent<TrollCtx>({
    id,
    state,
    ctx: { pos: { x: BRIDGES[0].x, y: BRIDGES[0].y }, bridge: 0, trunk: null, lastEnemy: null, lastSeenAt: -Infinity, busyUntil: 0 },
    planner,
    operators: trollOperators(arena),
    sensors: trollSensors(arena),
    sensorsPerTick: 2,
    onEvent,
  });
}
