import { createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { chainDomain, fireDomain, soldierGoapDomain } from '../examples/index.js';

describe('presets and heuristic options', () => {
  test('optimal: true picks the admissible heuristic (h_max, then LM-cut) at weight 1 and says so; the default count at weight 1 does not claim it', () => {
    const d = soldierGoapDomain();
    const p = new GoapPlanner(d, { optimal: true });
    expect(p.optimal).toBe(true);
    expect(p.weight).toBe(1);
    expect(p.search(createState(d.schema), 'killEnemy').cost).toBe(4);
    expect(new GoapPlanner(d).optimal).toBe(false);
    expect(new GoapPlanner(d, { weight: 0 }).optimal).toBe(true);
    expect(new GoapPlanner(d, { heuristic: 'max', greedy: true }).optimal).toBe(false);
  });

  test('fast: true is h_FF in weighted A* at weight 3; options given alongside win', () => {
    const d = fireDomain();
    expect(new GoapPlanner(d, { fast: true }).weight).toBe(3);
    expect(new GoapPlanner(d, { fast: true, weight: 10 }).weight).toBe(10);
    expect(new GoapPlanner(d, { fast: true }).optimal).toBe(false);
    expect(new GoapPlanner(d, { fast: true }).search(createState(d.schema), 'fire').status).toBe('found');
  });

  test.each([
    [{ optimal: true, fast: true }, 'fast'],
    [{ optimal: true, greedy: true }, 'greedy'],
    [{ optimal: true, heuristic: 'ff' }, 'heuristic'],
    [{ optimal: true, heuristic: 'additive' }, 'heuristic'],
    [{ optimal: true, weight: 2 }, 'weight'],
    [{ heuristic: 'hmax' }, 'heuristic'],
    [{ greedy: 1 }, 'greedy'],
  ] as const)('%j is a BAD_OPTION naming %s', (options, subject) => {
    expect(() => new GoapPlanner(fireDomain(), options as never)).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject }));
  });

  test.each(['ff', 'additive'] as const)('h_%s is well enough informed on chain(30) to plan it in few expansions', (heuristic) => {
    const d = chainDomain(30);
    const r = new GoapPlanner(d, { heuristic, maxPlanLength: 128, maxExpansions: 500 }).search(createState(d.schema), 'all');
    expect(r.status).toBe('found');
    expect(r.cost).toBe(60);
  });

  test('h_max finds the same optimum as Dijkstra on chain(6) with fewer expansions', () => {
    const d = chainDomain(6);
    const blind = new GoapPlanner(d, { weight: 0, maxExpansions: 1e6 }).search(createState(d.schema), 'all');
    const max = new GoapPlanner(d, { heuristic: 'max', maxExpansions: 1e6 }).search(createState(d.schema), 'all');
    expect(max.cost).toBe(blind.cost);
    expect(max.expanded).toBeLessThan(blind.expanded);
  });
});
