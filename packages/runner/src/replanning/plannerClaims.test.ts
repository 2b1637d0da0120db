import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import { createAgent } from '../agent/Agent.js';
import { goalPlanner, makeStep, testSchema, timedOperator } from '../testing/fakes.js';

const schema = testSchema();
const rest = makeStep(schema, 'Rest', { sourceId: 2 });
const fake = () => goalPlanner(schema, [{ name: 'idle', priority: 1, options: [[rest]] }]);
const agentWith = (id: string, planner: ReturnType<typeof fake>) =>
  createAgent({ id, state: createState(schema), ctx: {}, planner, operators: { Op: timedOperator(3) } });

describe('an exclusive planner has one runner at a time', () => {
  it('refuses a second agent with PLANNER_SHARED naming both', () => {
    const p = { ...fake(), exclusive: true };
    agentWith('a0', p);
    expect(() => agentWith('a1', p)).toThrow(
      expect.objectContaining({ code: 'PLANNER_SHARED', message: expect.stringMatching(/Agent "a1".*Agent "a0".*htnAgentPlanner\(planner\)/s) }),
    );
  });

  it('may be taken once its runner switched away from it, and setPlanner is checked too', () => {
    const p = { ...fake(), exclusive: true };
    const a = agentWith('a', p);
    const b = agentWith('b', { ...fake() });
    expect(() => b.setPlanner(p)).toThrow(expect.objectContaining({ code: 'PLANNER_SHARED' }));
    a.setPlanner({ ...fake() });
    b.setPlanner(p);
    expect(b.runner().planner).toBe(p);
  });

  it('leaves planners that do not say they are exclusive free to share', () => {
    const p = fake();
    const agents = ['a', 'b', 'c'].map((id) => agentWith(id, p));
    for (const a of agents) a.tick(0.1);
    expect(agents.every((a) => a.runner().plan?.steps[0].task === 'Rest')).toBe(true);
  });
});
