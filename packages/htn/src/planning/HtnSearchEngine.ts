import type { PlanBuffer, WorldState } from '@dualplan/world-state';
import type { HtnPlanRequest } from '../HtnPlannerOptions.js';
import type { HtnContinuation, HtnResult } from '../search/HtnPlan.js';
import type { HtnTraceLog } from '../search/HtnTraceLog.js';
import type { SearchHost } from './SearchHost.js';

/**
 * @internal One HTN search as the planner runs it: plan a request into a buffer (the result lives in `out`;
 * the planner copies it when the caller gave none). Each engine owns its search's scratch; the planner builds
 * one per mode through {@link HtnSearchMode.create} and drops it when a plug changes the domain.
 */
export interface HtnSearchEngine<Ctx> {
  plan(out: PlanBuffer, state: WorldState<any>, ctx: Ctx | undefined, request: HtnPlanRequest | undefined, tracing: boolean): HtnResult;
  /** Plan the rest of a partial plan (modes with {@link HtnSearchMode.resumes} only). */
  resume?(
    out: PlanBuffer,
    continuation: HtnContinuation,
    state: WorldState<any>,
    ctx: Ctx | undefined,
    request: HtnPlanRequest | undefined,
    tracing: boolean,
  ): HtnResult;
}

/** @internal A search mode, registered once by name (see `searchModes.ts`): what it supports and how to build its engine. */
export interface HtnSearchMode {
  /** Records trace events (`HtnPlanner.trace`, monitors' search trees). */
  readonly traces: boolean;
  /** Resumes partial plans from their continuation. */
  readonly resumes: boolean;
  create<Ctx>(host: SearchHost<Ctx>, trace: HtnTraceLog): HtnSearchEngine<Ctx>;
}
