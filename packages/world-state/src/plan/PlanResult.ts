import type { Plan, PlanStats, PlanStep } from './Plan.js';
import { copySection, type ParallelSection } from './ParallelSection.js';
import type { UserCodeError } from '../errors/UserCodeError.js';

/** Outcome of a planning request: a plan, no plan, or a budget ran out first. */
export type PlanStatus = 'found' | 'none' | 'budget';

/**
 * Which budget stopped a search: GOAP `expansions`, `length`, `time`, `nodes`;
 * HTN `steps` (tasks processed) or `depth` (compound decompositions in one plan).
 */
export type BudgetKind = 'expansions' | 'length' | 'time' | 'nodes' | 'steps' | 'depth';

/**
 * What both planners' `plan()` return. Without a {@link PlanBuffer} the object
 * (and its plan) is fresh and never changes afterwards; with one it lives in the
 * buffer and is valid until the next call that writes into that buffer.
 * `faults` lists user code that failed during the search (a cost or check that
 * threw or returned nonsense, a goal callback, an HTN subtask function): the
 * planner left that action, goal or method out and planned on without it.
 * @example
 * const result = planner.plan(state, ctx);
 * if (result.status === 'found') console.log(result.plan.steps.map((s) => s.task));
 * else console.log(result.reason, result.budget);
 */
export type PlanResult<Meta = unknown> =
  | {
      readonly status: 'found';
      readonly plan: Plan<Meta>;
      readonly reason: string;
      readonly budget: null;
      readonly stats: PlanStats;
      readonly faults?: readonly UserCodeError[];
    }
  | {
      readonly status: 'none' | 'budget';
      readonly plan: null;
      readonly reason: string;
      readonly budget: BudgetKind | null;
      readonly stats: PlanStats;
      readonly faults?: readonly UserCodeError[];
    };

/** @internal The mutable plan a {@link PlanBuffer} holds. */
export interface MutablePlan<Meta = any> {
  planner: string;
  steps: PlanStep[];
  cost: number;
  meta: Meta;
  stats: PlanStats;
  /** The sections of {@link PlanBuffer.sections} while the planner that wrote them wrote this plan and there are any. */
  readonly parallel: readonly ParallelSection[] | undefined;
}

/** @internal A {@link ParallelSection} a planner rewrites in place. */
export interface MutableSection {
  task: string;
  start: number;
  split: number;
  end: number;
  /** Set (true) only on a race's section. */
  race?: boolean;
}

/** @internal The mutable result a {@link PlanBuffer} holds. */
export interface MutableResult<Meta = any> {
  status: PlanStatus;
  plan: MutablePlan<Meta> | null;
  reason: string;
  budget: BudgetKind | null;
  stats: PlanStats;
  faults?: UserCodeError[];
}

/**
 * A reusable home for one planning result, for allocation-free planning loops:
 * pass it as `out` and the planner overwrites it in place instead of returning a
 * fresh result. The result it returns is valid until the next call that writes
 * into the same buffer, so keep the plan a runner is executing in a different
 * buffer from the one you plan into. Either planner can write into any buffer.
 * @example
 * const a = new PlanBuffer(), b = new PlanBuffer();
 * const first = planner.plan(state, ctx, { out: a });
 * const next = planner.plan(state, ctx, { out: b }); // `first.plan` is untouched
 */
export class PlanBuffer {
  /** @internal */
  readonly p: MutablePlan;
  /** @internal */
  readonly r: MutableResult;
  /**
   * @internal Parallel sections, rewritten in place by the planner named in
   * {@link sectionsOf}. The plan shows them only while that planner wrote it
   * last, so another planner writing into this buffer never inherits them.
   */
  readonly sections: MutableSection[] = [];
  #sectionsOf = '';

  constructor() {
    const stats = { expanded: 0, generated: 0, backtracks: 0 };
    this.p = new BufferPlan(this, stats);
    this.r = { status: 'none', plan: null, reason: '', budget: null, stats };
  }

  /** @internal The planner whose plan shows the buffer's parallel sections (`''`: none does). */
  get sectionsOf(): string {
    return this.#sectionsOf;
  }

  /** @internal The sections now belong to the plan `planner` wrote, or (`''`) to no plan. */
  ownSections(planner: string): void {
    this.#sectionsOf = planner;
  }

  /** The last result written into this buffer. */
  get result(): PlanResult<any> {
    return this.r as PlanResult<any>;
  }

  /** An owned copy of the last result: fresh objects that later writes into this buffer leave alone. */
  copy<Meta = unknown>(): PlanResult<Meta> {
    return copyResult(this.r as PlanResult<Meta>);
  }
}

/**
 * The plan a {@link PlanBuffer} holds: plain data fields, plus `parallel` read from the buffer's
 * sections only while the planner that wrote them wrote the plan (a getter on the prototype, so
 * the hot data fields keep the shape of a plain object; `toJSON` writes the sections out).
 */
class BufferPlan implements MutablePlan {
  planner = '';
  steps: PlanStep[] = [];
  cost = 0;
  meta: any = null;
  readonly #buffer: PlanBuffer;

  constructor(
    buffer: PlanBuffer,
    public stats: PlanStats,
  ) {
    this.#buffer = buffer;
  }

  get parallel(): readonly ParallelSection[] | undefined {
    const b = this.#buffer;
    return b.sectionsOf === this.planner && b.sections.length > 0 ? b.sections : undefined;
  }

  toJSON(): Plan {
    const parallel = this.parallel;
    const plain = { planner: this.planner, steps: this.steps, cost: this.cost, meta: this.meta, stats: this.stats };
    return parallel === undefined ? plain : { ...plain, parallel };
  }
}

/**
 * A deep enough copy of a result for the caller to keep: new result, plan, step
 * list, stats and (plain-data) meta objects; the steps themselves are immutable and shared.
 * @example
 * const kept = copyResult(planner.plan(state, ctx, null)); // still valid after the next plan() call
 */
export function copyResult<Meta>(r: PlanResult<Meta>): PlanResult<Meta> {
  const stats = { expanded: r.stats.expanded, generated: r.stats.generated, backtracks: r.stats.backtracks };
  const faults = r.faults === undefined ? {} : { faults: r.faults.slice() };
  if (r.plan === null) return { status: r.status, plan: null, reason: r.reason, budget: r.budget, stats, ...faults } as PlanResult<Meta>;
  const p = r.plan;
  const sections = p.parallel;
  const plan: Plan<Meta> =
    sections === undefined || sections.length === 0
      ? { planner: p.planner, steps: p.steps.slice(), cost: p.cost, meta: copyMeta(p.meta), stats }
      : {
          planner: p.planner,
          steps: p.steps.slice(),
          cost: p.cost,
          meta: copyMeta(p.meta),
          stats,
          parallel: sections.map(copySection),
        };
  return { status: 'found', plan, reason: r.reason, budget: null, stats, ...faults };
}

/**
 * Hand a search's contained faults to its result in `out`, moving them out of
 * `log` (which is left empty for the next search); clears stale faults from an
 * earlier result. Allocates only when there are faults.
 * @example
 * moveFaults(this.faultLog, out); // after writing the result into `out`
 */
export function moveFaults(log: UserCodeError[], out: PlanBuffer): void {
  const r = out.r;
  if (log.length > 0) r.faults = log.splice(0);
  else if (r.faults !== undefined) r.faults = undefined;
}

function copyMeta<Meta>(meta: Meta): Meta {
  if (meta === null || typeof meta !== 'object') return meta;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(meta)) out[k] = Array.isArray(v) ? v.slice() : v;
  return out as Meta;
}

/**
 * A found result for a hand-made plan (custom {@link AgentPlanner}s, sub-planners, tests).
 * @example
 * const planner: AgentPlanner = { kind: 'script', operators: ['wave'], plan: () => planFound(wavePlan, 'scripted'), shouldReplace: () => KEEP };
 */
export function planFound<Meta>(plan: Plan<Meta>, reason = ''): PlanResult<Meta> {
  return { status: 'found', plan, reason, budget: null, stats: plan.stats };
}

/**
 * A result with no plan: `'none'`, or `'budget'` when `budget` names the budget that ran out.
 * @example
 * return noPlan('no valid, unsatisfied goal');
 */
export function noPlan(reason: string, budget: BudgetKind | null = null): PlanResult<never> {
  return { status: budget ? 'budget' : 'none', plan: null, reason, budget, stats: { expanded: 0, generated: 0, backtracks: 0 } };
}
