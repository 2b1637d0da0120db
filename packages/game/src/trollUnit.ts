import { createState, type Schema } from '@dualplan/world-state';
import { EnemyRange, TrollLocation, TrollOperator } from '@dualplan/world-state/examples';
import { createAgent, OperatorStatus, type AgentView, type Operator, type Sensor } from '@dualplan/runner';
import { Body } from './Body.js';
import { ClaimTracker } from './ClaimTracker.js';
import type { Game } from './Game.js';
import { distance, type Point } from './GameMap.js';
import { guardTargets } from './guardTargets.js';
import { timed } from './timed.js';
import { trollFromDocument } from './trollDocument.js';
import type { Unit, UnitCtx, UnitKind } from './Unit.js';

/** The troll's context: its body, the bridge it checks, the tree it holds a claim on, where it last saw an enemy. */
export interface TrollCtx extends UnitCtx {
  readonly bridge: number;
  readonly tree: string | null;
  readonly lastEnemy: Point | null;
  readonly lastSeenAt: number;
}

const VISION = 16;
const MELEE = 2.5;

const PREY: readonly UnitKind[] = ['soldier', 'villager'];

/** The troll's operators on the map: it walks paths, claims and uproots the nearest free tree, slams whoever is in reach. */
function trollOperators(game: Game, self: () => Unit, claims: ClaimTracker): Record<TrollOperator, Operator<TrollCtx>> {
  const bridges = game.map.entitiesOf('bridge');
  const enemy = (agent: AgentView<TrollCtx>) => game.nearest(agent.ctx.body, VISION, PREY, self());
  const freeTree = (from: Point): string | null => {
    let best: string | null = null;
    let bestD = Infinity;
    for (const t of game.map.entitiesOf('tree')) {
      const d = distance(from, t);
      if (d < bestD && claims.mayUse(t.id)) {
        bestD = d;
        best = t.id;
      }
    }
    return best;
  };
  const target = (loc: number, agent: AgentView<TrollCtx>): Point | null => {
    const c = agent.ctx;
    switch (loc) {
      case TrollLocation.Enemy:
        return enemy(agent)?.body ?? null;
      case TrollLocation.Bridge:
        return bridges[c.bridge % bridges.length];
      case TrollLocation.Trunk: {
        // The GOAP troll has no FindTrunk step: it claims the nearest free tree on its way.
        let id = c.tree;
        if (id === null || game.map.entity(id) === null) {
          id = freeTree(c.body);
          if (id === null || !claims.claim(id)) return null;
          const chosen = id;
          agent.updateCtx((d) => {
            d.tree = chosen;
          });
        }
        return game.map.entity(id);
      }
      case TrollLocation.LastEnemyLoc:
        return c.lastEnemy;
      default:
        return null;
    }
  };
  return {
    [TrollOperator.ChooseBridge]: {
      update: (_args, agent) => {
        agent.updateCtx((c) => {
          c.bridge = (c.bridge + 1) % bridges.length;
        });
        return OperatorStatus.Success;
      },
    },
    [TrollOperator.NavigateTo]: {
      update: (args, agent, dt) => {
        const loc = Number(args[0]);
        const to = target(loc, agent);
        if (to === null) return OperatorStatus.Failure;
        const moved = agent.ctx.body.moveTo(to, dt, game, loc === TrollLocation.Enemy ? MELEE - 0.5 : loc === TrollLocation.Trunk ? 1.2 : 0.6);
        if (moved === 'unreachable') return OperatorStatus.Failure;
        if (moved !== 'arrived') return OperatorStatus.Running;
        if (loc === TrollLocation.LastEnemyLoc && enemy(agent) === null)
          agent.updateCtx((c) => {
            c.lastEnemy = null;
          });
        return OperatorStatus.Success;
      },
    },
    [TrollOperator.CheckBridge]: timed(1.5),
    [TrollOperator.FindTrunk]: {
      update: (_args, agent) => {
        const id = freeTree(agent.ctx.body);
        if (id === null || !claims.claim(id)) return OperatorStatus.Failure;
        agent.updateCtx((c) => {
          c.tree = id;
        });
        return OperatorStatus.Success;
      },
    },
    [TrollOperator.UprootTrunk]: timed(2, (agent) => {
      const id = agent.ctx.tree;
      if (id === null || game.map.entity(id) === null) return OperatorStatus.Failure;
      claims.release(id, 'uprooted');
      game.removeEntity(id);
      game.count('uprooted');
      agent.updateCtx((c) => {
        c.tree = null;
      });
      return OperatorStatus.Success;
    }),
    [TrollOperator.TrunkSlam]: timed(1, (agent) => {
      const victim = game.nearest(agent.ctx.body, MELEE + 1.5, PREY, self());
      if (victim === null) return OperatorStatus.Failure;
      game.count('trollSlams');
      game.knockOut(victim);
      return OperatorStatus.Success;
    }),
    [TrollOperator.WhirlwindAttack]: timed(2, (agent) => {
      for (let v = game.nearest(agent.ctx.body, 4, PREY, self()); v !== null; v = game.nearest(agent.ctx.body, 4, PREY, self())) game.knockOut(v);
      return OperatorStatus.Success;
    }),
    [TrollOperator.Roar]: timed(1.2),
    [TrollOperator.Recover]: timed(1.5),
    [TrollOperator.ThrowBoulder]: timed(1.5, (agent) => (enemy(agent) === null ? OperatorStatus.Failure : OperatorStatus.Success)),
  };
}

/** Vision, range, memory, and restlessness at a bridge, written into the troll's world state. */
function trollSensors(game: Game, self: () => Unit, schema: Schema<any>): Sensor<TrollCtx>[] {
  const keys = schema.keys as Record<string, number>;
  let still = 0;
  return [
    {
      name: 'vision',
      interval: 0.2,
      update: (agent) => {
        const e = game.nearest(agent.ctx.body, VISION, PREY, self());
        const d = e === null ? Infinity : distance(agent.ctx.body, e.body);
        agent.state.set(keys.WsCanSeeEnemy, e !== null);
        agent.state.set(keys.WsEnemyRange, e === null ? EnemyRange.OutOfRange : d <= MELEE ? EnemyRange.Melee : EnemyRange.View);
        if (e !== null) {
          const at = { x: e.body.x, y: e.body.y };
          agent.updateCtx((c) => {
            c.lastSeenAt = agent.time;
            c.lastEnemy = at;
          });
        }
      },
    },
    {
      name: 'memory',
      interval: 0.2,
      update: (agent) => agent.state.set(keys.WsHasSeenEnemyRecently, agent.ctx.lastEnemy !== null && agent.time - agent.ctx.lastSeenAt <= 6),
    },
    {
      name: 'restless',
      interval: 0.5,
      update: (agent, dt) => {
        still = agent.state.get(keys.WsLocation) === TrollLocation.Bridge ? still + dt : 0;
        if (still < 2) return;
        still = 0;
        agent.updateCtx((c) => {
          c.bridge = (c.bridge + 1) % 3;
        });
        agent.state.set(keys.WsLocation, TrollLocation.Unknown);
      },
    },
  ];
}

/**
 * The Trunk Thumper on the map, on HTN or GOAP, its domain loaded from the document
 * `@dualplan/documents/examples/troll.json`.
 * @example
 * game.add(createTrollUnit(game, 'troll', 'htn'));
 */
export function createTrollUnit(game: Game, id: string, kind: 'htn' | 'goap'): Unit {
  const bridge = game.map.entitiesOf('bridge')[0];
  const body = new Body(game.map.nearestWalkable({ x: bridge.x - 3, y: bridge.y }), 4);
  const claims = new ClaimTracker(id, game.board);
  let unit: Unit | null = null;
  const self = () => unit!;
  const { planner, schema } = trollFromDocument(kind);
  const agent = createAgent<TrollCtx>({
    id,
    state: createState(schema),
    ctx: { body, busyUntil: 0, bridge: 0, tree: null, lastEnemy: null, lastSeenAt: -Infinity },
    planner: game.scheduler.schedule(planner),
    operators: guardTargets(game, trollOperators(game, self, claims)),
    sensors: trollSensors(game, self, schema),
    sensorsPerTick: 3,
    onEvent: (e) => {
      claims.listen(e);
      game.record(e);
    },
  });
  unit = {
    id,
    kind: 'troll',
    agent,
    body,
    squad: -1,
    retire: () => {
      agent.runner().abortPlan('knocked out');
      game.board.releaseExcept(id, null, 'agent down');
    },
  };
  return unit;
}
