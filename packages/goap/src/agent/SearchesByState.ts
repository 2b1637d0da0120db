import { StateCaptures, type Availability, type WorldState } from '@dualplan/world-state';
import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import type { GoapSearchCapture } from '../diagnostics/captureGoapSearch.js';

/** What is read of the planner (a `GoapPlanner`; declared here, as the planner imports this module's users). */
interface ReusedPlanner {
  readonly domain: GoapDomain;
  /** A user heuristic function, or null. */
  readonly heuristic: unknown;
  readonly engine: { readonly timeBudgetMs: number };
  readonly multipliers: Float64Array;
}

/** How many (goal, state) searches an adapter remembers: agents meet a few hundred states again and again. */
const KEPT = 256;

/**
 * @internal An observed GOAP adapter's searches by goal and start state, so that a search traced once is not
 * traced again. A search for a goal is a function of the start state's values when nothing else it reads can
 * change: no action has a procedural check or a cost function (they read the context), the heuristic is one of
 * the planner's own (not a user function), no time budget can stop it, no action is penalised (every cost
 * multiplier is 1), nothing is made unavailable, and the adapter's own trace records it (a trace the user set up
 * must see every search). Then a search from values traced lately runs untraced and is reported as the capture
 * made then, after checking that it found the same plan; a search that finds another plan makes the adapter
 * trace every later search. Goal selection (validity tests, priorities, cool-downs) runs and is reported on
 * every call: only the search for a goal is reused.
 */
export class SearchesByState {
  private readonly kept: StateCaptures<GoapSearchCapture> | null;
  /** Set when a search from remembered values found another plan: from then on every search is traced. */
  private traceAll = false;
  /** Whether the searches of the current call may be reused. */
  private on = false;

  constructor(planner: ReusedPlanner) {
    this.kept = readsOnlyState(planner) ? new StateCaptures<GoapSearchCapture>(KEPT) : null;
  }

  /** A planner call starts: its searches may be reused when nothing but the state can change them (see the class). */
  begin(planner: ReusedPlanner, availability: Availability | undefined, ownTrace: boolean): void {
    this.on =
      this.kept !== null &&
      !this.traceAll &&
      ownTrace &&
      (availability === undefined || (availability.unavailable.length === 0 && (availability.goals?.length ?? 0) === 0)) &&
      unpenalised(planner.multipliers);
  }

  /** The capture of the search for `goal` from `state` made lately, when this call may reuse it; else null. */
  find(goal: CompiledGoal, state: WorldState<any>): GoapSearchCapture | null {
    return this.on ? this.kept!.find(goal, state.values) : null;
  }

  /** Remember `capture` as the search for `goal` from `state` (when this call's searches may be reused). */
  add(goal: CompiledGoal, state: WorldState<any>, capture: GoapSearchCapture): void {
    if (this.on) this.kept!.add(goal, state.values, capture);
  }

  /** A search from remembered values found another plan: trace every search from now on. */
  differed(): void {
    this.traceAll = true;
    this.on = false;
    this.kept!.clear();
  }

  /** Forget every search (no observer is attached any more). */
  clear(): void {
    this.kept?.clear();
  }
}

/** Whether `planner`'s searches read nothing but the start state (see {@link SearchesByState}). */
function readsOnlyState(planner: ReusedPlanner): boolean {
  const d = planner.domain;
  return planner.heuristic === null && planner.engine.timeBudgetMs === Infinity && d.costFns.every((f) => f === null) && d.procedural.every((p) => p === null);
}

function unpenalised(multipliers: Float64Array): boolean {
  for (let a = 0; a < multipliers.length; a++) if (multipliers[a] !== 1) return false;
  return true;
}
