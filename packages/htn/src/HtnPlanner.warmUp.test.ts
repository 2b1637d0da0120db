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
});
