import type { Plan, PlanOutcome, PlanStats, PlanStatus, PlanStep } from '@dualplan/world-state';

/** One unprocessed task of a partial plan: its name, arguments, and static call id (or -1). */
export interface ContinuationTask {
  readonly task: string;
  readonly args: readonly unknown[];
  readonly call: number;
}

/**
 * Where a partial plan stopped (004 §12.10): the unprocessed task list and the
 * MTR so far. Plain data; pass it to {@link Planner.resume} to plan the rest.
 */
export interface HtnContinuation {
  readonly root: string;
  readonly tasks: readonly ContinuationTask[];
  readonly mtr: readonly number[];
}

/** HTN plan metadata. */
export interface HtnMeta {
  /** The root task (or `'(tasks)'` when planning from a task list). */
  root: string;
  /**
   * Method traversal record (004 §12.8): the index of the method chosen for each
   * compound task decomposed, in decomposition order. Lower indices are higher priority.
   */
  mtr: number[];
  /** The plan stops at a pause point; {@link continuation} holds the rest. */
  partial: boolean;
  continuation: HtnContinuation | null;
}

export type HtnPlan = Plan<HtnMeta>;
export type HtnOutcome = PlanOutcome<HtnMeta>;

interface MutablePlan {
  planner: string;
  steps: PlanStep[];
  cost: number;
  meta: HtnMeta;
  stats: PlanStats;
}

interface MutableOutcome {
  status: PlanStatus;
  plan: HtnPlan | null;
  reason: string;
}

/**
 * A reusable result: one plan and one outcome object that {@link Planner.plan}
 * overwrites in place, so planning allocates nothing. Keep the plan a runner is
 * executing in a different buffer from the one you plan into.
 * @example
 * const a = new PlanBuffer(), b = new PlanBuffer();
 * const first = planner.plan(state, ctx, { out: a });
 * const next = planner.plan(state, ctx, { out: b }); // `first.plan` is untouched
 */
export class PlanBuffer {
  /** @internal */
  readonly p: MutablePlan;
  /** @internal */
  readonly o: MutableOutcome;

  constructor() {
    this.p = {
      planner: 'htn',
      steps: [],
      cost: 0,
      meta: { root: '', mtr: [], partial: false, continuation: null },
      stats: { expanded: 0, generated: 0, backtracks: 0 },
    };
    this.o = { status: 'none', plan: null, reason: '' };
  }

  /** The last outcome written into this buffer. */
  get outcome(): HtnOutcome {
    return this.o;
  }
}
