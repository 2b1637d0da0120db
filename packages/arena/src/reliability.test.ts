import { describe, expect, it } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, eq, set, UserCodeError } from '@dualplan/world-state';
import { compileGoapDomain, GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { HtnPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { trollSchema } from '@dualplan/world-state/examples';
import { createAgent, OperatorStatus, type RunnerEvent } from '@dualplan/runner';

// The failures a new user meets first, end to end with the real planners and runner.
describe('user code failing inside real agents', () => {
  const schema = defineSchema({ EnemyDead: bool(), Patrolled: bool() });
  const k = schema.keys;
  const done = { update: () => OperatorStatus.Success };

  it('a GOAP cost returning NaN is reported (naming the agent and the action), and a lower-priority goal is planned instead', () => {
    const domain = compileGoapDomain(
      defineActions(schema, [
        { name: 'snipe', effects: [set(k.EnemyDead, true)], cost: () => NaN },
        { name: 'patrol', effects: [set(k.Patrolled, true)], cost: 1 },
      ]),
      {
        goals: [
          { name: 'kill', conditions: [eq(k.EnemyDead, true)], priority: 2 },
          { name: 'patrol', conditions: [eq(k.Patrolled, true)], priority: 1 },
        ],
      },
    );
    const events: RunnerEvent[] = [];
    const agent = createAgent({
      id: 'sniper',
      state: createState(schema),
      ctx: { range: 3 },
      planner: goapAgentPlanner(new GoapPlanner(domain)),
      operators: { snipe: done, patrol: done },
      onEvent: (e) => events.push(e),
    });
    expect(() => agent.tick(0.1)).not.toThrow();
    const fault = events.find((e) => e.type === 'fault');
    expect(fault).toMatchObject({ where: 'cost', subject: 'snipe', agent: 'sniper' });
    expect(fault!.type === 'fault' && fault!.error.message).toMatch(/Cost function of action "snipe" .*agent "sniper".*: NaN \(number\)/);
    expect(events.filter((e) => e.type === 'stepSucceeded').map((e) => (e.type === 'stepSucceeded' ? e.step.task : ''))).toEqual(['patrol']);
    expect(agent.state.get(k.Patrolled)).toBe(true);
  });

  it("with faults: 'rethrow' the same fault is thrown from tick as a UserCodeError", () => {
    const domain = compileGoapDomain(defineActions(schema, [{ name: 'snipe', effects: [set(k.EnemyDead, true)], cost: () => NaN }]), {
      goals: [{ name: 'kill', conditions: [eq(k.EnemyDead, true)] }],
    });
    const agent = createAgent({
      id: 'sniper',
      state: createState(schema),
      ctx: {},
      planner: goapAgentPlanner(new GoapPlanner(domain)),
      operators: { snipe: done },
      faults: 'rethrow',
    });
    expect(() => agent.tick(0.1)).toThrow(UserCodeError);
  });

  it('an HTN plan handed to the caller never changes afterwards, whatever is planned next', () => {
    const planner = new HtnPlanner(trollHtnDomain());
    const first = planner.plan(createState(trollSchema(), { WsCanSeeEnemy: true, WsTrunkHealth: 3 }));
    const before = JSON.stringify(first);
    planner.plan(createState(trollSchema(), { WsCanSeeEnemy: false }));
    planner.plan(createState(trollSchema(), { WsCanSeeEnemy: true, WsTrunkHealth: 0 }));
    expect(JSON.stringify(first)).toBe(before);
  });
});
