import type { AgentPlanner, Availability, Plan, PlanReceiver, PlanUrgency, SlicedPlanner, WorldState } from '@dualplan/world-state';

/** @internal One agent's planner and its request: the scheduler's unit of work. */
export interface Job<Ctx = any> {
  readonly planner: AgentPlanner<Ctx>;
  readonly sliced: SlicedPlanner<Ctx> | null;
  level: number;
  ticket: number;
  since: number;
  /** The request being served, 0 when none. */
  id: number;
  requested: number;
  state: WorldState<any> | null;
  ctx: Ctx | undefined;
  running: Plan | null;
  /** What the request's agent may not choose (cooldowns, once), or undefined. */
  availability: Availability | undefined;
  receiver: PlanReceiver | null;
  begun: boolean;
}

/**
 * @internal What a scheduled agent's planner needs from its scheduler: queue a
 * request, withdraw one. Kept apart from the scheduler class so the planner it
 * hands out does not import it back.
 */
export interface JobQueue {
  submit<Ctx>(
    job: Job<Ctx>,
    state: WorldState<any>,
    ctx: Ctx,
    running: Plan | null,
    id: number,
    urgency: PlanUrgency,
    receiver: PlanReceiver,
    availability?: Availability,
  ): void;
  cancel(job: Job, id: number): void;
}
