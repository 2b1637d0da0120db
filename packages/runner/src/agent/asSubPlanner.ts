import { noPlan, validatePlan, type AgentPlanner, type PlanCheck, type PlanResult, type SubPlanner, type WorldState } from '@dualplan/world-state';

/**
 * The hybrid bridge: wrap an {@link AgentPlanner} (typically a GOAP adapter set
 * up for one sub-goal) as a world-state {@link SubPlanner}, which an HTN domain
 * accepts for a delegate task and splices into its plan. The wrapped planner
 * plans on a private copy of the caller's working state, and its plan is
 * validated from that state before it is handed back, so htn and goap never
 * import each other. `pick` may choose the planner from the task's arguments.
 * @example
 * const reachCover = asSubPlanner(goapAdapterFor('InCover'));
 * // in the HTN domain: delegate('TakeCover', reachCover)
 */
export function asSubPlanner<Ctx = any>(pick: AgentPlanner<Ctx> | ((args: readonly unknown[]) => AgentPlanner<Ctx>)): SubPlanner<Ctx> {
  let copy: WorldState<any> | null = null;
  let scratch: WorldState<any> | null = null;
  const check: PlanCheck = { step: -1, condition: -1, reason: '' };
  return (state, ctx, args): PlanResult => {
    const planner = typeof pick === 'function' ? pick(args) : pick;
    if (copy === null || copy.schema !== state.schema) {
      copy = state.clone();
      scratch = state.clone();
    }
    copy.copyFrom(state);
    const outcome = planner.plan(copy, ctx, null);
    if (outcome.status !== 'found' || outcome.plan === null) return outcome;
    validatePlan(outcome.plan.steps, 0, state, scratch!, ctx, check);
    if (check.step >= 0) {
      return noPlan(`${planner.kind} sub-plan fails at step ${check.step} ${outcome.plan.steps[check.step].task}: ${check.reason}`);
    }
    return outcome;
  };
}
