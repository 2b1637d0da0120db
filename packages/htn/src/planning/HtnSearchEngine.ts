import type { PlanBuffer, SearchSummary, SearchTrace, WorldState } from '@dualplan/world-state';
import type { BestFirstTrace } from '../search/BestFirstTrace.js';
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
  /** What the last search (planned with `tracing` on) recorded, for a capture to copy. */
  recorded(): RecordedSearch;
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

/** @internal What an engine's last traced search recorded: the ordered search's log, or the best-first trace and the node it ended on. */
export type RecordedSearch = { readonly log: HtnTraceLog } | { readonly bestFirst: BestFirstTrace; readonly end: number };

/** @internal One captured search: its summary, and the reader of its trace. */
export interface CapturedHtnSearch extends SearchSummary {
  readonly read: () => SearchTrace;
}

/** @internal A search mode, registered once by name (see `searchModes.ts`): what it supports and how to build its engine. */
export interface HtnSearchMode {
  /** Records trace events (`HtnPlanner.trace`, monitors' search trees). */
  readonly traces: boolean;
  /** Resumes partial plans from their continuation. */
  readonly resumes: boolean;
  create<Ctx>(host: SearchHost<Ctx>, trace: HtnTraceLog): HtnSearchEngine<Ctx>;
}
