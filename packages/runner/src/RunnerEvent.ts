import type { Plan, PlanStatus, PlanStep } from '@dualplan/world-state';

/**
 * Why the runner asked its planner for a plan: it had none, its plan finished
 * or failed, or the world state changed from outside the plan (sensors,
 * bindings, operators, another runner of the same agent), or a periodic
 * recheck came due (`recheckInterval`). Never its own effects.
 */
export type ReplanTrigger = 'noPlan' | 'finished' | 'failed' | 'worldChanged' | 'recheck';

/** Fields every event carries. `ctx` is the agent's context snapshot at that moment (shared, never copied). */
export interface RunnerEventBase {
  /** The agent's tick number (1 for the first tick). */
  readonly tick: number;
  /** Agent time in seconds. */
  readonly time: number;
  readonly agent: string;
  /** The runner's name within the agent, e.g. `'main'`, `'upper'`, `'lower'`. */
  readonly runner: string;
  /** The planner's `kind`. */
  readonly planner: string;
  readonly ctx: unknown;
}

/**
 * What a runner reports, for timelines, logs and monitors. Plain objects that
 * reference the plan and step (no copies), so logging costs nothing until read.
 */
export type RunnerEvent = RunnerEventBase &
  (
    | { readonly type: 'planFound'; readonly plan: Plan; readonly trigger: ReplanTrigger; readonly reason: string }
    | { readonly type: 'planReplaced'; readonly plan: Plan; readonly previous: Plan; readonly trigger: ReplanTrigger; readonly reason: string; readonly continued: boolean }
    | { readonly type: 'planNotFound'; readonly status: PlanStatus; readonly trigger: ReplanTrigger; readonly reason: string }
    | { readonly type: 'planFinished'; readonly plan: Plan }
    | { readonly type: 'planFailed'; readonly plan: Plan; readonly reason: string }
    | { readonly type: 'replanSkipped'; readonly trigger: ReplanTrigger; readonly reason: string }
    /** A pending planner answered a request the runner no longer waits for (superseded or cancelled): the answer is ignored. */
    | { readonly type: 'planDropped'; readonly id: number; readonly reason: string }
    /** A pending planner could not plan at all (a crashed or hung worker): the runner asks again. */
    | { readonly type: 'planningFailed'; readonly trigger: ReplanTrigger; readonly reason: string }
    | { readonly type: 'stepStarted'; readonly step: PlanStep; readonly index: number }
    | { readonly type: 'stepSucceeded'; readonly step: PlanStep; readonly index: number }
    | { readonly type: 'stepFailed'; readonly step: PlanStep; readonly index: number; readonly reason: string }
    | { readonly type: 'stepAborted'; readonly step: PlanStep; readonly index: number; readonly reason: string }
  );

/** The `type` of a {@link RunnerEvent}: the names `onEvent` listeners switch on. */
export type RunnerEventType = RunnerEvent['type'];

/** Receives runner events. */
export type RunnerEventListener = (event: RunnerEvent) => void;
