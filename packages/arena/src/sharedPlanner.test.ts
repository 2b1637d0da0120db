import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { createAgent, OperatorStatus } from '@dualplan/runner';

// One agent planner given to several agents used to crash the runner with a TypeError once one agent's plan
// overwrote another's running plan in the planner's buffers; now it is refused when the second agent is made.
describe('one agent planner, several agents', () => {
  it.each([
    ['htn', () => trollHtnDomain(), (d: any) => htnAgentPlanner(new HtnPlanner(d)), (d: any) => new HtnPlanner(d), htnAgentPlanner],
    ['goap', () => soldierGoapDomain(), (d: any) => goapAgentPlanner(new GoapPlanner(d)), (d: any) => new GoapPlanner(d), goapAgentPlanner],
  ] as const)('%s: PLANNER_SHARED at the second agent; an agent planner each over one shared planner runs', (_kind, domain, agentPlanner, planner, wrap) => {
    const d = domain();
    const shared = agentPlanner(d);
    let n = 0;
    const operators = Object.fromEntries(
      shared.operators.map((o: string) => [o, { update: () => (++n % 3 === 0 ? OperatorStatus.Success : OperatorStatus.Running) }]),
    );
    const make = (id: string, p: typeof shared) => createAgent({ id, state: createState(d.schema), ctx: {}, planner: p, operators });
    make('a0', shared);
    expect(() => make('a1', shared)).toThrow(expect.objectContaining({ code: 'PLANNER_SHARED' }));
    const inner = planner(d);
    const agents = ['b0', 'b1', 'b2'].map((id) => make(id, (wrap as (p: unknown) => typeof shared)(inner)));
    for (let t = 0; t < 100; t++) for (const a of agents) a.tick(0.1);
    for (const a of agents) expect(a.runner().stats.plansFound).toBeGreaterThan(0);
  });
});
