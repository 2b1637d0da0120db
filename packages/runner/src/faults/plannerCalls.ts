import {
  describeThrown,
  describeValue,
  noPlan,
  type AgentPlanner,
  type Availability,
  type Plan,
  type PlanResult,
  type PlanStep,
  type ReplaceDecision,
  type WorldState,
} from '@dualplan/world-state';
import { Callback, type Guard } from './CallGuard.js';
import type { FaultReporter } from './FaultReporter.js';

// The runner's calls into its planner, each contained: a planner that throws
// (or answers nonsense) is reported, and the runner carries on as if it had
// found no plan, refused the replacement, or had no feedback hook.

/**
 * `planner.plan`; a throw or a non-result is reported and counts as no plan.
 * Faults the planner contained in its search are reported too.
 * @example
 * const result = planGuarded(planner, state, ctx, running, faults);
 */
export function planGuarded<Ctx>(
  planner: AgentPlanner<Ctx>,
  state: WorldState<any>,
  ctx: Ctx,
  running: Plan | null,
  faults: FaultReporter,
  availability?: Availability,
): PlanResult {
  let outcome: PlanResult;
  faults.calling(Callback.Planner, planner.kind);
  try {
    // Planners that never see an availability view are called as before (three arguments).
    outcome = availability === undefined ? planner.plan(state, ctx, running) : planner.plan(state, ctx, running, availability);
  } catch (thrown) {
    faults.called();
    faults.fault('planner', planner.kind, null, -1, `Planner "${planner.kind}" threw in plan`, thrown, 0);
    return noPlan(`the planner threw: ${describeThrown(thrown)}`);
  }
  faults.called();
  if (
    outcome === null ||
    typeof outcome !== 'object' ||
    (outcome.status === 'found' && (outcome.plan === null || typeof outcome.plan !== 'object' || !Array.isArray(outcome.plan.steps)))
  ) {
    faults.fault('planner', planner.kind, null, -1, `Planner "${planner.kind}" returned no plan result ({ status, plan, reason })`, outcome, 0);
    return noPlan(`the planner returned ${describeValue(outcome)}`);
  }
  if (outcome.faults !== undefined) faults.searchFaults(outcome.faults, planner.kind);
  return outcome;
}

/**
 * `planner.shouldReplace`; a throw is reported and keeps the running plan.
 * @example
 * const decision = shouldReplaceGuarded(planner, candidate, running, faults);
 */
export function shouldReplaceGuarded(planner: AgentPlanner, candidate: Plan, running: Plan, faults: FaultReporter): ReplaceDecision {
  faults.calling(Callback.Planner, planner.kind);
  try {
    return planner.shouldReplace(candidate, running);
  } catch (thrown) {
    faults.fault('planner', planner.kind, null, -1, `Planner "${planner.kind}" threw in shouldReplace`, thrown, 0);
    return { replace: false, reason: `shouldReplace threw: ${describeThrown(thrown)}` };
  } finally {
    faults.called();
  }
}

/**
 * `planner.update(dt)` (the caller checks it exists); a throw is reported.
 * @example
 * if (planner.update !== undefined) updateGuarded(planner, dt, guardOf(agent), faults);
 */
export function updateGuarded(planner: AgentPlanner, dt: number, guard: Guard, faults: FaultReporter): void {
  // The agent's guard is told directly (not through the fault reporter): a call every tick reads one object less.
  guard.noteCallback(Callback.Planner, planner.kind);
  try {
    planner.update!(dt);
  } catch (thrown) {
    faults.fault('planner', planner.kind, null, -1, `Planner "${planner.kind}" threw in update`, thrown, 0);
  } finally {
    guard.noteCallback(Callback.None, '');
  }
}

/**
 * The planner's step feedback, `stepSucceeded` or `stepFailed` (the caller checks it exists); a throw is reported.
 * @example
 * if (planner.stepFailed !== undefined) feedbackGuarded(planner, step, index, ctx, false, faults);
 */
export function feedbackGuarded<Ctx>(planner: AgentPlanner<Ctx>, step: PlanStep, index: number, ctx: Ctx, succeeded: boolean, faults: FaultReporter): void {
  faults.calling(Callback.Planner, planner.kind);
  try {
    if (succeeded) planner.stepSucceeded!(step, ctx);
    else planner.stepFailed!(step, ctx);
  } catch (thrown) {
    faults.fault(
      'planner',
      planner.kind,
      step,
      index,
      `Planner "${planner.kind}" threw in ${succeeded ? 'stepSucceeded' : 'stepFailed'} for step ${step.task}`,
      thrown,
      0,
    );
  }
  faults.called();
}
