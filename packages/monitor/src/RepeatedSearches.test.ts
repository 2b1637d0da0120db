import { describe, expect, it } from '@jest/globals';
import { goapAgentPlanner, GoapPlanner } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { htnAgentPlanner, HtnPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { ChangeSource, createState, mulberry32, type AgentPlanner, type Schema, type SearchSummary } from '@dualplan/world-state';
import { RepeatedSearches } from './RepeatedSearches.js';
import { UsageStatistics } from './UsageStatistics.js';

/** The same summary as a new object each time, so statistics cannot know it was counted before. */
function unknown(s: SearchSummary): SearchSummary {
  return { planner: s.planner, target: s.target, status: s.status, reason: s.reason, items: s.items, count: (counter) => s.count(counter) };
}

/** Plan from a few states in a seeded random order; each run's summaries as the planner reported them. */
function runs(planner: AgentPlanner<any>, schema: Schema, stats: UsageStatistics[], calls: number): SearchSummary[][] {
  let searches: SearchSummary[] = [];
  planner.observe!({ search: () => {}, deferredSearch: (_read, summary) => searches.push(summary!), catalog: (c) => stats.forEach((s) => s.addCatalog(c)) });
  const random = mulberry32(3);
  const states = [0, 1, 2, 3].map((seed) => {
    const state = createState(schema);
    const r = mulberry32(seed + 10);
    for (let c = 0; c < schema.size; c++) state.write(c, schema.min[c] + Math.floor(r() * (schema.max[c] - schema.min[c] + 1)), ChangeSource.External);
    return state;
  });
  const out: SearchSummary[][] = [];
  for (let i = 0; i < calls; i++) {
    searches = [];
    planner.plan(states[Math.floor(random() * states.length)], {}, null);
    out.push(searches);
  }
  return out;
}

describe('statistics count a recurring capture by reference', () => {
  const soldier = soldierGoapDomain(undefined, { lastResort: true });
  it.each([
    ['troll (HTN)', () => htnAgentPlanner(new HtnPlanner(trollHtnDomain())), trollHtnDomain().schema],
    ['soldier (GOAP)', () => goapAgentPlanner(new GoapPlanner(soldier)), soldier.schema],
  ] as const)('the same statistics, in the same order, as counting every search: %s', (_name, planner, schema) => {
    const byReference = new UsageStatistics(64);
    const everyOne = new UsageStatistics(64);
    const reported = runs(planner(), schema, [byReference, everyOne], 200);
    const distinct = new Set(reported.flat());
    // The planner reported recurring searches as the same captures.
    expect(distinct.size).toBeLessThan(reported.flat().length / 4);
    for (let i = 0; i < reported.length; i++) {
      const a = byReference.addRun({ planMs: 1, searches: reported[i], goals: [], plan: null });
      const b = everyOne.addRun({ planMs: 1, searches: reported[i].map(unknown), goals: [], plan: null });
      expect(a).toEqual(b);
      // Read now and then: repeats noted since the last read are counted first.
      if (i % 37 === 0) expect(JSON.stringify(byReference.snapshot(1))).toBe(JSON.stringify(everyOne.snapshot(1)));
    }
    expect(JSON.stringify(byReference.snapshot(1))).toBe(JSON.stringify(everyOne.snapshot(1)));
    expect(byReference.knownNames()).toEqual(everyOne.knownNames());
  });
});

describe('RepeatedSearches', () => {
  const summary = (target: string): SearchSummary => ({ planner: 'htn', target, status: 'none', reason: '', items: 0, count: () => {} });

  it('counts a capture’s repeats when settled, or when it is forgotten to make room', () => {
    const counted: [string, number][] = [];
    const repeats = new RepeatedSearches<string>(2, (s, times) => counted.push([s.target, times]));
    const [a, b, c] = [summary('a'), summary('b'), summary('c')];
    expect(repeats.repeat(a)).toBeUndefined();
    repeats.remember(a, 'credit a');
    repeats.remember(b, 'credit b');
    expect(repeats.repeat(a)?.credit).toBe('credit a');
    repeats.repeat(a);
    repeats.repeat(b);
    expect(counted).toEqual([]);
    // Full: a, the oldest, is counted and forgotten.
    repeats.remember(c, 'credit c');
    expect(counted).toEqual([['a', 2]]);
    expect(repeats.repeat(a)).toBeUndefined();
    repeats.settle();
    expect(counted).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    repeats.settle();
    expect(counted.length).toBe(2);
  });
});
