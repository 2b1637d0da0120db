import { checkWorldState, moveFaults, type PlanBuffer, type WorldState } from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';
import { UndefinedTaskError } from '../errors.js';
import type { HtnPlanRequest } from '../HtnPlannerOptions.js';
import { failedResult, htnPlanIn, type HtnContinuation, type HtnResult } from '../search/HtnPlan.js';
import type { HtnSearchEngine, RecordedSearch } from './HtnSearchEngine.js';
import type { HtnTraceLog } from '../search/HtnTraceLog.js';
import { OrderedSearch, type SearchStatus } from '../search/OrderedSearch.js';
import type { SearchHost } from './SearchHost.js';

/**
 * @internal The ordered search as an engine: depth-first over methods in order with chronological
 * backtracking ({@link OrderedSearch}), MTR pruning against a running plan, traces, pause points and resuming
 * from a continuation. Owns its search's scratch; writes the plan into the caller's buffer in place.
 */
export class OrderedEngine<Ctx> implements HtnSearchEngine<Ctx> {
  private readonly search: OrderedSearch<Ctx>;

  constructor(
    private readonly host: SearchHost<Ctx>,
    private readonly trace: HtnTraceLog,
  ) {
    this.search = new OrderedSearch(host.board.domain as HtnDomain, host.board.settings, trace);
  }

  recorded(): RecordedSearch {
    return { log: this.trace };
  }

  /** For tests: run every call the general way, which the inline paths must match (events included). */
  generalPathOnly(): void {
    this.search.generalPathOnly();
  }

  plan(out: PlanBuffer, state: WorldState<any>, ctx: Ctx | undefined, request: HtnPlanRequest | undefined, tracing: boolean): HtnResult {
    const s = this.search;
    this.begin(out, state, ctx, request, tracing);
    let id = -1;
    if (request?.tasks) s.pushRefs(request.tasks, -1);
    else {
      id = this.host.rootId(request);
      s.push(request?.args ? s.calls.callWith(id, request.args) : this.host.board.domain.defaultCall[id]);
    }
    const rootName = id < 0 ? '(tasks)' : this.host.board.domain.taskNames[id];
    return this.finish(out, s.run(rootName), id, rootName, request);
  }

  resume(
    out: PlanBuffer,
    continuation: HtnContinuation,
    state: WorldState<any>,
    ctx: Ctx | undefined,
    request: HtnPlanRequest | undefined,
    tracing: boolean,
  ): HtnResult {
    const s = this.search;
    this.begin(out, state, ctx, request, tracing);
    const d = this.host.board.domain;
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

  private begin(out: PlanBuffer, state: WorldState<any>, ctx: Ctx | undefined, request: HtnPlanRequest | undefined, tracing: boolean): void {
    checkWorldState(state, 'HtnPlanner');
    const settings = this.host.board.settings;
    if (request?.seed !== undefined) this.host.seed(request.seed);
    settings.unavailable.use(request?.availability);
    this.search.reset(state, ctx as Ctx, this.host.stepsFor(out), request?.against ?? null, tracing);
    settings.costs?.refresh(state, ctx, this.search.faults);
  }

  /**
   * Write the search's result into `out` in place (no allocation for a found plan or a cached reason).
   * `root` is the root task's id (-1: a task list); only a `'none'` result reads it.
   */
  private finish(out: PlanBuffer, status: SearchStatus, root: number, rootName: string, request: HtnPlanRequest | undefined): HtnResult {
    const s = this.search;
    const p = htnPlanIn(out);
    // User code that failed during the search (contained: that method or task failed) goes with the result.
    moveFaults(s.faults.log, out);
    s.writeStats(p.stats);
    if (status !== 'found') return this.failed(out, status, root, request);
    const board = this.host.board;
    const o = out.r;
    // Fields a buffer planned into again mostly keep their values: compared before storing (a load and a compare
    // cost less than a pointer store's write barrier, and leave the buffer's cache line clean).
    if (o.status !== status) o.status = status;
    const steps = p.steps;
    const planLen = this.host.collect(out, s.stepCount);
    let cost = 0;
    const costs = board.settings.costs;
    if (costs !== null) for (let i = 0; i < planLen; i++) steps[i] = costs.stepOf(steps[i]);
    for (let i = 0; i < planLen; i++) cost += steps[i].cost;
    p.cost = cost;
    const meta = p.meta;
    if (meta.root !== rootName) meta.root = rootName;
    s.writeMtr(meta.mtr);
    const paused = s.continuation;
    meta.partial = paused !== null;
    if (meta.continuation !== paused) meta.continuation = paused;
    const used = s.used;
    const empty = s.emptySlots;
    board.writeSlots(meta, used.indices, used.count, empty.indices, empty.count);
    if (o.plan !== p) o.plan = p;
    if (o.reason !== rootName) o.reason = rootName;
    o.budget = null;
    return o as HtnResult;
  }

  /** A search that found no plan (kept out of {@link finish}, which a found plan runs through). */
  private failed(out: PlanBuffer, status: 'none' | 'budget', root: number, request: HtnPlanRequest | undefined): HtnResult {
    const texts = this.host.board.settings.texts;
    return failedResult(out, status, status === 'budget' ? this.search.failure : texts.none(root, !!request?.against), texts);
  }
}
