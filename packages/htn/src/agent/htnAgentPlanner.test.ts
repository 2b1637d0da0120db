import { describe, expect, it } from '@jest/globals';
import { applyEffects, ChangeSource, createState, type Plan, type PlannerCatalog, type SearchSummary, type SearchTrace } from '@dualplan/world-state';
import { htnAgentPlanner } from './htnAgentPlanner.js';
import type { HtnMeta } from '../search/HtnPlan.js';
import { HtnPlanner } from '../HtnPlanner.js';
import { trollHtnDomain } from '../examples/trollHtnDomain.js';

const names = (p: Plan | null) => p?.steps.map((s) => s.task) ?? [];

describe('htnAgentPlanner', () => {
  it('plans, and replaces a running plan only for a strictly higher-priority MTR', () => {
    const domain = trollHtnDomain();
    const agent = htnAgentPlanner(new HtnPlanner(domain));
    expect(agent.kind).toBe('htn');
    const state = createState(domain.schema);
    const patrol = agent.plan(state, undefined, null).plan!;
    expect(names(patrol)).toEqual(['ChooseBridgeToCheck', 'NavigateToBridge', 'CheckBridge']);
    expect(agent.shouldReplace(agent.plan(state, undefined, patrol).plan!, patrol)).toEqual({ replace: false, reason: 'same MTR: same plan priority' });
    state.set(domain.schema.keys.WsCanSeeEnemy, true);
    const attack = agent.plan(state, undefined, patrol).plan!;
    expect(agent.shouldReplace(attack, patrol).replace).toBe(true);
    expect(agent.shouldReplace(patrol, attack).replace).toBe(false);
  });

  it('never writes a new plan over the running one', () => {
    const domain = trollHtnDomain();
    const agent = htnAgentPlanner(new HtnPlanner(domain));
    const running = agent.plan(createState(domain.schema, { WsHasSeenEnemyRecently: true }), undefined, null).plan!;
    for (let i = 0; i < 3; i++) agent.plan(createState(domain.schema), undefined, running);
    expect(names(running)).toEqual(['NavToLastEnemyLoc', 'RegainLOSRoar']);
  });

  it('with prune, plans against the running MTR and reports none when nothing can beat it', () => {
    const domain = trollHtnDomain();
    const agent = htnAgentPlanner(new HtnPlanner(domain), { prune: true });
    const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
    const running = agent.plan(state, undefined, null).plan!;
    for (let i = 0; i < 2; i++) applyEffects(running.steps[i].effects, state, undefined, ChangeSource.Own);
    expect(agent.plan(state, undefined, running).status).toBe('none');
  });

  it('resumes a partial plan from its continuation once all its steps succeeded', () => {
    const domain = trollHtnDomain({ partial: 'pause' });
    const agent = htnAgentPlanner(new HtnPlanner(domain));
    const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
    const first = agent.plan(state, undefined, null).plan!;
    expect(names(first)).toEqual(['NavigateToEnemy']);
    expect((first.meta as HtnMeta).partial).toBe(true);
    applyEffects(first.steps[0].effects, state, undefined, ChangeSource.Own);
    agent.stepSucceeded!(first.steps[0], undefined);
    const rest = agent.plan(state, undefined, null).plan!;
    expect(names(rest)).toEqual(['DoTrunkSlam', 'DoRecovery']);
    expect((rest.meta as HtnMeta).mtr).toEqual([0, 1]);
    // Without a finished partial plan it plans from the root again.
    const again = agent.plan(state, undefined, rest).plan!;
    expect(names(again)).toEqual(['NavigateToEnemy']);
    expect((again.meta as HtnMeta).partial).toBe(true);
  });

  it('a failed step drops the continuation', () => {
    const domain = trollHtnDomain({ partial: 'pause' });
    const agent = htnAgentPlanner(new HtnPlanner(domain));
    const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3, WsEnemyRange: 'Melee' });
    const first = agent.plan(state, undefined, null).plan!;
    agent.stepSucceeded!(first.steps[0], undefined);
    agent.stepFailed!(first.steps[0], undefined);
    expect(names(agent.plan(state, undefined, null).plan)).toEqual(['NavigateToEnemy']);
  });

  it('reports each search and its catalog to an observer, recording searches only while observed (the tracing flag untouched)', () => {
    const domain = trollHtnDomain();
    const planner = new HtnPlanner(domain);
    const agent = htnAgentPlanner(planner);
    const searches: SearchTrace[] = [];
    let catalog: PlannerCatalog | null = null;
    agent.observe!({ search: (t) => searches.push(t), catalog: (c) => (catalog = c) });
    expect(planner.recordingSearches).toBe(true);
    expect(catalog!.actions).toContain('DoTrunkSlam');
    expect(catalog!.compounds).toContain('AttackEnemy');
    expect(catalog!.methods).toContain('AttackEnemy.Whirlwind');
    const outcome = agent.plan(createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 }), undefined, null);
    expect(searches.map((t) => [t.target, t.status, t.plan])).toEqual([['BeTrunkThumper', 'found', names(outcome.plan)]]);
    agent.observe!(null);
    expect(planner.recordingSearches).toBe(false);
    expect(planner.tracing).toBe(false);
    agent.plan(createState(domain.schema), undefined, null);
    expect(searches.length).toBe(1);
  });

  it('reports a search that recurs as the same capture, whose trace is the one a fresh capture would build', () => {
    const domain = trollHtnDomain();
    const agent = htnAgentPlanner(new HtnPlanner(domain));
    const summaries: SearchSummary[] = [];
    const readers: (() => SearchTrace)[] = [];
    agent.observe!({ search: () => {}, deferredSearch: (read, summary) => (readers.push(read), summaries.push(summary!)) });
    const seen = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
    agent.plan(seen, undefined, null);
    agent.plan(createState(domain.schema), undefined, null);
    agent.plan(seen, undefined, null);
    expect(summaries[2]).toBe(summaries[0]);
    expect(summaries[1]).not.toBe(summaries[0]);
    // The same trace as a planner that never saw the other searches reports.
    const fresh = htnAgentPlanner(new HtnPlanner(domain));
    let trace: SearchTrace | null = null;
    fresh.observe!({ search: (t) => (trace = t) });
    fresh.plan(seen, undefined, null);
    expect(readers[2]()).toEqual(trace);
  });
});
