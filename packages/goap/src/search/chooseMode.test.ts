import { createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { chainDomain, randomDomain } from '../examples/index.js';
import { PatternDatabase } from '../heuristics/PatternDatabase.js';
import { chooseMode } from './chooseMode.js';

describe('the direction optimal: true picks when no mode is given', () => {
  test('forward when every goal has a pattern database that fits: one expansion per plan step', () => {
    const d = chainDomain(8);
    expect(chooseMode(d, 'admissible')).toBe('forward');
    const p = new GoapPlanner(d, { optimal: true });
    expect(p.mode).toBe('forward');
    expect(p.search(createState(d.schema), 'all')).toMatchObject({ status: 'found', cost: 16, expanded: 16 });
  });

  test('backward when a goal has none (2^22 states, or an int key read), with any other heuristic, and when mode is given', () => {
    expect(chooseMode(chainDomain(11), 'admissible')).toBe('backward');
    expect(new GoapPlanner(chainDomain(11), { optimal: true }).mode).toBe('backward');
    const withInt = randomDomain(3, { intKey: true, actions: 40, goalConditions: 2 });
    expect(chooseMode(withInt.domain, 'admissible')).toBe('backward');
    expect(chooseMode(chainDomain(8), 'max')).toBe('backward');
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
