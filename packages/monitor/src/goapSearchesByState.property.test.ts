import { describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { compileGoapDomain, GoapPlanner, GoapTrace, goapAgentPlanner } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { bool, ChangeSource, check, createState, defineActions, defineSchema, eq, set, type WorldState } from '@dualplan/world-state';
import { createAgent, OperatorStatus, type Agent, type Operator } from '@dualplan/runner';
import { record } from './record.js';
import { recordCrowd } from './testing/recordCrowd.js';
import { goapSoldier, run } from './testing/agents.js';

/**
 * A GOAP adapter traces the search for a goal only the first time it meets the start state (when no action has a
 * procedural check or a cost function, no action is penalised and nothing is unavailable): later searches for
 * that goal from those values run untraced and are reported as the capture made then. Goal selection runs and is
 * reported on every call. The recording must be exactly what tracing every search records.
 */
/** The planner's search engine (internal): an untraced search is one it runs after `observe(null)`. */
const engineOf = (planner: GoapPlanner<any, any>) => (planner as unknown as { engine: { observe(trace: GoapTrace | null): void } }).engine;

describe('GOAP searches reused by state', () => {
  /** Soldiers (one repairing its plans), each with its own planner; `eager` gives each planner a trace of its own, so every search is traced. */
  const crowd = (seed: number, eager: boolean) => {
    const planners = [0, 1, 2, 3].map(() => new GoapPlanner(soldierGoapDomain(undefined, { lastResort: true })));
    if (eager) for (const p of planners) p.trace = new GoapTrace();
    const agents = planners.map((p, i) => goapSoldier(seed + i, `soldier${i}`, goapAgentPlanner(p, i === 3 ? { repair: true } : {})));
    return { agents, planners };
  };

  it('records the same runs, searches, goal selections, statistics and updates as tracing every search', () => {
    // Runs in which some search was reused. Not every run reuses one: a short run may never meet a goal's start state
    // again while no action is penalised (seed 8449 over 40 ticks does not).
    let reusing = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 20, max: 200 }), fc.boolean(), (seed, ticks, subscribed) => {
        const recordOf = (eager: boolean) => {
          const { agents, planners } = crowd(seed, eager);
          const untraced = planners.map((p) => jest.spyOn(engineOf(p), 'observe'));
          const recorded = recordCrowd(agents, ticks, subscribed);
          return { ...recorded, skipped: untraced.reduce((n, spy) => n + spy.mock.calls.filter(([trace]) => trace === null).length, 0) };
        };
        const eager = recordOf(true);
        const lazy = recordOf(false);
        expect(eager.skipped).toBe(0);
        expect({ ...lazy, skipped: 0 }).toEqual({ ...eager, skipped: 0 });
        if (lazy.skipped > 0) reusing++;
      }),
      { numRuns: 12 },
    );
    // The comparison means something only if searches were reused: most runs reuse some (53 of 61 in one count).
    expect(reusing).toBeGreaterThanOrEqual(3);
  });

  /** One agent of a two-action domain whose `act` action has `extra` (a procedural check or a cost function reading the context). */
  const agentWith = (extra: 'check' | 'cost'): { agent: Agent; planner: GoapPlanner; asked: () => number } => {
    const schema = defineSchema({ ready: bool(), done: bool() });
    const k = schema.keys;
    let asked = 0;
    let flip = 0;
    const read = (_s: WorldState<any>, ctx: { weight: number }) => {
      asked++;
      return ctx.weight;
    };
    const actions = defineActions(schema, [
      {
        name: 'act',
        conditions:
          extra === 'check' ? [eq(k.ready, true), check('weighed', (s: WorldState<any>, ctx: { weight: number }) => read(s, ctx) > 0)] : [eq(k.ready, true)],
        effects: [set(k.done, true)],
        ...(extra === 'cost' ? { cost: read } : {}),
      },
      { name: 'prepare', effects: [set(k.ready, true)] },
    ]);
    const planner = new GoapPlanner(compileGoapDomain(actions, { goals: [{ name: 'finish', conditions: [eq(k.done, true)], priority: 1 }] }));
    const agent = createAgent({
      id: 'asker',
      state: createState(schema, { ready: true }),
      ctx: { weight: 1 },
      planner: goapAgentPlanner(planner),
      // No step finishes, and an outside change each tick makes the agent plan again from one of two states.
      operators: { act: { update: () => OperatorStatus.Running }, prepare: { update: () => OperatorStatus.Running } },
      sensors: [{ name: 'poke', interval: 0, update: (a) => a.state.write(k.ready, flip++ % 2, ChangeSource.External) }],
      clock: () => 0,
    });
    return { agent, planner, asked: () => asked };
  };

  for (const extra of ['check', 'cost'] as const)
    it(`traces every search of a domain with a ${extra === 'check' ? 'procedural check' : 'cost function'}`, () => {
      const { agent, planner, asked } = agentWith(extra);
      const observe = jest.spyOn(engineOf(planner), 'observe');
      const recorder = record([agent]);
      for (let i = 0; i < 20; i++) agent.tick(0.1);
      const runs = recorder.agent('asker').runs;
      expect(runs.length).toBeGreaterThan(3);
      // Every run planned from the same values, and each search was traced: none ran without the trace, and the
      // user function was asked in every search.
      expect(observe.mock.calls.filter(([trace]) => trace === null)).toEqual([]);
      expect(asked()).toBeGreaterThanOrEqual(runs.length);
      expect(runs.every((r) => r.searches.length === 1 && r.searches[0].nodes.length > 0)).toBe(true);
    });

  it('reuses the searches of the soldier (whose only function is a goal validity test) while no action is penalised', () => {
    const domain = soldierGoapDomain(undefined, { lastResort: true });
    const planner = new GoapPlanner(domain);
    const observe = jest.spyOn(engineOf(planner), 'observe');
    let tick = 0;
    const k = domain.schema.keys;
    const running: Operator = { update: () => OperatorStatus.Running };
    const agent = createAgent({
      id: 'soldier',
      state: createState(domain.schema, { enemyalive: true } as never),
      ctx: {},
      planner: goapAgentPlanner(planner),
      operators: Object.fromEntries(domain.steps.map((s) => [s.operator, running])) as Record<(typeof domain.actions.operators)[number], Operator>,
      // The soldier is armed and unarmed by turns: it plans again from the same two states.
      sensors: [{ name: 'arms', interval: 0, update: (a) => a.state.write(k.armedwithgun, tick++ % 2, ChangeSource.External) }],
      clock: () => 0,
    });
    const recorder = record([agent]);
    run([agent], 40);
    expect(recorder.agent('soldier').runs.length).toBeGreaterThan(10);
    expect(observe.mock.calls.filter(([trace]) => trace === null).length).toBeGreaterThan(10);
  });
});
