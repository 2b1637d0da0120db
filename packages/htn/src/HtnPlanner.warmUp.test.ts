import { createState, type Snapshot } from '@dualplan/world-state';
import { HtnPlanner } from './HtnPlanner.js';
import { trollHtnDomain } from './examples/index.js';

describe('HtnPlanner.warmUp', () => {
  test.each([{}, { mode: 'best-first' as const }, { seed: 7 }])(
    'plans on a scratch planner: the next plans are those of a planner never warmed (%j)',
    (options) => {
      const domain = trollHtnDomain();
      const warm = new HtnPlanner(domain, options);
      const cold = new HtnPlanner(domain, options);
      const snapshots: Snapshot[] = [{ WsCanSeeEnemy: true, WsTrunkHealth: 3 }, { WsHasSeenEnemyRecently: true }, {}];
      const states = snapshots.map((s) => createState(domain.schema, s));
      warm.warmUp(states[0]);
      for (const state of states) {
        const a = warm.plan(state);
        const b = cold.plan(state);
        expect([a.status, a.plan?.steps.map((s) => s.task)]).toEqual([b.status, b.plan?.steps.map((s) => s.task)]);
      }
    },
  );

  test('plans for the time given (ms 0: once), at most 400 plans; a bad time is BAD_OPTION naming ms', () => {
    const domain = trollHtnDomain();
    const planner = new HtnPlanner(domain);
    const state = createState(domain.schema, { WsCanSeeEnemy: true });
    expect(planner.warmUp(state, undefined, { ms: 0 })).toBe(1);
    const plans = planner.warmUp(state);
    expect(plans).toBeGreaterThanOrEqual(1);
    expect(plans).toBeLessThanOrEqual(400);
    for (const ms of [-1, NaN, Infinity, '5' as never])
      expect(() => planner.warmUp(state, undefined, { ms })).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'ms' }));
  });
});
