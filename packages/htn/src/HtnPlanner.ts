import {
  DualplanError,
  PlanBuffer,
  WARM_UP_MAX_PLANS,
  copyResult,
  describeValue,
  mulberry32,
  nameOf,
  showValue,
  warmUpMs,
  type Plan,
  type WarmUpOptions,
  type WorldState,
} from '@dualplan/world-state';
import type { HtnDomain } from './domain/HtnDomain.js';
import { UndefinedTaskError, UnknownDelegateError } from './errors.js';
import type { HtnContinuation, HtnResult } from './search/HtnPlan.js';
import type { HtnSearchEngine, HtnSearchMode, RecordedSearch } from './planning/HtnSearchEngine.js';
import type { HtnTraceEvent } from './search/HtnTraceEvent.js';
import { HtnTraceLog } from './search/HtnTraceLog.js';
import { SearchHost } from './planning/SearchHost.js';
import type { HtnSearchModeName } from './planning/HtnSearchModeName.js';
import { searchMode } from './planning/searchModes.js';
import type { HtnPlannerOptions, HtnPlanRequest } from './HtnPlannerOptions.js';
import { sameLayout } from './domain/sameLayout.js';
import { SlotBoard } from './slots/SlotBoard.js';

/**
 * Total-order forward-decomposition HTN planner: depth-first over
 * ordered methods, with chronological backtracking through recorded
 * decomposition points, expected effects, MTR, pause points and delegates.
 * Iterative, and all scratch lives on the instance: one planner per agent (or
 * thread), any number sharing one {@link HtnDomain}.
 * @example
 * const planner = new HtnPlanner(trollHtnDomain());
 * const state = createState(trollSchema(), { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
 * const result = planner.plan(state);
 * result.plan?.steps.map((s) => s.task); // ['NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']
 */
export class HtnPlanner<Ctx = any, Op extends string = string> {
  readonly domain: HtnDomain<any, Op>;
  /** @internal What the searches record while tracing, as numbers: {@link trace} names it when read. */
  readonly traceLog = new HtnTraceLog();
  private traceOn: boolean;
  /** Searches record what a monitor keeps ({@link captureSearch}), in any mode. */
  private recording = false;
  /** The search this planner runs ({@link HtnPlannerOptions.mode}). */
  readonly mode: HtnSearchModeName;
  private readonly searchKind: HtnSearchMode;
  /** What is plugged into the slots, and the domain and settings the searches walk. */
  private readonly board: SlotBoard<Ctx, HtnPlanner<Ctx, string>>;
  /** True while `plan` or `resume` runs. */
  private planning = false;
  /** Told after every plug or unplug ({@link watchPlugs}). */
  private readonly plugWatchers: (() => void)[] = [];
  /** What the search engines ask of this planner (the board, root tasks, the seed, parallel sections). */
  private readonly host: SearchHost<Ctx>;
  // Built on first use (a sub-domain's planner may never plan itself; a plug drops them: the board tells it).
  private engineScratch: HtnSearchEngine<Ctx> | null = null;
  /** The ordered engine that resumes partial plans when this planner's own mode cannot. */
  private resumerScratch: HtnSearchEngine<Ctx> | null = null;
  // Without a caller's buffer the search writes here and the caller gets a fresh copy.
  private readonly scratch = new PlanBuffer();
  /** The options the planner was built with, for {@link warmUp}'s scratch planner. */
  private readonly options: HtnPlannerOptions<Ctx>;

  constructor(domain: HtnDomain<any, Op>, options: HtnPlannerOptions<Ctx> = {}) {
    this.domain = domain;
    this.options = options;
    const maxSteps = budget(options.maxSteps, 100_000, 'maxSteps');
    const maxDepth = budget(options.maxDepth, 4096, 'maxDepth');
    this.traceOn = options.trace === true;
    this.searchKind = searchMode(options.mode ?? 'ordered');
    this.mode = options.mode ?? 'ordered';
    if (!this.searchKind.traces && this.traceOn) throw traceError();
    const root = options.root !== undefined ? domain.taskId(options.root) : domain.root;
    if (options.root !== undefined && root < 0) throw new UndefinedTaskError(options.root, 'the planner options');
    const delegates = domain.delegateNames.map((name, t) => {
      if (name === null) return null;
      const fn = options.delegates?.[name];
      if (typeof fn !== 'function') throw new UnknownDelegateError(name, domain.taskNames[t]);
      return fn;
    });
    if (options.seed !== undefined && !Number.isInteger(options.seed))
      throw new DualplanError('BAD_OPTION', 'seed', `HtnPlanner option seed must be an integer, got ${showValue(options.seed)}.`);
    const budgets = { maxSteps, maxDepth, depthBacktracks: atMaxDepth(options.atMaxDepth) };
    this.board = new SlotBoard(domain, root, budgets, delegates, mulberry32(options.seed ?? 1), () => {
      this.engineScratch = null;
      this.resumerScratch = null;
      for (const watcher of this.plugWatchers.slice()) watcher();
    });
    this.host = new SearchHost(this.board);
  }

  /** Record {@link trace} events; a best-first planner throws `BAD_OPTION` when asked to plan with it on. */
  get tracing(): boolean {
    return this.traceOn;
  }

  set tracing(on: boolean) {
    this.traceOn = on;
  }

  /** @internal While on, every search records what a monitor keeps (see {@link captureSearch}), in either mode. */
  recordSearches(on: boolean): void {
    this.recording = on;
  }

  /** Whether searches are recorded for a monitor (an observer is attached through {@link htnAgentPlanner}). */
  get recordingSearches(): boolean {
    return this.recording;
  }

  /**
   * @internal What the last `plan()` search (`resume()`'s with `resumed`) recorded while {@link recordSearches}
   * or tracing was on, for a monitor's capture to copy (see `htnAgentPlanner`).
   */
  recordedSearch(resumed = false): RecordedSearch {
    return (resumed ? this.resumer : this.engine).recorded();
  }

  /** Events of the last search while tracing is on (plain data, made when first read after a search); empty until then. Ordered mode only. */
  get trace(): HtnTraceEvent[] {
    return this.traceLog.events();
  }

  private get engine(): HtnSearchEngine<Ctx> {
    return (this.engineScratch ??= this.searchKind.create(this.host, this.traceLog));
  }

  private get resumer(): HtnSearchEngine<Ctx> {
    if (this.searchKind.resumes) return this.engine;
    return (this.resumerScratch ??= searchMode('ordered').create(this.host, this.traceLog));
  }

  /**
   * {@link domain} with the sub-domains plugged into its slots compiled in (the domain itself while no slot
   * is plugged): the tables this planner's searches walk, and the domain to give {@link htnPlanCodec} for
   * plans that used a slot.
   * @example
   * planner.plug('Combat', swordDomain);
   * const codec = htnPlanCodec(planner.planningDomain);
   */
  get planningDomain(): HtnDomain<any, Op> {
    return this.board.domain as HtnDomain<any, Op>;
  }

  /**
   * Plan from the root task (or `request.task` / `request.tasks`) on a working copy of `state`.
   * Returns status `'found'`, `'none'` (no decomposition), or `'budget'` (step or depth limit).
   * Without `request.out` the result is a fresh object that never changes; with it, the result
   * lives in that buffer (no allocation) until the next call writing into it.
   * @example
   * const result = planner.plan(state, ctx, { task: 'BeTrunkThumper' });
   * if (result.status === 'budget') console.log(result.budget); // 'steps' or 'depth'
   */
  plan(state: WorldState<any>, ctx?: Ctx, request?: HtnPlanRequest): HtnResult {
    this.enter('plan()');
    try {
      if (this.traceOn && !this.searchKind.traces) throw traceError();
      const result = this.engine.plan(request?.out ?? this.scratch, state, ctx, request, this.traceOn || this.recording);
      return request?.out ? result : copyResult(result);
    } finally {
      this.planning = false;
    }
  }

  /**
   * Pay at load what the first plans of a fresh process pay (compiling and then optimising the search code):
   * plan from `state` on a scratch planner over this planner's domain, plugs included, with the same options,
   * for `options.ms` milliseconds (default 10; at most 400 plans), and build this planner's search scratch.
   * This planner's generator, trace and plans are untouched. Operators' conditions and effects run as in any
   * plan. Returns how many plans it made.
   * @example
   * planner.warmUp(createState(domain.schema)); // at load, before the first frame
   */
  warmUp(state: WorldState<any>, ctx?: Ctx, options?: WarmUpOptions): number {
    const end = performance.now() + warmUpMs(options, 'HtnPlanner.warmUp');
    const scratch = new HtnPlanner<Ctx, Op>(this.planningDomain, { ...this.options, trace: false });
    const out = new PlanBuffer();
    let plans = 0;
    // Both ways a caller plans (into a buffer, and copied out), until the time is up.
    do scratch.plan(state, ctx, plans++ % 2 === 0 ? { out } : undefined);
    while (plans < WARM_UP_MAX_PLANS && performance.now() < end);
    // This planner's own search scratch, built now instead of in its first plan.
    void this.engine;
    return plans;
  }

  /**
   * Plan the rest of a partial plan from its continuation. The
   * search cannot backtrack before the pause point: those steps already ran.
   * @example
   * const first = planner.plan(state).plan!; // stops at a pause point
   * // ... the runner executes first.steps ...
   * const rest = planner.resume(first.meta.continuation!, state);
   */
  resume(continuation: HtnContinuation, state: WorldState<any>, ctx?: Ctx, request?: HtnPlanRequest): HtnResult {
    this.enter('resume()');
    try {
      const result = this.resumer.resume!(request?.out ?? this.scratch, continuation, state, ctx, request, this.traceOn || this.recording);
      return request?.out ? result : copyResult(result);
    } finally {
      this.planning = false;
    }
  }

  /** Restart the generator behind `select: 'random'` compounds from `seed`. */
  reseed(seed: number): void {
    this.refuseWhilePlanning('reseed()');
    this.host.seed(seed);
  }

  /**
   * Plug a compiled sub-domain into the slot `slot` (replacing what was there): from the next plan, the
   * slot plans as the sub-domain's root task (or `task`), over this agent's state. The sub-domain must use
   * the same schema layout. Plugging compiles the sub-domain into this planner's tables once
   * ({@link planningDomain}), so planning walks one domain: no second planner runs per slot call, and
   * when a later task fails the search backtracks into the sub-domain's other methods. Task names must
   * not clash across the domains (`SLOT_NAME_CLASH`), except actions with the same operator, which are the
   * parent's. Plans made before that used this slot are now stale ({@link isStale}); others are not.
   * Returns the sub-domain's planner (to plug its own slots; that changes this slot too).
   * @example
   * planner.plug('Combat', swordDomain); // the NPC picked up a sword
   */
  plug<SubOp extends string>(
    slot: string,
    domain: HtnDomain<any, SubOp>,
    options: { task?: string; delegates?: HtnPlannerOptions<Ctx>['delegates'] } = {},
  ): HtnPlanner<Ctx, SubOp> {
    this.refuseWhilePlanning(`plug("${nameOf(slot)}")`);
    const index = this.board.slotIndex(slot);
    if (domain.schema !== this.domain.schema && !sameLayout(domain.schema, this.domain.schema)) {
      throw new DualplanError(
        'SCHEMA_MISMATCH',
        slot,
        `Domain ${domain.name} cannot plug into slot "${slot}" of domain ${this.domain.name}: its schema has a different layout.`,
      );
    }
    if (options.task === undefined && domain.root < 0)
      throw new UndefinedTaskError('(root)', `the sub-domain ${domain.name} plugged into slot "${slot}" (it has no root; pass options.task)`);
    const { maxSteps, maxDepth } = this.board.settings;
    const sub = new HtnPlanner<Ctx, SubOp>(domain, { root: options.task, delegates: options.delegates, maxSteps, maxDepth });
    this.board.plug(index, sub.board, sub as HtnPlanner<Ctx, string>);
    return sub;
  }

  /** Empty the slot `slot`: it fails to plan until plugged again; plans that used it become stale. */
  unplug(slot: string): void {
    this.refuseWhilePlanning(`unplug("${nameOf(slot)}")`);
    this.board.unplug(this.board.slotIndex(slot));
  }

  /** A call into this planner while it plans (from a condition, cost, subtask or delegate function of its search) is refused. */
  private enter(call: string): void {
    this.refuseWhilePlanning(call);
    this.planning = true;
  }

  private refuseWhilePlanning(call: string): void {
    if (this.planning) {
      throw new DualplanError(
        'REENTRANT_CALL',
        call,
        `${call} was called on HtnPlanner ${this.domain.name} while it was planning (from a function its search called): the search would go on over changed state. Call it between plans.`,
      );
    }
  }

  /** The planner of the sub-domain plugged into `slot`, or null. */
  pluggedInto(slot: string): HtnPlanner<Ctx, string> | null {
    return this.board.pluggedInto(this.board.slotIndex(slot));
  }

  /**
   * Call `watcher` after every plug or unplug that changes what this planner plans (its own slots, or slots of
   * planners plugged into them); returns the function that stops it. Runners use it (through the agent planner's
   * `watchStale`) to re-check a plan that a plug made stale.
   * @example
   * const stop = planner.watchPlugs(() => console.log('a slot changed'));
   */
  watchPlugs(watcher: () => void): () => void {
    this.plugWatchers.push(watcher);
    return () => {
      const i = this.plugWatchers.indexOf(watcher);
      if (i >= 0) this.plugWatchers.splice(i, 1);
    };
  }

  /** @internal The task a slot task of {@link planningDomain} plans as now (the plugged sub-domain's root), or -1 when empty. */
  slotRootOf(task: number): number {
    const index = this.board.domain.slotOf[task];
    return index < 0 ? -1 : this.board.settings.slotRoot[index];
  }

  /** True when `plan` used a slot (or tried it empty) that was plugged or unplugged since it was planned. */
  isStale(plan: Plan): boolean {
    return this.board.isStale(plan);
  }
}

function traceError(): DualplanError {
  return new DualplanError('BAD_OPTION', 'trace', 'Tracing needs an ordered planner: the best-first search records no trace.');
}

function atMaxDepth(value: 'stop' | 'backtrack' | undefined): boolean {
  if (value === undefined || value === 'stop') return false;
  if (value === 'backtrack') return true;
  throw new DualplanError('BAD_OPTION', 'atMaxDepth', `HtnPlanner option atMaxDepth must be 'stop' or 'backtrack', got ${describeValue(value)}.`);
}

function budget(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new DualplanError('BAD_OPTION', name, `HtnPlanner option ${name} must be a whole number >= 1, got ${describeValue(value)}.`);
  }
  return value;
}
