import type { GoapDomain } from './GoapDomain.js';

/**
 * The largest weight for which the default count heuristic is admissible on
 * this domain: `minCost / maxEffects` (every violated condition needs an
 * action, and one action fixes at most `maxEffects` of them). Dynamic costs are
 * not known at compile time: with any, this is 0 unless you pass their lower bound.
 * @example
 * new GoapPlanner(domain, { weight: admissibleWeight(domain) }); // optimal plans
 */
export function admissibleWeight(domain: GoapDomain, dynamicCostLowerBound = 0): number {
  let min = Infinity;
  let maxEffects = 0;
  for (let a = 0; a < domain.actionCount; a++) {
    min = Math.min(min, domain.costFns[a] !== null ? dynamicCostLowerBound : domain.baseCost[a]);
    maxEffects = Math.max(maxEffects, domain.touchStart[a + 1] - domain.effectStart[a]);
  }
  if (maxEffects === 0 || min === Infinity) return 0;
  return min / maxEffects;
}
