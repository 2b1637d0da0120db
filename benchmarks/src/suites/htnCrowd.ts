import type { HtnPlanner } from '@dualplan/htn';
import { createState, PlanBuffer, validatePlan, type WorldState } from '@dualplan/world-state';

/** A crowd of HTN agents for the agent-scale cases: each with its own planner, state and plan buffer. */
export interface HtnCrowd {
  readonly planners: HtnPlanner[];
  readonly states: WorldState<any>[];
  readonly buffers: PlanBuffer[];
}

/** `count` agents; `planner(i)` and `state(i)` make agent i's. */
export function htnCrowd(count: number, planner: (i: number) => HtnPlanner, state: (i: number) => WorldState<any>): HtnCrowd {
  const planners: HtnPlanner[] = [];
  const states: WorldState<any>[] = [];
  const buffers: PlanBuffer[] = [];
  for (let i = 0; i < count; i++) {
    planners.push(planner(i));
    states.push(state(i));
    buffers.push(new PlanBuffer());
  }
  return { planners, states, buffers };
}

/** The timed loop: every agent plans into its own buffer (no allocation per plan). Returns the steps planned. */
export function planCrowd(c: HtnCrowd): number {
  let steps = 0;
  for (let i = 0; i < c.planners.length; i++) steps += c.planners[i].plan(c.states[i], undefined, { out: c.buffers[i] }).plan?.steps.length ?? 0;
  return steps;
}

function planNames(c: HtnCrowd): string[] {
  return c.planners.map(
    (p, i) =>
      p
        .plan(c.states[i])
        .plan?.steps.map((s) => s.task)
        .join(',') ?? '(none)',
  );
}

/**
 * The check of an agent-scale case: every agent of `c` plans a valid plan, with the same steps as the same agent
 * written in the other form (`other`).
 */
export function sameCrowdPlans(c: HtnCrowd, other: HtnCrowd): { valid: boolean; detail: string; planLength: number } {
  const ours = planNames(c);
  const theirs = planNames(other);
  const differs = ours.findIndex((n, i) => n !== theirs[i]);
  const invalid = c.planners.findIndex((p, i) => {
    const plan = p.plan(c.states[i]).plan;
    return !plan || validatePlan(plan.steps, 0, c.states[i], createState(c.states[i].schema)).step >= 0;
  });
  const detail =
    differs >= 0
      ? `agent ${differs}: ${ours[differs]} vs ${theirs[differs]}`
      : invalid >= 0
        ? `agent ${invalid}: invalid plan`
        : `${ours.length} plans, equal to the other form`;
  return { valid: differs < 0 && invalid < 0, detail, planLength: ours.length };
}
