import { describe, expect, it } from '@jest/globals';
import { PlanCache } from '@dualplan/runner';
import { runCrowd } from './crowd.js';

describe('runCrowd', () => {
  it('makes the same decisions with a shared plan cache as without, and the cache is hit', () => {
    const cache = new PlanCache();
    const alone = runCrowd({ arenas: 10, ticks: 120 });
    const shared = runCrowd({ arenas: 10, ticks: 120, cache });
    expect({ ...shared, planMs: 0, wallMs: 0 }).toEqual({ ...alone, planMs: 0, wallMs: 0 });
    expect(alone.plansFound).toBeGreaterThan(20);
    expect(cache.stats.lookups + cache.stats.bypassed).toBe(shared.planCalls);
    expect(cache.hitRate).toBeGreaterThan(0.5);
  });
});
