import { describe, expect, it } from '@jest/globals';
import { createState, type Snapshot } from '@dualplan/world-state';
import { trollDomain, trollTrunkDomain } from './examples/index.js';
import { Planner } from './Planner.js';

// The untraced search runs common tasks inline; tracing forces the general code. Both must agree exactly.
describe('Planner inline fast path', () => {
  const domains = [trollDomain(), trollDomain({ partial: 'pause' }), trollDomain({ tired: false }), trollTrunkDomain()];
  const starts: Snapshot[] = [
    { WsCanSeeEnemy: true, WsTrunkHealth: 0 },
    { WsCanSeeEnemy: true, WsTrunkHealth: 3 },
    { WsCanSeeEnemy: true, WsTrunkHealth: 2, WsPowerUp: 3 },
    { WsCanSeeEnemy: true, WsTrunkHealth: 1, WsStamina: 0 },
    { WsCanSeeEnemy: false, WsHasSeenEnemyRecently: true, WsTrunkHealth: 2 },
    { WsCanSeeEnemy: false, WsHasSeenEnemyRecently: false, WsTrunkHealth: 3 },
  ];
  const summary = (planner: Planner, state: ReturnType<typeof createState>) => {
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
      const fast = new Planner(domain);
      const traced = new Planner(domain, { trace: true });
      for (const start of starts) {
        const state = createState(domain.schema, start);
        expect(summary(fast, state)).toEqual(summary(traced, state));
      }
    }
  });

  it('keeps the previous plan intact and reports budgets the same way', () => {
    const domain = trollDomain();
    const planner = new Planner(domain);
    const a = planner.plan(createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 })).plan!;
    const before = a.steps.map((s) => s.task);
    planner.plan(createState(domain.schema, { WsCanSeeEnemy: false, WsTrunkHealth: 3 }));
    expect(a.steps.map((s) => s.task)).toEqual(before);
    const small = new Planner(domain, { maxSteps: 3 });
    const tracedSmall = new Planner(domain, { maxSteps: 3, trace: true });
    const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 });
    const r = small.plan(state);
    expect(r.status).toBe('budget');
    expect(r.reason).toBe(tracedSmall.plan(state).reason);
  });
});
