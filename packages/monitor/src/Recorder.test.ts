import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createState } from '@dualplan/world-state';
import { createAgent, type Agent, type Operator } from '@dualplan/runner';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { trollSchema, TrollOperator } from '@dualplan/world-state/examples';
import { record } from './record.js';
import { loadRecording } from './loadRecording.js';
import { MonitorError } from './MonitorError.js';
import type { RecordingMessage } from './Recording.js';
import { RecordingMirror } from './RecordingMirror.js';
import { formatRun } from './formatRun.js';
import { formatStatistics } from './formatStatistics.js';
import { whyNot } from './whyNot.js';
import { goapSoldier, htnTroll, run } from './testing/agents.js';

const planCalls = (a: Agent) => a.runners.reduce((n, r) => n + r.stats.planCalls, 0);

describe('record', () => {
  it('records every planning run of an HTN agent once, with state by name, plan, predictions and the decomposition tree', () => {
    const troll = htnTroll(3);
    const recorder = record(troll);
    run([troll], 60);
    const rec = recorder.agent('troll');
    expect(rec.runs.length).toBe(planCalls(troll));
    expect(rec.runs.map((r) => r.id)).toEqual(rec.runs.map((_, i) => i + 1));
    expect(rec.runners).toEqual({ main: 'htn' });
    const adopted = rec.runs.find((r) => r.outcome === 'adopted')!;
    expect(adopted.plan!.steps.length).toBeGreaterThan(0);
    expect(typeof adopted.state.WsCanSeeEnemy).toBe('boolean');
    expect(adopted.searches[0].planner).toBe('htn');
    expect(adopted.searches[0].plan).toEqual(adopted.plan!.steps.map((s) => s.task));
    // The path of the tree ends in the plan's primitives, in order.
    const tree = adopted.searches[0];
    expect(
      tree.path
        .map((id) => tree.nodes[id])
        .filter((n) => n.kind === 'primitive')
        .map((n) => n.label),
    ).toEqual(tree.plan);
    expect(rec.keys.find((k) => k.name === 'WsEnemyRange')).toEqual({ name: 'WsEnemyRange', kind: 'enum', values: ['Melee', 'View', 'OutOfRange'] });
    expect(rec.actions).toContain('DoTrunkSlam');
    // World changes are attributed to the sensor that made them, or to the step whose effects they are.
    const changes = rec.timeline.filter((e) => e.type === 'stateChanged');
    expect(changes.some((e) => e.type === 'stateChanged' && e.by === 'sensor noise' && e.runner === '')).toBe(true);
    for (const e of changes) if (e.type === 'stateChanged') expect(Object.keys(e.changes).length).toBeGreaterThan(0);
    expect(rec.methods.some((m) => m.startsWith('BeTrunkThumper.'))).toBe(true);
  });

  it('predicts the world state after each step of the plan', () => {
    const troll = createAgent({
      id: 'troll',
      state: createState(trollSchema(), { WsCanSeeEnemy: true, WsTrunkHealth: 3, WsEnemyRange: 'View' } as never),
      ctx: {},
      planner: htnAgentPlanner(new HtnPlanner(trollHtnDomain())),
      operators: Object.fromEntries(Object.values(TrollOperator).map((op) => [op, { update: () => 1 as never } as Operator])) as Record<
        TrollOperator,
        Operator
      >,
    });
    const recorder = record(troll);
    troll.tick(0.1);
    const plan = recorder.agent('troll').runs[0].plan!;
    expect(plan.steps.map((s) => s.task)).toEqual(['NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']);
    expect(plan.steps[0].predicted).toMatchObject({ WsEnemyRange: 'Melee' });
    expect(plan.steps[1].predicted).toMatchObject({ WsTrunkHealth: 2 });
    expect(plan.steps[0].conditions.length + plan.steps[0].effects.length).toBeGreaterThan(0);
    // The rejected Whirlwind method, with its failing condition, and the answer to "why not Whirlwind?".
    const why = whyNot(recorder.agent('troll'), 'Whirlwind');
    expect(why[0]).toMatchObject({ kind: 'method', at: 'AttackEnemy', verdict: 'conditionFailed', detail: 'WsPowerUp == 3' });
    expect(formatRun(recorder.agent('troll').runs[0], { searches: true })).toContain('x method 0 Whirlwind: conditionFailed WsPowerUp == 3');
    // Condition statistics: the failing condition of Whirlwind, and the conditions of the methods that applied.
    const conditions = recorder.agent('troll').stats.conditions;
    expect(conditions['WsPowerUp == 3']).toEqual({ held: 0, failed: 1 });
    expect(conditions['WsCanSeeEnemy == true'].held).toBeGreaterThanOrEqual(1);
  });

  it('records GOAP goal selection and every action verdict', () => {
    const soldier = goapSoldier(2);
    const recorder = record(soldier);
    run([soldier], 40);
    const rec = recorder.agent('soldier');
    expect(rec.runs.length).toBe(planCalls(soldier));
    const withGoals = rec.runs.filter((r) => r.goals.length > 0);
    expect(withGoals.length).toBe(rec.runs.length);
    const found = rec.runs.find((r) => r.status === 'found' && r.searches.length > 0)!;
    expect(found.goals.filter((g) => g.chosen).length).toBeLessThanOrEqual(1);
    const search = found.searches[found.searches.length - 1];
    expect(search.planner).toBe('goap');
    expect(
      search.candidates.every((c) =>
        ['kept', 'noEffect', 'conditionConflicts', 'effectConflicts', 'procedural', 'unusable', 'tooLong', 'duplicate', 'unreachable'].includes(c.verdict),
      ),
    ).toBe(true);
    expect(rec.goals.length).toBeGreaterThan(0);
    expect(rec.stats.neverSelected.goals.every((g) => rec.goals.includes(g))).toBe(true);
    expect(formatStatistics(rec.stats)).toContain('never selected: actions');
  });

  it('keeps memory bounded by retention while statistics keep counting', () => {
    const troll = htnTroll(5);
    const recorder = record(troll, { runsPerAgent: 4, eventsPerAgent: 10 });
    run([troll], 200);
    const rec = recorder.agent('troll');
    const calls = planCalls(troll);
    expect(calls).toBeGreaterThan(4);
    expect(rec.runs.length).toBe(4);
    expect(rec.dropped.runs).toBe(calls - 4);
    expect(rec.runs[3].id).toBe(calls);
    expect(rec.timeline.length).toBe(10);
    expect(rec.stats.planningRuns).toBe(calls);
    const total = Object.values(rec.stats.events).reduce((a, b) => a + b, 0);
    expect(rec.timeline[9].seq).toBe(total - 1);
    expect(rec.dropped.events).toBe(total - 10);
  });

  it('statistics add up to the events and to the runner counters (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 120 }), fc.boolean(), (seed, ticks, htn) => {
        const agent = htn ? htnTroll(seed) : goapSoldier(seed);
        const recorder = record(agent, { eventsPerAgent: 100_000, runsPerAgent: 100_000 });
        run([agent], ticks);
        const rec = recorder.agent(agent.id);
        const r = agent.runners[0].stats;
        const count = (type: string) => rec.timeline.filter((e) => e.type === type).length;
        expect(rec.stats.events.stepStarted ?? 0).toBe(r.stepsStarted);
        expect(count('stepStarted')).toBe(r.stepsStarted);
        expect(count('stepFailed') + count('stepAborted')).toBe(r.stepsFailed + r.stepsAborted);
        expect(count('planning')).toBe(r.planCalls);
        const actions = Object.values(rec.stats.actions);
        expect(actions.reduce((n, a) => n + a.executed, 0)).toBe(r.stepsStarted);
        expect(actions.reduce((n, a) => n + a.succeeded, 0)).toBe(r.stepsSucceeded);
        expect(actions.reduce((n, a) => n + a.failed, 0)).toBe(r.stepsFailed + r.stepsAborted);
        for (const [type, n] of Object.entries(rec.stats.events)) expect(count(type)).toBe(n);
        // Each run is recorded once: ids are unique and in order.
        expect(new Set(rec.runs.map((x) => x.id)).size).toBe(rec.runs.length);
        // Never-selected names are known and were never part of a plan found.
        for (const a of rec.stats.neverSelected.actions) expect(rec.stats.actions[a]?.selected ?? 0).toBe(0);
      }),
      { numRuns: 25 },
    );
  });

  it('round-trips through JSON', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 60 }), (seed, ticks) => {
        const agents = [htnTroll(seed), goapSoldier(seed)];
        const recorder = record(agents);
        run(agents, ticks);
        const text = JSON.stringify(recorder);
        expect(loadRecording(text)).toEqual(recorder.recording());
      }),
      { numRuns: 15 },
    );
  });

  it('streams a snapshot then updates, so a late subscriber mirrors the recording', () => {
    const agents = [htnTroll(1), goapSoldier(1)];
    const recorder = record(agents, { flushMs: 0 });
    run(agents, 30);
    const mirror = new RecordingMirror();
    const types: string[] = [];
    const stop = recorder.subscribe((m: RecordingMessage) => {
      types.push(m.type);
      mirror.apply(m);
    });
    run(agents, 30);
    recorder.flush();
    expect(types[0]).toBe('snapshot');
    expect(types.slice(1).every((t) => t === 'update')).toBe(true);
    expect(mirror.recording).toEqual(recorder.recording());
    stop();
    run(agents, 5);
    recorder.flush();
    expect(types.filter((t) => t === 'snapshot').length).toBe(1);
  });

  it('stop() detaches: planners stop recording their searches and nothing more is recorded', () => {
    const planner = new HtnPlanner(trollHtnDomain());
    const troll = createAgent({
      id: 'troll',
      state: createState(trollSchema()),
      ctx: {},
      planner: htnAgentPlanner(planner),
      operators: Object.fromEntries(Object.values(TrollOperator).map((op) => [op, { update: () => 0 as never } as Operator])) as Record<
        TrollOperator,
        Operator
      >,
    });
    const recorder = record(troll);
    expect(planner.recordingSearches).toBe(true);
    troll.tick(0.1);
    recorder.stop();
    expect(planner.recordingSearches).toBe(false);
    const before = recorder.agent('troll');
    troll.runner().abortPlan('test');
    troll.tick(0.1);
    expect(recorder.agent('troll').timeline).toEqual(before.timeline);
    expect(() => recorder.add(troll)).toThrow(MonitorError);
  });

  it('records results without searches when searches are off, and rejects bad input with typed errors', () => {
    const planner = new HtnPlanner(trollHtnDomain());
    const troll = createAgent({
      id: 'troll',
      state: createState(trollSchema()),
      ctx: {},
      planner: htnAgentPlanner(planner),
      operators: Object.fromEntries(Object.values(TrollOperator).map((op) => [op, { update: () => 0 as never } as Operator])) as Record<
        TrollOperator,
        Operator
      >,
    });
    const recorder = record(troll, { searches: false });
    expect(planner.recordingSearches).toBe(false);
    troll.tick(0.1);
    expect(recorder.agent('troll').runs[0]).toMatchObject({ searches: [], outcome: 'adopted' });
    expect(() => recorder.add(troll)).toThrow(expect.objectContaining({ code: 'DUPLICATE_AGENT', subject: 'troll' }));
    expect(() => recorder.agent('trol')).toThrow(expect.objectContaining({ code: 'UNKNOWN_AGENT', message: expect.stringContaining('recorded: troll') }));
    expect(() => record(troll, { runsPerAgent: 0 })).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'runsPerAgent' }));
    expect(() => record({} as Agent)).toThrow(expect.objectContaining({ code: 'BAD_AGENT' }));
    // Values that cannot be converted to a string are named, not converted (a TypeError before).
    expect(() => record({ id: { toString: '' } } as never)).toThrow(expect.objectContaining({ code: 'BAD_AGENT', subject: '{"toString":""}' }));
    expect(() => recorder.agent(Object.create(null))).toThrow(expect.objectContaining({ code: 'UNKNOWN_AGENT', subject: '{}' }));
    expect(() => record(troll, { runsPerAgent: { toString: 0 } as never })).toThrow(
      expect.objectContaining({
        code: 'BAD_OPTION',
        subject: 'runsPerAgent',
        message: 'Recorder option runsPerAgent must be an integer >= 1, got {"toString":0}.',
      }),
    );
  });

  it('cuts searches larger than maxSearchItems and marks the run', () => {
    const soldier = goapSoldier(4);
    const recorder = record(soldier, { maxSearchItems: 10 });
    run([soldier], 20);
    const runs = recorder.agent('soldier').runs.filter((r) => r.searches.length > 0);
    expect(runs.some((r) => r.truncated)).toBe(true);
    for (const r of runs) for (const s of r.searches) expect(s.nodes.length + s.candidates.length + s.events.length).toBeLessThanOrEqual(10);
  });

  it("keeps the planners' catalog once per agent: conditions, effects and cost of every action, method and goal", () => {
    const agents = [htnTroll(1), goapSoldier(1)];
    const recorder = record(agents, { flushMs: 0 });
    const messages: RecordingMessage[] = [];
    recorder.subscribe((m) => messages.push(m));
    run(agents, 20);
    recorder.flush();
    const troll = recorder.agent('troll');
    const soldier = recorder.agent('soldier');
    expect(troll.catalog!['DoTrunkSlam']).toMatchObject({ kind: 'action', conditions: expect.arrayContaining([expect.any(String)]), cost: expect.any(Number) });
    for (const m of troll.methods) expect(troll.catalog![m]).toMatchObject({ kind: 'method', effects: [], cost: null });
    expect(troll.catalog!['BeTrunkThumper.' + troll.methods.find((m) => m.startsWith('BeTrunkThumper.'))!.split('.')[1]]).toBeDefined();
    // Every GOAP action, planned or not, with its conditions, effects and base cost; goals with their conditions and priority.
    const planned = new Set(soldier.runs.flatMap((r) => r.plan?.steps.map((st) => st.task) ?? []));
    const unplanned = soldier.actions.filter((n) => !planned.has(n));
    expect(unplanned.length).toBeGreaterThan(0);
    for (const n of soldier.actions) expect(soldier.catalog![n]).toMatchObject({ kind: 'action', cost: expect.any(Number) });
    expect(soldier.catalog!['flee'].conditions).toEqual(['enemyvisible == true']);
    expect(soldier.catalog!['flee'].effects).toContain('nearenemy = false');
    for (const g of soldier.goals) expect(soldier.catalog![g]).toMatchObject({ kind: 'goal', effects: [], cost: null });
    // Sent once: in the snapshot, not in later updates (nothing re-attached).
    const snapshot = messages[0];
    expect(snapshot.type === 'snapshot' && snapshot.recording.agents[1].catalog).toEqual(soldier.catalog);
    const updates = messages.filter((m) => m.type === 'update');
    expect(updates.length).toBeGreaterThan(0);
    for (const m of updates) expect(m.type === 'update' && m.catalog).toBeFalsy();
  });

  it('lets two recorders observe one planner: each records the searches, and stopping one leaves the other', () => {
    for (const make of [() => htnTroll(2, 'a'), () => goapSoldier(2, 'a')]) {
      const agent = make();
      const first = record(agent);
      const second = record(agent);
      run([agent], 20);
      const one = first.agent('a');
      const two = second.agent('a');
      expect(one.runs.length).toBeGreaterThan(0);
      expect(two.runs.map((r) => r.searches)).toEqual(one.runs.map((r) => r.searches));
      expect(runsWithSearches(one)).toBeGreaterThan(0);
      first.stop();
      const before = second.agent('a').runs.length;
      agent.runner().abortPlan('test');
      run([agent], 20);
      const after = second.agent('a').runs.slice(before);
      expect(after.length).toBeGreaterThan(0);
      expect(runsWithSearches({ runs: after })).toBeGreaterThan(0);
      second.stop();
    }
  });

  it('records the first run of a planner swapped in by setPlanner with its search', () => {
    const soldier = goapSoldier(3);
    const recorder = record(soldier);
    run([soldier], 5);
    soldier.setPlanner(goapAgentPlanner(new GoapPlanner(soldierGoapDomain(undefined, { lastResort: true }))));
    const before = recorder.agent('soldier').runs.length;
    soldier.tick(0.1);
    const first = recorder.agent('soldier').runs[before];
    expect(first).toBeDefined();
    expect(first.searches.length).toBeGreaterThan(0);
    expect(first.searches[0].planner).toBe('goap');
  });
});

function runsWithSearches(agent: { runs: readonly { searches: readonly unknown[] }[] }): number {
  return agent.runs.filter((r) => r.searches.length > 0).length;
}

describe('runs retention drops', () => {
  it('capture later runs without changing what was read or sent before', () => {
    const agents = [htnTroll(4), goapSoldier(4)];
    const small = record(agents, { runsPerAgent: 3, flushMs: 0 });
    const large = record(agents, { runsPerAgent: 500 });
    const sent: RecordingMessage[] = [];
    small.subscribe((m) => sent.push(m));
    const read: { json: string; run: object }[] = [];
    for (let round = 0; round < 12; round++) {
      run(agents, 7);
      if (round % 3 === 0) small.flush();
      for (const id of ['troll', 'soldier']) {
        const runs = small.agent(id).runs;
        const all = large.agent(id).runs;
        expect(runs).toEqual(all.slice(-runs.length));
        for (const r of runs) read.push({ json: JSON.stringify(r), run: r });
      }
    }
    // Runs read earlier are as they were when read, though their storage captured later runs.
    for (const r of read) expect(JSON.stringify(r.run)).toBe(r.json);
    small.flush();
    let updates = 0;
    for (const m of sent) {
      if (m.type !== 'update') continue;
      const all = large.agent(m.agent).runs;
      for (const r of m.runs) {
        expect(r).toEqual(all.find((x) => x.id === r.id));
        updates++;
      }
    }
    expect(updates).toBeGreaterThan(0);
  });
});
