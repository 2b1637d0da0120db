import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { AgentRecording, PlanningRun } from '@dualplan/monitor';
import { arenaRecording } from './fixtures/arenaRecording.js';
import { DualplanError } from '@dualplan/world-state';
import { MonitorStore } from './MonitorStore.js';
import { actionCatalog } from './actionCatalog.js';
import { parseMessage } from './parseMessage.js';
import { changedKeys } from './changedKeys.js';
import { predictStates } from './predictStates.js';
import { layoutGraph } from './layoutGraph.js';
import { searchGraph } from './searchGraph.js';
import { wrapText } from './wrapText.js';
import { stepTimings } from './stepTimings.js';
import { whyNotNames } from './whyNotNames.js';

const agents = () => arenaRecording().agents;
const troll = () => agents().find((a) => a.id === 'troll') as AgentRecording;
const soldier = () => agents().find((a) => a.id === 'soldier') as AgentRecording;

describe('predictStates', () => {
  it('applies each step’s predicted cells in order on top of the planning state', () => {
    const run = troll().runs[1];
    const states = predictStates(run);
    expect(states).toHaveLength(3);
    expect(states[0]).toBe(run.state);
    expect(states[1]).toMatchObject({ WsLocation: 'Enemy', WsEnemyRange: 'Melee', WsStamina: 3 });
    expect(states[2]).toMatchObject({ WsLocation: 'Enemy', WsStamina: 2, WsTrunkHealth: 2 });
  });
  it('gives the planning state alone for a run without a plan', () => {
    const run = soldier().runs[1];
    expect(predictStates(run)).toEqual([run.state]);
  });
  it('changedKeys finds exactly the keys whose values differ', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: 0, max: 2 })),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: 0, max: 2 })),
        (x, y) => {
          const changed = changedKeys(x, y);
          for (const k of ['a', 'b', 'c', 'd']) expect(changed.has(k)).toBe(x[k] !== y[k]);
        },
      ),
    );
    expect([...changedKeys(null, { a: 1 })]).toEqual(['a']);
  });
});

describe('stepTimings', () => {
  it('reads start, end and outcome of each step of a run from the timeline', () => {
    const t = stepTimings(troll(), 1, 3);
    expect(t.map((x) => x.outcome)).toEqual(['succeeded', 'aborted', 'pending']);
    expect(t[0]).toMatchObject({ started: 0.1, ended: 0.2 });
    expect(t[1].reason).toBe('replaced by a higher-priority plan');
    expect(stepTimings(soldier(), 1, 4).map((x) => x.outcome)).toEqual(['succeeded', 'failed', 'pending', 'pending']);
  });
});

describe('whyNotNames', () => {
  it('offers every known and every seen name, sorted', () => {
    const names = whyNotNames(troll());
    expect(names).toEqual(expect.arrayContaining(['ThrowBoulder', 'BeTrunkThumper.ThrowAtEnemy', 'BeTrunkThumper.Patrol', 'DoTrunkSlam']));
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('searchGraph', () => {
  const gs = () => soldier().runs[0].searches[0];
  it('draws each node, each rejected candidate with its condition, and folds "no effect" rejections per node', () => {
    const g = searchGraph(gs());
    const trace = gs();
    expect(g.boxes.filter((b) => b.kind === 'node')).toHaveLength(trace.nodes.length);
    const flee = g.boxes.find((b) => b.kind === 'candidate' && b.names[0] === 'flee');
    expect(flee?.lines[0]).toBe('conditionConflicts: enemyvisible == true vs effect nearenemy = false');
    const groups = g.boxes.filter((b) => b.kind === 'group');
    expect(groups.reduce((n, b) => n + b.names.length, 0)).toBe(trace.candidates.filter((c) => c.verdict === 'noEffect').length);
    expect(g.links.filter((l) => l.onPath).map((l) => l.to)).toEqual(['n1', 'n2', 'n3', 'n5']);
    expect(g.links.find((l) => l.to === 'n1')?.label).toBe('shoot (1)');
  });
  it('hides rejected candidates and failed branches when asked, keeping the path', () => {
    const trace = troll().runs[2].searches[0];
    const all = searchGraph(trace);
    const hidden = searchGraph(trace, { hideRejected: true });
    expect(all.boxes.some((b) => b.title.includes('ThrowAtEnemy'))).toBe(true);
    expect(all.boxes.find((b) => b.id === 'n2')?.lines).toEqual(['✗ conditionFailed: WsStamina > 0']);
    expect(hidden.boxes.map((b) => b.id)).toEqual(['n0', 'n3', 'n4', 'n5']);
    expect(all.boxes.filter((b) => b.kind === 'abandoned').map((b) => b.id)).toEqual(['n1', 'n2']);
    // Tasks of the abandoned method say which method produced them; the chosen method's do not need to.
    expect(all.links.filter((l) => l.label).map((l) => [l.to, l.label])).toEqual([
      ['n1', 'via AttackEnemy'],
      ['n2', 'via AttackEnemy'],
    ]);
    for (const l of hidden.links) expect(hidden.boxes.some((b) => b.id === l.to) && hidden.boxes.some((b) => b.id === l.from)).toBe(true);
  });
  it('lays out every box with a position inside the drawing, siblings in search order', () => {
    const laid = layoutGraph(searchGraph(troll().runs[2].searches[0]));
    for (const b of laid.boxes) {
      expect(b.x - b.width / 2).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width / 2).toBeLessThanOrEqual(laid.width);
      expect(b.y + b.height / 2).toBeLessThanOrEqual(laid.height);
    }
    const x = (id: string) => laid.boxes.find((b) => b.id === id)?.x ?? NaN;
    expect(x('n1')).toBeLessThan(x('n2'));
    expect(x('n3')).toBeLessThan(x('n4'));
    expect(laid.links.every((l) => l.points.length >= 2)).toBe(true);
  });
});

describe('actionCatalog', () => {
  it('collects conditions, effects and distinct costs of planned actions', () => {
    const c = actionCatalog(soldier());
    expect(c.get('aim')).toEqual({
      name: 'aim',
      operator: 'aim',
      conditions: ['enemyvisible == true', 'weaponloaded == true'],
      effects: ['enemylinedup = true'],
      costs: [1],
    });
    expect(c.has('flee')).toBe(false);
  });

  it("takes every candidate from the planners' catalog, planned or not; planned costs win over the base cost", () => {
    const agent: AgentRecording = {
      ...soldier(),
      catalog: {
        flee: { kind: 'action', conditions: ['enemyvisible == true'], effects: ['nearenemy = false'], cost: 2 },
        aim: { kind: 'action', conditions: ['enemyvisible == true', 'weaponloaded == true'], effects: ['enemylinedup = true'], cost: 7 },
        'Root.attack': { kind: 'method', conditions: ['WsCanSeeEnemy == true'], effects: [], cost: null },
      },
    };
    const c = actionCatalog(agent);
    expect(c.get('flee')).toEqual({ name: 'flee', operator: '', conditions: ['enemyvisible == true'], effects: ['nearenemy = false'], costs: [2] });
    expect(c.get('aim')!.costs).toEqual([1]);
    expect(c.get('Root.attack')).toEqual({ name: 'Root.attack', operator: '', conditions: ['WsCanSeeEnemy == true'], effects: [], costs: [] });
  });
});

describe('parseMessage', () => {
  const codeOf = (json: unknown) => {
    try {
      parseMessage(json);
    } catch (e) {
      return e instanceof DualplanError ? `${e.code}:${e.subject}` : String(e);
    }
    return 'ok';
  };
  it('passes the three message types, a recording round-tripped through JSON included', () => {
    const r = arenaRecording();
    expect(parseMessage(JSON.parse(JSON.stringify({ type: 'snapshot', recording: r })))).toEqual({ type: 'snapshot', recording: r });
    expect(codeOf({ type: 'agent', agent: r.agents[0] })).toBe('ok');
    expect(codeOf({ type: 'update', agent: 'troll', runs: [], timeline: [], stats: {}, known: {} })).toBe('ok');
  });
  it('rejects malformed messages with a typed error naming the type or field', () => {
    expect(codeOf('hello')).toBe('BAD_MESSAGE:message');
    expect(codeOf({ type: 'hello' })).toBe('BAD_MESSAGE:hello');
    expect(codeOf(JSON.parse('{ "type": { "toString": 1 } }'))).toBe('BAD_MESSAGE:{"toString":1}'); // a TypeError from String() before
    expect(codeOf({ type: undefined })).toBe('BAD_MESSAGE:undefined');
    expect(codeOf({ type: 'update', agent: 'troll', runs: [] })).toBe('BAD_MESSAGE:update');
    expect(codeOf({ type: 'snapshot', recording: { format: 'other' } })).toBe('BAD_RECORDING:format');
    expect(codeOf({ type: 'agent', agent: { ...arenaRecording().agents[0], timeline: 3 } })).toBe('BAD_RECORDING:agents[0].timeline');
    expect(codeOf({ type: 'snapshot', recording: { ...arenaRecording(), version: 99 } })).toBe('UNSUPPORTED_VERSION:version');
  });
});

describe('MonitorStore', () => {
  const known = (a: AgentRecording) => ({ actions: a.actions, compounds: a.compounds, methods: a.methods, goals: a.goals });
  const update = (agent: AgentRecording, runs: PlanningRun[]) => ({
    type: 'update' as const,
    agent: agent.id,
    runs,
    timeline: [],
    stats: agent.stats,
    known: known(agent),
  });
  it('applies snapshot, agent and update messages and tells listeners', () => {
    const store = new MonitorStore();
    let calls = 0;
    store.subscribe(() => calls++);
    const [t, so] = agents();
    store.apply({ type: 'snapshot', recording: { ...arenaRecording(), agents: [{ ...t, runs: t.runs.slice(0, 1) }] } });
    store.apply({ type: 'agent', agent: so });
    store.apply(update(t, t.runs.slice(1)));
    expect(calls).toBe(3);
    expect(store.agent('troll')?.runs).toHaveLength(3);
    expect(store.agents().map((a) => a.id)).toEqual(['troll', 'soldier']);
    expect(store.agent('troll')?.runs.map((r) => r.id)).toEqual([1, 2, 3]);
    store.apply({ ...update(t, []), known: { ...known(t), actions: [...t.actions, 'Roar'] } });
    expect(store.agent('troll')?.actions).toContain('Roar');
    expect(() => store.apply(update({ ...t, id: 'ghost' }, []))).toThrow(/unknown agent "ghost"/);
  });
  it('keeps at most the run limit, newest, and counts what it dropped', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 8 }), (limit, batches) => {
        const store = new MonitorStore({ runs: limit });
        const t = troll();
        store.load({ ...arenaRecording(), agents: [{ ...t, runs: [] }] });
        let id = 0;
        for (const n of batches)
          store.apply(
            update(
              t,
              Array.from({ length: n }, () => ({ ...t.runs[0], id: ++id })),
            ),
          );
        const kept = store.agent('troll')?.runs ?? [];
        expect(kept.map((r) => r.id)).toEqual(Array.from({ length: Math.min(limit, id) }, (_, i) => id - Math.min(limit, id) + i + 1));
        expect((store.agent('troll')?.dropped.runs ?? 0) + kept.length).toBe(id);
      }),
    );
  });
});

describe('wrapText', () => {
  it('keeps every character in order, rows within the limit', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z=∧]{0,12}$/), { maxLength: 12 }), fc.integer({ min: 4, max: 30 }), (words, max) => {
        const text = words.join(' ');
        const rows = wrapText(text, max);
        for (const r of rows) expect(r.length).toBeLessThanOrEqual(max);
        expect(rows.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
      }),
    );
    expect(wrapText('a == 1 ∧ b == 2', 8)).toEqual(['a == 1 ∧', 'b == 2']);
  });
});
