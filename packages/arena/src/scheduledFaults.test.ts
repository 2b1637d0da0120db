import { describe, expect, it } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, eq, set, UserCodeError } from '@dualplan/world-state';
import { compileGoapDomain, GoapPlanner, goapAgentPlanner, goapSlicedPlanner } from '@dualplan/goap';
import { createAgent, OperatorStatus, PlanningScheduler, type AgentPlanner, type FaultMode, type RunnerEvent } from '@dualplan/runner';

// docs/reliability.md: faults a scheduled planner's search contained reach the agent as from synchronous planning.
describe('faults contained by a sliced GOAP search under the planning scheduler', () => {
  const schema = defineSchema({ EnemyDead: bool(), Patrolled: bool() });
  const k = schema.keys;
  const done = { update: () => OperatorStatus.Success };
  const domain = () =>
    compileGoapDomain(
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
  const agentWith = (planner: AgentPlanner, faults: FaultMode = 'contain') => {
    const events: RunnerEvent[] = [];
    const agent = createAgent({
      id: 'sniper',
      state: createState(schema),
      ctx: {},
      planner,
      operators: { snipe: done, patrol: done },
      faults,
      onEvent: (e) => events.push(e),
    });
    return { agent, events };
  };
  const faultsOf = (events: RunnerEvent[]) => events.flatMap((e) => (e.type === 'fault' ? [{ where: e.where, subject: e.subject, code: e.error.code }] : []));

  it('become fault events, the same as from the synchronous planner', () => {
    const sync = agentWith(goapAgentPlanner(new GoapPlanner(domain())));
    sync.agent.tick(0.1);
    const scheduler = new PlanningScheduler({ sliceWork: 1 });
    const sliced = agentWith(scheduler.schedule(goapSlicedPlanner(new GoapPlanner(domain()))));
    sliced.agent.tick(0.1);
    for (let i = 0; i < 10 && sliced.agent.runner().planning; i++) scheduler.runFrame();
    expect(sliced.agent.runner().plan?.steps[0].task).toBe('patrol');
    expect(faultsOf(sync.events)).toEqual([{ where: 'cost', subject: 'snipe', code: 'INVALID_COST' }]);
    expect(faultsOf(sliced.events)).toEqual(faultsOf(sync.events));
  });

  it("are thrown from the next tick with faults: 'rethrow'", () => {
    const scheduler = new PlanningScheduler();
    const { agent } = agentWith(scheduler.schedule(goapSlicedPlanner(new GoapPlanner(domain()))), 'rethrow');
    agent.tick(0.1);
    scheduler.runFrame();
    let thrown: unknown;
    try {
      agent.tick(0.1);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UserCodeError);
    expect(thrown).toMatchObject({ code: 'INVALID_COST', subject: 'snipe' });
  });
});
