import {
  isPendingPlanner,
  type AgentPlanner,
  type PendingPlanner,
  type Plan,
  type PlanReceiver,
  type PlanResult,
  type PlanStep,
  type PlanUrgency,
  type WorldState,
} from '@dualplan/world-state';
import type { RunnerEvent } from '@dualplan/runner';
import type { Entity, Point } from './GameMap.js';
import { GameError } from './GameError.js';
import type { Query, QueryService } from './QueryService.js';
import type { ReservationBoard } from './ReservationBoard.js';
import { TargetTable } from './TargetTable.js';

/** Options of {@link TargetingPlanner}. */
export interface TargetingOptions<Ctx> {
  /** The agent's id: the claims' holder. */
  readonly agent: string;
  /**
   * The planner whose per-entity actions read the {@link TargetTable} as their context: synchronous, or pending
   * (a `PlanningScheduler`'s, or a worker pool's whose `ctx` option sends the table as {@link TargetTable.toPlain}).
   */
  readonly inner: AgentPlanner<TargetTable> | PendingPlanner<TargetTable>;
  /** Candidates weighed per request: the slots of the per-entity action. */
  readonly slots: number;
  /** The candidate entities for this request, best first (only the first `slots` are weighed). */
  readonly candidates: (ctx: Ctx, board: ReservationBoard) => readonly Entity[];
  /** Where the agent stands: queries measure paths from here. */
  readonly origin: (ctx: Ctx) => Point;
  /** The slot a plan step targets (its per-entity action's `args[0]`), or -1 for a step without a target. */
  readonly slotOf: (step: PlanStep) => number;
  readonly queries: QueryService;
  readonly board: ReservationBoard;
  /** Game time now, in seconds. */
  readonly now: () => number;
  /** Hears what went wrong and was contained: queries that failed, timed out or found no path. */
  readonly onProblem?: (error: GameError) => void;
}

/** One request in flight: its copy of the state, its candidate table and its queries (its cache: one per candidate). */
interface Request {
  readonly id: number;
  readonly state: WorldState<any>;
  readonly running: Plan | null;
  readonly urgency: PlanUrgency;
  readonly receiver: PlanReceiver;
  readonly candidates: readonly Entity[];
  readonly queries: Query[];
  readonly table: TargetTable;
  /** Queries not settled yet. */
  left: number;
  /** The claim token of the plans of this request, and the planning round (a refused claim starts another). */
  readonly token: object;
  round: number;
  /** The id of this request's planning with a pending inner planner, 0 while none is asked. */
  innerId: number;
}

/**
 * Entity targets, reservations and asynchronous queries around one synchronous planner, as a
 * {@link PendingPlanner}: a request picks candidate entities (free on the board), queues one path query per
 * candidate, and stays pending until they settle (answer, no path, failure or timeout). It then fills the
 * request's {@link TargetTable} (the inner planner's context: a slot left empty makes its action unusable), plans, binds each per-entity step's args to the chosen
 * entity id, and claims those entities on the board before answering. A candidate claimed meanwhile by another
 * agent is dropped and planning runs again. Give {@link TargetingPlanner.listen} the agent's runner events:
 * claims follow the adopted plan and are released when it finishes, fails, is replaced or is not adopted.
 * @example
 * const planner = new TargetingPlanner({ agent: 's1', inner: squadPlanner(), flags, candidates, origin, slotOf, queries, board, now });
 * createAgent({ id: 's1', planner, onEvent: (e) => planner.listen(e), ... });
 */
export class TargetingPlanner<Ctx = any> implements PendingPlanner<Ctx> {
  readonly kind: string;
  readonly operators: readonly string[];
  private readonly requests = new Map<number, Request>();
  private readonly pending: PendingPlanner<TargetTable> | null;
  private innerIds = 0;
  /** A finished request's state copy and table, reused by the next request (one request at a time is the rule). */
  private spareState: WorldState<any> | null = null;
  private spareTable: TargetTable | null = null;
  /** Per-entity steps bound to an entity, made once per (step, entity) and shared by every plan naming them. */
  private readonly bound = new Map<PlanStep, Map<string, PlanStep>>();
  /** The claim token of the plan being delivered (during `receive`), and of the adopted plan. */
  private delivering: object | null = null;
  private current: object | null = null;

  constructor(private readonly options: TargetingOptions<Ctx>) {
    this.kind = options.inner.kind;
    this.operators = options.inner.operators;
    this.pending = isPendingPlanner(options.inner) ? options.inner : null;
  }

  request(state: WorldState<any>, ctx: Ctx, running: Plan | null, id: number, urgency: PlanUrgency, receiver: PlanReceiver): void {
    const o = this.options;
    const candidates = o.candidates(ctx, o.board).slice(0, o.slots);
    const spare = this.spareState;
    const table = this.spareTable ?? new TargetTable(o.slots);
    this.spareState = this.spareTable = null;
    table.clear();
    const req: Request = {
      id,
      state: spare !== null && spare.schema === state.schema ? spare.copyFrom(state) : state.clone(),
      running,
      urgency,
      receiver,
      candidates,
      queries: [],
      table,
      left: candidates.length,
      token: {},
      round: 0,
      innerId: 0,
    };
    this.requests.set(id, req);
    if (candidates.length === 0) return this.finish(req);
    const from = o.origin(ctx);
    const now = o.now();
    for (const c of candidates) {
      req.queries.push(
        o.queries.ask(from, c, now, () => {
          if (--req.left === 0) this.finish(req);
        }),
      );
    }
  }

  cancel(id: number): void {
    const req = this.requests.get(id);
    if (req === undefined) return;
    for (const q of req.queries) q.cancel();
    if (req.innerId !== 0) this.pending!.cancel(req.innerId);
    this.requests.delete(id);
    this.recycle(req);
  }

  /** Requests waiting for their queries. */
  get waiting(): number {
    return this.requests.size;
  }

  /** Synchronous planning (no queries, straight-line costs): for comparisons and monitors, not the running agent. */
  plan(state: WorldState<any>, ctx: Ctx, running: Plan | null): PlanResult {
    const o = this.options;
    const table = new TargetTable(o.slots);
    const from = o.origin(ctx);
    o.candidates(ctx, o.board)
      .slice(0, o.slots)
      .forEach((c, i) => table.fill(i, c.id, Math.hypot(c.x - from.x, c.y - from.y)));
    return this.bind((o.inner as AgentPlanner<TargetTable>).plan(state, table, running), table);
  }

  shouldReplace(candidate: Plan, running: Plan) {
    return this.options.inner.shouldReplace(candidate, running);
  }

  stepFailed(step: PlanStep): void {
    this.options.inner.stepFailed?.(step, undefined as never);
  }

  stepSucceeded(step: PlanStep): void {
    this.options.inner.stepSucceeded?.(step, undefined as never);
  }

  update(dt: number): void {
    this.options.inner.update?.(dt);
  }

  observe(observer: Parameters<NonNullable<AgentPlanner['observe']>>[0]) {
    return this.options.inner.observe?.(observer);
  }

  /** The agent's runner events: claims follow the adopted plan. Call it from the agent's `onEvent`. */
  listen(event: RunnerEvent): void {
    const board = this.options.board;
    switch (event.type) {
      case 'planFound':
      case 'planReplaced':
        this.current = this.delivering ?? {};
        board.releaseExcept(this.options.agent, this.current, event.type === 'planFound' ? 'new plan' : 'plan replaced');
        break;
      case 'planFinished':
      case 'planFailed':
      case 'plannerChanged':
        this.current = null;
        board.releaseExcept(this.options.agent, null, event.type);
        break;
      default:
    }
  }

  /** The agent is gone: forget its requests and release everything it holds. */
  retire(): void {
    for (const id of [...this.requests.keys()]) this.cancel(id);
    this.current = null;
    this.options.board.releaseExcept(this.options.agent, null, 'agent gone');
  }

  /** Every query of `req` settled: fill its table from the answers and plan. */
  private finish(req: Request): void {
    if (this.requests.get(req.id) !== req) return;
    const o = this.options;
    req.candidates.forEach((c, i) => {
      const q = req.queries[i];
      if (q !== undefined && q.status === 'done') req.table.fill(i, c.id, q.value);
      else if (q?.error) o.onProblem?.(q.error);
    });
    this.planRound(req);
  }

  /** Plan with the candidates still free, synchronously or through the pending inner planner. */
  private planRound(req: Request): void {
    const o = this.options;
    for (let i = 0; i < o.slots; i++) {
      const id = req.table.entity(i);
      if (id !== null && !(o.board.has(id) && o.board.isFree(id, o.agent))) req.table.drop(i);
    }
    if (this.pending === null) return this.planned(req, (o.inner as AgentPlanner<TargetTable>).plan(req.state, req.table, req.running));
    const innerId = (req.innerId = ++this.innerIds);
    this.pending.request(req.state, req.table, req.running, innerId, req.urgency, {
      receive: (id, result, failure, threw, thrown) => {
        if (id !== req.innerId || this.requests.get(req.id) !== req) return; // cancelled or superseded
        req.innerId = 0;
        if (result === null) {
          this.requests.delete(req.id);
          this.recycle(req);
          req.receiver.receive(req.id, null, failure, threw, thrown);
        } else this.planned(req, result);
      },
    });
  }

  /** A planning round's result: claim its targets; a refused claim empties that slot and plans again (at most slots + 1 rounds). */
  private planned(req: Request, inner: PlanResult): void {
    const o = this.options;
    const result = this.bind(inner, req.table);
    const taken = result.plan === null ? -1 : this.claimAll(result.plan, req.token, o.slotOf, req.table);
    if (taken >= 0 && req.round < o.slots) {
      req.round++;
      req.table.drop(taken);
      return this.planRound(req);
    }
    this.requests.delete(req.id);
    this.recycle(req);
    this.delivering = req.token;
    try {
      req.receiver.receive(req.id, result, '');
    } finally {
      this.delivering = null;
      // Not adopted (dropped, or the running plan kept): nothing of it stays claimed.
      o.board.releaseExcept(o.agent, this.current, 'not adopted');
    }
  }

  /** Keep a finished request's state copy and table for the next request. */
  private recycle(req: Request): void {
    this.spareState = req.state;
    this.spareTable = req.table;
  }

  /** A copy of `result` whose per-entity steps name their entity (`args: [id]`) instead of their slot. */
  private bind(result: PlanResult, table: TargetTable): PlanResult {
    const plan = result.plan;
    if (plan === null) return { ...result };
    const slotOf = this.options.slotOf;
    const steps = plan.steps.map((s) => {
      const slot = slotOf(s);
      if (slot < 0) return s;
      const entity = table.entity(slot)!;
      let byEntity = this.bound.get(s);
      if (byEntity === undefined) this.bound.set(s, (byEntity = new Map()));
      let step = byEntity.get(entity);
      if (step === undefined) byEntity.set(entity, (step = { ...s, args: [entity] }));
      return step;
    });
    return { ...result, plan: { ...plan, steps } };
  }

  /** Claim every target of `plan` for `token`: -1 when all are held, else the slot of the first refused (the others released). */
  private claimAll(plan: Plan, token: object, slotOf: (s: PlanStep) => number, table: TargetTable): number {
    const board = this.options.board;
    const agent = this.options.agent;
    for (const step of plan.steps) {
      const slot = slotOf(step);
      if (slot < 0) continue;
      const id = String(step.args[0]);
      if (!board.has(id) || !board.claim(id, agent, token)) {
        board.releaseExcept(agent, this.current, 'claim refused');
        for (let i = 0; i < table.slots; i++) if (table.entity(i) === id) return i;
        return 0;
      }
    }
    return -1;
  }
}
