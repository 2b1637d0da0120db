import {
  DualplanError,
  checkWorldState,
  PlanBuffer,
  type PlanStep,
  copyResult,
  describeValue,
  moveFaults,
  mulberry32,
  nameOf,
  showValue,
  type Plan,
  type WorldState,
} from '@dualplan/world-state';
import { BestFirstSearch } from './search/BestFirstSearch.js';
import { TaskKind, type HtnDomain } from './domain/HtnDomain.js';
import { UndefinedTaskError, UnknownDelegateError } from './errors.js';
import { htnPlanIn, type HtnContinuation, type HtnMeta, type HtnResult } from './search/HtnPlan.js';
import type { HtnTraceEvent } from './search/HtnTraceEvent.js';
import { HtnTraceLog } from './search/HtnTraceLog.js';
import { OrderedSearch, type SearchStatus } from './search/OrderedSearch.js';
import type { HtnPlannerOptions, HtnPlanRequest } from './HtnPlannerOptions.js';
import { sameLayout } from './domain/sameLayout.js';
import { collectSections } from './domain/parallelTasks.js';
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
  /** The search this planner runs ({@link HtnPlannerOptions.mode}). */
  readonly mode: 'ordered' | 'best-first';
  /** What is plugged into the slots, and the domain and settings the searches walk. */
  private readonly board: SlotBoard<Ctx, HtnPlanner<Ctx, string>>;
  /** True while `plan` or `resume` runs. */
  private planning = false;
  /** Told after every plug or unplug ({@link watchPlugs}). */
  private readonly plugWatchers: (() => void)[] = [];
  // Built on first use (a sub-domain's planner may never plan itself; a plug drops them: the board tells it).
  private searchScratch: OrderedSearch<Ctx> | null = null;
  private best: BestFirstSearch<Ctx> | null = null;
  // Without a caller's buffer the search writes here and the caller gets a fresh copy.
  private readonly scratch = new PlanBuffer();
  /**
   * With parallel tasks the search plans into this array, marker steps included, and the plan gets
   * the other steps: the plan's own array then keeps one length instead of shrinking and growing per plan.
   */
  private readonly marked: PlanStep[] = [];
  /** The options the planner was built with, for {@link warmUp}'s scratch planner. */
  private readonly options: HtnPlannerOptions<Ctx>;

  constructor(domain: HtnDomain<any, Op>, options: HtnPlannerOptions<Ctx> = {}) {
    this.domain = domain;
    this.options = options;
    const maxSteps = budget(options.maxSteps, 100_000, 'maxSteps');
    const maxDepth = budget(options.maxDepth, 4096, 'maxDepth');
    this.traceOn = options.trace === true;
    this.mode = options.mode ?? 'ordered';
    if (this.mode !== 'ordered' && this.mode !== 'best-first') {
      throw new DualplanError('BAD_OPTION', 'mode', `HtnPlanner option mode must be 'ordered' or 'best-first', got ${describeValue(this.mode)}.`);
    }
    if (this.mode === 'best-first' && this.traceOn) throw traceError();
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
      this.searchScratch = null;
      this.best = null;
      for (const watcher of this.plugWatchers.slice()) watcher();
    });
  }

  /** Record {@link trace} events; a best-first planner throws `BAD_OPTION` when asked to plan with it on. */
  get tracing(): boolean {
    return this.traceOn;
  }

  set tracing(on: boolean) {
    this.traceOn = on;
  }

  /** Events of the last search while tracing is on (plain data, made when first read after a search); empty until then. Ordered mode only. */
  get trace(): HtnTraceEvent[] {
    return this.traceLog.events();
  }

  private get search(): OrderedSearch<Ctx> {
    return (this.searchScratch ??= new OrderedSearch(this.board.domain as HtnDomain, this.board.settings, this.traceLog));
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
      return this.mode === 'best-first' ? this.bestFirst(state, ctx, request) : this.ordered(state, ctx, request);
    } finally {
      this.planning = false;
    }
  }

  /**
   * Pay at load what the first plan of a fresh process pays (compiling the search code): plan once from `state`
   * on a scratch planner over this planner's domain, plugs included, with the same options. This planner's
   * generator, trace and plans are untouched. Operators' conditions and effects run as in any plan.
   * @example
   * planner.warmUp(createState(domain.schema)); // at load, before the first frame
   */
  warmUp(state: WorldState<any>, ctx?: Ctx): void {
    const scratch = new HtnPlanner<Ctx, Op>(this.planningDomain, { ...this.options, trace: false });
    scratch.plan(state, ctx, { out: new PlanBuffer() });
  }

  private ordered(state: WorldState<any>, ctx: Ctx | undefined, request: HtnPlanRequest | undefined): HtnResult {
    const s = this.search;
    const out = this.begin(state, ctx, request);
    let id = -1;
    if (request?.tasks) s.pushRefs(request.tasks, -1);
    else {
      id = this.rootId(request);
      s.push(request?.args ? s.calls.callWith(id, request.args) : this.board.domain.defaultCall[id]);
    }
    const rootName = id < 0 ? '(tasks)' : this.board.domain.taskNames[id];
    return this.finish(out, s.run(rootName), id, rootName, request);
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
      return this.resumeOrdered(continuation, state, ctx, request);
    } finally {
      this.planning = false;
    }
  }

  private resumeOrdered(continuation: HtnContinuation, state: WorldState<any>, ctx: Ctx | undefined, request: HtnPlanRequest | undefined): HtnResult {
    const s = this.search;
    const out = this.begin(state, ctx, request);
    const d = this.board.domain;
    const tasks = continuation.tasks;
    for (let i = tasks.length - 1; i >= 0; i--) {
      const t = tasks[i];
      const id = d.taskId(t.task);
      if (id < 0) throw new UndefinedTaskError(t.task, 'the continuation');
      // The recorded static call when it still means the same task, else a dynamic call with the recorded args.
      s.push(t.call >= 0 && t.call < d.staticCalls && d.callTask[t.call] === id ? t.call : s.calls.callWith(id, t.args));
    }
    s.setMtr(continuation.mtr);
    const status = s.run(continuation.root);
    return this.finish(out, status, status === 'none' ? d.taskId(continuation.root) : -1, continuation.root, request);
  }

  /** Restart the generator behind `select: 'random'` compounds from `seed`. */
  reseed(seed: number): void {
    this.refuseWhilePlanning('reseed()');
    this.seed(seed);
  }

  private seed(seed: number): void {
    if (!Number.isInteger(seed)) throw new DualplanError('BAD_OPTION', 'seed', `A seed must be an integer, got ${showValue(seed)}.`);
    this.board.reseed(seed);
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

  /** True when `plan` used a slot (or tried it empty) that was plugged or unplugged since it was planned. */
  isStale(plan: Plan): boolean {
    return this.board.isStale(plan);
  }

  private rootId(request: HtnPlanRequest | undefined): number {
    const root = request?.task;
    const d = this.board.domain;
    const id = root === undefined ? this.board.root : typeof root === 'number' ? root : d.taskId(root);
    if (!(Number.isInteger(id) && id >= 0 && id < d.taskKind.length && d.taskKind[id] !== TaskKind.Pause))
      throw new UndefinedTaskError(nameOf(root ?? '(none)'), 'the plan request');
    return id;
  }

  private bestFirst(state: WorldState<any>, ctx: Ctx | undefined, request: HtnPlanRequest | undefined): HtnResult {
    if (this.tracing) throw traceError();
    checkWorldState(state, 'HtnPlanner');
    if (request?.against != null) {
      throw new DualplanError(
        'BAD_OPTION',
        'against',
        'Plan request option against (MTR pruning) needs an ordered planner; best-first ranks plans by cost, not by method order.',
      );
    }
    const id = request?.tasks ? -1 : this.rootId(request);
    if (request?.seed !== undefined) this.seed(request.seed);
    this.best ??= new BestFirstSearch(this.board.domain as HtnDomain, this.board.settings);
    this.best.faults.reset();
    this.board.settings.costs?.refresh(state, ctx, this.best.faults);
    const out = this.output(request);
    const result = this.best.run(out, this.board.parallel === null ? out.p.steps : this.marked, state, ctx as Ctx, id, request?.args, request?.tasks);
    if (result.plan !== null) {
      this.collect(out, this.best.planLen);
      this.board.writeSlots(result.plan.meta as HtnMeta, this.best.used, this.best.usedLen);
    }
    return request?.out ? result : copyResult(result);
  }

  private output(request: HtnPlanRequest | undefined): PlanBuffer {
    return request?.out ?? this.scratch;
  }

  private begin(state: WorldState<any>, ctx: Ctx | undefined, request: HtnPlanRequest | undefined): PlanBuffer {
    checkWorldState(state, 'HtnPlanner');
    const out = this.output(request);
    if (request?.seed !== undefined) this.seed(request.seed);
    this.board.settings.unavailable.use(request?.availability);
    this.search.reset(state, ctx as Ctx, this.board.parallel === null ? out.p.steps : this.marked, request?.against ?? null, this.tracing);
    this.board.settings.costs?.refresh(state, ctx, this.search.faults);
    return out;
  }

  /**
   * Write the search's result into `out` in place (no allocation for a found plan or a cached reason).
   * `root` is the root task's id (-1: a task list); only a `'none'` result reads it.
   */
  private finish(out: PlanBuffer, status: SearchStatus, root: number, rootName: string, request: HtnPlanRequest | undefined): HtnResult {
    const s = this.search;
    const p = htnPlanIn(out);
    const o = out.r;
    // User code that failed during the search (contained: that method or task failed) goes with the result.
    moveFaults(s.faults.log, out);
    const steps = p.steps;
    s.writeStats(p.stats);
    o.status = status;
    if (status !== 'found') {
      if (steps.length !== 0) steps.length = 0;
      o.plan = null;
      o.reason = status === 'budget' ? s.failure : this.board.settings.texts.none(root, !!request?.against);
      o.budget = status === 'budget' ? (s.failure === this.board.settings.texts.steps ? 'steps' : 'depth') : null;
      return request?.out ? (o as HtnResult) : copyResult(o as HtnResult);
    }
    const planLen = this.collect(out, s.stepCount);
    let cost = 0;
    const costs = this.board.settings.costs;
    if (costs !== null) for (let i = 0; i < planLen; i++) steps[i] = costs.stepOf(steps[i]);
    for (let i = 0; i < planLen; i++) cost += steps[i].cost;
    p.cost = cost;
    const meta = p.meta;
    meta.root = rootName;
    s.writeMtr(meta.mtr);
    meta.partial = s.continuation !== null;
    meta.continuation = s.continuation;
    this.board.writeSlots(meta, s.usedSlots, s.usedSlotCount, s.emptySlots.indices, s.emptySlots.count);
    o.plan = p;
    o.reason = rootName;
    o.budget = null;
    return request?.out ? (o as HtnResult) : copyResult(o as HtnResult);
  }

  /**
   * Marker steps (the search's first `planLen` steps) become the plan's parallel sections, checked against
   * the key-conflict rule, and the other steps its steps; a plan without them must not show sections an
   * earlier plan left in this buffer. Returns the plan's length.
   */
  private collect(out: PlanBuffer, planLen: number): number {
    const steps = out.p.steps;
    const parallel = this.board.parallel;
    if (parallel !== null) planLen = collectSections(this.marked, planLen, steps, out, parallel, this.board.domain.checkedAtPlanTime);
    else if (out.sectionsOf !== '') out.ownSections('');
    if (steps.length !== planLen) steps.length = planLen;
    return planLen;
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
