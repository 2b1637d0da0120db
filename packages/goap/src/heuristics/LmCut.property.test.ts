import fc from 'fast-check';
import { createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { randomDomain } from '../examples/index.js';
import type { LmCut, LmCutSearch } from './LmCut.js';
import type { RelaxedTask } from './RelaxedTask.js';

/** What the reference reads from an LM-cut after an estimate: the task, this search's costs, and the estimate's facts. */
interface LmCutInputs {
  readonly task: RelaxedTask;
  readonly baseCost: Float64Array;
  readonly initFacts: Int32Array;
  readonly initCount: number;
  readonly goalStart: Int32Array;
  readonly goalFacts: Int32Array;
  readonly goalCount: number;
}

/**
 * LM-cut written the plain way, for comparison: each round computes h_max from scratch by relaxing every operator
 * until nothing changes, takes the supporters (an operator's first precondition at its dearest h_max), the goal
 * zone (the first dearest goal item's reachable facts, then the supporters of zero-cost operators adding a zone
 * fact) and the cut (the operators a search from the initial facts through supporters reaches with an effect in
 * the zone), and lowers the cut's costs by the cheapest of them.
 */
function referenceLmCut(t: RelaxedTask, baseCost: Float64Array, init: readonly number[], items: readonly (readonly number[])[]): number {
  const cost = Array.from(baseCost);
  const pre = (op: number) => Array.from(t.preFact.subarray(t.preStart[op], t.preStart[op + 1]));
  const eff = (op: number) => Array.from(t.effFact.subarray(t.effStart[op], t.effStart[op + 1]));
  let h = 0;
  for (;;) {
    const hmax: number[] = new Array<number>(t.nFacts).fill(Infinity);
    for (const f of init) hmax[f] = 0;
    for (let changed = true; changed;) {
      changed = false;
      for (let op = 0; op < t.nOps; op++) {
        if (cost[op] === Infinity) continue;
        const m = Math.max(...pre(op).map((f) => hmax[f]));
        for (const g of eff(op)) {
          if (m + cost[op] < hmax[g]) {
            hmax[g] = m + cost[op];
            changed = true;
          }
        }
      }
    }
    let critical = -1;
    let goal = 0;
    items.forEach((item, i) => {
      const c = Math.min(...item.map((f) => hmax[f]));
      if (critical < 0 || c > goal) [critical, goal] = [i, c];
    });
    if (goal === Infinity) return Infinity;
    if (goal === 0) return h;
    const supporter = Array.from({ length: t.nOps }, (_, op) => {
      const p = pre(op);
      const m = Math.max(...p.map((f) => hmax[f]));
      return cost[op] === Infinity || m === Infinity ? -1 : p.find((f) => hmax[f] === m)!;
    });
    const zone = new Set(items[critical].filter((f) => hmax[f] < Infinity));
    for (let grew = true; grew;) {
      grew = false;
      for (let op = 0; op < t.nOps; op++) {
        const s = supporter[op];
        if (cost[op] === 0 && s >= 0 && !zone.has(s) && eff(op).some((g) => zone.has(g))) {
          zone.add(s);
          grew = true;
        }
      }
    }
    const reached = new Set(init);
    const cut = new Set<number>();
    for (let grew = true; grew;) {
      grew = false;
      for (let op = 0; op < t.nOps; op++) {
        if (supporter[op] < 0 || !reached.has(supporter[op]) || cut.has(op)) continue;
        if (eff(op).some((g) => zone.has(g))) cut.add(op);
        else
          for (const g of eff(op)) {
            if (reached.has(g)) continue;
            reached.add(g);
            grew = true;
          }
      }
    }
    if (cut.size === 0) return h;
    const least = Math.min(...[...cut].map((op) => cost[op]));
    h += least;
    for (const op of cut) cost[op] -= least;
  }
}

/** The reference's estimate of what `lm` was last asked. */
function reference(lm: LmCut): number {
  const v = lm as unknown as LmCutInputs;
  const items: number[][] = [];
  for (let i = 0; i < v.goalCount; i++) items.push(Array.from(v.goalFacts.subarray(v.goalStart[i], v.goalStart[i + 1])));
  return referenceLmCut(v.task, v.baseCost, Array.from(v.initFacts.subarray(0, v.initCount)), items);
}

describe('LM-cut against a plain reference', () => {
  // Backward, estimates come from the rounds learnt earlier in the search as much as from new ones: every estimate of
  // every search is compared, over searches long enough to reuse many rounds. (Forward, of equally dear preconditions
  // the first h_max pass keeps the last settled as supporter, as before, where the reference takes the first.)
  test.each(['backward'] as const)('%s on random domains: every estimate of a search equals the reference', (mode) => {
    let estimates = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(1, 4, 9), (seed, maxCost) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 19), bools: 3 + (seed % 6), goalConditions: 1 + (seed % 4), maxEffects: 1 + (seed % 3), maxCost });
        const planner = new GoapPlanner(rd.domain, { mode, heuristic: 'lmcut', maxExpansions: 300, maxPlanLength: 64 });
        const lm = planner.engine.estimator as unknown as LmCut;
        const estimate = lm.estimate.bind(lm);
        let same = true;
        lm.estimate = (s: LmCutSearch, words: Int32Array, at: number) => {
          const h = estimate(s, words, at);
          estimates++;
          const want = reference(lm);
          if (h !== want) same = false;
          return h;
        };
        planner.search(createState(rd.domain.schema, rd.start), 'goal');
        // A second search reuses the planner: its rounds start afresh.
        planner.search(createState(rd.domain.schema), 'goal');
        return same;
      }),
      { numRuns: 200 },
    );
    expect(estimates).toBeGreaterThan(500);
  });
});

/** The later h_max passes' queue, as a test swaps it. */
interface LaterQueue {
  later: unknown;
  readonly queue: unknown;
  useCosts(cost: Float64Array): void;
}

describe('LM-cut later passes: integer buckets against the heap', () => {
  // A later pass's result does not depend on the order equal costs settle in, so settling by buckets (integer costs)
  // gives the heap's estimates: every estimate of two searches equal, one with each queue, both directions.
  test.each(['forward', 'backward'] as const)('%s on random domains: every estimate equal', (mode) => {
    let estimates = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(1, 4, 9), (seed, maxCost) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 19), bools: 3 + (seed % 6), goalConditions: 1 + (seed % 4), maxEffects: 1 + (seed % 3), maxCost });
        const run = (heap: boolean) => {
          const planner = new GoapPlanner(rd.domain, { mode, heuristic: 'lmcut', maxExpansions: 300, maxPlanLength: 64 });
          const lm = planner.engine.estimator as unknown as LmCut;
          const passes = (lm as unknown as { passes: LaterQueue }).passes;
          if (heap)
            passes.useCosts = () => {
              passes.later = passes.queue;
            };
          const seen: number[] = [];
          const estimate = lm.estimate.bind(lm);
          lm.estimate = (s: LmCutSearch, words: Int32Array, at: number) => {
            const h = estimate(s, words, at);
            seen.push(h);
            return h;
          };
          seen.push(planner.search(createState(rd.domain.schema, rd.start), 'goal').cost);
          // A second search from another state (backward: its rounds learnt afresh).
          seen.push(planner.search(createState(rd.domain.schema), 'goal').cost);
          return seen;
        };
        const buckets = run(false);
        estimates += buckets.length;
        expect(buckets).toEqual(run(true));
      }),
      { numRuns: 150 },
    );
    expect(estimates).toBeGreaterThan(500);
  });
});
