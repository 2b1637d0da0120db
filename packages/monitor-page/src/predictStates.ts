import type { NamedState, PlanningRun } from '@dualplan/monitor';

/**
 * The full world state the planner predicts before each step and after the
 * last: `[run.state, after step 1, ..., after step n]`. A recorded step holds
 * only the cells it changes, so each state is the previous one plus those.
 * @example
 * predictStates(run).at(-1); // the state the plan is expected to reach
 */
export function predictStates(run: PlanningRun): NamedState[] {
  const states: NamedState[] = [run.state];
  for (const step of run.plan?.steps ?? []) states.push({ ...states[states.length - 1], ...step.predicted });
  return states;
}
