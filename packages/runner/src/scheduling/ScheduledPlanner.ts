import {
  ForwardingPlanner,
  type AgentPlanner,
  type Availability,
  type Plan,
  type PlanReceiver,
  type PendingPlanner,
  type PlanUrgency,
  type WorldState,
} from '@dualplan/world-state';
import type { Job, JobQueue } from './Job.js';

/**
 * @internal The {@link PendingPlanner} a `PlanningScheduler` hands out for
 * one agent: requests go to the scheduler's queue, everything else to the
 * wrapped planner.
 */
export class ScheduledPlanner<Ctx> extends ForwardingPlanner<Ctx> implements PendingPlanner<Ctx> {
  private readonly scheduler: JobQueue;
  private readonly job: Job<Ctx>;

  constructor(scheduler: JobQueue, job: Job<Ctx>) {
    // One job per agent: a second agent's request would supersede the first's.
    super(job.planner, true);
    this.scheduler = scheduler;
    this.job = job;
  }

  /** The scheduled planner's update, from a call site of this class's own (see the cached planner's update). */
  override update(dt: number): void {
    const inner = this.inner;
    if (inner.update !== undefined) inner.update(dt);
  }
  /** @internal Its update is the wrapped planner's (see the runner's `UpdateRouter`): a runner may call that one directly. */
  updateVia(): AgentPlanner<Ctx> {
    return this.inner;
  }
  request(state: WorldState<any>, ctx: Ctx, running: Plan | null, id: number, urgency: PlanUrgency, receiver: PlanReceiver, availability?: Availability): void {
    this.scheduler.submit(this.job, state, ctx, running, id, urgency, receiver, availability);
  }
  cancel(id: number): void {
    this.scheduler.cancel(this.job, id);
  }
}
