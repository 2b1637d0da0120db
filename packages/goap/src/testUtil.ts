import { createState, validatePlan, type WorldState } from '@dualplan/world-state';
import type { GoapDomain } from './compileGoapDomain.js';
import type { GoapResult } from './GoapResult.js';

/** Action names of a result, in execution order. @internal test helper */
export function planNames(domain: GoapDomain, r: GoapResult): string[] {
  return Array.from(r.actions.subarray(0, r.length), (a) => domain.actionNames[a]);
}

/**
 * Simulate a result's steps forward from `state` with world-state's own plan
 * validation (not the planner's regression): returns the end state, or throws
 * naming the step whose conditions fail or whose effect leaves its range. @internal test helper
 */
export function simulate(domain: GoapDomain, r: GoapResult, state: WorldState<any>, ctx?: unknown): WorldState<any> {
  const steps = Array.from(r.actions.subarray(0, r.length), (a) => domain.steps[a]);
  const end = createState(domain.schema);
  const check = validatePlan(steps, 0, state, end, ctx);
  if (check.step >= 0) throw new Error(`step ${check.step} ${steps[check.step].task}: ${check.reason}`);
  return end;
}
