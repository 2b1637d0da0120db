import { describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { HtnPlanner, htnAgentPlanner, htnDomainBuilder } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { bool, check, createState, defineActions, defineSchema, eq, set } from '@dualplan/world-state';
import { createAgent, OperatorStatus } from '@dualplan/runner';
import { record } from './record.js';
import { recordCrowd } from './testing/recordCrowd.js';
import { goapSoldier, htnTroll } from './testing/agents.js';

/**
 * An HTN adapter traces a search only the first time it meets the values the search reads (when the domain's
 * searches read nothing else): later searches from those values run untraced and are reported as the capture
 * made then. The recording must be exactly what tracing every search records.
 */
describe('searches reused by state', () => {
  /** A crowd of trolls (two with pruning) and a soldier; `eager` makes every HTN planner trace every search. */
  const crowd = (seed: number, eager: boolean) => {
    const planners = [0, 1, 2].map(() => new HtnPlanner(trollHtnDomain()));
    if (eager) for (const p of planners) p.tracing = true;
    const agents = [
      htnTroll(seed, 'troll1', htnAgentPlanner(planners[0])),
      htnTroll(seed + 1, 'troll2', htnAgentPlanner(planners[1])),
      htnTroll(seed + 2, 'troll3', htnAgentPlanner(planners[2], { prune: true })),
      goapSoldier(seed + 3, 'soldier'),
    ];
    return { agents, planners };
  };

  it('records the same runs, searches and statistics as tracing every search', () => {
    // Runs in which some search was reused: most, not every one (a short run may never meet its start values again).
    let reusing = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 20, max: 200 }), fc.boolean(), (seed, ticks, subscribed) => {
        const recordOf = (eager: boolean) => {
          const { agents, planners } = crowd(seed, eager);
          const untraced = planners.map((p) => jest.spyOn(p, 'recordSearches'));
          const recorded = recordCrowd(agents, ticks, subscribed);
          return { ...recorded, skipped: untraced.reduce((n, spy) => n + spy.mock.calls.filter(([on]) => on === false).length, 0) };
        };
        const eager = recordOf(true);
        const lazy = recordOf(false);
        expect(eager.skipped).toBe(0);
        expect({ ...lazy, skipped: 0 }).toEqual({ ...eager, skipped: 0 });
        if (lazy.skipped > 0) reusing++;
      }),
      { numRuns: 12 },
    );
    // The comparison means something only if searches were reused.
    expect(reusing).toBeGreaterThanOrEqual(3);
  });

  it('traces every search of a domain whose searches read more than the state', () => {
    const schema = defineSchema({ Ready: bool(), Done: bool() });
    const k = schema.keys;
    const seen: boolean[] = [];
    let planner: HtnPlanner | null = null;
    const domain = htnDomainBuilder(defineActions(schema, [{ name: 'Act', conditions: [eq(k.Ready, true)], effects: [set(k.Done, true)] }]), 'asked')
      .compound('Root')
      .method(
        [
          check('asked', (_s, ctx: { asked: boolean }) => {
            seen.push(planner!.recordingSearches);
            return ctx.asked;
          }),
        ],
        'ifAsked',
      )
      .task('Act')
      .end()
      .build();
    planner = new HtnPlanner(domain);
    const op = { update: () => OperatorStatus.Success };
    const agent = createAgent({
      id: 'asked',
      state: createState(schema, { Ready: true }),
      ctx: { asked: true },
      planner: htnAgentPlanner(planner),
      operators: { Act: op },
      clock: () => 0,
    });
    const recorder = record([agent]);
    for (let i = 0; i < 20; i++) agent.tick(0.1);
    const runs = recorder.agent('asked').runs;
    expect(runs.length).toBeGreaterThan(3);
    // Every run planned from the same values, each search traced (the condition read the context each time).
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.every((on) => on)).toBe(true);
    expect(runs.every((r) => r.searches.length === 1 && r.searches[0].nodes.length > 0)).toBe(true);
  });

  it('traces a search, and every later one, once a search from remembered values finds another plan', () => {
    // A plain-data domain, so its searches are reused by state; the untraced check of one reused search is made to
    // find another plan, as a search reading something the domain does not show would.
    const schema = defineSchema({ Ready: bool(), Done: bool() });
    const k = schema.keys;
    const actions = defineActions(schema, [
      { name: 'Act', conditions: [eq(k.Ready, true)], effects: [set(k.Done, true)] },
      { name: 'Wait', conditions: [], effects: [] },
    ]);
    const domain = htnDomainBuilder(actions, 'twoWays')
      .compound('Root')
      .method([eq(k.Ready, true)], 'act')
      .task('Act')
      .back()
      .method([], 'wait')
      .task('Wait')
      .end()
      .build();
    const planner = new HtnPlanner(domain);
    const plan = planner.plan.bind(planner);
    const untraced: number[] = [];
    let call = 0;
    let diverged = -1;
    jest.spyOn(planner, 'plan').mockImplementation((state, ctx, request) => {
      call++;
      if (planner.recordingSearches) return plan(state, ctx, request);
      untraced.push(call);
      if (untraced.length < 3) return plan(state, ctx, request);
      // The third reused search: plan as if Ready were false (the wait method instead of act).
      if (diverged < 0) diverged = call;
      const other = createState(schema, { Ready: false, Done: state.get(k.Done) });
      return plan(other, ctx, request);
    });
    const op = { update: () => OperatorStatus.Success };
    const agent = createAgent({
      id: 'twoWays',
      state: createState(schema, { Ready: true }),
      ctx: {},
      planner: htnAgentPlanner(planner),
      operators: { Act: op, Wait: op },
      clock: () => 0,
    });
    const recorder = record([agent]);
    for (let i = 0; i < 30; i++) agent.tick(0.1);
    const runs = recorder.agent('twoWays').runs;
    // Searches were reused (untraced) until the third check found another plan; none after it.
    expect(untraced.length).toBe(3);
    expect(diverged).toBe(untraced[2]);
    expect(call).toBeGreaterThan(diverged + 3);
    // The diverging call was traced again and its plan kept: the run records the traced search of that call.
    const traced = runs.filter((r) => r.searches.length === 1 && r.searches[0].nodes.length > 0);
    expect(traced.length).toBe(runs.length);
    expect(runs.every((r) => r.plan?.steps.map((s) => s.task).join() === 'Act')).toBe(true);
  });
});
