import {
  DualplanError,
  PlanBuffer,
  WARM_UP_MAX_PLANS,
  warmUpMs,
  type WarmUpOptions,
  checkConditions,
  checkWorldState,
  copyResult,
  moveFaults,
  type Plan,
  type PlanResult,
  type PlanStep,
  type WorldState,
} from '@dualplan/world-state';
import { planBest } from './agent/planBest.js';
import { planBestEffort } from './agent/planBestEffort.js';
import { goalPriority } from './agent/rankGoals.js';
import { writeFound, writeNone } from './diagnostics/writeGoapPlan.js';
import { GoapTrace } from './diagnostics/GoapTrace.js';
import type { CompiledGoal, GoapDomain } from './domain/GoapDomain.js';
import { goalOf } from './domain/goalOf.js';
import { checkSliceBudget } from './errors.js';
import { checkOptions, type GoapPlannerOptions, type GoapPlanRequest } from './GoapPlannerOptions.js';
import { createHeuristic, precomputeHeuristic, preferredMode } from './heuristics/createHeuristic.js';
import type { GoapHeuristic } from './heuristics/GoapHeuristic.js';
import { resolvePreset } from './heuristics/presets.js';
import { ActionStats } from './search/ActionStats.js';
import { GoapSearch } from './search/GoapSearch.js';
import { GoapResult, type GoapMeta, type GoapStatus } from './search/GoapResult.js';

/** Actions per plan at most, unless `maxPlanLength` says otherwise: room for goals made of a few hundred conditions. */
const DEFAULT_MAX_PLAN_LENGTH = 256;

/**
 * Backward (regressive) A* GOAP planner over a compiled domain:
 * nodes are regressed goals (a mask per bool/enum cell, an interval per int
 * cell), g is the action cost, h = w × goal conditions unsatisfied by the start
 * state. The planner holds the options, the last result and the per-action
 * statistics; its search (all scratch) belongs to the instance, so planners are
 * independent; steady-state searches allocate nothing.
 * @example
 * const planner = new GoapPlanner(soldierGoapDomain());
 * const result = planner.plan(state, 'killEnemy');
 * if (result.status === 'found') console.log(planner.toPlan().steps.map((s) => s.task));
 */
export class GoapPlanner<Ctx = any, Op extends string = string> {
  readonly domain: GoapDomain<Ctx, Op>;
  readonly mode: 'backward' | 'forward';
  readonly weight: number;
  readonly heuristic: GoapHeuristic | null;
  readonly maxExpansions: number;
  readonly maxPlanLength: number;
  readonly timeBudgetMs: number;
  readonly failurePenalty: number;
  readonly penaltyHalfLife: number;
  /** True when the configuration guarantees optimal plans: an admissible heuristic at weight <= 1, not greedy. */
  readonly optimal: boolean;
  /** The last search's outcome (reused). */
  readonly result: GoapResult;
  /** Per action: runtime cost multiplier (>= 1), raised by {@link penalize} and decayed by {@link decay}. */
  readonly multipliers: Float64Array;
  /** Per action: runtime failures and successes reported (success-rate tracking). */
  readonly failures: Uint32Array;
  readonly successes: Uint32Array;
  /**
   * Per action: how many found plans used it (automated statistics: actions
   * that are never selected point at over-strict conditions or bad data).
   */
  readonly selected: Uint32Array;
  /** @internal The search: every piece of per-search state. */
  readonly engine: GoapSearch;
  private readonly stats: ActionStats;
  /** Where {@link plan} writes before copying when the caller gives no buffer. */
  private readonly scratchOut = new PlanBuffer();
  /** The options the planner was built with (checked), for {@link warmUp}'s scratch planner. */
  private readonly options: GoapPlannerOptions;

  constructor(domain: GoapDomain<Ctx, Op>, options: GoapPlannerOptions = {}) {
    this.domain = domain;
    this.options = checkOptions(options);
    const o = resolvePreset(this.options);
    // Without a heuristic: the adaptive count, or the plain count with a weight (whose admissibility bound is known).
    const heuristic = o.heuristic ?? (o.weight === undefined ? 'adaptive' : 'count');
    this.mode = o.mode ?? preferredMode(domain, heuristic);
    this.weight = o.weight ?? 1;
    this.heuristic = typeof heuristic === 'function' ? heuristic : null;
    const estimator = createHeuristic(domain, heuristic, this.mode);
    this.optimal = o.greedy !== true && ((estimator.admissible && this.weight <= 1) || this.weight === 0);
    this.maxExpansions = o.maxExpansions ?? 10_000;
    this.maxPlanLength = o.maxPlanLength ?? DEFAULT_MAX_PLAN_LENGTH;
    this.timeBudgetMs = o.timeBudgetMs ?? Infinity;
    this.failurePenalty = o.failurePenalty ?? 1;
    this.penaltyHalfLife = o.penaltyHalfLife ?? 10;
    this.stats = new ActionStats(domain.actionCount, this.failurePenalty, this.penaltyHalfLife);
    this.multipliers = this.stats.multipliers;
    this.failures = this.stats.failures;
    this.successes = this.stats.successes;
    this.selected = this.stats.selected;
    this.engine = new GoapSearch(
      domain,
      {
        mode: this.mode,
        weight: this.weight,
        maxExpansions: this.maxExpansions,
        maxPlanLength: this.maxPlanLength,
        timeBudgetMs: this.timeBudgetMs,
        maxNodes: options.maxNodes ?? 1 << 20,
        greedy: o.greedy === true,
      },
      estimator,
      this.stats,
    );
    if (o.fastPath === false) this.engine.useFastPath(false);
    this.result = this.engine.result;
    if (options.trace) this.engine.observe(new GoapTrace());
    if (o.precompute) precomputeHeuristic(domain, heuristic, this.mode);
  }

  /**
   * The last search's trace, when enabled (option `trace`). Assign a `new GoapTrace()`
   * between searches to start tracing, `null` to stop (monitors do).
   */
  get trace(): GoapTrace | null {
    return this.engine.observing as GoapTrace | null;
  }
  set trace(trace: GoapTrace | null) {
    this.engine.observe(trace);
  }

  /** Resolve a goal reference (a domain goal's name or index, or a compiled goal). */
  goalOf(goal: string | number | CompiledGoal): CompiledGoal {
    return goalOf(this.domain, goal);
  }

  /**
   * Plan from `state`: for `request.goal` (its name as the reason), or by goal
   * selection: the highest-priority goal that is valid, unsatisfied and plannable,
   * falling back through the rest in priority order. Without `request.out` the
   * result is fresh and never changes; with it, the result lives in that buffer
   * until the next call that writes into it.
   * @example
   * const r = planner.plan(state, ctx, { goal: 'killEnemy' });
   * if (r.status === 'found') console.log(r.plan.steps.map((s) => s.task));
   */
  plan(state: WorldState<any>, ctx?: Ctx, request?: GoapPlanRequest): PlanResult<GoapMeta> {
    checkWorldState(state, 'GoapPlanner');
    const out = request?.out ?? this.scratchOut;
    const s = this.engine;
    s.allow(request?.availability);
    let result: PlanResult<GoapMeta>;
    if (request?.goal === undefined) result = planBest(s, this.domain.goals, state, ctx as Ctx, out);
    else {
      if (s.faultLog.length > 0) s.faultLog.length = 0;
      const g = this.goalOf(request.goal);
      const r = this.search(state, g, ctx);
      // A best-effort goal without a full plan falls back to the best partial one.
      const partial = r.status !== 'found' && g.bestEffort ? planBestEffort(s, g, state, ctx, out, priorityOf(s, g, state, ctx)) : null;
      if (partial !== null) result = partial;
      else if (r.status === 'found') result = writeFound(s, out, priorityOf(s, g, state, ctx), g.name);
      else result = writeNone(s, out, true, r.status === 'budget' ? `goal ${g.name}: ${r.budget} budget` : `no plan for goal ${g.name}`);
      moveFaults(s.faultLog, out);
    }
    return request?.out ? result : copyResult(result);
  }

  /**
   * Low level: search from `state` to `goal` in one go (budgets still apply) and
   * return the reused {@link result} (action indices, no plan object). Most code wants {@link plan}.
   * @example
   * const r = planner.search(state, 'killEnemy', ctx);
   * r.status; // 'found' | 'none' | 'budget'
   */
  search(state: WorldState<any>, goal: string | number | CompiledGoal, ctx?: Ctx): GoapResult {
    this.engine.begin(state, goal, ctx);
    this.engine.step(Infinity);
    return this.result;
  }

  /**
   * Start a search that {@link step} advances across frames. The start state is
   * copied, so later changes to `state` do not affect it.
   * @example
   * planner.begin(state, 'patrol');
   * // each frame:
   * if (planner.step(50) !== 'running') use(planner.result);
   */
  begin(state: WorldState<any>, goal: string | number | CompiledGoal, ctx?: Ctx): void {
    this.engine.begin(state, goal, ctx);
  }

  /** Abandon a sliced search. */
  cancel(): void {
    this.engine.cancel();
  }

  /**
   * Expand up to `n` nodes. Returns `running` while unfinished, else the final status.
   */
  step(n: number): GoapStatus {
    checkSliceBudget(n, 'GoapPlanner.step');
    return this.engine.step(n);
  }

  /**
   * An owned {@link Plan} of the last successful search (allocates; the runner keeps it).
   * Steps reuse the domain's shared steps unless a dynamic cost or penalty changed the cost.
   * @example
   * if (planner.plan(state, 'fire').status === 'found') runner.start(planner.toPlan());
   */
  toPlan(priority = 0): Plan<GoapMeta> {
    const r = this.result;
    if (r.status !== 'found' || !r.goal)
      throw new DualplanError('NO_PLAN', r.goal?.name ?? '', `toPlan() needs a successful search; the last one ended with status "${r.status}".`);
    const steps: PlanStep[] = [];
    for (let i = 0; i < r.length; i++) {
      const a = r.actions[i];
      const step = this.domain.steps[a];
      const cost = this.engine.costOf(a);
      steps.push(cost === step.cost ? step : Object.freeze({ ...step, cost }));
    }
    return {
      planner: 'goap',
      steps,
      cost: r.cost,
      meta: { goal: r.goal.name, goalIndex: r.goal.index, priority, mode: this.mode, weight: this.weight },
      stats: { expanded: r.expanded, generated: r.generated, backtracks: r.reopened },
    };
  }

  /**
   * Pay at load what the first plans of a fresh process pay: plan each domain goal from `state` on a scratch
   * planner with this planner's options, in turn, for `options.ms` milliseconds (default 10; every goal at least
   * once, at most 400 plans), which compiles and then optimises the search code and builds the tables the domain
   * keeps per goal (relevance, pattern databases with `optimal: true`); then one search per goal and one by goal
   * selection on this planner itself, so the scratch and tables it keeps per goal exist before its first real plan.
   * This planner's result, statistics and trace are put back as they were. Costs and checks run as in any plan.
   * Returns how many plans the scratch planner made.
   * @example
   * planner.warmUp(createState(domain.schema)); // at load, before the first frame
   */
  warmUp(state: WorldState<any>, ctx?: Ctx, options?: WarmUpOptions): number {
    checkWorldState(state, 'GoapPlanner.warmUp');
    const end = performance.now() + warmUpMs(options, 'GoapPlanner.warmUp');
    const scratch = new GoapPlanner<Ctx, Op>(this.domain, { ...this.options, trace: false, precompute: true });
    const out = new PlanBuffer();
    const goals = this.domain.goals;
    let plans = 0;
    // Both ways a caller plans (into a buffer, and copied out), until every goal was planned and the time is up.
    do scratch.plan(state, ctx, plans % 2 === 0 ? { goal: goals[plans++ % goals.length], out } : { goal: goals[plans++ % goals.length] });
    while (plans < WARM_UP_MAX_PLANS && (plans < goals.length || performance.now() < end));
    this.prime(state, ctx, out);
    return plans;
  }

  /**
   * Plan on this planner's own search too (each goal, then by goal selection), so the tables and scratch it keeps per
   * goal exist before its first real plan; then put back its result, statistics, fault log and trace as they were.
   * Skipped while a sliced search runs.
   */
  private prime(state: WorldState<any>, ctx: Ctx | undefined, out: PlanBuffer): void {
    const s = this.engine;
    if (s.result.status === 'running') return;
    const kept = new GoapResult(s.result.actions.length);
    kept.copyFrom(s.result);
    const selected = this.stats.selected.slice();
    const faults = s.faultLog.length;
    const trace = s.observing;
    s.observe(null);
    try {
      for (const goal of this.domain.goals) this.search(state, goal, ctx);
      this.plan(state, ctx, { out });
    } finally {
      s.observe(trace);
      s.faultLog.length = Math.min(s.faultLog.length, faults);
      this.stats.selected.set(selected);
      s.result.copyFrom(kept);
    }
  }

  /** True when the state already satisfies the goal. */
  satisfied(state: WorldState<any>, goal: string | number | CompiledGoal): boolean {
    return checkConditions(this.goalOf(goal).conditions, state);
  }

  /**
   * Raise action `a`'s cost multiplier after a runtime failure (Tomb Raider's
   * success-rate tracking); it decays back to 1 with {@link decay}.
   * @example
   * planner.penalize(domain.actionNames.indexOf('shoot'));
   */
  penalize(a: number, amount = this.failurePenalty): void {
    this.stats.penalize(a, amount);
  }

  /** Record a runtime success of action `a`. */
  succeeded(a: number): void {
    this.stats.succeeded(a);
  }

  /** Let `dt` seconds pass: every extra multiplier halves per `penaltyHalfLife`. */
  decay(dt: number): void {
    this.stats.decay(dt);
  }

  /**
   * The penalty clock the agent planners built on this planner share, in seconds: each agent's `update(dt)`
   * brings it to that agent's own time ({@link advanceTo}), so a planner shared by a crowd decays its penalties
   * once per second of game time, however many agents tick.
   */
  get penaltyTime(): number {
    return this.stats.time;
  }

  /**
   * Bring the penalty clock to `seconds`, decaying the multipliers by the time that passed (an earlier time
   * changes nothing). `goapAgentPlanner`'s `update(dt)` calls it with its agent's time and `dt` as `step`: when
   * the clock was `step` behind, it decays by exactly `step` (one agent alone decays as with {@link decay}).
   * @example
   * planner.penalize(0); // multiplier 2
   * planner.advanceTo(planner.penaltyTime + 10); // one half-life (default 10 s) later: 1.5
   */
  advanceTo(seconds: number, step?: number): void {
    this.stats.advanceTo(seconds, step);
  }

  /** Readable node: its constrained cells (backward) or its state (forward). */
  describeNode(node: number): string {
    return this.engine.describeNode(node);
  }
}

/** A goal's priority for a plan's meta (a callback's NaN or fault counts as 0). */
function priorityOf<Ctx>(s: GoapSearch, g: CompiledGoal, state: WorldState<any>, ctx: Ctx | undefined): number {
  const priority = typeof g.priority === 'function' ? goalPriority(s, g, state, ctx) : g.priority;
  return Number.isNaN(priority) ? 0 : priority;
}
