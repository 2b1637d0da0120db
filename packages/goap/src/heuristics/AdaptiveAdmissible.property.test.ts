import fc from 'fast-check';
import { compileConditions, createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { chainDomain, randomDomain } from '../examples/index.js';
import { boundedOptimum, simulate } from '../testUtil.js';
import type { AdaptiveAdmissible } from './AdaptiveAdmissible.js';

/** The planner's `'admissible'` heuristic (not public API). */
const adaptiveOf = (planner: GoapPlanner) => planner.engine.estimator as unknown as AdaptiveAdmissible<never>;

/**
 * chain(7) searched with `optimal: true` forward, without a table, a dive of 3 expansions and the probe's verdict
 * forced, on the fast path or not, traced or not.
 */
function forcedChainSearch(fast: boolean, verdict: 'flat' | 'lmcut', trace: boolean) {
  const d = chainDomain(7);
  const planner = new GoapPlanner(d, { optimal: true, mode: 'forward', maxPlanLength: 64, maxExpansions: 1e6, trace });
  planner.engine.useFastPath(fast);
  const h = adaptiveOf(planner);
  h.tables = false;
  h.dive.budget = 3;
  h.probe.verdict = verdict;
  return planner.search(createState(d.schema), 'all');
}

describe("optimal: true's phases (forward: LM-cut dive, blind probe, then LM-cut or blind; backward: h_max then LM-cut)", () => {
  // Each phase is a complete A* from the root with an admissible estimate, so whichever phase finishes returns the
  // optimum: the dive cut after 0 to 3 expansions, the probe after 1 to 4 stored nodes, its verdict forced either way
  // or sampled; with an int key (no pattern database, so the phases run) or without (a table where it fits).
  test.each(['forward', 'backward'] as const)('%s on random domains: the exhaustive optimum, within a binding maxPlanLength or not', (mode) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('lmcut', 'flat', null),
        fc.boolean(),
        fc.constantFrom(2, 3, 4, Infinity),
        (seed, dive, probe, verdict, intKey, limit) => {
          const rd = randomDomain(seed, { actions: 6 + (seed % 5), intKey });
          const start = createState(rd.domain.schema, rd.start);
          const best = boundedOptimum(rd.domain, start, compileConditions(rd.domain.schema, rd.goal), limit);
          const planner = new GoapPlanner(rd.domain, { mode, optimal: true, maxPlanLength: limit === Infinity ? 300 : limit, maxExpansions: 1e6 });
          const h = adaptiveOf(planner);
          h.dive.budget = dive;
          h.probe.verdict = verdict;
          h.probe.judgeAfter(probe);
          h.switchAfter = dive;
          const r = planner.search(start, 'goal');
          if (best === Infinity) return r.status !== 'found';
          return r.status === 'found' && r.cost === best && r.length <= limit && simulate(rd.domain, r, start) !== null;
        },
      ),
      { numRuns: 400 },
    );
  });

  // Without a table and without an int key, the blind phase runs on the small-domain fast path where the domain
  // fits it: the same optimum with the fast path on and off, whatever the dive's budget, the probe's point and verdict.
  test('forward phases with the blind phase on the fast path or not: the exhaustive optimum', () => {
    let onFastPath = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom('lmcut', 'flat', null),
        fc.constantFrom(2, 3, 4, Infinity),
        (seed, dive, probe, verdict, limit) => {
          const rd = randomDomain(seed, { actions: 6 + (seed % 5), intKey: false });
          const start = createState(rd.domain.schema, rd.start);
          const best = boundedOptimum(rd.domain, start, compileConditions(rd.domain.schema, rd.goal), limit);
          return [true, false].every((fast) => {
            const planner = new GoapPlanner(rd.domain, { mode: 'forward', optimal: true, maxPlanLength: limit === Infinity ? 300 : limit, maxExpansions: 1e6 });
            planner.engine.useFastPath(fast);
            const h = adaptiveOf(planner);
            h.tables = false;
            h.dive.budget = dive;
            h.probe.verdict = verdict;
            h.probe.judgeAfter(probe);
            const r = planner.search(start, 'goal');
            if (r.fastPath) onFastPath++;
            if (best === Infinity) return r.status !== 'found';
            return r.status === 'found' && r.cost === best && r.length <= limit && simulate(rd.domain, r, start) !== null;
          });
        },
      ),
      { numRuns: 400 },
    );
    // Many of these searches end in the blind phase on the fast path (the others in the resumed dive or earlier).
    expect(onFastPath).toBeGreaterThan(25);
  });

  // A goal's next search opens with what the last one measured (the dive, the blind phase, or LM-cut from the root):
  // each of a planner's searches from varied starts, whatever the verdicts before, is the exhaustive optimum.
  test('forward searches of one goal in a row, each opened by what the one before measured: the exhaustive optimum every time', () => {
    const openings = new Set<string>();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.constantFrom('lmcut', 'flat', null), fc.integer({ min: 0, max: 15 })), { minLength: 2, maxLength: 4 }),
        fc.boolean(),
        (seed, dive, probe, searches, intKey) => {
          const rd = randomDomain(seed, { actions: 6 + (seed % 5), intKey });
          const planner = new GoapPlanner(rd.domain, { mode: 'forward', optimal: true, maxPlanLength: 300, maxExpansions: 1e6 });
          const h = adaptiveOf(planner);
          h.tables = false;
          h.dive.budget = dive;
          h.probe.judgeAfter(probe);
          const goal = compileConditions(rd.domain.schema, rd.goal);
          return searches.every(([verdict, flips]) => {
            const start = createState(rd.domain.schema, rd.start);
            for (let i = 0; i < 4; i++) if ((flips >> i) & 1) start.values[rd.domain.schema.cellOf(`b${i}`)] ^= 1;
            const best = boundedOptimum(rd.domain, start, goal, Infinity);
            openings.add(h.opensWith(rd.domain.goals[0]));
            h.probe.verdict = verdict;
            const r = planner.search(start, 'goal');
            if (best === Infinity) return r.status !== 'found';
            return r.status === 'found' && r.cost === best && simulate(rd.domain, r, start) !== null;
          });
        },
      ),
      { numRuns: 300 },
    );
    expect([...openings].sort()).toEqual(['blind', 'dive', 'lmcut']);
  });

  test('the blind phase runs on the fast path where the domain fits it, and the search ends there', () => {
    const expanded: number[] = [];
    for (const fast of [true, false]) {
      const r = forcedChainSearch(fast, 'flat', false);
      expect(r).toMatchObject({ status: 'found', cost: 14, fastPath: fast });
      expanded.push(r.expanded);
    }
    // The fast path makes the general path's decisions: the same expansions either way.
    expect(expanded[0]).toBe(expanded[1]);
  });

  test('after a blind phase in nodes of its own, LM-cut resumes the dive instead of starting over', () => {
    const expanded: number[] = [];
    // The blind phase on the fast path, in a space of its own on the general path, and traced (then it starts over).
    for (const [fast, trace] of [
      [true, false],
      [false, false],
      [false, true],
    ]) {
      const r = forcedChainSearch(fast, 'lmcut', trace);
      expect(r).toMatchObject({ status: 'found', cost: 14, fastPath: false });
      expanded.push(r.expanded);
    }
    // The same resumed search either way, which saves the dive's expansions over starting over.
    expect(expanded[0]).toBe(expanded[1]);
    expect(expanded[0]).toBeLessThan(expanded[2]);
  });

  test('a plan in LM-cut lowest f layer ends the dive: chain(11) (no table), one expansion per plan step', () => {
    const d = chainDomain(11);
    const r = new GoapPlanner(d, { optimal: true, mode: 'forward', maxPlanLength: 64 }).search(createState(d.schema), 'all');
    expect(r).toMatchObject({ status: 'found', cost: 22, expanded: 22 });
  });

  test('a dive that ends without a plan hands over to the blind probe, whose verdict picks the last phase', () => {
    const d = chainDomain(11);
    const state = createState(d.schema);
    for (const verdict of ['lmcut', 'flat'] as const) {
      const planner = new GoapPlanner(d, { optimal: true, mode: 'forward', maxPlanLength: 64, maxExpansions: 5000 });
      const h = adaptiveOf(planner);
      h.dive.budget = 3;
      h.probe.verdict = verdict;
      const r = planner.search(state, 'all');
      // Blind search goes through chain(11)'s states by the thousand and stops at the budget; LM-cut walks straight.
      expect(r).toMatchObject(verdict === 'lmcut' ? { status: 'found', cost: 22 } : { status: 'budget', budget: 'expansions' });
    }
  });
});
