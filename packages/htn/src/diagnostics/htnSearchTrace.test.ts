import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { bool, createState, defineSchema, enumOf, eq, formatSearchTrace, set, defineActions } from '@dualplan/world-state';
import { trollSchema } from '@dualplan/world-state/examples';
import { htnDomainBuilder } from '../domain/HtnDomainBuilder.js';
import { htnSearchTrace, htnWhyNoPlan } from './htnSearchTrace.js';
import { HtnPlanner } from '../HtnPlanner.js';
import { trollHtnDomain } from '../examples/trollHtnDomain.js';

const Tool = { None: 0, Hammer: 1, Saw: 2 } as const;
const schema = defineSchema({ Tool: enumOf(Tool, Tool.None), HasSaw: bool(), Money: bool(), Done: bool() });

/** Craft with a tool (the hammer is tried first and fails later), or buy. */
function workshop() {
  return htnDomainBuilder(
    defineActions(schema, [
      { name: 'TakeHammer', effects: [set(schema.keys.Tool, Tool.Hammer)] },
      { name: 'TakeSaw', effects: [set(schema.keys.Tool, Tool.Saw)] },
      { name: 'Cut', conditions: [eq(schema.keys.Tool, Tool.Saw)], effects: [set(schema.keys.Done, true)] },
      { name: 'Buy', effects: [set(schema.keys.Done, true)] },
    ]),
    'workshop',
  )
    .compound('Build')
    .method([], 'craft')
    .task('ChooseTool')
    .task('Cut')
    .back()
    .method((k) => [eq(k.Money, true)], 'buy')
    .task('Buy')
    .end()
    .compound('ChooseTool')
    .method([], 'hammer')
    .task('TakeHammer')
    .back()
    .method((k) => [eq(k.HasSaw, true)], 'saw')
    .task('TakeSaw')
    .end()
    .build();
}

describe('htnSearchTrace', () => {
  it('rebuilds the decomposition tree with methods in the order tried, backtracks and the abandoned branch', () => {
    const planner = new HtnPlanner(workshop(), { trace: true });
    const outcome = planner.plan(createState(schema, { HasSaw: true }));
    const t = htnSearchTrace(planner.trace, outcome, 'Build');
    const show = (id: number) => t.nodes[id].label;
    expect(t.status).toBe('found');
    expect(t.plan).toEqual(['TakeSaw', 'Cut']);
    expect(t.path.map(show)).toEqual(['Build', 'ChooseTool', 'TakeSaw', 'Cut']);
    expect(t.candidates.map((c) => [t.nodes[c.node].label, c.name, c.verdict])).toEqual([
      ['Build', 'craft', 'kept'],
      ['ChooseTool', 'hammer', 'branchFailed'],
      ['ChooseTool', 'saw', 'kept'],
    ]);
    const failed = t.nodes.filter((n) => n.verdict !== 'kept');
    expect(failed).toEqual([
      expect.objectContaining({ label: 'Cut', kind: 'primitive', verdict: 'conditionFailed', detail: 'Tool == Saw', abandoned: true, onPath: false }),
    ]);
    expect(t.nodes.find((n) => n.label === 'TakeHammer')).toMatchObject({ abandoned: true, parent: 1, from: 1 });
    expect(t.events.filter((e) => e.type === 'backtrack').map((e) => show(e.node))).toEqual(['ChooseTool']);
    expect(t.backtracks).toBe(1);
    expect(t.mtr).toEqual([0, 1]);
    expect(t.whyNoPlan).toBe('');
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
  });

  it('answers "why no plan" with every root method and the deepest failure of each branch', () => {
    const planner = new HtnPlanner(workshop(), { trace: true });
    const outcome = planner.plan(createState(schema));
    const t = htnSearchTrace(planner.trace, outcome, 'Build');
    expect(t.status).toBe('none');
    expect(t.path).toEqual([]);
    expect(t.whyNoPlan).toBe(
      ['no plan for Build:', '  method 0 craft: applied; deepest failure: primitive Cut: Tool == Saw', '  method 1 buy: Money == true'].join('\n'),
    );
    expect(htnWhyNoPlan(t)).toBe(t.whyNoPlan);
    const text = formatSearchTrace(t);
    expect(text).toContain('x method 1 buy: conditionFailed Money == true');
    expect(text).toContain('x Cut: conditionFailed Tool == Saw');
  });

  it('the path always spells the plan, for any troll state (property)', () => {
    const s = trollSchema();
    const planner = new HtnPlanner(trollHtnDomain(), { trace: true });
    const values = fc.record({
      WsCanSeeEnemy: fc.boolean(),
      WsTrunkHealth: fc.integer({ min: 0, max: 3 }),
      WsPowerUp: fc.integer({ min: 0, max: 3 }),
      WsEnemyRange: fc.constantFrom('Melee', 'View', 'OutOfRange'),
    });
    fc.assert(
      fc.property(values, (v) => {
        const outcome = planner.plan(createState(s, v as never));
        const t = htnSearchTrace(planner.trace, outcome, '');
        expect(t.target).toBe('BeTrunkThumper');
        if (outcome.status !== 'found') return;
        const onPath = t.path.map((id) => t.nodes[id]);
        expect(onPath.filter((n) => n.kind === 'primitive').map((n) => n.label)).toEqual(outcome.plan!.steps.map((x) => x.task));
        // Every node on the path hangs from a node on the path.
        for (const n of onPath) if (n.parent >= 0) expect(t.nodes[n.parent].onPath).toBe(true);
        expect(onPath.filter((n) => n.kind === 'compound').map((n) => n.via)).toEqual(
          onPath.filter((n) => n.kind === 'compound').map((n) => t.candidates.find((c) => c.node === n.id && c.verdict === 'kept')!.name),
        );
      }),
      { numRuns: 100 },
    );
  });
});
