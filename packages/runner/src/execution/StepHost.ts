import type { AgentPlanner, Plan } from '@dualplan/world-state';
import type { RunnerEventListener } from '../events/RunnerEvent.js';
import type { RunnerStats } from '../events/RunnerStats.js';
import type { BehaviourLedger } from './BehaviourLedger.js';

/** @internal What a step execution (`StepExecution`) needs of the runner that owns it. */
export interface StepHost<Ctx> {
  readonly name: string;
  readonly stats: RunnerStats;
  /** The planner in use (for its kind in events, and its step feedback). */
  readonly planner: AgentPlanner<Ctx>;
  /** The listener events go to now, or undefined (then no event object is built). */
  readonly listener: RunnerEventListener | undefined;
  /** Fail the whole plan with `reason` (the running step is already stopped). */
  failPlan(reason: string): void;
  /** Step `index - 1` of `plan` succeeded and `index` moved on: finish or doom the plan as needed. */
  advanced(plan: Plan): void;
  /** The agent's decorator state: told only about steps with `decorators` (a host without one ignores them). */
  readonly ledger?: BehaviourLedger;
}
