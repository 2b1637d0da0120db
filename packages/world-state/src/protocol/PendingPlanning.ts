import type { Availability } from './Availability.js';
import type { AgentPlanner } from './AgentPlanner.js';
import type { BudgetKind, PlanResult, PlanStatus } from '../plan/PlanResult.js';
import type { Plan, PlanStats, PlanStep } from '../plan/Plan.js';
import type { WorldState } from '../schema/WorldState.js';
import { parallelShapeError } from '../plan/ParallelCheck.js';
import { copySection, type ParallelSection } from '../plan/ParallelSection.js';
import { DualplanError } from '../errors/errors.js';

/**
 * How badly an agent needs the plan it asks for, most urgent first: it has
 * none (`noPlan`), its plan just failed or became invalid (`invalidated`), or it
 * is checking for a better plan while its own still runs (`recheck`).
 */
export type PlanUrgency = 'noPlan' | 'invalidated' | 'recheck';

/** Receives the answers to planning requests (a plan runner implements it). */
export interface PlanReceiver {
  /**
   * The answer to request `id`: a planning result, or `null` with `failure`
   * saying why planning itself failed (a crashed or hung worker, a throwing
   * planner). A receiver ignores ids it no longer waits for. When the
   * planner's own code threw, `threw` is true and `thrown` is what it threw,
   * so the receiver can report it like a throw from a synchronous `plan`.
   * A result's `faults` (what the search contained) are the receiver's to report.
   */
  receive(id: number, result: PlanResult | null, failure: string, threw?: boolean, thrown?: unknown): void;
}

/**
 * An agent planner that may answer "still planning": the runner asks with
 * {@link request}, keeps running (or idles), and adopts the answer that
 * arrives through its {@link PlanReceiver} if it still wants it. The planning
 * scheduler and the worker pool hand out planners of this kind.
 * @example
 * planner.request(state, ctx, null, 1, 'noPlan', runner); // later: runner.receive(1, result, '')
 */
export interface PendingPlanner<Ctx = any> extends AgentPlanner<Ctx> {
  /**
   * Ask for a plan from `state` (read now; the planner copies what it keeps).
   * The answer may come during this call or any time later, exactly once per
   * id unless the request is cancelled first. `availability`: as for {@link AgentPlanner.plan}.
   */
  request(state: WorldState<any>, ctx: Ctx, running: Plan | null, id: number, urgency: PlanUrgency, receiver: PlanReceiver, availability?: Availability): void;
  /** Forget request `id`: its answer, if it still comes, is not delivered. */
  cancel(id: number): void;
  /**
   * Called by the runner once per tick while request `id` waits for its answer: the planner may answer it now,
   * during this call, as it may during `request` (a cache that has meanwhile learnt the answer, say). Optional.
   */
  poll?(id: number): void;
}

/**
 * The resumable form of {@link AgentPlanner.plan}, for planning across frames:
 * `begin` copies the state and starts, each `step(budget)` does at most about
 * `budget` units of work (node expansions or decomposition steps) and returns
 * `null` while still planning. Run to the end, it returns the same result as
 * `plan` would have from the same state.
 * @example
 * sliced.begin(state, ctx, null);
 * let result = null;
 * while (result === null) result = sliced.step(64);
 */
export interface SlicedPlanner<Ctx = any> extends AgentPlanner<Ctx> {
  /** Start planning from a copy of `state`, abandoning any unfinished run (`availability`: as for {@link AgentPlanner.plan}). */
  begin(state: WorldState<any>, ctx: Ctx, running: Plan | null, availability?: Availability): void;
  /** Continue; `null` while unfinished, else the result (valid until the next `begin`). */
  step(budget: number): PlanResult | null;
  /** Abandon the unfinished run. */
  cancel(): void;
  /** Units of work done by the current run so far. */
  readonly work: number;
}

/** A plan step as plain data: enough to find the compiled step again in the same domain. */
export interface PlainStep {
  readonly task: string;
  /** The planner's index of the source task or action. */
  readonly sourceId: number;
  readonly args: readonly unknown[];
  readonly cost: number;
}

/** A {@link Plan} as plain data, for `postMessage` and caches that outlive the compiled domain's objects. */
export interface PlainPlan {
  readonly planner: string;
  readonly steps: readonly PlainStep[];
  readonly cost: number;
  readonly meta: unknown;
  readonly stats: PlanStats;
  /** The plan's parallel sections, when it has any (plain data already). */
  readonly parallel?: readonly ParallelSection[];
}

/** A planning result as plain data. */
export interface PlainOutcome {
  readonly status: PlanStatus;
  readonly plan: PlainPlan | null;
  readonly reason: string;
  readonly budget: BudgetKind | null;
  readonly stats: PlanStats;
}

/**
 * Turns one planner's results into plain data and back, re-attaching steps to
 * the compiled domain (its condition and effect lists) by source id. Both
 * sides must have compiled the same domain definition.
 * @example
 * const plain = codec.encode(result); // structured-clone safe
 * const again = codec.decode(plain); // steps are the domain's own objects
 */
export interface PlanCodec {
  /** Turns a result into plain data (structured-clone safe: no functions, no class instances). */
  encode(result: PlanResult): PlainOutcome;
  /** Turns plain data back into a result whose steps are the compiled domain's own step objects. */
  decode(plain: PlainOutcome): PlanResult;
}

/**
 * A result as plain data, steps by source id (shared by the planners' codecs):
 * copies, so a result in a reused buffer can be sent or kept.
 * @example
 * const plain = plainResult(result); // plan.steps: [{ task: 'Attack', sourceId: 3, args: [], cost: 1 }]
 */
export function plainResult(result: PlanResult): PlainOutcome {
  const stats = { expanded: result.stats.expanded, generated: result.stats.generated, backtracks: result.stats.backtracks };
  const p = result.plan;
  const plan: PlainPlan | null =
    p === null
      ? null
      : {
          planner: p.planner,
          steps: p.steps.map((s) => ({ task: s.task, sourceId: s.sourceId, args: s.args.slice(), cost: s.cost })),
          cost: p.cost,
          meta: copyMeta(p.meta),
          stats,
          ...sectionsOf(p),
        };
  return { status: result.status, plan, reason: result.reason, budget: result.budget, stats };
}

/** Plan metadata is JSON-safe plain data (it travels as JSON): a JSON round trip copies it, many times faster than `structuredClone`. */
function copyMeta(meta: unknown): unknown {
  return meta === undefined || meta === null || typeof meta !== 'object' ? meta : JSON.parse(JSON.stringify(meta));
}

/**
 * A result from its plain form, with each step found again by `stepOf` (the planner's codec re-attaches them).
 * @example
 * const result = resultFromPlain(plain, (s) => domain.steps[s.sourceId]);
 */
export function resultFromPlain(plain: PlainOutcome, stepOf: (step: PlainStep) => PlanStep): PlanResult {
  const stats = { expanded: plain.stats.expanded, generated: plain.stats.generated, backtracks: plain.stats.backtracks };
  const p = plain.plan;
  if (p === null || plain.status !== 'found')
    return { status: plain.status === 'found' ? 'none' : plain.status, plan: null, reason: plain.reason, budget: plain.budget, stats };
  const plan: Plan = { planner: p.planner, steps: p.steps.map(stepOf), cost: p.cost, meta: p.meta, stats, ...sectionsOf(p) };
  const bad = parallelShapeError(plan);
  if (bad !== null) throw new DualplanError('BAD_PLAN', 'parallel', `A decoded plan has malformed parallel sections: ${bad}.`);
  return { status: 'found', plan, reason: plain.reason, budget: null, stats };
}

/** `{ parallel }` with copies of a plan's sections, or nothing for a plan without any. */
function sectionsOf(p: { readonly parallel?: readonly ParallelSection[] }): { parallel?: ParallelSection[] } {
  const sections = p.parallel;
  return sections === undefined || sections.length === 0 ? {} : { parallel: sections.map(copySection) };
}

/**
 * True when `planner` can answer "still planning" ({@link PendingPlanner}).
 * @example
 * if (isPendingPlanner(planner)) planner.request(state, ctx, null, 1, 'noPlan', receiver);
 */
export function isPendingPlanner<Ctx>(planner: AgentPlanner<Ctx>): planner is PendingPlanner<Ctx> {
  return typeof (planner as Partial<PendingPlanner<Ctx>>).request === 'function';
}

/**
 * True when `planner` can plan in slices ({@link SlicedPlanner}).
 * @example
 * if (isSlicedPlanner(planner)) planner.begin(state, ctx, null);
 */
export function isSlicedPlanner<Ctx>(planner: AgentPlanner<Ctx>): planner is SlicedPlanner<Ctx> {
  return typeof (planner as Partial<SlicedPlanner<Ctx>>).step === 'function' && typeof (planner as Partial<SlicedPlanner<Ctx>>).begin === 'function';
}
