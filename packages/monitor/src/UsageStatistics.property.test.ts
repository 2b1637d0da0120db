import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { goapAgentPlanner, GoapPlanner } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { htnAgentPlanner, htnDomainBuilder, HtnPlanner, type HtnDomain } from '@dualplan/htn';
import { npcHtnDomain, soldierHtnDomain, trollHtnDomain } from '@dualplan/htn/examples';
import {
  bool,
  ChangeSource,
  createState,
  defineActions,
  defineSchema,
  enumOf,
  eq,
  set,
  type AgentPlanner,
  type Schema,
  type SearchSummary,
  type SearchTrace,
} from '@dualplan/world-state';
import { UsageStatistics } from './UsageStatistics.js';
import type { CountedRun } from './CountedRun.js';

const Tool = { None: 0, Hammer: 1, Saw: 2 } as const;
const workshopSchema = defineSchema({ Tool: enumOf(Tool, Tool.None), HasSaw: bool(), Money: bool(), Done: bool() });

/** Prepare, then craft with a tool (the hammer is tried first and fails later, so the search backtracks), or buy: a failed craft abandons a decomposed compound. */
function workshop(): HtnDomain<any, any> {
  const k = workshopSchema.keys;
  return htnDomainBuilder(
    defineActions(workshopSchema, [
      { name: 'TakeHammer', effects: [set(k.Tool, Tool.Hammer)] },
      { name: 'TakeSaw', effects: [set(k.Tool, Tool.Saw)] },
      { name: 'Cut', conditions: [eq(k.Tool, Tool.Saw)], effects: [set(k.Done, true)] },
      { name: 'Buy', effects: [set(k.Done, true)] },
      { name: 'Tidy', effects: [] },
    ]),
    'workshop',
  )
    .compound('Build')
    .method([], 'craft')
    .task('Prepare')
    .task('ChooseTool')
    .task('Cut')
    .back()
    .method((keys) => [eq(keys.Money, true)], 'buy')
    .task('Buy')
    .end()
    .compound('Prepare')
    .method([], 'tidy')
    .task('Tidy')
    .end()
    .compound('ChooseTool')
    .method([], 'hammer')
    .task('TakeHammer')
    .back()
    .method((keys) => [eq(keys.HasSaw, true)], 'saw')
    .task('TakeSaw')
    .end()
    .build();
}

interface Subject {
  readonly name: string;
  readonly schema: Schema;
  readonly planner: () => AgentPlanner<any>;
}

const soldier = soldierGoapDomain(undefined, { lastResort: true });
const subjects: Subject[] = [
  { name: 'troll (HTN)', schema: trollHtnDomain().schema, planner: () => htnAgentPlanner(new HtnPlanner(trollHtnDomain())) },
  { name: 'soldier (HTN)', schema: soldierHtnDomain().schema, planner: () => htnAgentPlanner(new HtnPlanner(soldierHtnDomain())) },
  { name: 'NPC with slots (HTN)', schema: npcHtnDomain().schema, planner: () => htnAgentPlanner(new HtnPlanner(npcHtnDomain())) },
  { name: 'workshop, backtracking (HTN)', schema: workshopSchema, planner: () => htnAgentPlanner(new HtnPlanner(workshop())) },
  {
    name: 'troll, best-first (HTN)',
    schema: trollHtnDomain().schema,
    planner: () => htnAgentPlanner(new HtnPlanner(trollHtnDomain(), { mode: 'best-first' })),
  },
  {
    name: 'NPC with slots, best-first (HTN)',
    schema: npcHtnDomain().schema,
    planner: () => htnAgentPlanner(new HtnPlanner(npcHtnDomain(), { mode: 'best-first' })),
  },
  { name: 'workshop, best-first (HTN)', schema: workshopSchema, planner: () => htnAgentPlanner(new HtnPlanner(workshop(), { mode: 'best-first' })) },
  { name: 'soldier backward (GOAP)', schema: soldier.schema, planner: () => goapAgentPlanner(new GoapPlanner(soldier)) },
  { name: 'soldier forward (GOAP)', schema: soldier.schema, planner: () => goapAgentPlanner(new GoapPlanner(soldier, { mode: 'forward' })) },
];

/** Runs of `planner` from each state, as its observer saw them: each search as the planner's summary and as its trace. */
function capture(subject: Subject, states: readonly number[][]): { summaries: CountedRun[]; traces: CountedRun[]; catalog: UsageStatistics[] } {
  const planner = subject.planner();
  const stats = [new UsageStatistics(64), new UsageStatistics(64)];
  let searches: { read: () => SearchTrace; summary: SearchSummary | undefined }[] = [];
  planner.observe!({
    search: () => {
      throw new Error('the planners of this project report deferred searches');
    },
    deferredSearch: (read, summary) => searches.push({ read, summary }),
    catalog: (c) => stats.forEach((s) => s.addCatalog(c)),
  });
  const summaries: CountedRun[] = [];
  const traces: CountedRun[] = [];
  for (const values of states) {
    const state = createState(subject.schema);
    values.forEach((v, cell) => {
      if (cell < state.schema.size)
        state.write(cell, state.schema.min[cell] + (v % (state.schema.max[cell] - state.schema.min[cell] + 1)), ChangeSource.External);
    });
    searches = [];
    planner.plan(state, {}, null);
    expect(searches.every((s) => s.summary !== undefined)).toBe(true);
    summaries.push({ planMs: 0, searches: searches.map((s) => s.summary!), goals: [], plan: null });
    traces.push({ planMs: 0, searches: searches.map((s) => s.read()), goals: [], plan: null });
  }
  return { summaries, traces, catalog: stats };
}

describe('statistics counted from planners’ summaries', () => {
  it.each(subjects)('equal those counted from the built traces: $name', (subject) => {
    const size = subject.schema.size;
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(40), { minLength: size, maxLength: size }), { minLength: 1, maxLength: 12 }), (states) => {
        const { summaries, traces, catalog } = capture(subject, states);
        const [fromSummaries, fromTraces] = catalog;
        for (let i = 0; i < summaries.length; i++) {
          const s = summaries[i].searches[0] as SearchSummary | undefined;
          const t = traces[i].searches[0] as SearchTrace | undefined;
          if (s && t) {
            expect([s.status, s.reason, s.target, s.planner]).toEqual([t.status, t.reason, t.target, t.planner]);
            expect(s.items).toBeGreaterThanOrEqual(Math.min(1, t.nodes.length + t.candidates.length));
          }
          expect(fromSummaries.addRun(summaries[i])).toEqual(fromTraces.addRun(traces[i]));
        }
        expect(fromSummaries.snapshot(1)).toEqual(fromTraces.snapshot(1));
        expect(fromSummaries.knownNames()).toEqual(fromTraces.knownNames());
      }),
      { numRuns: 40 },
    );
  });

  it('count what the searches did: the troll’s chosen methods are selected, rejected ones carry their failing condition', () => {
    const subject = subjects[0];
    const { summaries, catalog } = capture(subject, [new Array<number>(subject.schema.size).fill(0)]);
    const stats = catalog[0];
    stats.addRun(summaries[0]);
    const snap = stats.snapshot(1);
    const selected = Object.entries(snap.methods).filter(([, u]) => u.selected > 0);
    expect(selected.length).toBeGreaterThan(0);
    const failed = Object.entries(snap.conditions).filter(([, c]) => c.failed > 0);
    expect(failed.length).toBeGreaterThan(0);
    expect(snap.planningRuns).toBe(1);
  });
});
