import type { AgentPlanner, WorldState } from '@dualplan/world-state';

/** One planner's answer for the compared state. */
export interface PlannerAnswer {
  readonly planner: string;
  readonly status: string;
  /** The planner's reason: the goal or root planned for, or why there is no plan. */
  readonly reason: string;
  readonly steps: readonly string[];
  readonly cost: number;
  readonly ms: number;
}

/**
 * Plan the same state and context with each planner (as if nothing were
 * running) and return what each would do: the "compare plans" view. The
 * answers are copied out, so planners that reuse result buffers are fine.
 * @example
 * comparePlanners(troll.state, troll.ctx, [htnTroll, goapTroll]).map((a) => `${a.planner}: ${a.steps.join(' → ')}`);
 */
export function comparePlanners<Ctx>(state: WorldState<any>, ctx: Ctx, planners: readonly AgentPlanner<Ctx>[]): PlannerAnswer[] {
  return planners.map((p) => {
    const started = performance.now();
    const result = p.plan(state, ctx, null);
    const ms = performance.now() - started;
    return {
      planner: p.kind,
      status: result.status,
      reason: result.reason,
      steps: result.plan?.steps.map((s) => s.task) ?? [],
      cost: result.plan?.cost ?? 0,
      ms,
    };
  });
}
