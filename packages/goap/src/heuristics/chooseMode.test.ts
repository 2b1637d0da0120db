import { createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { chainDomain, randomDomain } from '../examples/index.js';
import { PatternDatabase } from './PatternDatabase.js';
import { preferredMode } from './createHeuristic.js';

describe('the direction optimal: true picks when no mode is given', () => {
  test('forward when every goal has a pattern database that fits: one expansion per plan step', () => {
    const d = chainDomain(8);
    expect(preferredMode(d, 'admissible')).toBe('forward');
    const p = new GoapPlanner(d, { optimal: true });
    expect(p.mode).toBe('forward');
    expect(p.search(createState(d.schema), 'all')).toMatchObject({ status: 'found', cost: 16, expanded: 16 });
  });

  test('forward when a goal constrains at least a third of the keys, with no table (chain(11): 2^22 states): LM-cut, exact there', () => {
    const d = chainDomain(11);
    expect(preferredMode(d, 'admissible')).toBe('forward');
    const r = new GoapPlanner(d, { optimal: true, maxPlanLength: 64 }).search(createState(d.schema), 'all');
    expect(r).toMatchObject({ status: 'found', cost: 22 });
    expect(r.expanded).toBeLessThanOrEqual(2 * 22);
  });

  test('backward when a goal constrains few keys and has no table (an int key read), with any other heuristic, and when mode is given', () => {
    const few = randomDomain(3, { intKey: true, bools: 10, actions: 40, goalConditions: 2 });
    expect(few.domain.goals[0].cells.length * 3).toBeLessThan(few.domain.schema.size);
    expect(preferredMode(few.domain, 'admissible')).toBe('backward');
    expect(new GoapPlanner(few.domain, { optimal: true }).mode).toBe('backward');
    expect(preferredMode(chainDomain(8), 'max')).toBe('backward');
    expect(new GoapPlanner(chainDomain(8)).mode).toBe('backward');
    expect(new GoapPlanner(chainDomain(8), { optimal: true, heuristic: 'lmcut' }).mode).toBe('backward');
    expect(new GoapPlanner(chainDomain(8), { optimal: true, mode: 'backward' }).mode).toBe('backward');
  });

  test('precompute builds each goal table at construction (not otherwise); the search then reuses it', () => {
    const lazy = chainDomain(9);
    new GoapPlanner(lazy, { optimal: true });
    expect(PatternDatabase.cached(lazy.goals[0])).toBeUndefined();
    const d = chainDomain(9);
    const p = new GoapPlanner(d, { optimal: true, precompute: true });
    const built = PatternDatabase.cached(d.goals[0]);
    expect(built).toBeInstanceOf(PatternDatabase);
    expect(p.search(createState(d.schema), 'all')).toMatchObject({ cost: 18, expanded: 18 });
    expect(PatternDatabase.cached(d.goals[0])).toBe(built);
    expect(() => new GoapPlanner(d, { precompute: 1 as never })).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'precompute' }));
  });
});
