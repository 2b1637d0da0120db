import { createState } from '@dualplan/world-state';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { npcActions, npcHtnDomain, swordCombatDomain, type NpcActions } from '@dualplan/htn/examples';
import { cachedPlanner, createAgent, OperatorStatus, type AgentView, type Operator, type Sensor } from '@dualplan/runner';
import { Body } from './Body.js';
import { ClaimTracker } from './ClaimTracker.js';
import type { Game } from './Game.js';
import { distance, type Point } from './GameMap.js';
import { guardTargets } from './guardTargets.js';
import { timed } from './timed.js';
import type { Unit, UnitCtx, UnitKind } from './Unit.js';

/** A villager's context: its body, the weapon it goes for (claimed), whether it holds one, where it wanders or flees. */
export interface VillagerCtx extends UnitCtx {
  readonly weapon: string | null;
  readonly armed: boolean;
  readonly goal: Point | null;
}

const NEAR = 7;
const SEES_WEAPON = 10;
const TROLLS: readonly UnitKind[] = ['troll'];

/** The villager's operators; picking up a weapon plugs sword combat into its planner's `Combat` slot. */
function villagerOperators(game: Game, planner: HtnPlanner, claims: ClaimTracker, self: () => Unit): Record<string, Operator<VillagerCtx>> {
  const actions = planner.domain.actions as NpcActions;
  const walk = (agent: AgentView<VillagerCtx>, to: Point, dt: number, arrive = 0.4) => {
    const s = agent.ctx.body.moveTo(to, dt, game, arrive);
    return s === 'unreachable' ? OperatorStatus.Failure : s === 'arrived' ? OperatorStatus.Success : OperatorStatus.Running;
  };
  const aim = (agent: AgentView<VillagerCtx>, to: Point | null) =>
    agent.updateCtx((c) => {
      c.goal = to;
    });
  return {
    wander: {
      start: (_args, agent) => {
        const b = agent.ctx.body;
        aim(agent, game.map.nearestWalkable({ x: b.x + (game.next() - 0.5) * 12, y: b.y + (game.next() - 0.5) * 12 }));
      },
      update: (_args, agent, dt) => (agent.ctx.goal === null ? OperatorStatus.Failure : walk(agent, agent.ctx.goal, dt)),
    },
    pickUp: {
      start: (_args, agent) => {
        const b = agent.ctx.body;
        let best: string | null = null;
        let bestD = SEES_WEAPON + 1;
        for (const w of game.map.entitiesOf('weapon')) {
          const d = distance(b, w);
          if (d < bestD && claims.mayUse(w.id)) {
            bestD = d;
            best = w.id;
          }
        }
        const id = best !== null && claims.claim(best) ? best : null;
        agent.updateCtx((c) => {
          c.weapon = id;
        });
      },
      update: (_args, agent, dt) => {
        const id = agent.ctx.weapon;
        const w = id === null ? null : game.map.entity(id);
        if (id === null || w === null) return OperatorStatus.Failure;
        const s = walk(agent, w, dt);
        if (s !== OperatorStatus.Success) return s;
        claims.release(id, 'picked up');
        game.removeEntity(id);
        game.count('pickups');
        planner.plug('Combat', swordCombatDomain(actions));
        agent.updateCtx((c) => {
          c.weapon = null;
          c.armed = true;
        });
        return OperatorStatus.Success;
      },
    },
    flee: {
      start: (_args, agent) => {
        const t = game.nearest(agent.ctx.body, NEAR * 2, TROLLS);
        const b = agent.ctx.body;
        aim(agent, t === null ? null : game.map.nearestWalkable({ x: b.x + Math.sign(b.x - t.body.x || 1) * 8, y: b.y + Math.sign(b.y - t.body.y || 1) * 8 }));
      },
      update: (_args, agent, dt) => (agent.ctx.goal === null ? OperatorStatus.Success : walk(agent, agent.ctx.goal, dt)),
    },
    swing: {
      update: (_args, agent, dt) => {
        const t = game.nearest(agent.ctx.body, NEAR * 2, TROLLS, self());
        if (t === null) return OperatorStatus.Failure;
        const s = walk(agent, t.body, dt, 2);
        if (s !== OperatorStatus.Success) return s;
        game.count('hitsOnTroll');
        return OperatorStatus.Success;
      },
    },
    shoot: timed(0.3),
    reload: timed(1),
    takeCover: timed(0.5),
  };
}

/** Sight of the troll and of weapons on the ground; whether it holds one. */
function villagerSensors(game: Game, schema: ReturnType<typeof npcActions>['schema'], claims: ClaimTracker): Sensor<VillagerCtx>[] {
  const k = schema.keys;
  return [
    {
      name: 'sight',
      interval: 0.5,
      update: (agent) => {
        const b = agent.ctx.body;
        agent.state.set(k.EnemyNear, game.nearest(b, NEAR, TROLLS) !== null);
        let weapon = false;
        if (!agent.ctx.armed) for (const w of game.map.entitiesOf('weapon')) if (!weapon && distance(b, w) <= SEES_WEAPON && claims.mayUse(w.id)) weapon = true;
        agent.state.set(k.WeaponNearby, weapon);
        agent.state.set(k.HasWeapon, agent.ctx.armed);
      },
    },
  ];
}

/**
 * An HTN villager (the FluidHTN-style NPC): it wanders, flees the troll while unarmed, and picks up a weapon
 * it sees (a claimed entity target), which plugs sword combat into its `Combat` slot: from then on it fights.
 * @example
 * game.add(createVillagerUnit(game, 'v1', { x: 20.5, y: 30.5 }));
 */
export function createVillagerUnit(game: Game, id: string, at: Point): Unit {
  const planner = new HtnPlanner(npcHtnDomain(npcActions()));
  const schema = planner.domain.schema as ReturnType<typeof npcActions>['schema'];
  const body = new Body(game.map.nearestWalkable(at), 3.5);
  const claims = new ClaimTracker(id, game.board);
  let unit: Unit | null = null;
  // Villagers in one situation (what they see, whether armed: the plugged Combat slot) make one plan: the
  // game's plan cache answers the crowd's repeated requests at once, and only misses queue for the scheduler.
  // afterFailure 0: the HTN planner learns nothing from a failed step, so a villager whose step failed may still share plans.
  const shared = { name: 'villager', ctxKey: (c: VillagerCtx) => c.armed, afterFailure: 0 };
  const agentPlanner = cachedPlanner(game.scheduler.schedule(cachedPlanner(htnAgentPlanner(planner), game.plans, shared)), game.plans, shared);
  const agent = createAgent<VillagerCtx>({
    id,
    state: createState(schema),
    ctx: { body, busyUntil: 0, weapon: null, armed: false, goal: null },
    planner: agentPlanner,
    operators: guardTargets(
      game,
      villagerOperators(game, planner, claims, () => unit!),
    ),
    sensors: villagerSensors(game, schema, claims),
    onEvent: (e) => {
      claims.listen(e);
      game.record(e);
    },
  });
  unit = {
    id,
    kind: 'villager',
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

/** Whether a villager's planner has a weapon in its `Combat` slot (for tests and the page). */
export function isArmed(unit: Unit): boolean {
  return unit.kind === 'villager' && (unit.agent.ctx as VillagerCtx).armed;
}
