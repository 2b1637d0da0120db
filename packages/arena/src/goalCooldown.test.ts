import { describe, expect, it } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, eq, set, type AgentPlanner } from '@dualplan/world-state';
import { GoapPlanner, compileGoapDomain, goapAgentPlanner, goapSlicedPlanner } from '@dualplan/goap';
import { createAgent, OperatorStatus, PlanningScheduler, type Agent, type RunnerEvent } from '@dualplan/runner';

// Goal cool-down through an agent, with a fixed clock (dt = 0.25 s): Attack (Throw, which always fails) outranks
// Rest (Nap); after 2 failures within 1 s, Attack is skipped for 1 s. The agent's behaviour ledger counts the
// failures and passes the cooling goals with every request, so any planner path (direct, scheduled) honours them.
const schema = defineSchema({ Attacked: bool(), Rested: bool() });
const k = schema.keys;
const domain = compileGoapDomain(
  defineActions(schema, [
    { name: 'Throw', effects: [set(k.Attacked, true)] },
    { name: 'Nap', effects: [set(k.Rested, true)] },
  ]),
  {
    goals: [
      { name: 'Attack', conditions: [eq(k.Attacked, true)], priority: 2 },
      { name: 'Rest', conditions: [eq(k.Rested, true)], priority: 1 },
    ],
  },
);
const rule = { goalCooldown: { failures: 2, window: 1, seconds: 1 } };
const DT = 0.25;

function agentWith(planner: AgentPlanner, afterTick?: () => void): { agent: Agent; events: RunnerEvent[]; tick: () => void } {
  const agent = createAgent({
    id: 'a',
    state: createState(schema),
    ctx: {},
    planner,
    operators: { Throw: { update: () => OperatorStatus.Failure }, Nap: { update: () => OperatorStatus.Success } },
  });
  const events: RunnerEvent[] = [];
  agent.addListener((e) => events.push(e));
  return {
    agent,
    events,
    tick: () => {
      agent.tick(DT);
      afterTick?.();
    },
  };
}

/** Per tick: the first step started (T: Throw, N: Nap), or '.'. */
function started(events: readonly RunnerEvent[], from: number, ticks: number): string {
  let line = '';
  for (let t = from + 1; t <= from + ticks; t++) {
    const s = events.find((e) => e.tick === t && e.type === 'stepStarted');
    line += s !== undefined && s.type === 'stepStarted' ? s.step.task[0] : '.';
  }
  return line;
}

describe('goal cool-down, counted by the agent', () => {
  it('two failures within 1 s skip Attack for 1 s: Rest in between, Attack again when it ends (hand-computed)', () => {
    const { agent, events, tick } = agentWith(goapAgentPlanner(new GoapPlanner(domain), rule));
    for (let i = 0; i < 12; i++) tick();
    // 0.25 and 0.5: Throw fails twice (Attack cools until 1.5); 0.75-1.0: the runner backs off; 1.25: Nap (Rest);
    // 1.5: Attack again, fails at 1.5 and 1.75 (cools until 2.75); 2.5: nothing to do (Rest holds); 3.0: Attack.
    expect(started(events, 0, 12)).toBe('TT..NTT....T');
    const noPlan = events.find((e) => e.type === 'planNotFound' && e.tick === 10);
    expect(noPlan !== undefined && noPlan.type === 'planNotFound' && noPlan.reason).toBe('no valid, unsatisfied goal; cooling down: Attack 0.3 s');
    expect(agent.behaviour.goalCooldownLeft('Attack')).toBe(0);
  });

  it('is in the view every request gets, so a scheduled, sliced planner honours it as a direct one does', () => {
    const scheduler = new PlanningScheduler({ frameWork: 1_000_000, clock: () => 0 });
    const { events, tick } = agentWith(scheduler.schedule(goapSlicedPlanner(new GoapPlanner(domain), rule)), () => scheduler.runFrame());
    for (let i = 0; i < 20; i++) tick();
    const direct = agentWith(goapAgentPlanner(new GoapPlanner(domain), rule));
    for (let i = 0; i < 12; i++) direct.tick();
    // A scheduled request is answered in the frame after the tick that asked, so its starts come later; the
    // order is the same: two failed Throws, Nap while Attack cools, two more, then Attack after the second cool-down.
    expect(started(direct.events, 0, 12).replaceAll('.', '')).toBe('TTNTTT');
    expect(started(events, 0, 20).replaceAll('.', '').slice(0, 6)).toBe('TTNTTT');
    expect(events.some((e) => e.type === 'stepStarted' && e.step.task === 'Nap')).toBe(true);
  });

  it('is saved and restored with the agent: a restored agent skips Attack for the time left', () => {
    const first = agentWith(goapAgentPlanner(new GoapPlanner(domain), rule));
    first.tick();
    first.tick(); // 0.5 s: Attack cools until 1.5
    const saved = JSON.parse(JSON.stringify(first.agent.behaviour.save()));
    expect(saved.goals).toEqual([['Attack', 1]]);
    const second = agentWith(goapAgentPlanner(new GoapPlanner(domain), rule));
    second.agent.behaviour.restore(saved);
    expect(second.agent.behaviour.goalCooldownLeft('Attack')).toBe(1);
    for (let i = 0; i < 6; i++) second.tick();
    // From its own time 0: Rest at once (0.25), nothing to do while Attack cools, Attack when 1 s has passed
    // (1.0, failing, and 1.25: two failures within 1 s, so it cools again).
    expect(started(second.events, 0, 6)).toBe('N..TT.');
  });
});
