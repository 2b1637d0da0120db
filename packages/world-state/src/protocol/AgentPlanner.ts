import type { Plan, PlanStep } from '../plan/Plan.js';
import type { PlanResult } from '../plan/PlanResult.js';
import type { Availability } from './Availability.js';
import type { PlanAmendment } from './PlanAmendment.js';
import type { PlanObserver } from './PlanObserver.js';
import type { WorldState } from '../schema/WorldState.js';

/** Whether a new plan should replace the running one, and why (for the runner's events). */
export interface ReplaceDecision {
  readonly replace: boolean;
  readonly reason: string;
}

/**
 * The small interface through which an agent's runner uses a planner. The htn
 * and goap packages each provide an adapter, so the runner depends on neither
 * and an agent switches planners by swapping this object.
 */
export interface AgentPlanner<Ctx = any, Op extends string = string> {
  /** `'htn'`, `'goap'`, or a custom name, for events and summaries. */
  readonly kind: string;
  /** Every operator id a plan of this planner can contain, so the runner can check its operator map up front. */
  readonly operators: readonly Op[];
  /**
   * True when its answers live in buffers of its own that the next `plan()` rewrites (the HTN and GOAP agent
   * planners, a scheduler's or a pool's per-agent planner): one runner at a time may use it, and a second
   * one is refused with `PLANNER_SHARED`. Leave it out for a planner whose answers never change once given.
   */
  readonly exclusive?: boolean;
  /**
   * Plan from the real state. `running` is the plan being executed, if any. `availability`, when given, lists
   * what the agent's cooldowns and `once` rules forbid choosing now (the runner passes it only when it is not empty).
   */
  plan(state: WorldState<any>, ctx: Ctx, running: Plan | null, availability?: Availability): PlanResult;
  /** Whether `candidate` should replace `running` (HTN: MTR priority; GOAP: goal priority). */
  shouldReplace(candidate: Plan, running: Plan): ReplaceDecision;
  /**
   * Plan repair (opt-in, see the adapters' `repair` option): step `index` of `failed` failed (after its retries);
   * mend the plan from that step on the real state, keeping what the plan committed to where it still holds. Null:
   * no repair, the runner replans from scratch. Called before a full replan on the `failed` trigger.
   */
  repair?(state: WorldState<any>, ctx: Ctx, failed: Plan, index: number, availability?: Availability): PlanAmendment | null;
  /**
   * Plan adjustment: the world changed outside the runner while `running` runs at step `index` (`started`: that step
   * runs already). Re-plan only the parts of the plan marked adjustable that the change touches and that have not
   * started; null when nothing changes. Called before the `worldChanged` replan.
   */
  adjust?(state: WorldState<any>, ctx: Ctx, running: Plan, index: number, started: boolean, availability?: Availability): PlanAmendment | null;
  /** Runtime feedback: a step of a plan from this planner failed. */
  stepFailed?(step: PlanStep, ctx: Ctx): void;
  /** Runtime feedback: a step succeeded. */
  stepSucceeded?(step: PlanStep, ctx: Ctx): void;
  /** Advance planner-owned time (e.g. decay of failure penalties), in seconds. */
  update?(dt: number): void;
  /**
   * Call `notify` whenever plans this planner made before may be stale although the world did not change (an HTN
   * slot was plugged or unplugged); returns the function that stops it. The runner then re-checks its plan on its
   * next tick (a `recheck` replan), and `shouldReplace` decides as usual.
   */
  watchStale?(notify: () => void): () => void;
  /**
   * Report every search of every later `plan()` call to `observer`, next to any
   * observers already attached (several monitors may watch one planner); returns
   * the function that detaches it. `observe(null)` detaches every observer. Turns
   * the planner's tracing on while observed; costs nothing when never called. For monitors.
   */
  observe?(observer: PlanObserver | null): (() => void) | void;
}

/**
 * Hands a sub-goal to another planner over the same world state: the hybrid
 * bridge. An HTN task can delegate to one of these (for example a GOAP planner
 * wrapped by the runner's helper), and splice the returned plan's steps in.
 * `state` is the caller's working copy at that point of planning; it must not be modified.
 */
export type SubPlanner<Ctx = any> = (state: WorldState<any>, ctx: Ctx, args: readonly unknown[]) => PlanResult;
