import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { npcActions, npcHtnDomain, swordCombatDomain } from '@dualplan/htn/examples';
import { createAgent, OperatorStatus, type RunnerEvent } from '@dualplan/runner';

// The FluidHTN-style NPC in the runner: it wanders, picks up a sword (whose operator plugs the
// sword's combat sub-domain into the NPC's Combat slot), and fights when an enemy comes near.
describe('NPC whose combat behaviour is a slot', () => {
  it('picks up the sword (its operator plugs the slot), then fights through the slot', () => {
    const actions = npcActions();
    const schema = actions.schema;
    const planner = new HtnPlanner(npcHtnDomain(actions));
    const plans: string[] = [];
    const done = { update: () => OperatorStatus.Success };
    const agent = createAgent({
      id: 'npc',
      state: createState(schema, { WeaponNearby: true }),
      ctx: {},
      planner: htnAgentPlanner(planner),
      operators: {
        wander: done,
        flee: done,
        swing: done,
        shoot: done,
        reload: done,
        takeCover: done,
        pickUp: {
          update: () => {
            planner.plug('Combat', swordCombatDomain(actions));
            return OperatorStatus.Success;
          },
        },
      },
      onEvent: (e: RunnerEvent) => {
        if (e.type === 'planFound') plans.push(e.plan.steps.map((s) => s.task).join(','));
      },
    });
    for (let i = 0; i < 3; i++) agent.tick(0.1);
    expect(plans[0]).toBe('PickUpWeapon');
    expect(agent.state.get(schema.keys.HasWeapon)).toBe(true);
    expect(planner.pluggedInto('Combat')?.domain.name).toBe('sword');
    agent.state.set(schema.keys.EnemyNear, true);
    for (let i = 0; i < 3; i++) agent.tick(0.1);
    expect(plans).toContain('Swing');
    expect(plans).not.toContain('Flee');
  });

  it('a plan that fell back to fleeing because the slot was empty is stale once a weapon is plugged: the NPC replans', () => {
    const actions = npcActions();
    const schema = actions.schema;
    const planner = new HtnPlanner(npcHtnDomain(actions));
    const events: string[] = [];
    const done = { update: () => OperatorStatus.Success };
    const running = { update: () => OperatorStatus.Running };
    const agent = createAgent({
      id: 'npc',
      state: createState(schema, { EnemyNear: true }),
      ctx: {},
      planner: htnAgentPlanner(planner),
      operators: { wander: done, flee: running, swing: running, shoot: done, reload: done, takeCover: done, pickUp: done },
      onEvent: (e: RunnerEvent) => {
        if (e.type === 'planFound' || e.type === 'planReplaced') events.push(`${e.tick} ${e.type} ${e.plan.steps.map((s) => s.task).join(',')}: ${e.reason}`);
        if (e.type === 'replanSkipped') events.push(`${e.tick} ${e.type}: ${e.reason}`);
      },
    });
    for (let i = 0; i < 3; i++) agent.tick(0.1);
    expect(agent.runner().runningStep?.task).toBe('Flee');
    // Game code hands the NPC a sword; nothing in the world state changes.
    planner.plug('Combat', swordCombatDomain(actions));
    agent.tick(0.1);
    expect(agent.runner().runningStep?.task).toBe('Swing');
    expect(events).toEqual(['1 planFound Flee: BeNpc', '4 planReplaced Swing: running plan used a slot that was plugged or unplugged since']);
    // The re-check was a one-off: no replanning on the ticks after.
    for (let i = 0; i < 3; i++) agent.tick(0.1);
    expect(events.length).toBe(2);
  });
});
