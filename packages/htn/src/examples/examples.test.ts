import { describe, expect, it } from '@jest/globals';
import { applyEffects, ChangeSource, createState, firstFailing } from '@dualplan/world-state';
import { HtnPlanner } from '../HtnPlanner.js';
import { blocksProblem, blocksSolved } from './blocksWorld.js';
import { soldierHtnDomain } from './soldierHtnDomain.js';

describe('blocks world HTN', () => {
  it.each([
    [19, 1],
    [50, 2],
    [100, 3],
  ])('%i blocks: a valid plan that reaches the goal', (n, seed) => {
    const p = blocksProblem(n, seed);
    const outcome = new HtnPlanner(p.domain, { maxDepth: 100_000, maxSteps: 1_000_000 }).plan(p.state, undefined, p.request);
    expect(outcome.status).toBe('found');
    const steps = outcome.plan!.steps;
    const s = p.state.clone();
    for (const step of steps) {
      expect(firstFailing(step.conditions, s)).toBe(-1);
      applyEffects(step.effects, s, undefined, ChangeSource.Planning);
    }
    expect(blocksSolved(s, p.goal)).toBe(true);
    expect(blocksSolved(p.state, p.goal)).toBe(false);
    // Each block moves at most twice (to the table, then home): two actions per move.
    expect(steps.length).toBeLessThanOrEqual(4 * n);
    if (n === 100) expect(steps.length).toBeGreaterThan(100);
  });

  it('uses parameterised primitives with arguments', () => {
    const p = blocksProblem(5, 4);
    const { plan } = new HtnPlanner(p.domain).plan(p.state, undefined, p.request);
    expect(plan!.steps.every((s) => ['pickup', 'unstack', 'putdown', 'stack'].includes(s.operator))).toBe(true);
    expect(plan!.steps.find((s) => s.task === 'stack' || s.task === 'unstack')?.args).toHaveLength(2);
  });
});

describe('soldier HTN', () => {
  it('plans scout, load, aim, shoot from the classic start (cost 4)', () => {
    const domain = soldierHtnDomain();
    const { plan } = new HtnPlanner(domain).plan(createState(domain.schema));
    expect(plan!.steps.map((s) => s.operator)).toEqual(['scout', 'load', 'aim', 'shoot']);
    expect(plan!.cost).toBe(4);
  });

  it('falls back to the bomb without a gun', () => {
    const domain = soldierHtnDomain();
    const { plan } = new HtnPlanner(domain).plan(createState(domain.schema, { armedwithgun: false, enemyvisible: true }));
    expect(plan!.steps.map((s) => s.operator)).toEqual(['approach', 'detonatebomb']);
  });
});
