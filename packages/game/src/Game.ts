import { mulberry32 } from '@dualplan/world-state';
import { PlanCache, PlanningScheduler, type PlanningSchedulerOptions, type RunnerEvent } from '@dualplan/runner';
import type { PathSource } from './Body.js';
import type { GameError } from './GameError.js';
import { GameMap, distance, type MapOptions, type Point } from './GameMap.js';
import { Pathfinder } from './Pathfinder.js';
import { QueryService, type QueryAnswer } from './QueryService.js';
import { ReservationBoard } from './ReservationBoard.js';
import type { Unit, UnitKind } from './Unit.js';

/** Options of {@link Game}. */
export interface GameOptions {
  readonly seed?: number;
  readonly map?: MapOptions;
  /** Answers plan-time path queries; default: the pathfinder's path length. Tests pass hostile ones. */
  readonly queryAnswer?: QueryAnswer;
  /** Path queries started per frame; default 24. */
  readonly queriesPerFrame?: number;
  /** Game seconds before an unanswered query fails; default 2. */
  readonly queryTimeout?: number;
  /** Movement paths searched per frame (a walker past the budget waits a frame); default 24. */
  readonly pathsPerFrame?: number;
  /**
   * The planning scheduler's options (the troll's and villagers' planning runs through it); default a 2 ms
   * frame budget. Pass `frameWork` and a constant `clock` for runs that must not depend on the machine's speed.
   */
  readonly scheduler?: PlanningSchedulerOptions;
  /** Keep a line per runner and board event in {@link Game.log} (tests compare runs by it); default false. */
  readonly log?: boolean;
}

const ALL_KINDS: readonly UnitKind[] = ['troll', 'soldier', 'villager'];

/** Seconds a knocked-out unit stays down before it gets up at its spawn point. */
export const DOWN_SECONDS = 10;

/** What happened so far, counted. */
export interface GameStats {
  trollSlams: number;
  uprooted: number;
  pickups: number;
  hitsOnTroll: number;
  knockouts: number;
  problems: number;
  /** Agents whose plan lost a target (its entity vanished) and failed for it. */
  targetsLost: number;
}

/**
 * The game world without rendering: the map, pathfinding, the reservation board, the query service, the
 * units, game time and one random generator. {@link Game.step} advances it by a fixed `dt`: the query
 * service's frame share first, then every unit's agent. The same seed and options give the same run.
 * The renderer (the Phaser scene) only reads it.
 * @example
 * const game = createGame({ seed: 1 });
 * for (let i = 0; i < 600; i++) game.step(0.1);
 */
export class Game implements PathSource {
  readonly map: GameMap;
  readonly paths: Pathfinder;
  readonly board: ReservationBoard;
  readonly queries: QueryService;
  /** Plans the troll and the villagers within a per-frame budget (the soldiers plan when their queries settle). */
  readonly scheduler: PlanningScheduler;
  /** Plans shared between agents in the same situation (the villagers'). */
  readonly plans = new PlanCache();
  readonly stats: GameStats = { trollSlams: 0, uprooted: 0, pickups: 0, hitsOnTroll: 0, knockouts: 0, problems: 0, targetsLost: 0 };
  /** Event lines when `log` is on. */
  readonly log: string[] = [];
  /** The last contained problems (typed errors), newest last, at most 50. */
  readonly problems: GameError[] = [];
  private readonly units: Unit[] = [];
  private readonly byId = new Map<string, Unit>();
  /** The units of each kind, in the order added (nearest-unit questions scan one kind, not the crowd). */
  private readonly byKind: Record<UnitKind, Unit[]> = { troll: [], soldier: [], villager: [] };
  private readonly downUntil = new Map<string, number>();
  private readonly spawnOf = new Map<string, Point>();
  private readonly lost = new Set<string>();
  private readonly random: () => number;
  private readonly pathsPerFrame: number;
  private readonly logging: boolean;
  private pathsLeft = 0;
  private t = 0;
  /** The current step's `dt`, and how many of its units have been ticked (a step may be spread over render frames). */
  private stepDt = 0;
  private ticked = 0;
  /** Whether a step begun by {@link startStep} may still have units to tick. */
  private open = false;
  private frames = 0;

  constructor(options: GameOptions = {}) {
    const seed = options.seed ?? 1;
    this.random = mulberry32(seed ^ 0x9e3779b9);
    this.map = GameMap.generate(seed, options.map);
    this.paths = new Pathfinder(this.map);
    const ids: string[] = [];
    for (const e of this.map.entities()) ids.push(e.id);
    this.board = new ReservationBoard(ids);
    this.queries = new QueryService({
      answer: options.queryAnswer ?? ((a, b) => this.paths.length(a, b)),
      // Lengths known without a search (remembered, or a clear straight line) do not wait behind searches.
      known: options.queryAnswer ? undefined : (a, b) => this.paths.knownLength(a, b),
      perPump: options.queriesPerFrame ?? 24,
      timeout: options.queryTimeout ?? 2,
    });
    this.scheduler = new PlanningScheduler(options.scheduler ?? { frameBudgetMs: 2 });
    this.pathsPerFrame = options.pathsPerFrame ?? 24;
    this.logging = options.log ?? false;
    this.map.onRemoved((e) => {
      const holder = this.board.retire(e.id);
      if (holder !== null) this.lost.add(holder);
      if (this.logging) this.log.push(`${this.t.toFixed(1)} entity ${e.id} removed${holder ? ` (held by ${holder})` : ''}`);
    });
    if (this.logging) {
      this.board.subscribe((e) =>
        this.log.push(
          `${this.t.toFixed(1)} board ${e.type} ${e.type === 'refused' ? `${e.resource} ${e.agent} (held by ${e.heldBy})` : `${e.claim.resource} ${e.claim.agent}`}`,
        ),
      );
    }
  }

  /** Game time in seconds. */
  get time(): number {
    return this.t;
  }

  /** Frames stepped. */
  get frame(): number {
    return this.frames;
  }

  /** The next number of the game's random sequence, in [0, 1). */
  next(): number {
    return this.random();
  }

  /** Every unit, in the order added. */
  all(): readonly Unit[] {
    return this.units;
  }

  /** The unit with this id, or null. */
  unit(id: string): Unit | null {
    return this.byId.get(id) ?? null;
  }

  /** Add a unit (its spawn point is where its body stands now). */
  add(unit: Unit): void {
    this.units.push(unit);
    this.byId.set(unit.id, unit);
    this.byKind[unit.kind].push(unit);
    this.spawnOf.set(unit.id, { x: unit.body.x, y: unit.body.y });
  }

  /** Whether `unit` is knocked out. */
  isDown(unit: Unit): boolean {
    return this.downUntil.has(unit.id);
  }

  /** Advance by `dt` seconds: the planning scheduler's and the query service's share of the frame, then every unit that is up. */
  step(dt: number): void {
    this.finishStep();
    this.begin(dt);
    this.scheduler.runFrame();
    this.queries.pump(this.t);
    this.tickUnits(this.units.length);
    this.open = false;
  }

  /**
   * Start a fixed step of `dt` seconds whose units a page ticks over the render frames until the next step
   * (see {@link renderFrame}): the previous step's remaining units first, then game time and the query
   * service's share. A 10 Hz step spread over six 60 Hz frames costs each frame a sixth of the crowd.
   * @example
   * game.startStep(0.1);
   * for (let f = 1; f <= 6; f++) game.renderFrame(f / 6);
   */
  startStep(dt: number): void {
    this.finishStep();
    this.begin(dt);
    this.queries.pump(this.t);
    this.open = true;
  }

  /** One render frame's share of the step begun by {@link startStep}: the planning scheduler's frame, then the units up to `fraction` (0 to 1) of them. */
  renderFrame(fraction: number): void {
    this.scheduler.runFrame();
    if (!this.open) return;
    this.tickUnits(Math.min(this.units.length, Math.ceil(this.units.length * Math.min(1, Math.max(0, fraction)))));
  }

  private begin(dt: number): void {
    this.t += dt;
    this.frames++;
    this.pathsLeft = this.pathsPerFrame;
    this.stepDt = dt;
    this.ticked = 0;
  }

  private finishStep(): void {
    if (this.open) this.tickUnits(this.units.length);
    this.open = false;
  }

  /** Tick the current step's units up to index `end` (exclusive), those not ticked yet. */
  private tickUnits(end: number): void {
    const dt = this.stepDt;
    for (let i = this.ticked; i < end; i++) {
      const u = this.units[i];
      if (this.downUntil.size > 0 && this.downUntil.has(u.id)) {
        if (this.t < this.downUntil.get(u.id)!) continue;
        this.downUntil.delete(u.id);
        u.body.place(this.spawnOf.get(u.id)!);
      }
      u.agent.tick(dt);
    }
    if (end > this.ticked) this.ticked = end;
  }

  /** A movement path within this frame's budget (see {@link PathSource}). */
  pathTo(from: Point, to: Point): Point[] | null {
    if (this.pathsLeft <= 0) return null;
    this.pathsLeft--;
    return this.paths.find(from, to);
  }

  /** Take an entity off the map (uprooted, picked up, destroyed): its claim is released and its holder's plan fails at its next step update. */
  removeEntity(id: string): boolean {
    return this.map.remove(id);
  }

  /** Whether `agent`'s plan lost a target since it last asked (and forget it): its operators then fail the step. */
  takeLost(agent: string): boolean {
    if (this.lost.size === 0 || !this.lost.delete(agent)) return false;
    this.stats.targetsLost++;
    return true;
  }

  /** Knock `unit` out for {@link DOWN_SECONDS}: it releases everything it holds and its plan is dropped; it gets up at its spawn point. */
  knockOut(unit: Unit): void {
    if (this.downUntil.has(unit.id)) return;
    this.stats.knockouts++;
    this.downUntil.set(unit.id, this.t + DOWN_SECONDS);
    unit.retire();
    if (this.logging) this.log.push(`${this.t.toFixed(1)} ${unit.id} knocked out`);
  }

  /**
   * The nearest unit that is up, not `self`, of one of `kinds` (every kind when null), within `range`, or null.
   * Scans only the units of the kinds asked for: a villager looking for the troll reads one unit, not the crowd.
   */
  nearest(from: Point, range: number, kinds: readonly UnitKind[] | null, self?: Unit): Unit | null {
    let best: Unit | null = null;
    let bestD = range;
    const ks = kinds ?? ALL_KINDS;
    for (let k = 0; k < ks.length; k++) {
      const units = this.byKind[ks[k]];
      for (let i = 0; i < units.length; i++) {
        const u = units[i];
        if (u === self || (this.downUntil.size > 0 && this.downUntil.has(u.id))) continue;
        const d = distance(from, u.body);
        if (d <= bestD) {
          bestD = d;
          best = u;
        }
      }
    }
    return best;
  }

  /** Count something that happened. */
  count(what: keyof GameStats): void {
    this.stats[what]++;
  }

  /** A contained problem: counted, kept (the last 50), logged. */
  report(error: GameError): void {
    this.stats.problems++;
    this.problems.push(error);
    if (this.problems.length > 50) this.problems.shift();
    if (this.logging) this.log.push(`${this.t.toFixed(1)} problem ${error.code} ${error.subject}`);
  }

  /** The runner events of every agent go here (when logging). */
  record(event: RunnerEvent): void {
    if (!this.logging) return;
    const what =
      'step' in event
        ? `${event.step.task}(${event.step.args.join(',')})`
        : 'plan' in event
          ? event.plan.steps.map((s) => `${s.task}(${s.args.join(',')})`).join(' ')
          : '';
    this.log.push(`${this.t.toFixed(1)} ${event.agent} ${event.type} ${what}`);
  }
}
