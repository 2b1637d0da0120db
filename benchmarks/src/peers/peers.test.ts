import { describe, expect, it } from '@jest/globals';
import { chainProblem, fireProblem, judgeBoolPlan, soldierProblem } from '../boolProblems.js';
import { TROLL_SCENARIOS, judgeTrollPlan } from '../trollScenarios.js';
import { goapPeerPlanner } from './goapPeer.js';
import { htnAiGoapPlanner } from './htnAiGoap.js';
import { htnAiTrollPlanner } from './htnAiTroll.js';
import { mahlerBoolPlanner, mahlerTrollPlanner } from './mahlerPeer.js';

describe('peer domains', () => {
  it.each(TROLL_SCENARIOS.map((s) => [s.name, s] as const))('troll %s: htn-ai and mahler produce the expected plan', (_name, s) => {
    expect(judgeTrollPlan(s, htnAiTrollPlanner(s.start)()).detail).toBe(s.expected.join(' → '));
    expect(judgeTrollPlan(s, mahlerTrollPlanner(s.start)()).detail).toBe(s.expected.join(' → '));
  });

  it('GOAP peers reach the goal; only the known plans are non-optimal', () => {
    const costs = (p: ReturnType<typeof soldierProblem>) => [goapPeerPlanner, htnAiGoapPlanner, mahlerBoolPlanner].map((f) => judgeBoolPlan(p, f(p)()));
    expect(costs(soldierProblem()).map((v) => [v.valid, v.cost])).toEqual([
      [true, 4],
      [true, 4],
      [true, 5],
    ]);
    expect(costs(fireProblem()).map((v) => [v.valid, v.cost])).toEqual([
      [true, 7],
      [true, 7],
      [true, 7],
    ]);
    expect(costs(chainProblem(3)).map((v) => v.valid)).toEqual([true, true, true]);
  });

  it('judgeBoolPlan rejects plans that break a precondition or miss the goal', () => {
    const p = soldierProblem();
    expect(judgeBoolPlan(p, ['aim', 'shoot']).valid).toBe(false);
    expect(judgeBoolPlan(p, ['scout', 'load']).valid).toBe(false);
    expect(judgeBoolPlan(p, null).valid).toBe(false);
    expect(judgeBoolPlan(p, ['scout', 'approach', 'load', 'aim', 'shoot'])).toMatchObject({ valid: true, optimal: false, cost: 5, planLength: 5 });
    expect(judgeBoolPlan(p, ['scout', 'load', 'aim', 'shoot'])).toMatchObject({ valid: true, optimal: true, cost: 4, planLength: 4 });
    expect(judgeBoolPlan(p, null).planLength).toBeUndefined();
  });

  it('judgeTrollPlan rejects a different plan', () => {
    expect(judgeTrollPlan(TROLL_SCENARIOS[0], ['NavigateToEnemy', 'DoTrunkSlam']).valid).toBe(false);
  });
});
