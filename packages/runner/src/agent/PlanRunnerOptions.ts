import type { BehaviourLedger } from '../execution/BehaviourLedger.js';
import type { FaultMode } from '../contract/FaultSource.js';
import type { AgentPlanner } from '@dualplan/world-state';
import type { OperatorMap } from '../contract/Operator.js';
import type { RunnerEventListener } from '../events/RunnerEvent.js';

/** Options of a {@link PlanRunner}. */
export interface PlanRunnerOptions<Ctx = any> {
  /** Name within the agent (`'main'`, `'upper'`, `'lower'`); defaults to `'main'`. */
  name?: string;
  planner: AgentPlanner<Ctx>;
  operators: OperatorMap<Ctx>;
  onEvent?: RunnerEventListener;
  /** Seconds to wait before asking again after "no plan" when nothing changed. Default 0.5. */
  retryInterval?: number;
  /** Millisecond clock used to time planning; default `performance.now`. */
  clock?: () => number;
  /** How many recent plan times `stats.planTimes` keeps for percentiles (an integer >= 1). Default 1024. */
  maxPlanSamples?: number;
  /**
   * With a planner that may answer later (a `PendingPlanner` from world-state, e.g. from the
   * planning scheduler or the worker pool): `'continue'` (default) keeps
   * executing the current plan while waiting, `'idle'` starts and updates no
   * step until the answer arrives.
   */
  whilePlanning?: 'continue' | 'idle';
  /**
   * Seconds between periodic rechecks for a better plan while one runs (trigger
   * `recheck`); default 0 (off). The first recheck lands at a phase derived from
   * the agent id, so a crowd's rechecks spread over the interval.
   */
  recheckInterval?: number;
  /** What a failing operator, planner, condition, effect or listener does to `tick`: see {@link FaultMode}. Default `'contain'`. */
  faults?: FaultMode;
  /**
   * Puts the agent's context back to a snapshot: after a callback fails, the
   * context changes it made are undone with this. {@link Agent} passes its own;
   * without it those changes stay (world-state writes are undone regardless).
   */
  restoreCtx?: (ctx: Ctx) => void;
  /**
   * The agent's decorator state (cooldowns, once, retries), shared by its runners. {@link Agent} passes its own;
   * a runner made without one keeps one of its own.
   */
  ledger?: BehaviourLedger;
}
