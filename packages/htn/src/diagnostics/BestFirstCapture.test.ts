import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ChangeSource, createState, type SearchSummary, type SearchTrace } from '@dualplan/world-state';
import { htnAgentPlanner } from '../agent/htnAgentPlanner.js';
import { HtnPlanner } from '../HtnPlanner.js';
import { trollHtnDomain } from '../examples/trollHtnDomain.js';

/** A best-first troll whose searches an observer keeps. */
function observedTroll() {
  const domain = trollHtnDomain();
  const planner = new HtnPlanner(domain, { mode: 'best-first' });
  const agent = htnAgentPlanner(planner);
  const seen: { read: () => SearchTrace; summary: SearchSummary | undefined }[] = [];
  agent.observe!({ search: () => {}, deferredSearch: (read, summary) => seen.push({ read, summary }) });
  return { domain, planner, agent, seen };
}

describe('best-first HTN searches recorded for monitors', () => {
  it('give the shared trace shape: expansions with costs, every applicable method a branch, the path of the plan and its MTR', () => {
    const { domain, agent, seen } = observedTroll();
    const outcome = agent.plan(createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 }), undefined, null);
    expect(outcome.status).toBe('found');
    expect(seen).toHaveLength(1);
    const trace = seen[0].read();
    expect(trace).toMatchObject({ planner: 'htn', mode: 'best-first', status: 'found', target: 'BeTrunkThumper', backtracks: 0, whyNoPlan: '' });
    expect(trace.plan).toEqual(outcome.plan!.steps.map((s) => s.task));
    expect(trace.mtr).toEqual([...(outcome.plan!.meta as { mtr: number[] }).mtr]);
    expect(trace.cost).toBe(outcome.plan!.cost);
    // The path starts at the root expansion and each path node is a child of the one before it.
    expect(trace.nodes[trace.path[0]]).toMatchObject({ label: 'BeTrunkThumper', parent: -1, onPath: true });
    for (let i = 1; i < trace.path.length; i++) expect(trace.nodes[trace.path[i]].parent).toBe(trace.path[i - 1]);
    // Costs never fall along the path; the path's primitives are the plan, in order.
    const path = trace.path.map((i) => trace.nodes[i]);
    for (let i = 1; i < path.length; i++) expect(path[i].g).toBeGreaterThanOrEqual(path[i - 1].g);
    expect(path.filter((n) => n.kind === 'primitive').map((n) => n.label)).toEqual(trace.plan);
    // Each path compound names the method it went on with, one of its kept candidates.
    for (const n of path.filter((x) => x.kind === 'compound'))
      expect(trace.candidates.filter((c) => c.node === n.id && c.verdict === 'kept').map((c) => c.name)).toContain(n.via);
    // A rejected method carries its failing condition in words.
    expect(trace.candidates.some((c) => c.verdict === 'conditionFailed' && / == | != /.test(c.detail))).toBe(true);
    expect(seen[0].summary).toMatchObject({ planner: 'htn', status: 'found', target: 'BeTrunkThumper' });
    expect(seen[0].summary!.items).toBe(trace.nodes.length + trace.candidates.length);
  });

  it('say why no plan was found', () => {
    const domain = trollHtnDomain();
    const planner = new HtnPlanner(domain, { mode: 'best-first', maxSteps: 3 });
    const agent = htnAgentPlanner(planner);
    const traces: SearchTrace[] = [];
    agent.observe!({ search: (t) => traces.push(t) });
    const outcome = agent.plan(createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 }), undefined, null);
    expect(outcome.status).toBe('budget');
    expect(traces[0]).toMatchObject({ status: 'budget', path: [], plan: [] });
    expect(traces[0].whyNoPlan).toMatch(/^no plan for BeTrunkThumper/);
  });

  it('do not change the plans: observed and unobserved best-first planners plan the same from any state', () => {
    const { domain, agent } = observedTroll();
    const plain = htnAgentPlanner(new HtnPlanner(trollHtnDomain(), { mode: 'best-first' }));
    fc.assert(
      fc.property(fc.array(fc.nat(9), { minLength: domain.schema.size, maxLength: domain.schema.size }), (values) => {
        const state = createState(domain.schema);
        values.forEach((v, c) => state.write(c, domain.schema.min[c] + (v % (domain.schema.max[c] - domain.schema.min[c] + 1)), ChangeSource.External));
        const a = agent.plan(state, undefined, null);
        const b = plain.plan(state, undefined, null);
        expect([a.status, a.plan?.steps.map((s) => s.task), a.plan?.cost]).toEqual([b.status, b.plan?.steps.map((s) => s.task), b.plan?.cost]);
      }),
      { numRuns: 60 },
    );
  });
});
