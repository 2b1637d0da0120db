import { describe, expect, it } from '@jest/globals';
import { add, bool, check, createState, defineSchema, eq, int, set, type Snapshot, defineActions } from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import { pause } from './domain/HtnDomainDef.js';
import { trollHtnDomain, trollTrunkDomain } from './examples/index.js';
import { HtnPlanner } from './HtnPlanner.js';

// The untraced search runs common tasks inline; tracing forces the general code. Both must agree exactly.
describe('HtnPlanner inline fast path', () => {
  const domains = [trollHtnDomain(), trollHtnDomain({ partial: 'pause' }), trollHtnDomain({ tired: false }), trollTrunkDomain()];
  const starts: Snapshot[] = [
    { WsCanSeeEnemy: true, WsTrunkHealth: 0 },
    { WsCanSeeEnemy: true, WsTrunkHealth: 3 },
    { WsCanSeeEnemy: true, WsTrunkHealth: 2, WsPowerUp: 3 },
    { WsCanSeeEnemy: true, WsTrunkHealth: 1, WsStamina: 0 },
    { WsCanSeeEnemy: false, WsHasSeenEnemyRecently: true, WsTrunkHealth: 2 },
    { WsCanSeeEnemy: false, WsHasSeenEnemyRecently: false, WsTrunkHealth: 3 },
  ];
  const summary = (planner: HtnPlanner, state: ReturnType<typeof createState>) => {
    const { status, plan, reason } = planner.plan(state);
    return {
      status,
      reason,
      tasks: plan?.steps.map((s) => s.task),
      cost: plan?.cost,
      mtr: plan ? [...plan.meta.mtr] : null,
      partial: plan?.meta.partial,
      stats: plan ? { ...plan.stats } : null,
    };
  };

  it('gives the same plans, MTRs, costs and stats as the traced search', () => {
    for (const domain of domains) {
      const fast = new HtnPlanner(domain);
      const traced = new HtnPlanner(domain, { trace: true });
      for (const start of starts) {
        const state = createState(domain.schema, start);
        expect(summary(fast, state)).toEqual(summary(traced, state));
      }
    }
  });

  it('keeps the previous plan intact and reports budgets the same way', () => {
    const domain = trollHtnDomain();
    const planner = new HtnPlanner(domain);
    const a = planner.plan(createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 })).plan!;
    const before = a.steps.map((s) => s.task);
    planner.plan(createState(domain.schema, { WsCanSeeEnemy: false, WsTrunkHealth: 3 }));
    expect(a.steps.map((s) => s.task)).toEqual(before);
    const small = new HtnPlanner(domain, { maxSteps: 3 });
    const tracedSmall = new HtnPlanner(domain, { maxSteps: 3, trace: true });
    const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 });
    const r = small.plan(state);
    expect(r.status).toBe('budget');
    expect(r.reason).toBe(tracedSmall.plan(state).reason);
  });

  it('agrees when general calls, pauses and failures sit among the static subtasks of a method', () => {
    const schema = defineSchema({ N: int(0, 5), Open: bool(), Done: bool() });
    const k = schema.keys;
    const domain = compileHtnDomain(
      defineActions(schema, [
        { name: 'Inc', effects: [add(k.N, 1)], conditions: [{ key: 'N', op: '<', value: 5 }] },
        { name: 'Opaque', conditions: [check('small', (s) => s.get(k.N) < 3)] },
        { name: 'Finish', effects: [set(k.Done, true)] },
      ]),
      {
        root: 'Root',
        tasks: [
          {
            kind: 'compound',
            name: 'Root',
            methods: [{ conditions: [eq(k.Open, true)], subtasks: ['Inc', 'Opaque', 'Inc', 'Sub', 'Inc'] }, { subtasks: ['Inc', pause(), 'Sub', 'Finish'] }],
          },
          { kind: 'compound', name: 'Sub', methods: [{ conditions: [eq(k.Done, true)], subtasks: ['Inc'] }, { subtasks: ['Inc', 'Inc', 'Finish'] }] },
        ],
      },
    );
    const fast = new HtnPlanner(domain);
    const traced = new HtnPlanner(domain, { trace: true });
    for (const start of [{}, { Open: true }, { Open: true, N: 2 }, { Open: true, N: 1 }, { N: 3 }, { N: 4 }, { Done: true, Open: true }] as Snapshot[]) {
      const state = createState(schema, start);
      expect(summary(fast, state)).toEqual(summary(traced, state));
    }
    // Both pass through the pause and backtracking at least once over these starts.
    const paused = fast.plan(createState(schema, {}));
    expect(paused.plan?.meta.partial).toBe(true);
    expect(fast.plan(createState(schema, { Open: true, N: 2 })).plan?.stats.backtracks).toBeGreaterThan(0);
  });
});
