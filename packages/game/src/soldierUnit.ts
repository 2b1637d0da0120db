import { createState, type AgentPlanner, type PendingPlanner } from '@dualplan/world-state';
import { createAgent, OperatorStatus, type AgentView, type Operator, type Sensor } from '@dualplan/runner';
import { Body } from './Body.js';
import type { Game } from './Game.js';
import { distance, type Entity, type Point } from './GameMap.js';
import { guardTargets } from './guardTargets.js';
import { COVER_SLOTS, squadPlanner, squadSchema } from './soldierDomain.js';
import type { TargetTable } from './TargetTable.js';
import { TargetingPlanner } from './TargetingPlanner.js';
import { timed } from './timed.js';
import type { Unit, UnitCtx, UnitKind } from './Unit.js';

/** A squad soldier's context: its body, its squad, when it last shot, where it patrols or flanks to. */
export interface SoldierCtx extends UnitCtx {
  readonly squad: number;
  readonly shotAt: number;
  readonly goal: Point | null;
}

const VISION = 20;
const RANGE = 22;
const TROLLS: readonly UnitKind[] = ['troll'];

/** The soldier's operators: walk to the claimed cover, reload, shoot at the troll, flank it, patrol. */
function soldierOperators(game: Game): Record<string, Operator<SoldierCtx>> {
  const troll = (agent: AgentView<SoldierCtx>, range: number) => game.nearest(agent.ctx.body, range, TROLLS);
  const walk = (agent: AgentView<SoldierCtx>, to: Point, dt: number, arrive?: number) => {
    const s = agent.ctx.body.moveTo(to, dt, game, arrive);
    return s === 'unreachable' ? OperatorStatus.Failure : s === 'arrived' ? OperatorStatus.Success : OperatorStatus.Running;
  };
  return {
    takeCover: {
      update: (args, agent, dt) => {
        const cover = game.map.entity(String(args[0]));
        return cover === null ? OperatorStatus.Failure : walk(agent, cover, dt, 0.2);
      },
    },
    reload: timed(1.2),
    shoot: timed(0.6, (agent) => {
      if (troll(agent, RANGE) === null) return OperatorStatus.Failure;
      game.count('hitsOnTroll');
      agent.updateCtx((c) => {
        c.shotAt = agent.time;
      });
      return OperatorStatus.Success;
    }),
    flank: {
      start: (_args, agent) => {
        const t = troll(agent, VISION);
        const b = agent.ctx.body;
        const side = agent.ctx.squad % 2 === 0 ? 1 : -1;
        const to = t === null ? null : game.map.nearestWalkable({ x: t.body.x + (b.y - t.body.y) * 0.5 * side, y: t.body.y - (b.x - t.body.x) * 0.5 * side });
        agent.updateCtx((c) => {
          c.goal = to;
        });
      },
      update: (_args, agent, dt) => (agent.ctx.goal === null ? OperatorStatus.Failure : walk(agent, agent.ctx.goal, dt, 0.6)),
    },
    patrol: {
      start: (_args, agent) => {
        const b = agent.ctx.body;
        const to = game.map.nearestWalkable({ x: b.x + (game.next() - 0.5) * 16, y: b.y + (game.next() - 0.5) * 16 });
        agent.updateCtx((c) => {
          c.goal = to;
        });
      },
      update: (_args, agent, dt) => {
        if (troll(agent, VISION) !== null) return OperatorStatus.Success;
        return agent.ctx.goal === null ? OperatorStatus.Failure : walk(agent, agent.ctx.goal, dt, 0.6);
      },
    },
  };
}

/** Sight of the troll, whether it stands at the cover it holds, and suppression wearing off. */
function soldierSensors(game: Game, id: string): Sensor<SoldierCtx>[] {
  const k = squadSchema().keys;
  return [
    {
      name: 'sight',
      interval: 0.3,
      update: (agent) => {
        const t = game.nearest(agent.ctx.body, VISION, TROLLS);
        agent.state.set(k.EnemyVisible, t !== null);
        if (t === null || distance(agent.ctx.body, t.body) > 12) agent.state.set(k.Flanking, false);
        if (agent.time - agent.ctx.shotAt > 2) agent.state.set(k.EnemySuppressed, false);
        let inCover = false;
        for (const c of game.board.claimsOf(id)) {
          const e = game.map.entity(c.resource);
          if (e !== null && e.kind === 'cover' && distance(e, agent.ctx.body) < 0.5) inCover = true;
        }
        agent.state.set(k.InCover, inCover);
      },
    },
  ];
}

/** The cover candidates of a request: the nearest `COVER_SLOTS` covers free for `agent`, by straight distance (ties by id). */
function coverCandidates(game: Game, agent: string, from: Point): Entity[] {
  const out: Entity[] = [];
  const dist: number[] = [];
  for (const c of game.map.entitiesOf('cover')) {
    if (!game.board.isFree(c.id, agent)) continue;
    const d = distance(from, c);
    // Insert in order into the few kept (a selection, not a sort of every cover).
    let i = out.length;
    while (i > 0 && (dist[i - 1] > d || (dist[i - 1] === d && out[i - 1].id > c.id))) i--;
    if (i >= COVER_SLOTS) continue;
    out.splice(i, 0, c);
    dist.splice(i, 0, d);
    if (out.length > COVER_SLOTS) {
      out.pop();
      dist.pop();
    }
  }
  return out;
}

/** The targeting planner without its pending side: `plan()` with straight-line costs, nothing claimed; failures, successes and time still reach the GOAP planner (its penalties), as they do with queries. */
function plainPlanner(targeting: TargetingPlanner<SoldierCtx>): AgentPlanner<SoldierCtx> {
  return {
    kind: targeting.kind,
    operators: targeting.operators,
    plan: (state, ctx, running) => targeting.plan(state, ctx, running),
    shouldReplace: (candidate, running) => targeting.shouldReplace(candidate, running),
    stepFailed: (step) => targeting.stepFailed(step),
    stepSucceeded: (step) => targeting.stepSucceeded(step),
    update: (dt) => targeting.update(dt),
  };
}

/** Options of {@link createSoldierUnit}. */
export interface SoldierUnitOptions {
  /**
   * The planner inside the targeting planner; default {@link squadPlanner}, synchronous. A pending one (the
   * game's scheduler, a worker pool) plans once the queries settled, and the claims are made when it answers.
   */
  readonly inner?: AgentPlanner<TargetTable> | PendingPlanner<TargetTable>;
  /** Plan synchronously with straight-line costs: no queries, no claims (a baseline for benchmarks); default false. */
  readonly plain?: boolean;
}

/**
 * A GOAP squad soldier: its cover is an entity target chosen at plan time among the nearest free covers,
 * costed by path-length queries, claimed on the board when the plan is adopted.
 * @example
 * game.add(createSoldierUnit(game, 's0-1', 0, { x: 60.5, y: 10.5 }));
 */
export function createSoldierUnit(game: Game, id: string, squad: number, at: Point, options: SoldierUnitOptions = {}): Unit {
  const body = new Body(game.map.nearestWalkable(at), 5);
  const inner = options.inner ?? squadPlanner();
  const schema = squadSchema();
  const targeting = new TargetingPlanner<SoldierCtx>({
    agent: id,
    inner,
    slots: COVER_SLOTS,
    candidates: (ctx) => coverCandidates(game, id, ctx.body),
    origin: (ctx) => ({ x: ctx.body.x, y: ctx.body.y }),
    // Unbound steps carry their slot; bound ones the entity id (any slot >= 0 marks a target to claim).
    slotOf: (step) => (step.operator !== 'takeCover' ? -1 : typeof step.args[0] === 'number' ? step.args[0] : 0),
    queries: game.queries,
    board: game.board,
    now: () => game.time,
    onProblem: (e) => game.report(e),
  });
  const agent = createAgent<SoldierCtx>({
    id,
    state: createState(schema),
    ctx: { body, busyUntil: 0, squad, shotAt: -Infinity, goal: null },
    planner: options.plain ? plainPlanner(targeting) : targeting,
    operators: guardTargets(game, soldierOperators(game)),
    sensors: soldierSensors(game, id),
    onEvent: (e) => {
      targeting.listen(e);
      game.record(e);
    },
  });
  return {
    id,
    kind: 'soldier',
    agent,
    body,
    squad,
    retire: () => {
      agent.runner().abortPlan('knocked out');
      agent.runner().cancelPlanning();
      targeting.retire();
    },
  };
}
