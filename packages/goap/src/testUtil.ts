import { applyEffects, ChangeSource, createState, firstFailing, type WorldState } from '@dualplan/world-state';
import type { GoapDomain } from './compileDomain.js';
import type { GoapResult } from './GoapResult.js';

/** Action names of a result, in execution order. @internal test helper */
export function planNames(domain: GoapDomain, r: GoapResult): string[] {
  return Array.from(r.actions.subarray(0, r.length), (a) => domain.actionNames[a]);
}

/**
 * Simulate a result's steps forward from `state` with world-state's own
 * condition and effect code (not the planner's regression): returns the end
 * state, or throws naming the step whose conditions fail. @internal test helper
 */
export function simulate(domain: GoapDomain, r: GoapResult, state: WorldState<any>, ctx?: unknown): WorldState<any> {
  const s = createState(domain.schema).copyFrom(state);
  for (let i = 0; i < r.length; i++) {
    const step = domain.steps[r.actions[i]];
    const bad = firstFailing(step.conditions, s, ctx);
    if (bad >= 0) throw new Error(`step ${i} ${step.task}: ${step.conditions.describe(bad)} fails`);
    if (applyEffects(step.effects, s, ctx, ChangeSource.Planning) >= 0 || applyEffects(step.expectedEffects, s, ctx, ChangeSource.Planning) >= 0) {
      throw new Error(`step ${i} ${step.task}: effect leaves its range`);
    }
  }
  return s;
}
