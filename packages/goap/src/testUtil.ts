import { ChangeSource, applyEffects, createState, firstFailing, validatePlan, type ConditionList, type WorldState } from '@dualplan/world-state';
import type { GoapDomain } from './domain/GoapDomain.js';
import type { GoapResult } from './search/GoapResult.js';

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

/**
 * The cheapest cost of a plan of at most `maxLength` steps from `start` to `goal`
 * (Infinity when none), by a layered exhaustive search over full states written
 * apart from the planner (world-state's own condition and effect code). @internal test helper
 */
export function boundedOptimum(domain: GoapDomain, start: WorldState<any>, goal: ConditionList, maxLength: number): number {
  const key = (s: WorldState<any>) => s.values.join(',');
  let layer = new Map<string, { s: WorldState<any>; g: number }>([[key(start), { s: start, g: 0 }]]);
  // Cheapest cost per state over all depths so far: a later layer only keeps states it reaches more cheaply.
  const best = new Map<string, number>([[key(start), 0]]);
  let answer = Infinity;
  for (let depth = 0; ; depth++) {
    for (const { s, g } of layer.values()) if (g < answer && firstFailing(goal, s) < 0) answer = g;
    if (depth === maxLength || layer.size === 0) return answer;
    const next = new Map<string, { s: WorldState<any>; g: number }>();
    for (const { s, g } of layer.values()) {
      for (const step of domain.steps) {
        if (firstFailing(step.conditions, s) >= 0) continue;
        const t = s.clone();
        if (applyEffects(step.effects, t, undefined, ChangeSource.Planning) >= 0) continue;
        const ng = g + domain.baseCost[step.sourceId];
        const k = key(t);
        if (ng >= (best.get(k) ?? Infinity)) continue;
        best.set(k, ng);
        next.set(k, { s: t, g: ng });
      }
    }
    layer = next;
  }
}
