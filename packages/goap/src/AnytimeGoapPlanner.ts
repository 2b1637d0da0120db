import { UserCodeError, checkWorldState, describeValue, type Plan, type WorldState } from '@dualplan/world-state';
import type { CompiledGoal, GoapDomain } from './domain/GoapDomain.js';
import { GoapDefinitionError } from './errors.js';
import { GoapPlanner } from './GoapPlanner.js';
import { checkOptions, type GoapPlannerOptions } from './GoapPlannerOptions.js';
import type { GoapMeta, GoapStatus } from './search/GoapResult.js';

/** The weights of the rounds when none are given: a quick plan first, then better ones, the last round plain A*. */
const DEFAULT_WEIGHTS: readonly number[] = [5, 3, 2, 1.5, 1];

/** Expansions per slice between two looks at the clock. */
const SLICE = 64;

/** A plan cheaper than every one before it, as {@link AnytimeGoapPlanner} reports it. */
export interface AnytimeImprovement {
  /** The plan (owned: it does not change later). */
  readonly plan: Plan<GoapMeta>;
  readonly cost: number;
  /** The weight of the round that found it. */
  readonly weight: number;
  /** Milliseconds since the search started. */
  readonly elapsedMs: number;
}

/** Options of an {@link AnytimeGoapPlanner}: a {@link GoapPlannerOptions} for each round, the rounds' weights, a time budget and a callback. */
export interface AnytimeOptions extends Omit<GoapPlannerOptions, 'weight' | 'optimal' | 'fast' | 'greedy' | 'timeBudgetMs' | 'trace'> {
  /** The rounds' weights, each a finite number >= 0 (default 5, 3, 2, 1.5, 1). */
  readonly weights?: readonly number[];
  /** Time for all rounds together, in ms (default: none, every round runs to its end). */
  readonly timeBudgetMs?: number;
  /** Called with each plan cheaper than the ones before (a callback that throws is reported in the result's `faults`). */
  readonly onImprove?: (improvement: AnytimeImprovement) => void;
}

/** The outcome of an anytime search. */
export interface AnytimeResult {
  /** `found`: a plan; `none`: no plan exists; `budget`: the time or a round's budgets ran out before any plan. */
  readonly status: 'found' | 'none' | 'budget';
  /** The cheapest plan found, or null. */
  readonly plan: Plan<GoapMeta> | null;
  /** Its cost (Infinity without a plan). */
  readonly cost: number;
  /** Every improvement in order: costs strictly decrease; the last is {@link plan}. */
  readonly improvements: readonly AnytimeImprovement[];
  /**
   * True when the plan is known to be the cheapest within the plan-length budget: a round bounded by it found
   * nothing cheaper, or the last round is admissible A* (an admissible heuristic at weight <= 1).
   */
  readonly optimal: boolean;
  /** Nodes expanded over all rounds. */
  readonly expanded: number;
  /** User code that failed (the callback, costs and checks), each once. */
  readonly faults: readonly UserCodeError[];
}

/**
 * Anytime GOAP: restarting weighted A*. The first round searches with a high weight (a plan soon), each next round
 * with a lower one, keeping only nodes cheaper than the best plan so far, so every plan it finds is cheaper than the
 * last; a round that finds none proves the best one optimal and ends the search. Rounds stop when the time budget is
 * spent. Each round is a {@link GoapPlanner} with the given options at its weight (the small-domain fast path
 * included), built once with this planner.
 * @example
 * const anytime = new AnytimeGoapPlanner(domain, { timeBudgetMs: 5, onImprove: (i) => console.log(i.cost) });
 * const r = anytime.search(state, 'killEnemy');
 * if (r.plan) runner.start(r.plan);
 */
export class AnytimeGoapPlanner<Ctx = any> {
  readonly domain: GoapDomain<Ctx>;
  readonly weights: readonly number[];
  readonly timeBudgetMs: number;
  private readonly rounds: readonly GoapPlanner<Ctx>[];
  private readonly onImprove: ((improvement: AnytimeImprovement) => void) | null;

  constructor(domain: GoapDomain<Ctx>, options: AnytimeOptions = {}) {
    const { weights = DEFAULT_WEIGHTS, timeBudgetMs = Infinity, onImprove, ...rest } = options;
    const bad = (name: string, value: unknown, expected: string): never => {
      throw new GoapDefinitionError('BAD_OPTION', name, `AnytimeGoapPlanner option ${name} = ${describeValue(value)}: expected ${expected}.`);
    };
    if (!Array.isArray(weights) || weights.length === 0 || weights.some((w) => typeof w !== 'number' || !(w >= 0) || !Number.isFinite(w)))
      bad('weights', weights, 'a non-empty list of finite numbers >= 0');
    if (typeof timeBudgetMs !== 'number' || !(timeBudgetMs >= 0)) bad('timeBudgetMs', timeBudgetMs, 'a number >= 0');
    if (onImprove !== undefined && typeof onImprove !== 'function') bad('onImprove', onImprove, 'a function');
    checkOptions(rest);
    this.domain = domain;
    this.weights = [...weights];
    this.timeBudgetMs = timeBudgetMs;
    this.onImprove = onImprove ?? null;
    this.rounds = this.weights.map((weight) => new GoapPlanner<Ctx>(domain, { ...rest, weight }));
  }

  /**
   * Search from `state` to `goal` round by round until a round proves the best plan optimal, the rounds are done or
   * the time budget is spent; returns the best plan with every improvement on the way.
   * @example
   * const r = new AnytimeGoapPlanner(domain).search(state, 'fire');
   * r.improvements.map((i) => i.cost); // strictly decreasing
   */
  search(state: WorldState<any>, goal: string | CompiledGoal, ctx?: Ctx): AnytimeResult {
    checkWorldState(state, 'AnytimeGoapPlanner');
    const t0 = performance.now();
    const deadline = t0 + this.timeBudgetMs;
    const improvements: AnytimeImprovement[] = [];
    const faults: UserCodeError[] = [];
    let best = Infinity;
    let expanded = 0;
    let optimal = false;
    let none = false;
    for (let i = 0; i < this.rounds.length && !optimal && !none; i++) {
      const round = this.rounds[i];
      round.engine.boundCost(best);
      const status = this.runRound(round, state, goal, ctx, deadline);
      expanded += round.result.expanded;
      for (const f of round.engine.faultLog) if (!faults.some((g) => g.message === f.message)) faults.push(f);
      if (status === 'running') break;
      if (status === 'found') {
        best = round.result.cost;
        const improvement = { plan: round.toPlan(), cost: best, weight: this.weights[i], elapsedMs: performance.now() - t0 };
        improvements.push(improvement);
        this.report(improvement, faults);
        optimal = round.optimal;
      } else if (status === 'none') {
        // Nothing cheaper than the best plan anywhere (or no plan at all).
        if (best < Infinity) optimal = true;
        else none = true;
      }
    }
    const last = improvements.length > 0 ? improvements[improvements.length - 1] : null;
    return {
      status: last !== null ? 'found' : none ? 'none' : 'budget',
      plan: last?.plan ?? null,
      cost: best,
      improvements,
      optimal,
      expanded,
      faults,
    };
  }

  /** One round, sliced so the clock is read between slices; `running` when the time ran out (the round is abandoned). */
  private runRound(round: GoapPlanner<Ctx>, state: WorldState<any>, goal: string | CompiledGoal, ctx: Ctx | undefined, deadline: number): GoapStatus {
    if (round.engine.faultLog.length > 0) round.engine.faultLog.length = 0;
    round.begin(state, goal, ctx);
    let status = round.step(SLICE);
    while (status === 'running' && performance.now() < deadline) status = round.step(SLICE);
    if (status === 'running') round.cancel();
    return status;
  }

  /** Hand an improvement to the callback; one that throws is reported once and the search goes on. */
  private report(improvement: AnytimeImprovement, faults: UserCodeError[]): void {
    if (this.onImprove === null) return;
    try {
      this.onImprove(improvement);
    } catch (thrown) {
      if (!faults.some((f) => f.code === 'CALLBACK_THREW'))
        faults.push(new UserCodeError('CALLBACK_THREW', 'onImprove', 'callback', 'The onImprove callback of AnytimeGoapPlanner threw', thrown));
    }
  }
}
