import { isPendingPlanner, type AgentPlanner, type Availability, type Plan, type PlanAmendment, type PlanResult } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import { recordPlanTime, type RunnerStats } from '../events/RunnerStats.js';
import type { FaultReporter } from '../faults/FaultReporter.js';
import { planGuarded, updateGuarded } from '../faults/plannerCalls.js';
import type { PlanMending } from './PlanMending.js';

/**
 * @internal The planner a runner uses now, and what it supports, looked up once per planner rather than per tick:
 * an `update` to call every tick, answers to poll while a request waits, adjustment of running plans, stale-plan
 * notices ({@link AgentPlanner.watchStale}, taken for the planner in use only). Also times the calls into it for the
 * runner's statistics. The runner swaps the planner through {@link use}.
 */
export class CurrentPlanner<Ctx> {
  private current: AgentPlanner<Ctx>;
  private updates = false;
  private polls = false;
  private adjusts = false;
  /** Stops the planner's stale-plan notices, or null. */
  private unwatch: (() => void) | null = null;

  constructor(
    planner: AgentPlanner<Ctx>,
    /** Called when the planner says the running plan may be stale. */
    private readonly onStale: () => void,
    private readonly faults: FaultReporter,
    private readonly stats: RunnerStats,
    private readonly clock: () => number,
    private readonly samples: number,
  ) {
    this.current = planner;
    this.use(planner);
  }

  /** The planner in use. */
  get planner(): AgentPlanner<Ctx> {
    return this.current;
  }
  /** Whether it may answer a waiting request when polled (`PendingPlanner.poll`). */
  get answersPolls(): boolean {
    return this.polls;
  }
  /** Whether it adjusts running plans (`adjust`). */
  get adjustsPlans(): boolean {
    return this.adjusts;
  }

  /** Use `planner` from now on (its stale-plan notices replace the last planner's). */
  use(planner: AgentPlanner<Ctx>): void {
    this.current = planner;
    this.updates = planner.update !== undefined;
    this.polls = isPendingPlanner(planner) && typeof planner.poll === 'function';
    this.adjusts = planner.adjust !== undefined;
    this.unwatch?.();
    this.unwatch = planner.watchStale === undefined ? null : planner.watchStale(this.onStale);
  }

  /** The planner's per-tick `update`, if it has one (contained). */
  update(dt: number): void {
    if (this.updates) updateGuarded(this.current, dt, this.faults);
  }

  /** Ask the (synchronous) planner for a plan, timed; a planner that throws finds none. */
  plan(agent: AgentView<Ctx>, running: Plan | null, availability: Availability | undefined): PlanResult {
    const started = this.clock();
    const outcome = planGuarded(this.current, agent.state, agent.ctx, running, this.faults, availability);
    this.timed(started);
    return outcome;
  }

  /** Ask the planner to repair the failed plan `mending` holds, timed (see {@link PlanMending.repair}). */
  repair(mending: PlanMending<Ctx>, agent: AgentView<Ctx>, availability: Availability | undefined): PlanAmendment | null {
    const started = this.clock();
    const amendment = mending.repair(this.current, agent.state, agent.ctx, availability);
    this.timed(started);
    return amendment;
  }

  /** Ask the planner to adjust the running plan after a change, timed (see {@link PlanMending.adjust}). */
  adjust(
    mending: PlanMending<Ctx>,
    agent: AgentView<Ctx>,
    running: Plan,
    index: number,
    busy: boolean,
    availability: Availability | undefined,
  ): PlanAmendment | null {
    const started = this.clock();
    const amendment = mending.adjust(this.current, agent.state, agent.ctx, running, index, busy, availability);
    this.timed(started);
    return amendment;
  }

  private timed(started: number): void {
    recordPlanTime(this.stats, this.clock() - started, this.samples);
  }
}
