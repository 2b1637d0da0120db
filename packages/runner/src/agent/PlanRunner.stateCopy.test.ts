import { describe, expect, it } from '@jest/globals';
import { createState, eq, type WorldState } from '@dualplan/world-state';
import { createAgent } from './Agent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { collect, fixedClock, makeStep, mtrPlanner, testSchema } from '../testing/fakes.js';

const schema = testSchema();
const k = schema.keys;

// A game that loads a save, or syncs an agent's state from a server snapshot, writes every cell at once with
// copyFrom or reset. The runner must notice that as it notices set(): the running plan is checked again at once.
describe('PlanRunner and whole-state writes', () => {
  const ways: Record<string, (state: WorldState<any>) => void> = {
    set: (state) => state.set(k.Seen, false),
    copyFrom: (state) => state.copyFrom(createState(schema)),
    reset: (state) => state.reset(),
  };
  for (const [name, write] of Object.entries(ways)) {
    it(`sees a ${name} between ticks as an outside change and drops the plan whose rest no longer holds`, () => {
      const walk = makeStep(schema, 'Walk', { operator: 'Walk' });
      const open = makeStep(schema, 'Open', { operator: 'Open', conditions: [eq(k.Seen, true)] });
      const planner = mtrPlanner(schema, [{ mtr: [0], when: [eq(k.Seen, true)], steps: [walk, open] }]);
      const state = createState(schema, { Seen: true });
      const c = collect();
      const operators = { Walk: { update: () => OperatorStatus.Running }, Open: { update: () => OperatorStatus.Success } };
      const agent = createAgent({ id: 'npc', state, ctx: {}, planner, operators, onEvent: c.onEvent, clock: fixedClock });
      agent.tick(0.1);
      expect(c.types()).toEqual(['planFound', 'stepStarted:Walk']);
      write(state);
      agent.tick(0.1);
      // Walk never ends, so only the change itself can end the plan.
      expect(c.types()).toContain('planFailed');
    });
  }
});
