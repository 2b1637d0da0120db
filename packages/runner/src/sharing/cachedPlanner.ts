import {
  describeValue,
  ForwardingPlanner,
  isPendingPlanner,
  type AgentPlanner,
  type Availability,
  type PendingPlanner,
  type Plan,
  type PlanReceiver,
  type PlanResult,
  type PlanStep,
  type PlanUrgency,
  type WorldState,
} from '@dualplan/world-state';
import { UnknownKeyError } from '@dualplan/world-state';
import { RunnerError } from '../RunnerError.js';
import { sameCells, type CacheEntry, type PlanCache } from './PlanCache.js';

/** Options of {@link cachedPlanner}. */
export interface CachedPlannerOptions<Ctx> {
  /**
   * What the planner plans for: the domain and its goal set or root task, e.g.
   * `'soldier/killEnemy'`. Planners sharing a cache under one name must plan the same way.
   */
  name: string;
  /** The state keys that decide the plan (default: every key). Fewer keys, more hits: leave out what the plan never reads. */
  relevant?: readonly string[];
  /**
   * The part of the context the plan depends on (compared with `Object.is`), when
   * costs, goal priorities or opaque conditions read the context. Default: none.
   */
  ctxKey?: (ctx: Ctx) => unknown;
  /** Cache `'none'` answers too (default true). `'budget'` answers are never cached. */
  cacheNone?: boolean;
  /**
   * Seconds (of agent time, through `update`) this agent plans alone after one of
   * its steps failed, neither reading nor filling the cache: the planner learnt
   * something the cache key does not cover (GOAP raises the failed action's cost,
   * halving the extra every 10 s by default). Default 60; `Infinity` keeps such an agent out for good.
   */
  afterFailure?: number;
  /** Millisecond clock timing the searches (for the time-saved figure); default `performance.now`. */
  clock?: () => number;
}

/**
 * Share plans between agents through a {@link PlanCache}: before planning,
 * look the situation up (name, context part, relevant state cells); on a miss,
 * plan and store the result. Hits return the same frozen plan object to every
 * agent; the runner still validates it on the agent's own state before
 * running it. Partial HTN plans from the cache are not resumed from their continuation.
 *
 * Given a pending planner (a `PlanningScheduler`'s or a worker pool's), the result is a pending planner
 * that answers a hit at once, during the request, without queueing it; a miss goes to the pending planner.
 * Its answer is stored when the planner behind it is cached too (with the same cache and options), since that
 * one sees the state the search really started from: schedule a cached planner, then cache the scheduled one.
 * @example
 * const cache = new PlanCache();
 * const planner = cachedPlanner(goapAgentPlanner(new GoapPlanner(soldierGoapDomain())), cache, {
 *   name: 'soldier', relevant: ['HasWeapon', 'EnemyVisible', 'EnemyInRange'],
 * });
 */
export function cachedPlanner<Ctx>(planner: PendingPlanner<Ctx>, cache: PlanCache, options: CachedPlannerOptions<Ctx>): PendingPlanner<Ctx>;
export function cachedPlanner<Ctx>(planner: AgentPlanner<Ctx>, cache: PlanCache, options: CachedPlannerOptions<Ctx>): AgentPlanner<Ctx>;
export function cachedPlanner<Ctx>(planner: AgentPlanner<Ctx>, cache: PlanCache, options: CachedPlannerOptions<Ctx>): AgentPlanner<Ctx> {
  if (!options || typeof options.name !== 'string' || options.name === '')
    throw new RunnerError('BAD_CACHE_OPTION', 'name', 'cachedPlanner needs a name: the domain and its goals or root task.');
  const clock = options.clock ?? (() => performance.now());
  const cacheNone = options.cacheNone !== false;
  const afterFailure = options.afterFailure ?? 60;
  if (typeof afterFailure !== 'number' || !(afterFailure >= 0))
    throw new RunnerError(
      'BAD_CACHE_OPTION',
      'afterFailure',
      `cachedPlanner afterFailure must be a number of seconds >= 0, got ${describeValue(afterFailure)}.`,
    );
  const cellsFor = (state: WorldState<any>) => resolve(options, state);
  if (isPendingPlanner(planner)) return new CacheFirstPlanner(planner, cache, options.name, options.ctxKey, clock, cacheNone, afterFailure, cellsFor);
  return new CachedPlanner(planner, cache, options.name, options.ctxKey, clock, cacheNone, afterFailure, cellsFor);
}

/**
 * Resolved relevant cells by schema and by the list of keys (`*` for every cell): a crowd's planners resolving the
 * same keys share one array, so an agent's lookups read cells the others keep in the processor's cache.
 */
const resolved = new WeakMap<object, Map<string, Int32Array>>();

/** The cell indices of the relevant keys (every cell when none are named), shared by planners resolving the same keys. */
function resolve<Ctx>(options: CachedPlannerOptions<Ctx>, state: WorldState<any>): Int32Array {
  const schema = state.schema;
  let bySchema = resolved.get(schema);
  if (bySchema === undefined) resolved.set(schema, (bySchema = new Map()));
  const key = options.relevant === undefined ? '*' : JSON.stringify(options.relevant);
  let cells = bySchema.get(key);
  if (cells === undefined) bySchema.set(key, (cells = resolveCells(options, state)));
  return cells;
}

function resolveCells<Ctx>(options: CachedPlannerOptions<Ctx>, state: WorldState<any>): Int32Array {
  const schema = state.schema;
  if (options.relevant === undefined) return Int32Array.from({ length: schema.size }, (_, i) => i);
  const out: number[] = [];
  for (const name of options.relevant) {
    const info = schema.keyInfo(name);
    if (info === undefined) throw new UnknownKeyError(name, `cachedPlanner "${options.name}" option relevant`);
    for (let i = 0; i < info.spec.slots; i++) out.push(info.cell + i);
  }
  return Int32Array.from(out);
}

/** The constructor arguments of a cached planner after the planner it wraps. */
type CachedArgs = [
  cache: PlanCache,
  name: string,
  ctxKey: ((ctx: any) => unknown) | undefined,
  clock: () => number,
  cacheNone: boolean,
  afterFailure: number,
  cellsFor: (state: WorldState<any>) => Int32Array,
];

class CachedPlanner<Ctx> extends ForwardingPlanner<Ctx> {
  private cells: Int32Array | null = null;
  private cellsOf: unknown = null;
  /**
   * The entry this planner last found or stored. An agent's rechecks mostly ask from the situation they asked from
   * last time: comparing its relevant cells with that entry's (a few numbers, on objects the agent touched last time)
   * answers them without hashing the state or searching the cache's table.
   */
  private last: CacheEntry | null = null;
  /** Seconds left planning alone after a step failure. */
  protected alone = 0;
  /** Told when {@link updateVia}'s answer changes (the runners that asked it; each one once). */
  private rerouted: (() => void)[] | null = null;
  /** Told when a key from {@link repeatKey} stops standing for this planner's answer (the runners that took one since the last time; each once). */
  private repeating: (() => void)[] | null = null;

  constructor(
    inner: AgentPlanner<Ctx>,
    private readonly cache: PlanCache,
    private readonly name: string,
    private readonly ctxKey: ((ctx: Ctx) => unknown) | undefined,
    private readonly clock: () => number,
    private readonly cacheNone: boolean,
    private readonly afterFailure: number,
    private readonly cellsFor: (state: WorldState<any>) => Int32Array,
  ) {
    super(inner);
  }

  override stepFailed(step: PlanStep, ctx: Ctx): void {
    super.stepFailed(step, ctx);
    const was = this.alone;
    this.alone = this.afterFailure;
    if (was <= 0 && this.alone > 0) {
      this.reroute();
      // Every key given out stops standing for the answer: tell their runners once, and forget them (a runner that
      // takes a key again is told again), so runners that are gone are not kept.
      const repeating = this.repeating;
      this.repeating = null;
      tell(repeating);
    }
  }

  override update(dt: number): void {
    // The inner planner's update called here rather than through the base class's shared forwarding: a call site
    // of this class's own sees the few planner classes that sit under a cache, not every wrapper's inner planner.
    const inner = this.inner;
    if (inner.update !== undefined) inner.update(dt);
    if (this.alone > 0) {
      this.alone -= dt;
      if (!(this.alone > 0)) this.reroute();
    }
  }

  /**
   * @internal The planner a runner calls `update` on in place of this one (the runner's `UpdateRouter`): this one
   * while it counts down its time alone after a step failure, else the planner it wraps, whose update is all its own
   * does then. `rerouted` is called when the countdown starts or ends.
   */
  updateVia(rerouted: () => void): AgentPlanner<Ctx> {
    const told = this.rerouted;
    if (told === null) this.rerouted = [rerouted];
    else if (!told.includes(rerouted)) told.push(rerouted);
    return this.alone > 0 ? this : this.inner;
  }

  private reroute(): void {
    tell(this.rerouted);
  }

  /**
   * @internal The cache entry that answers a request from `state` and `ctx` (the runner's `RepeatableAnswers`) while
   * the state's relevant cells stay as they are now, when that entry's result is `result` and nothing else decides
   * the answer: no context key (user code, asked on every lookup), no time alone after a step failure (`lost` is
   * called when one starts). A lookup that finds it is a hit on it, whichever entry this planner found last (a
   * cache keeps one entry per situation), so repeating the answer is {@link recall}ing it. Null otherwise.
   */
  repeatKey(state: WorldState<any>, _ctx: Ctx, result: PlanResult, lost: () => void): CacheEntry | null {
    const e = this.last;
    if (e === null || e.result !== result || !e.held || this.ctxKey !== undefined || this.alone > 0 || this.cellsOf !== state.schema) return null;
    if (!sameCells(e.cells, state.values, this.cells!)) return null;
    const told = this.repeating;
    if (told === null) this.repeating = [lost];
    else if (!told.includes(lost)) told.push(lost);
    return e;
  }

  /** @internal What counts a repeated lookup that finds a key from {@link repeatKey}: the cache ({@link PlanCache.recall}). */
  get recaller(): PlanCache {
    return this.cache;
  }

  override plan(state: WorldState<any>, ctx: Ctx, running: Plan | null, availability?: Availability): PlanResult {
    // A request with cooldowns or once marks is this agent's own: a shared plan could use what it may not.
    if (availability !== undefined) {
      this.cache.stats.bypassed++;
      return this.inner.plan(state, ctx, running, availability);
    }
    if (this.alone > 0) {
      this.cache.stats.bypassed++;
      return this.inner.plan(state, ctx, running);
    }
    const ctxKey = this.ctxKey ? this.ctxKey(ctx) : undefined;
    const hit = this.entryFor(state, ctxKey, true);
    if (hit !== null) return hit.result;
    const t0 = this.clock();
    const result = this.inner.plan(state, ctx, running);
    const ms = this.clock() - t0;
    if (result.status === 'budget' || (result.status === 'none' && !this.cacheNone)) return result;
    return (this.last = this.cache.store(this.hashOf(state), this.name, ctxKey, state.values, this.cells!, result, ms)).result;
  }

  /** Whether this agent plans alone now (after a step failure), counted as bypassing the cache. */
  protected bypass(): boolean {
    if (this.alone <= 0) return false;
    this.cache.stats.bypassed++;
    return true;
  }

  /** Count a request that went past the cache for a reason of its own. */
  protected countBypass(): void {
    this.cache.stats.bypassed++;
  }

  /** The cached answer for `state` and `ctx`, or null (a lookup, counted in the cache's statistics). */
  protected lookUp(state: WorldState<any>, ctx: Ctx): PlanResult | null {
    const hit = this.entryFor(state, this.ctxKey ? this.ctxKey(ctx) : undefined, true);
    return hit === null ? null : hit.result;
  }

  /** {@link lookUp} without counting a miss (a poll looking again); a hit counts as one. */
  protected peek(state: WorldState<any>, ctx: Ctx): PlanResult | null {
    const hit = this.entryFor(state, this.ctxKey ? this.ctxKey(ctx) : undefined, false);
    return hit === null ? null : hit.result;
  }

  /**
   * The cache's entry for `state` and `ctxKey`, or null: the remembered entry when it still answers ({@link recalled}),
   * else a lookup of the table (`countMiss`: a miss counts, as {@link PlanCache.find}; else as {@link PlanCache.peek}),
   * whose hit is remembered.
   */
  private entryFor(state: WorldState<any>, ctxKey: unknown, countMiss: boolean): CacheEntry | null {
    const again = this.recalled(state, ctxKey);
    if (again !== null) return again;
    const hash = this.hashOf(state);
    const hit = countMiss
      ? this.cache.find(hash, this.name, ctxKey, state.values, this.cells!)
      : this.cache.peek(hash, this.name, ctxKey, state.values, this.cells!);
    if (hit !== null) this.last = hit;
    return hit;
  }

  /**
   * The entry last found or stored, when the cache still holds it and it is the one a lookup of `state` and
   * `ctxKey` would find (its kept cells equal the state's relevant cells): counted as that lookup's hit. A cache
   * keeps one entry per situation, so the entry a full lookup finds is this one. Null otherwise (nothing counted).
   */
  private recalled(state: WorldState<any>, ctxKey: unknown): CacheEntry | null {
    const e = this.last;
    if (e === null || this.cellsOf !== state.schema || !Object.is(e.ctxKey, ctxKey)) return null;
    return sameCells(e.cells, state.values, this.cells!) && this.cache.recall(e) ? e : null;
  }

  /** The hash of the relevant cells of `state` (resolving them on first use for its schema). */
  private hashOf(state: WorldState<any>): number {
    if (this.cellsOf !== state.schema) {
      this.cells = this.cellsFor(state);
      this.cellsOf = state.schema;
    }
    const values = state.values;
    const c = this.cells!;
    let hash = 0x811c9dc5;
    for (let i = 0; i < c.length; i++) hash = Math.imul(hash ^ values[c[i]], 0x01000193);
    return hash;
  }
}

/**
 * A cache in front of a pending planner: a hit is answered during the request (the runner adopts a synchronous
 * answer like any other), a miss is queued with the pending planner. Nothing is stored here: the pending planner
 * answers later from whatever state it then plans from, which the cache key taken now would not describe. While a
 * miss waits in the queue, each tick's poll looks again: once another agent's answer for the same situation has been
 * stored, the waiting request is withdrawn from the queue and answered from the cache (a crowd that asks all at once
 * waits for one search per situation, not one each).
 */
class CacheFirstPlanner<Ctx> extends CachedPlanner<Ctx> implements PendingPlanner<Ctx> {
  private readonly pending: PendingPlanner<Ctx>;
  /** The request waiting in the pending planner's queue (0: none), and what it asked from. */
  private waitingId = 0;
  private waitingState: WorldState<any> | null = null;
  private waitingCtx: Ctx | undefined = undefined;
  private waitingReceiver: PlanReceiver | null = null;

  constructor(inner: PendingPlanner<Ctx>, ...rest: CachedArgs) {
    super(inner, ...rest);
    this.pending = inner;
  }

  request(state: WorldState<any>, ctx: Ctx, running: Plan | null, id: number, urgency: PlanUrgency, receiver: PlanReceiver, availability?: Availability): void {
    this.waitingId = 0;
    // A request with cooldowns or once marks is this agent's own (as in plan()): it is never answered from the cache.
    if (availability !== undefined) {
      this.countBypass();
      return this.pending.request(state, ctx, running, id, urgency, receiver, availability);
    }
    const hit = this.bypass() ? null : this.lookUp(state, ctx);
    if (hit !== null) return receiver.receive(id, hit, '');
    this.pending.request(state, ctx, running, id, urgency, receiver);
    if (this.alone > 0) return;
    this.waitingId = id;
    this.waitingState = state;
    this.waitingCtx = ctx;
    this.waitingReceiver = receiver;
  }

  /** @internal See {@link CachedPlanner.repeatKey}; a request repeated without a call waits for nothing (as one answered from the cache). */
  override repeatKey(state: WorldState<any>, ctx: Ctx, result: PlanResult, lost: () => void): CacheEntry | null {
    const key = super.repeatKey(state, ctx, result, lost);
    if (key !== null && this.waitingId !== 0) this.forget();
    return key;
  }

  /** The runner's poll while `id` waits: answer it from the cache once another request stored its situation. */
  poll(id: number): void {
    if (id !== this.waitingId) return;
    const hit = this.peek(this.waitingState!, this.waitingCtx as Ctx);
    if (hit === null) return;
    const receiver = this.waitingReceiver!;
    this.forget();
    this.pending.cancel(id);
    receiver.receive(id, hit, '');
  }

  cancel(id: number): void {
    if (id === this.waitingId) this.forget();
    this.pending.cancel(id);
  }

  private forget(): void {
    this.waitingId = 0;
    this.waitingState = null;
    this.waitingCtx = undefined;
    this.waitingReceiver = null;
  }
}

/** Call every callback of `told` (null: none). */
function tell(told: (() => void)[] | null): void {
  if (told !== null) for (let i = 0; i < told.length; i++) told[i]();
}
