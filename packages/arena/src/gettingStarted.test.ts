import { describe, expect, it } from '@jest/globals';

// The 20-line agent of docs/getting-started.md (and the root README), verbatim
// except that events go to `lines` instead of console.log.
import { createState, type AgentPlanner } from '@dualplan/world-state';
import { soldierSchema } from '@dualplan/world-state/examples';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierDomain } from '@dualplan/goap/examples';
import { createAgent, formatEvent, OperatorStatus, type Operator } from '@dualplan/runner';
import { Planner, htnAgentPlanner } from '@dualplan/htn';
import { soldierDomain as htnSoldierDomain } from '@dualplan/htn/examples';

describe('getting started: a 20-line agent', () => {
  it('plans, runs its steps and reaches its goal', () => {
    const lines: string[] = [];
    // --- docs/getting-started.md, step 1 ---
    const schema = soldierSchema();
    const act = (seconds: number): Operator<{ busyUntil: number }> => ({
      start: (_args, agent) => agent.updateCtx((c) => { c.busyUntil = agent.time + seconds; }),
      update: (_args, agent) => (agent.time >= agent.ctx.busyUntil ? OperatorStatus.Success : OperatorStatus.Running),
    });
    const soldier = createAgent({
      id: 'soldier',
      state: createState(schema),
      ctx: { busyUntil: 0 },
      planner: goapAgentPlanner(new GoapPlanner(soldierDomain(schema))),
      operators: { scout: act(1), approach: act(1), load: act(0.5), aim: act(0.3), shoot: act(0.1), detonatebomb: act(0.5), flee: act(1) },
      onEvent: (e) => lines.push(formatEvent(e)),
    });
    for (let i = 0; i < 40; i++) soldier.tick(0.1);
    soldier.state.set(schema.keys.enemyalive, true); // a sensor would do this: the world changed
    soldier.tick(0.1);
    // --- end ---
    expect(lines[0]).toMatch(/soldier\/main \[goap\] plan found \(noPlan\): (load|scout) → /);
    expect(lines.filter((l) => l.includes('✓'))).toHaveLength(4);
    expect(lines).toContainEqual(expect.stringContaining('plan finished'));
    expect(lines[lines.length - 1]).toMatch(/plan found \(noPlan\)|> /);
    expect(soldier.state.get(schema.keys.alive)).toBe(true);
  });

  it('runs on HTN by swapping the planner and nothing else (README)', () => {
    const lines: string[] = [];
    const schema = soldierSchema();
    // The README agent with its `planner` line swapped, and nothing else changed.
    const soldier = readmeAgent(schema, htnAgentPlanner(new Planner(htnSoldierDomain(schema))), lines);
    for (let i = 0; i < 40; i++) soldier.tick(0.1);
    expect(lines[0]).toMatch(/soldier\/main \[htn\] plan found \(noPlan\): scout → load → aim → shoot/);
    expect(lines.filter((l) => l.includes('✓'))).toHaveLength(4);
    expect(soldier.state.get(schema.keys.enemyalive)).toBe(false);
    expect(soldier.state.get(schema.keys.alive)).toBe(true);
  });
});

/** The README's 20-line agent, with the planner given. */
function readmeAgent(schema: ReturnType<typeof soldierSchema>, planner: AgentPlanner, lines: string[]) {
  const act = (seconds: number): Operator<{ busyUntil: number }> => ({
    start: (_args, agent) => agent.updateCtx((c) => { c.busyUntil = agent.time + seconds; }),
    update: (_args, agent) => (agent.time >= agent.ctx.busyUntil ? OperatorStatus.Success : OperatorStatus.Running),
  });
  return createAgent({
    id: 'soldier',
    state: createState(schema),
    ctx: { busyUntil: 0 },
    planner,
    operators: { scout: act(1), approach: act(1), load: act(0.5), aim: act(0.3), shoot: act(0.1), detonatebomb: act(0.5), flee: act(1) },
    onEvent: (e) => lines.push(formatEvent(e)),
  });
}
