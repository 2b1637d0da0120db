import { describe, expect, it } from '@jest/globals';
import { createState, eq, set, defineActions } from '@dualplan/world-state';
import { soldierActions, soldierSchema } from '@dualplan/world-state/examples';
import { HtnPlanner, htnDomainBuilder, htnAgentPlanner } from '@dualplan/htn';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { asSubPlanner, createAgent, OperatorStatus, type RunnerEvent } from '@dualplan/runner';

// Hybrid planning with the real packages: the HTN domain authors the structure
// (take cover, <kill the enemy>, report) and GOAP fills the gap through the
// runner's bridge, so htn and goap never import each other.
describe('hybrid HTN + GOAP through asSubPlanner', () => {
  const schema = soldierSchema();
  const domain = htnDomainBuilder(
    defineActions(schema, [
      { name: 'TakeCover', operator: 'Act' },
      { name: 'Report', operator: 'Act', conditions: [eq(schema.keys.enemyalive, false)], effects: [set(schema.keys.enemyvisible, false)] },
    ]),
    'sergeant',
  )
    .compound('BeSergeant')
    .method((k) => [eq(k.enemyalive, true)], 'Engage')
    .task('TakeCover')
    .task('KillEnemy')
    .task('Report')
    .end()
    .delegate('KillEnemy', 'goap', ['killEnemy'])
    .build();

  it('splices the GOAP plan into the HTN plan, and one runner executes it all', () => {
    const goap = goapAgentPlanner(new GoapPlanner(soldierGoapDomain(soldierActions(schema))));
    const planner = htnAgentPlanner(new HtnPlanner(domain, { delegates: { goap: asSubPlanner(goap) } }));
    const events: string[] = [];
    const agent = createAgent({
      id: 'sergeant',
      state: createState(schema),
      ctx: {},
      planner,
      operators: {
        Act: { update: () => OperatorStatus.Success },
        ...Object.fromEntries(['scout', 'load', 'aim', 'shoot'].map((id) => [id, { update: () => OperatorStatus.Success }])),
      },
      onEvent: (e: RunnerEvent) =>
        events.push(
          e.type === 'planFound' ? `plan ${e.plan.steps.map((s) => `${s.task}/${s.operator}`).join(' ')}` : 'step' in e ? `${e.type} ${e.step.task}` : e.type,
        ),
    });
    for (let i = 0; i < 8; i++) agent.tick(0.1);
    const plan = events[0].split(' ').slice(1);
    expect(plan[0]).toBe('TakeCover/Act');
    expect(plan[plan.length - 1]).toBe('Report/Act');
    expect(
      plan
        .slice(1, -1)
        .map((s) => s.split('/')[0])
        .sort(),
    ).toEqual(['aim', 'load', 'scout', 'shoot']);
    expect(events.filter((e) => e.startsWith('stepSucceeded')).map((e) => e.split(' ')[1])).toEqual(plan.map((s) => s.split('/')[0]));
    expect(agent.state.get(schema.keys.enemyalive)).toBe(false);
    expect(events).toContain('planFinished');
  });
});
