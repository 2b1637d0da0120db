import type { MutablePlan, Plan, PlanBuffer, PlanResult } from '@dualplan/world-state';
import type { FailureTexts } from './FailureTexts.js';

/** One unprocessed task of a partial plan: its name, arguments, and static call id (or -1). */
export interface ContinuationTask {
  readonly task: string;
  readonly args: readonly unknown[];
  readonly call: number;
}

/**
 * Where a partial plan stopped: the unprocessed task list and the
 * MTR so far. Plain data; pass it to {@link HtnPlanner.resume} to plan the rest.
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
   * Method traversal record (MTR): the index of the method chosen for each
   * compound task decomposed, in decomposition order. Lower indices are higher priority.
   */
  mtr: number[];
  /** The plan stops at a pause point; {@link continuation} holds the rest. */
  partial: boolean;
  continuation: HtnContinuation | null;
  /** The slots whose plugged sub-domains planned part of this plan, and each one's plug version then. */
  slots: string[];
  slotVersions: number[];
  /**
   * The slots the search tried and found empty (the plan is a fallback that holds only while they stay empty), and
   * each one's plug version then; absent until a plan in this buffer tried one.
   */
  emptySlots?: string[];
  emptySlotVersions?: number[];
}

/** A plan made by the HTN planner: the shared plan format with HTN metadata. */
export type HtnPlan = Plan<HtnMeta>;
/** What `HtnPlanner.plan` returns: the shared result shape with HTN metadata. */
export type HtnResult = PlanResult<HtnMeta>;

/** @internal The buffer's plan, set up for HTN metadata (once per buffer unless another planner wrote into it). */
export function htnPlanIn(out: PlanBuffer): MutablePlan<HtnMeta> {
  const p = out.p as MutablePlan<HtnMeta>;
  if (p.planner !== 'htn') {
    p.planner = 'htn';
    p.meta = { root: '', mtr: [], partial: false, continuation: null, slots: [], slotVersions: [] };
  }
  return p;
}

/**
 * @internal Write a search that found no plan into `out` in place: no steps, the reason, and which budget ran out
 * (`texts` tells the step budget's reason from the depth limit's). The caller writes the stats.
 */
export function failedResult(out: PlanBuffer, status: 'none' | 'budget', reason: string, texts: FailureTexts): HtnResult {
  const steps = out.p.steps;
  if (steps.length !== 0) steps.length = 0;
  const r = out.r;
  r.status = status;
  r.plan = null;
  r.reason = reason;
  r.budget = status === 'budget' ? (reason === texts.steps ? 'steps' : 'depth') : null;
  return r as HtnResult;
}
