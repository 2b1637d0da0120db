import {
  moveFaults,
  type RecentCaptures,
  type ObservedGoal,
  type PlanBuffer,
  type PlanObserver,
  type PlanResult,
  type WorldState,
} from '@dualplan/world-state';
import type { CompiledGoal } from '../domain/GoapDomain.js';
import { captureGoapSearch, type CaptureSource, type GoapSearchCapture } from '../diagnostics/captureGoapSearch.js';
import type { GoapTrace } from '../diagnostics/GoapTrace.js';
import { writeFound, writeNone } from '../diagnostics/writeGoapPlan.js';
import type { GoapSearch } from '../search/GoapSearch.js';
import type { GoapMeta } from '../search/GoapResult.js';
import { FallbackReasons } from './FallbackReasons.js';
import { rankGoals } from './rankGoals.js';
import { planBestEffort } from './planBestEffort.js';
import type { GoalCooldowns } from './GoalCooldowns.js';
import type { ObservedGoals } from './ObservedGoals.js';
import type { SearchesByState } from './SearchesByState.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** What an observed planner reuses from call to call to report: its recent captures and how it weighed its goals. @internal */
export interface GoapReports {
  readonly captures: RecentCaptures<GoapSearchCapture, CaptureProbe>;
  readonly goals: ObservedGoals;
  /** The searches traced lately by goal and start state, reused without tracing when nothing else can change them. */
  readonly byState?: SearchesByState;
}

/** What a search is compared by with the captures remembered (one probe, filled in per search). @internal */
export interface CaptureProbe {
  search: CaptureSource | null;
  trace: GoapTrace | null;
}

const probe: CaptureProbe = { search: null, trace: null };

/** The capture of `search`'s last search: a remembered one when it is the same search again, else a new one. */
function capture(search: GoapSearch, trace: GoapTrace | null, reports: GoapReports | null): GoapSearchCapture {
  if (reports === null) return captureGoapSearch(search, trace);
  probe.search = search;
  probe.trace = trace;
  // Captures are told apart first by their sizes (trace items, plan length), without reading them.
  const r = search.result;
  const key = (trace === null ? 0 : trace.items) * 1024 + (r.status === 'found' ? r.length : 1023);
  const found = reports.captures.find(probe, key);
  probe.search = probe.trace = null;
  return found ?? reports.captures.add(captureGoapSearch(search, trace), key);
}

/** Search for `goal` from `state` without a trace (the trace is put back after). */
function untraced<Ctx>(search: GoapSearch, state: WorldState<any>, goal: CompiledGoal, ctx: Ctx, trace: GoapTrace | null): void {
  search.observe(null);
  try {
    search.begin(state, goal, ctx);
    search.step(Infinity);
  } finally {
    search.observe(trace);
  }
}

/**
 * Goal selection (the ReGoap flow): plan for the highest-priority goal that is
 * valid, not yet satisfied and plannable, falling back through the rest in
 * priority order (ties keep the given order). The result is written into `out`.
 * With an `observer` (a monitor) and the planner's `trace`, each search is
 * reported as a `SearchTrace`, then how every goal was weighed; with `reports`, a search or
 * goal list the planner reported lately is reported again as the same object.
 */
export function planBest<Ctx>(
  search: GoapSearch,
  goals: readonly CompiledGoal[],
  state: WorldState<any>,
  ctx: Ctx,
  out: PlanBuffer,
  observer: PlanObserver | null = null,
  trace: GoapTrace | null = null,
  cooling: GoalCooldowns | null = null,
  reports: GoapReports | null = null,
): PlanResult<GoapMeta> {
  if (search.faultLog.length > 0) search.faultLog.length = 0;
  const active = cooling !== null && cooling.active ? cooling : null;
  const result = selectAndPlan(search, goals, state, ctx, out, observer, trace, active, reports);
  if (active !== null) noteCooling(goals, active, out);
  // The found plan carries its goal's cool-down rule: the agent that runs it counts its failures.
  if (cooling !== null && cooling.hasRules) cooling.mark(out);
  // Contained user-code failures of this call (costs, checks, goal callbacks) go with the result.
  moveFaults(search.faultLog, out);
  return result;
}

/** Ranking arrays per search (one planner plans one call at a time), grown to the longest goal list seen. */
interface Ranking {
  priority: Float64Array;
  order: Int32Array;
}
const scratch = new WeakMap<GoapSearch, Ranking>();
/** The search ranked for last and its arrays: a planner planning call after call skips the map. */
let lastSearch: GoapSearch | null = null;
let lastRanking: Ranking | null = null;

/** `search`'s ranking arrays, with room for `goals` goals. */
function rankingOf(search: GoapSearch, goals: number): Ranking {
  let ranking = search === lastSearch ? lastRanking! : scratch.get(search);
  if (ranking === undefined || ranking.order.length < goals) {
    ranking = { priority: new Float64Array(goals), order: new Int32Array(goals) };
    scratch.set(search, ranking);
  }
  lastSearch = search;
  lastRanking = ranking;
  return ranking;
}

function selectAndPlan<Ctx>(
  search: GoapSearch,
  goals: readonly CompiledGoal[],
  state: WorldState<any>,
  ctx: Ctx,
  out: PlanBuffer,
  observer: PlanObserver | null,
  trace: GoapTrace | null,
  cooling: GoalCooldowns | null,
  reports: GoapReports | null,
): PlanResult<GoapMeta> {
  // One entry per goal (rankGoals weighs each): the reused entries, or an array made at its size.
  const seen: Mutable<ObservedGoal>[] | null =
    observer === null ? null : reports !== null ? reports.goals.begin(goals.length) : new Array<Mutable<ObservedGoal>>(goals.length);
  const { priority, order } = rankingOf(search, goals.length);
  const reasons = FallbackReasons.of(goals);
  // The goals read from the plain copy (see `FallbackReasons.list`).
  const list = reasons.list;
  const count = rankGoals(search, list, state, ctx, priority, order, seen, cooling);
  let result: PlanResult<GoapMeta> | null = null;
  if (count === 0) result = writeNone(search, out, false, 'no valid, unsatisfied goal');
  else {
    let failed = reasons.root;
    for (let i = 0; i < count; i++) {
      const g = order[i];
      const byState = seen !== null && reports !== null ? (reports.byState ?? null) : null;
      // Searched from these values before (and nothing else can change the search): the capture made then.
      let reused = byState !== null ? byState.find(list[g], state) : null;
      if (reused !== null) {
        untraced(search, state, list[g], ctx, trace);
        // It found another plan (the search reads more than the domain shows): trace it, and every later one.
        if (!reused.samePlan(search.result)) {
          byState!.differed();
          reused = null;
        }
      }
      if (reused === null) {
        search.begin(state, list[g], ctx);
        search.step(Infinity);
      }
      const r = search.result;
      if (seen !== null) {
        seen[g].plannable = seen[g].chosen = r.status === 'found';
        const captured = reused ?? capture(search, trace, reports);
        if (reused === null && byState !== null) byState.add(list[g], state, captured);
        if (observer!.deferredSearch) observer!.deferredSearch(captured.read, captured);
        else observer!.search(captured.read());
      }
      if (r.status === 'found') {
        result = writeFound(search, out, priority[g], reasons.found(failed, g));
        break;
      }
      // A best-effort goal plans to as much of itself as it can reach instead of falling back to the next goal.
      if (list[g].bestEffort) {
        result = planBestEffort(search, list[g], state, ctx, out, priority[g]);
        if (result !== null) break;
      }
      failed = reasons.fail(failed, g, r.status === 'budget' ? r.budget : '');
    }
    // Status and stats of the last search: 'budget' when a budget stopped it.
    result ??= writeNone(search, out, true, reasons.none(failed));
  }
  if (seen !== null && observer!.goals) observer!.goals(reports !== null ? reports.goals.settled() : seen);
  return result;
}

/** The goals skipped for their cool-down go into the result's reason (for events and recordings): `...; cooling down: Attack 3.2 s`. */
export function noteCooling(goals: readonly CompiledGoal[], cooling: GoalCooldowns, out: PlanBuffer): void {
  let note = '';
  for (let g = 0; g < goals.length; g++) {
    const left = cooling.left(g);
    if (left > 0) note += `${note === '' ? '' : ', '}${goals[g].name} ${Math.round(left * 10) / 10} s`;
  }
  if (note !== '') out.r.reason = `${out.r.reason}; cooling down: ${note}`;
}
