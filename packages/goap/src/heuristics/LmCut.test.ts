import fc from 'fast-check';
import { compileConditions, createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import type { GoapPlannerOptions } from '../GoapPlannerOptions.js';
import { chainDomain, randomDomain } from '../examples/index.js';
import type { GoapDomain } from '../domain/GoapDomain.js';
import { boundedOptimum, simulate } from '../testUtil.js';
import type { AdaptiveAdmissible } from './AdaptiveAdmissible.js';
import { LmCut, type LmCutSearch } from './LmCut.js';
import { Relaxation } from './Relaxation.js';
import type { RelaxedTask } from './RelaxedTask.js';

/** LM-cut of the random domain's goal from its start, asked directly (backward: the goal's words; forward: the start's values). */
function directLmCut(rd: ReturnType<typeof randomDomain>, mode: 'backward' | 'forward', scale: number): number {
  const domain = rd.domain;
  const start = createState(domain.schema, rd.start);
  const s: LmCutSearch = { domain, mode, start, goal: domain.goals[0], relevant: null, costOf: (a) => domain.baseCost[a] * scale };
  const lm = new LmCut(domain);
  lm.prepare(s);
  return mode === 'backward' ? lm.estimate(s, domain.goals[0].words, 0) : lm.estimate(s, Int32Array.from(start.values), 0);
}

/** h_max of the random domain's goal from its start, by the relaxation the 'max' heuristic uses (without its count bound). */
function hmaxOf(rd: ReturnType<typeof randomDomain>): number {
  const d = rd.domain;
  const r = new Relaxation(d);
  r.compute({ costOf: (a) => d.baseCost[a] }, createState(d.schema, rd.start).values, 0, true);
  let h = 0;
  for (const c of d.goals[0].cells) h = Math.max(h, r.nodeCellCost(d.goals[0].words, 0, c));
  return h;
}

/** LM-cut's private state a test reads to check each round's cut. */
interface CutView {
  findCut(round: number, hg: number, zoneSize: number): number;
  readonly task: RelaxedTask;
  readonly supporter: Int32Array;
  readonly zone: Int32Array;
  readonly cut: Int32Array;
  readonly initFacts: Int32Array;
  readonly initCount: number;
}

/** The cut as defined: the operators that a search from the initial facts through supporters, stopping at the goal zone, reaches with an effect in the zone. */
function cutFromInitialFacts(v: CutView, round: number): number[] {
  const t = v.task;
  const seen = new Set<number>(v.initFacts.subarray(0, v.initCount));
  const stack = [...seen];
  const cut: number[] = [];
  while (stack.length > 0) {
    const f = stack.pop()!;
    for (let k = t.preOfStart[f]; k < t.preOfStart[f + 1]; k++) {
      const op = t.preOfOp[k];
      if (v.supporter[op] !== f) continue;
      const effects = Array.from(t.effFact.subarray(t.effStart[op], t.effStart[op + 1]));
      if (effects.some((g) => v.zone[g] === round)) cut.push(op);
      else
        for (const g of effects) {
          if (seen.has(g)) continue;
          seen.add(g);
          stack.push(g);
        }
    }
  }
  return cut.sort((a, b) => a - b);
}

/** The raw estimate of the search's root (the goal backward, the start state forward). */
function rootEstimate(domain: GoapDomain, start: ReturnType<typeof createState>, options: GoapPlannerOptions): number {
  const planner = new GoapPlanner(domain, options);
  planner.begin(start, domain.goals[0].name);
  const h = planner.engine.space.hraw[0];
  planner.cancel();
  return h;
}

describe('LM-cut', () => {
  test.each(['backward', 'forward'] as const)('%s: exact on chain(k) at the root (2k), where h_max sees 2', (mode) => {
    for (const k of [1, 5, 20]) {
      const d = chainDomain(k);
      const start = createState(d.schema);
      expect(rootEstimate(d, start, { mode, heuristic: 'lmcut' })).toBe(2 * k);
      expect(rootEstimate(d, start, { mode, heuristic: 'max' })).toBeLessThan(2 * k + (k === 1 ? 1 : 0));
    }
  });

  test.each(['backward', 'forward'] as const)('%s: plans chain(12) optimally expanding little more than the plan', (mode) => {
    const d = chainDomain(12);
    const r = new GoapPlanner(d, { mode, heuristic: 'lmcut', maxPlanLength: 128, maxExpansions: 10_000 }).search(createState(d.schema), 'all');
    expect(r.status).toBe('found');
    expect(r.cost).toBe(24);
    expect(r.expanded).toBeLessThanOrEqual(2 * 24);
  });

  // Costs are in [1, 4], so an admissible estimate lies in [1, optimum] when the start violates the goal, and is 0
  // when the random start already satisfies it (optimum 0).
  test.each(['backward', 'forward'] as const)('%s on random domains: 0 < LM-cut <= the optimum at the root', (mode) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 5) });
        const start = createState(rd.domain.schema, rd.start);
        const best = boundedOptimum(rd.domain, start, compileConditions(rd.domain.schema, rd.goal), Infinity);
        const lmcut = rootEstimate(rd.domain, start, { mode, heuristic: 'lmcut' });
        if (best === Infinity) return true;
        return best === 0 ? lmcut === 0 : lmcut >= 1 && lmcut <= best;
      }),
      { numRuns: 300 },
    );
  });

  // The cut is found from the goal zone's side; on every round of every search it must be the set the definition gives.
  test.each(['backward', 'forward'] as const)('%s on random domains: each round cuts what a search from the initial facts finds', (mode) => {
    let rounds = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 11), bools: 3 + (seed % 5), goalConditions: 1 + (seed % 3), maxEffects: 1 + (seed % 3) });
        const planner = new GoapPlanner(rd.domain, { mode, heuristic: 'lmcut', maxExpansions: 200, maxPlanLength: 64 });
        const view = planner.engine.estimator as unknown as CutView;
        const fast = view.findCut.bind(view);
        let same = true;
        view.findCut = (round, hg, zoneSize) => {
          const nc = fast(round, hg, zoneSize);
          rounds++;
          same &&=
            Array.from(view.cut.subarray(0, nc))
              .sort((a, b) => a - b)
              .join() === cutFromInitialFacts(view, round).join();
          return nc;
        };
        planner.search(createState(rd.domain.schema, rd.start), 'goal');
        return same;
      }),
      { numRuns: 300 },
    );
    // Not vacuous: the searches made cuts to compare (about 265-390 rounds backward and 700-1,200 forward per 300
    // random domains; the seeds differ per run, so the bound leaves room).
    expect(rounds).toBeGreaterThan(100);
  });

  // Marks carry round and search numbers; near the top of the int32 range they restart, estimates unchanged.
  test('round numbers wrap around without changing an estimate', () => {
    const rd = randomDomain(7, { actions: 12, maxEffects: 3 });
    const before = directLmCut(rd, 'forward', 1);
    const domain = rd.domain;
    const start = createState(domain.schema, rd.start);
    const s: LmCutSearch = { domain, mode: 'forward', start, goal: domain.goals[0], relevant: null, costOf: (a) => domain.baseCost[a] };
    const lm = new LmCut(domain);
    lm.prepare(s);
    const counters = lm as unknown as { round: number; visit: number };
    expect(before).toBeGreaterThan(0);
    for (const [round, visit] of [
      [0x7fffffff, 0],
      [5, 0x7fffffff - 3],
    ]) {
      counters.round = round;
      counters.visit = visit;
      expect(lm.estimate(s, Int32Array.from(start.values), 0)).toBe(before);
      expect(counters.round).toBeLessThan(1000);
      expect(counters.visit).toBeLessThan(1000);
    }
  });

  // LM-cut's first round is h_max, and each round adds a cut's cost: never below h_max.
  test.each(['backward', 'forward'] as const)('%s on random domains: LM-cut >= h_max', (mode) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 7) });
        return directLmCut(rd, mode, 1) >= hmaxOf(rd);
      }),
      { numRuns: 300 },
    );
  });

  // LM-cut is a sum of cut costs, each a difference of action costs: scaling every cost scales the estimate. Scaled by
  // 2^-3 (exact in floating point), fractional costs give the integer estimate over 8.
  test.each(['backward', 'forward'] as const)('%s: costs scaled by 1/8 scale the estimate', (mode) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 7), maxCost: 9 });
        return directLmCut(rd, mode, 1 / 8) === directLmCut(rd, mode, 1) / 8;
      }),
      { numRuns: 200 },
    );
  });

  // The switch from h_max to LM-cut mid-search keeps A* optimal: switched after 0 to 3 estimates here (backward; forward
  // runs LM-cut from the first node).
  test.each(['backward', 'forward'] as const)('%s, heuristic admissible switching early: the optimum, within a binding maxPlanLength or not', (mode) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 3 }), fc.constantFrom(2, 3, 4, Infinity), (seed, after, limit) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 5) });
        const start = createState(rd.domain.schema, rd.start);
        const best = boundedOptimum(rd.domain, start, compileConditions(rd.domain.schema, rd.goal), limit);
        const planner = new GoapPlanner(rd.domain, { mode, optimal: true, maxPlanLength: limit === Infinity ? 300 : limit, maxExpansions: 1e6 });
        (planner.engine.estimator as unknown as AdaptiveAdmissible<never>).switchAfter = after;
        const r = planner.search(start, 'goal');
        if (best === Infinity) return r.status !== 'found';
        return r.status === 'found' && r.cost === best && r.length <= limit && simulate(rd.domain, r, start) !== null;
      }),
      { numRuns: 400 },
    );
  });
});
