import { DualplanError, UnavailableTable, checkWorldState, createState, type Availability, type UserCodeError, type WorldState } from '@dualplan/world-state';
import { countViolated } from '../domain/cellSet.js';
import { describeNode } from '../domain/describeCell.js';
import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import { goalOf } from '../domain/goalOf.js';
import type { PhaseSearch, SearchHeuristic } from '../heuristics/SearchHeuristic.js';
import { PlannerBusyError } from '../errors.js';
import { ActionCache } from './ActionCache.js';
import type { ActionStats } from './ActionStats.js';
import { BitKernel } from './BitKernel.js';
import { BitLayout } from './BitLayout.js';
import { BitSearch } from './BitSearch.js';
import { BitStep } from './BitStep.js';
import { Limit } from './Limit.js';
import { Expander } from './Expander.js';
import { GoalAnalyses } from './GoalAnalyses.js';
import { GoapResult, type GoapBudget, type GoapStatus } from './GoapResult.js';
import type { ObservedSearch, SearchObserver } from './SearchObserver.js';
import type { SearchSpace } from './SearchSpace.js';
import { SearchPhases } from './SearchPhases.js';
import { GeneralStep } from './GeneralStep.js';
import type { SearchSettings } from './SearchSettings.js';

/**
 * The search of one planner: A* over regressed goals (backward) or states (forward), one search at a time, resumable
 * across slices. It owns the search's state (the goal, the start state, the result, the fault log, the time spent)
 * and chooses the path each search runs on: the one-word kernel, the small-domain fast path, or the general path
 * (its steps in {@link GeneralStep}), whose phases (node space, expander, heuristic, a search set aside) it
 * instructs {@link SearchPhases} to switch. The action cache holds usability and costs on the start state. The
 * planner façade holds options and statistics. Steady-state searches allocate nothing. @internal
 */
export class GoapSearch implements PhaseSearch, ObservedSearch {
  readonly mode: 'backward' | 'forward';
  readonly weight: number;
  readonly maxExpansions: number;
  readonly maxPlanLength: number;
  readonly timeBudgetMs: number;
  /** The last search's outcome (reused). */
  readonly result: GoapResult;
  /** User code that failed in the current call, each once per search; moved into the result's `faults`. */
  readonly faultLog: UserCodeError[] = [];
  /** The search's start state (a copy of the state it was begun from). */
  readonly start: WorldState<any>;
  readonly space: SearchSpace;
  private readonly cache: ActionCache;
  /** What the agent may not choose in the current request (see {@link allow}). */
  private readonly unavailable: UnavailableTable;
  private readonly expander: Expander;
  private readonly pruneIrrelevant: boolean;
  private readonly settings: SearchSettings;
  private readonly analyses: GoalAnalyses;
  /** Which node space, expander and heuristic run, where they restart, and what is set aside (see {@link SearchPhases}). */
  private readonly phases: SearchPhases;
  /** The general path's steps. */
  private readonly general: GeneralStep;
  /**
   * The small-domain fast path's tables (null where it does not apply); its search ({@link SearchPhases.bitSearch})
   * runs whole searches with the count ({@link countBits}), or only the blind phases of a phased forward search. The
   * one-word backward kernel (null where it does not apply) runs whole count searches of domains whose actions touch
   * one 32-bit word.
   */
  private readonly layout: BitLayout | null;
  private readonly kernel: BitKernel | null;
  private readonly countBits: boolean;
  private bitsAllowed = true;
  private kernelAllowed = true;
  /** The cost bound (see {@link boundCost}) and the slice's deadline, in an array so the expanders read them without boxing. */
  private readonly limits = Float64Array.of(Infinity, Infinity);
  /** Whether the running search is on the kernel. */
  private onKernel = false;
  private observer: SearchObserver | null = null;
  private current: CompiledGoal | null = null;
  private elapsed = 0;
  /** Set while user code (costs, checks, heuristics) may run: a re-entering call gets PlannerBusyError. */
  private busy = false;

  constructor(
    readonly domain: GoapDomain,
    settings: SearchSettings,
    readonly estimator: SearchHeuristic,
    private readonly stats: ActionStats,
  ) {
    this.mode = settings.mode;
    this.weight = settings.weight;
    this.maxExpansions = settings.maxExpansions;
    this.maxPlanLength = settings.maxPlanLength;
    this.timeBudgetMs = settings.timeBudgetMs;
    this.settings = settings;
    this.analyses = new GoalAnalyses(domain);
    this.result = new GoapResult(this.maxPlanLength);
    this.start = createState(domain.schema);
    this.unavailable = new UnavailableTable(
      domain.actionCount,
      (name) => domain.actions.indexOf(name),
      domain.actions.actions.some((a) => a.decorators !== null),
    );
    this.cache = new ActionCache(domain, stats, this.faultLog, this.unavailable);
    // Backward search only ever regresses through relevant actions; the others still cost forward search and relaxations.
    this.pruneIrrelevant = this.mode === 'forward' || estimator.relaxation !== null || estimator.prunesIrrelevant === true;
    this.countBits = estimator.countsConditions === true && estimator.relaxation === null;
    const blindBits = this.mode === 'forward' && estimator.blindPhases === true;
    const layout = this.countBits || blindBits ? BitLayout.of(domain) : null;
    this.layout = layout;
    const { cache, result, limits } = this;
    const values = this.start.values;
    this.phases = new SearchPhases({
      domain,
      settings,
      search: this,
      estimator,
      analyses: this.analyses,
      result,
      startValues: values,
      layout,
      newExpander: (space, heuristic) => new Expander(domain, settings, space, heuristic, this, cache, values, result, limits),
      newBits: () => new BitSearch(domain, layout!, settings, cache, result, this.expander, limits),
    });
    // The node space builds a lazily stored node's words through the running expander.
    this.space = this.phases.home;
    this.expander = this.phases.first;
    this.general = new GeneralStep(settings, this.phases, result, this, (next) => this.restart(next));
    this.kernel =
      this.countBits && layout !== null && BitKernel.fits(domain, layout, settings)
        ? new BitKernel({ domain, layout, settings, cache: this.cache, result: this.result, expansion: this.expander, limits: this.limits })
        : null;
  }

  /**
   * For tests and benchmarks: let searches use the small-domain fast path where it applies (default), or not; with
   * `kernel` false, a one-word backward search runs on the general fast path instead of its kernel. @internal
   */
  useFastPath(on: boolean, kernel = true): void {
    this.bitsAllowed = on;
    this.kernelAllowed = kernel;
  }

  /** For tests: which path the running or last search is on (a restart moves it to the general path). @internal */
  get path(): 'general' | 'bits' | 'kernel' {
    return this.onKernel ? 'kernel' : this.phases.fast ? 'bits' : 'general';
  }

  /**
   * From the next search on, keep only nodes cheaper than `cost` (Infinity: all): a search then finds a plan cheaper
   * than `cost` or ends with `none` when there is none. Anytime search bounds each round by its best plan. @internal
   */
  boundCost(cost: number): void {
    this.limits[Limit.costBound] = cost;
  }

  /** Nodes stored by the running or last search. */
  get storedNodes(): number {
    return this.onKernel ? this.kernel!.stored : this.phases.stored;
  }

  /** The goal of the running or last search. */
  get goal(): CompiledGoal | null {
    return this.current;
  }

  /** Relevance analysis of this search's goal (1 per relevant action), or null when it does not apply. */
  get relevant(): Uint8Array | null {
    return this.cache.relevant;
  }

  /** The observer of the next searches (a trace), or null. */
  get observing(): SearchObserver | null {
    return this.observer;
  }

  /** Report the next searches to `observer` (null: stop). Between searches. */
  observe(observer: SearchObserver | null): void {
    this.observer = observer;
  }

  /** Effective cost of action `a` in this search (dynamic cost × penalty); Infinity when unusable. */
  costOf(a: number): number {
    return this.cache.costOf(a);
  }

  /** Node `n`'s cost from the root when it is open, else -1 (see `PhaseSearch`). */
  openCost(n: number): number {
    return this.phases.openCost(n);
  }

  /** The offset of node `n`'s words, built now if it was stored lazily. */
  wordsAt(n: number): number {
    return this.phases.wordsAt(n);
  }

  /** The node words (see `PhaseSearch.nodeWords`). */
  get nodeWords(): Int32Array {
    return this.phases.nodeWords;
  }

  /** The cheapest effective cost of a usable action in this search (Infinity when none). */
  cheapestCost(): number {
    return this.cache.cheapestCost();
  }

  /** 0 when action `a` is usable in this search, else its verdict code (see `ActionCache.usable`). */
  usable(a: number): number {
    return this.cache.usable(a);
  }

  /**
   * The agent's availability view for the next searches (cooldowns, once): an unavailable action is unusable
   * (verdict `unavailable`). `undefined` makes every action available again. Between searches.
   */
  allow(view: Availability | undefined): void {
    this.unavailable.use(view);
  }

  /** For tests: the expander (invariant pruning from the start, a forced backward index). @internal */
  get expansion(): Expander {
    return this.expander;
  }

  /** Set up a search from `state` (copied) to `goal`; {@link step} runs it. */
  begin(state: WorldState<any>, goal: string | number | CompiledGoal, ctx: unknown): void {
    if (this.busy || this.result.status === 'running') throw new PlannerBusyError();
    checkWorldState(state, 'GoapPlanner');
    // Low-level search() callers may never call plan(), which empties the fault log: keep it bounded.
    if (this.faultLog.length >= 256) this.faultLog.length = 0;
    // The goal of the last search again (goal selection's usual case) needs no resolving.
    const g = goal === this.current ? goal : goalOf(this.domain, goal);
    const r = this.result;
    // 'running' only once set up, so a throwing cost or check leaves the planner usable.
    r.reset(g);
    this.current = g;
    this.cache.begin(this.start, ctx, this.pruneIrrelevant ? this.analyses.relevantTo(g) : null);
    this.elapsed = 0;
    const schema = this.domain.schema;
    if (state.schema !== schema && (state.schema.size !== schema.size || state.schema.storage !== schema.storage)) {
      throw new DualplanError(
        'SCHEMA_MISMATCH',
        g.name,
        `The state passed to GoapPlanner does not use the domain's schema (${state.schema.size} cells vs ${schema.size}).`,
      );
    }
    this.start.copyFrom(state);
    // A weight of 0 ignores h: starting over with another one would only repeat the search.
    const restart = this.weight > 0 ? this.estimator.restart : undefined;
    const restartAt = restart !== undefined ? restart.afterNodes : 0;
    const phases = this.phases;
    phases.reset(restartAt);
    this.busy = true;
    try {
      // A goal of enough independent parts starts with the restart's heuristic (see `HeuristicRestart.partsAtOnce`);
      // a part has a goal cell, so a goal of fewer cells (every game goal) is not looked up.
      const atOnce = restart?.partsAtOnce ?? Infinity;
      this.onKernel = false;
      if (g.cells.length >= atOnce && this.mode === 'backward' && this.analyses.partsOf(g).count >= atOnce) {
        this.restart();
      } else if (this.countBits && this.bitsReady()) {
        // The fast path keeps no trace: a traced search runs on the general path.
        if (this.kernel !== null && this.kernelAllowed && this.kernel.begin(g, this.start.values, restartAt)) this.onKernel = true;
        else phases.runFast().begin(g, this.start.values, countViolated(this.domain, g, this.start.values), restartAt);
      } else phases.seed(g, this.observer);
    } finally {
      this.busy = false;
    }
    r.run();
  }

  /** Whether this search may run on the fast path: it has one, tests allow it, and no trace is kept (the fast path keeps none). */
  private bitsReady(): boolean {
    return this.layout !== null && this.bitsAllowed && this.observer === null;
  }

  /**
   * Start the running search over from its root with `next`, by default the heuristic's restart (see
   * `SearchHeuristic.restart`); the expansions so far stay counted. A trace then shows the restarted search. A blind
   * phase of a forward search runs on the fast path where the domain fits it. True when the running search was set
   * aside for a blind phase in nodes of its own (see {@link SearchPhases.enterGeneral}).
   */
  private restart(next = this.phases.heuristic.restart!.heuristic): boolean {
    const phases = this.phases;
    const g = this.current!;
    const blindPhase = next.blind === true && this.mode === 'forward';
    if (blindPhase && this.bitsReady()) {
      const bits = phases.enterFast(next);
      next.prepare(this);
      const at = this.weight > 0 ? next.restart : undefined;
      bits.begin(g, this.start.values, countViolated(this.domain, g, this.start.values), at === undefined ? 0 : at.afterNodes, true);
      return true;
    }
    const aside = phases.enterGeneral(next, blindPhase, this.observer !== null);
    if (this.cache.relevant === null && next.relaxation !== null) this.cache.narrow(this.analyses.relevantTo(g));
    phases.seed(g, this.observer);
    return aside;
  }

  /** Abandon a sliced search. */
  cancel(): void {
    if (this.result.status === 'running') {
      this.estimator.ended?.(this, this.result.expanded);
      this.result.abandon();
      this.current = null;
    }
  }

  /** Expand up to `n` nodes. Returns `running` while unfinished, else the final status. */
  step(n: number): GoapStatus {
    const r = this.result;
    if (r.status !== 'running') return r.status;
    if (this.busy) throw new PlannerBusyError();
    this.busy = true;
    const timed = this.timeBudgetMs !== Infinity;
    const t0 = timed ? performance.now() : 0;
    try {
      let left = n;
      for (;;) {
        if (this.onKernel) {
          const kernel = this.kernel!;
          this.limits[Limit.deadline] = timed ? this.timeBudgetMs - this.elapsed + t0 : Infinity;
          const code = kernel.step(left);
          if (code !== BitStep.restart) return this.endStep(code);
          // The count's phase is over: the restart runs on the general path.
          left -= kernel.done;
          this.onKernel = false;
          this.restart();
          continue;
        }
        const phases = this.phases;
        if (!phases.fast) {
          const general = this.general;
          const code = general.step(left, timed, t0, this.elapsed);
          if (code !== BitStep.restart) return this.endStep(code);
          // A blind phase on the fast path goes on with the expansions left.
          left -= general.done;
          continue;
        }
        const bits = phases.bitSearch();
        this.limits[Limit.deadline] = timed ? this.timeBudgetMs - this.elapsed + t0 : Infinity;
        const code = bits.step(left);
        if (code !== BitStep.restart) return this.endStep(code);
        left -= bits.done;
        // The phase is over (the count's, or a blind one, whose heuristic may keep it to the end instead).
        const at = phases.heuristic.restart!;
        const next = at.decide === undefined ? at.heuristic : at.decide(this);
        if (next === null) {
          bits.keepPhase();
          continue;
        }
        const resumed = phases.resumable(next);
        if (resumed !== null) {
          phases.resume(resumed);
          continue;
        }
        // The restart runs on the general path, unless it is a blind phase again.
        this.restart(next);
      }
    } catch (e) {
      // A throwing callback (cost function, procedural check) ends the search.
      r.abandon();
      throw e;
    } finally {
      if (timed) this.elapsed += performance.now() - t0;
      this.busy = false;
    }
  }

  /** The status of a step that did not hand over (see `BitStep`). */
  private endStep(code: number): GoapStatus {
    if (code === BitStep.running) return 'running';
    if (code === BitStep.found) return this.recordPlan();
    if (code === BitStep.none) return this.finish('none', '');
    return this.finish('budget', code === BitStep.length ? 'length' : code === BitStep.expansions ? 'expansions' : code === BitStep.time ? 'time' : 'nodes');
  }

  /** Count the plan's actions as selected and end the search as found (the plan is in the result). */
  private recordPlan(): GoapStatus {
    const r = this.result;
    const selected = this.stats.selected;
    for (let i = 0; i < r.length; i++) selected[r.actions[i]]++;
    return this.finish('found', '');
  }

  private finish(status: GoapStatus, budget: GoapBudget): GoapStatus {
    this.estimator.ended?.(this, this.result.expanded);
    if (this.onKernel) {
      const kernel = this.kernel!;
      this.result.end(status, budget, kernel.stored, kernel.nodeBytes, kernel.usedBytes(), true);
      return status;
    }
    const phases = this.phases;
    if (phases.fast) {
      const bits = phases.bitSearch();
      this.result.end(status, budget, bits.stored, bits.nodeBytes, bits.usedBytes(), true);
      return status;
    }
    const space = phases.space;
    this.result.end(status, budget, space.count, space.nodeBytes, space.usedBytes(), false);
    this.observer?.finish(this, status === 'found');
    return status;
  }

  /** Readable node: its constrained cells (backward) or its state (forward). */
  describeNode(node: number): string {
    if (this.onKernel) return describeNode(this.domain, this.mode, this.kernel!.nodeWords(node), 0);
    const phases = this.phases;
    if (phases.fast) return describeNode(this.domain, this.mode, phases.bitSearch().nodeWords(node), 0);
    const space = phases.space;
    if (space.base[node] < 0) phases.expander.materialize(node);
    return describeNode(this.domain, this.mode, space.words, space.base[node]);
  }
}
