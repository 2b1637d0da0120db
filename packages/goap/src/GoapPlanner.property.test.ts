import fc from 'fast-check';
import { ChangeSource, applyEffects, createState, firstFailing, type WorldState } from '@dualplan/world-state';
import { compileConditions } from '@dualplan/world-state';
import { GoapPlanner } from './GoapPlanner.js';
import type { GoapPlannerOptions } from './GoapResult.js';
import { randomDomain } from './examples/index.js';
import { admissibleWeight } from './compileGoapDomain.js';
import { simulate } from './testUtil.js';

/** Exhaustive Dijkstra over full states, written independently of the planner: the optimal cost, or Infinity. */
function optimum(rd: ReturnType<typeof randomDomain>): number {
  const { domain } = rd;
  const goal = compileConditions(domain.schema, rd.goal);
  const start = createState(domain.schema, rd.start);
  const key = (s: WorldState<any>) => Array.from(s.values).join(',');
  const best = new Map<string, number>([[key(start), 0]]);
  const frontier: { s: WorldState<any>; g: number }[] = [{ s: start, g: 0 }];
  while (frontier.length > 0) {
    let i = 0;
    for (let j = 1; j < frontier.length; j++) if (frontier[j].g < frontier[i].g) i = j;
    const { s, g } = frontier.splice(i, 1)[0];
    if (g > best.get(key(s))!) continue;
    if (firstFailing(goal, s) < 0) return g;
    for (const step of domain.steps) {
      if (firstFailing(step.conditions, s) >= 0) continue;
      const next = s.clone();
      if (applyEffects(step.effects, next, undefined, ChangeSource.Planning) >= 0) continue;
      const ng = g + domain.baseCost[step.sourceId];
      const nk = key(next);
      if (ng < (best.get(nk) ?? Infinity)) {
        best.set(nk, ng);
        frontier.push({ s: next, g: ng });
      }
    }
  }
  return Infinity;
}

// Costs are integers in [1, 4] and actions have at most 2 effects, so every
// action fixes at most 2 of a node's conditions at cost >= 1: h = w × count is
// admissible for w <= 1 / 2, backward and forward. (weight -1 stands for admissibleWeight(domain).)
const admissible: readonly [string, GoapPlannerOptions][] = [
  ['Dijkstra (w = 0)', { weight: 0 }],
  ['count, w = 0.5', { weight: 0.5 }],
  ['count, w = admissibleWeight(domain)', { weight: -1 }],
  ['forward, w = 0', { weight: 0, mode: 'forward' }],
  ['forward, w = 0.5', { weight: 0.5, mode: 'forward' }],
  ['forward, w = admissibleWeight(domain)', { weight: -1, mode: 'forward' }],
];

describe('GOAP on random small domains', () => {
  test.each(admissible)('%s: cost equals the exhaustive optimum, and the plan reaches the goal', (_, options) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 5) });
        const best = optimum(rd);
        const weight = options.weight === -1 ? admissibleWeight(rd.domain) : options.weight;
        const planner = new GoapPlanner(rd.domain, { ...options, weight, maxPlanLength: 300, maxExpansions: 1e6 });
        const start = createState(rd.domain.schema, rd.start);
        const r = planner.search(start, 'goal');
        if (best === Infinity) return r.status === 'none';
        if (r.status !== 'found' || r.cost !== best) return false;
        const end = simulate(rd.domain, r, start);
        return firstFailing(planner.goalOf('goal').conditions, end) < 0;
      }),
      { numRuns: 300 },
    );
  });

  test('inadmissible settings (additive, greedy w = 5) still return valid plans, never below the optimum, and find one whenever one exists', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom<GoapPlannerOptions>({ heuristic: 'additive' }, { weight: 5 }, { weight: 5, mode: 'forward' }), (seed, options) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 5) });
        const best = optimum(rd);
        const planner = new GoapPlanner(rd.domain, { ...options, maxPlanLength: 300, maxExpansions: 1e6 });
        const start = createState(rd.domain.schema, rd.start);
        const r = planner.search(start, 'goal');
        if (best === Infinity) return r.status === 'none';
        if (r.status !== 'found' || r.cost < best) return false;
        // Weighted A* (docs/goap.md): at most w × e_max / c_min = w / admissibleWeight times the optimum.
        if (options.weight !== undefined && r.cost > best * Math.max(1, options.weight / admissibleWeight(rd.domain))) return false;
        return firstFailing(planner.goalOf('goal').conditions, simulate(rd.domain, r, start)) < 0;
      }),
      { numRuns: 300 },
    );
  });

  test('one planner reused across many domains and starts gives the same answers as fresh planners', () => {
    const rd = randomDomain(7, { actions: 6 });
    const reused = new GoapPlanner(rd.domain, { weight: 0.5 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (seed) => {
        const other = randomDomain(seed, { actions: 6 });
        const start = createState(rd.domain.schema, other.start);
        const a = reused.search(start, 'goal');
        const cost = a.status === 'found' ? a.cost : a.status;
        const b = new GoapPlanner(rd.domain, { weight: 0.5 }).search(start, 'goal');
        return (b.status === 'found' ? b.cost : b.status) === cost;
      }),
      { numRuns: 200 },
    );
  });
});
