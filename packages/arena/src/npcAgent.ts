import { createState, mulberry32 } from '@dualplan/world-state';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { npcActions, npcHtnDomain, swordCombatDomain, type NpcActions } from '@dualplan/htn/examples';
import { createAgent, OperatorStatus, type Agent, type AgentView, type Operator, type RunnerEventListener, type Sensor } from '@dualplan/runner';
import { distance, HEIGHT, moveToward, WIDTH, type Arena, type Point } from './Arena.js';
import { timed } from './timed.js';

/** The NPC's own data: position, where it wanders to, the sword on the ground (null once held), timers. */
export interface NpcCtx {
  readonly pos: Point;
  readonly wanderTo: Point | null;
  readonly sword: Point | null;
  readonly busyUntil: number;
}

const SPEED = 5;
const WANDER = 15;
const NEAR = 14;
const SAFE = 18;
const MELEE = 2.5;
const SEES_SWORD = 15;
const SWING_SECONDS = 0.8;
const START: Point = { x: 12, y: 50 };
const SWORD: Point = { x: 88, y: 30 };

const clamp = (v: number, max: number): number => Math.min(max, Math.max(0, v));

/**
 * The NPC's HTN planner: the FluidHTN-style NPC domain, its `Combat` slot empty until it picks up the sword.
 * @example
 * const planner = npcPlanner(); // planner.pluggedInto('Combat') === null
 */
export function npcPlanner(actions: NpcActions = npcActions()): HtnPlanner {
  return new HtnPlanner(npcHtnDomain(actions));
}

/**
 * The NPC's operators, one per operator of its actions. Picking up the sword plugs the sword's combat
 * sub-domain into the planner's `Combat` slot: from then on, "fight" plans (and the running plan, if it
 * used the slot, is stale and replaced).
 * @example
 * const operators = npcOperators(arena, planner, 7); // operators.pickUp plugs the sword
 */
export function npcOperators(arena: Arena, planner: HtnPlanner, seed: number): Record<string, Operator<NpcCtx>> {
  const player = arena.player;
  // Its own generator: the NPC must not change the world's random sequence (the other agents' story).
  const random = mulberry32(seed ^ 0x5eed);
  const actions = planner.domain.actions as NpcActions;
  const walk = (agent: AgentView<NpcCtx>, to: Point, dt: number): Point => {
    const next = moveToward(agent.ctx.pos, to, SPEED * dt);
    agent.updateCtx((c) => {
      c.pos = next;
    });
    return next;
  };
  return {
    wander: {
      // Curious: it strolls up to WANDER units toward where the player is, give or take a few steps.
      start: (_args, agent) =>
        agent.updateCtx((c) => {
          const toward = moveToward(c.pos, player, WANDER);
          c.wanderTo = { x: clamp(Math.round(toward.x + random() * 10 - 5), WIDTH), y: clamp(Math.round(toward.y + random() * 10 - 5), HEIGHT) };
        }),
      update: (_args, agent, dt) => {
        const to = agent.ctx.wanderTo ?? agent.ctx.pos;
        return distance(walk(agent, to, dt), to) < 0.5 ? OperatorStatus.Success : OperatorStatus.Running;
      },
    },
    pickUp: {
      update: (_args, agent, dt) => {
        const sword = agent.ctx.sword;
        if (sword === null) return OperatorStatus.Failure;
        if (distance(walk(agent, sword, dt), sword) > 0.5) return OperatorStatus.Running;
        agent.updateCtx((c) => {
          c.sword = null;
        });
        planner.plug('Combat', swordCombatDomain(actions));
        arena.note(`${agent.id} picked up the sword: its Combat slot now plans sword fighting`);
        return OperatorStatus.Success;
      },
    },
    flee: {
      update: (_args, agent, dt) => {
        const away = {
          x: agent.ctx.pos.x + Math.sign(agent.ctx.pos.x - player.x || 1) * 10,
          y: agent.ctx.pos.y + Math.sign(agent.ctx.pos.y - player.y || 1) * 10,
        };
        walk(agent, { x: clamp(away.x, WIDTH), y: clamp(away.y, HEIGHT) }, dt);
        return !player.alive || distance(agent.ctx.pos, player) > SAFE ? OperatorStatus.Success : OperatorStatus.Running;
      },
    },
    swing: {
      // Close in, then a swing takes SWING_SECONDS (started over if the player gets away).
      update: (_args, agent, dt) => {
        if (!player.alive) return OperatorStatus.Failure;
        const close = distance(walk(agent, player, dt), player) <= MELEE;
        const until = !close ? 0 : agent.ctx.busyUntil > 0 ? agent.ctx.busyUntil : agent.time + SWING_SECONDS;
        agent.updateCtx((c) => {
          c.busyUntil = until;
        });
        if (!close || agent.time + 1e-9 < until) return OperatorStatus.Running;
        agent.updateCtx((c) => {
          c.busyUntil = 0;
        });
        arena.hitPlayer(10, `${agent.id} (sword)`);
        return OperatorStatus.Success;
      },
    },
    // The gun's moves (its sub-domain is not in this match): plain timed actions.
    shoot: timed(0.3),
    reload: timed(1),
    takeCover: timed(0.5),
  };
}

/**
 * Sight of the player and of the sword on the ground; whether it holds the sword.
 * @example
 * const sensors = npcSensors(arena, planner.domain.schema);
 */
export function npcSensors(arena: Arena, schema = npcActions().schema): Sensor<NpcCtx>[] {
  const keys = schema.keys;
  const player = arena.player;
  return [
    {
      name: 'sight',
      interval: 0.2,
      update: (agent) => {
        agent.state.set(keys.EnemyNear, player.alive && distance(agent.ctx.pos, player) <= NEAR);
        const sword = agent.ctx.sword;
        agent.state.set(keys.WeaponNearby, sword !== null && distance(agent.ctx.pos, sword) <= SEES_SWORD);
        agent.state.set(keys.HasWeapon, sword === null);
      },
    },
  ];
}

/**
 * The FluidHTN-style NPC: it wanders, flees the player while unarmed, picks up the sword lying
 * near the cliff (which plugs sword combat into its `Combat` slot), and then fights instead.
 * @example
 * const npc = createNpc(arena, npcPlanner(), 7, log);
 */
export function createNpc(arena: Arena, planner: HtnPlanner, seed: number, onEvent?: RunnerEventListener): Agent<NpcCtx> {
  const schema = planner.domain.schema as ReturnType<typeof npcActions>['schema'];
  return createAgent<NpcCtx>({
    id: 'npc',
    state: createState(schema),
    ctx: { pos: START, wanderTo: null, sword: SWORD, busyUntil: 0 },
    planner: htnAgentPlanner(planner),
    operators: npcOperators(arena, planner, seed),
    sensors: npcSensors(arena, schema),
    onEvent,
  });
}
