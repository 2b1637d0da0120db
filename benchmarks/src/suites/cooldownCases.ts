import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierGoapDomain, trollGoapDomain } from '@dualplan/goap/examples';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { soldierHtnDomain, trollHtnDomain } from '@dualplan/htn/examples';
import { createState, defineActions, type ActionSet, type AgentPlanner, type Availability, type WorldState } from '@dualplan/world-state';
import { soldierActions, trollActions } from '@dualplan/world-state/examples';
import type { BenchCase } from '../BenchCase.js';
import { dualplanCase } from '../BenchCase.js';

/** How the actions are decorated: none; a cooldown on every action with none cooling; the same with the plain plan's first action cooling. */
type Form = 'plain' | 'cooldowns' | 'cooling';

/** `actions` again with a cooldown of 8 s on every action. */
function withCooldowns<A extends ActionSet<any, any, any, any>>(actions: A): A {
  return defineActions(
    actions.schema,
    actions.actions.map((a) => ({ ...a.def, decorators: { cooldown: 8 } })),
  ) as unknown as A;
}

interface Agent {
  readonly name: string;
  /** The agent planner over the (maybe decorated) actions. */
  planner(decorated: boolean): AgentPlanner;
  readonly state: WorldState<any>;
}

function agents(): Agent[] {
  const soldier = soldierActions();
  const troll = trollActions();
  const trollState = createState(troll.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
  return [
    {
      name: 'soldier goap',
      planner: (d) => goapAgentPlanner(new GoapPlanner(soldierGoapDomain(d ? withCooldowns(soldier) : soldier))),
      state: createState(soldier.schema),
    },
    {
      name: 'soldier htn',
      planner: (d) => htnAgentPlanner(new HtnPlanner(soldierHtnDomain(d ? withCooldowns(soldier) : soldier))),
      state: createState(soldier.schema),
    },
    { name: 'troll goap', planner: (d) => goapAgentPlanner(new GoapPlanner(trollGoapDomain(d ? withCooldowns(troll) : troll))), state: trollState },
    { name: 'troll htn', planner: (d) => htnAgentPlanner(new HtnPlanner(trollHtnDomain({}, d ? withCooldowns(troll) : troll))), state: trollState },
  ];
}

/**
 * Behaviour decorators: planning the soldier and the troll (both planners) with a cooldown on every action, next to
 * the plain domains. `cooldowns`: nothing is cooling (the request's view is empty); `cooling`: the plain plan's
 * first action is on cooldown, so the planner plans around it (or, for the soldier, proves there is no plan). Each case plans once per op through the agent
 * planner, as the runner does.
 */
export function cooldownCases(suite: string): BenchCase[] {
  const cases: BenchCase[] = [];
  for (const agent of agents()) {
    const plainName = `${agent.name}, plain actions`;
    const first = agent.planner(false).plan(agent.state, undefined, null).plan?.steps[0]?.task;
    const views: Record<Form, Availability | undefined> = {
      plain: undefined,
      cooldowns: { unavailable: [] },
      cooling: first === undefined ? undefined : { unavailable: [{ name: first, seconds: 4, once: false }] },
    };
    for (const form of ['plain', 'cooldowns', 'cooling'] as const) {
      const name = form === 'plain' ? plainName : `${agent.name}, cooldown on every action${form === 'cooling' ? ` (${first} cooling)` : ''}`;
      cases.push(
        dualplanCase(
          {
            suite,
            name,
            allocOps: 200,
            // The target is the decorators' cost (nothing cooling). With an action cooling the planner solves a different,
            // harder problem (a plan around it, or proving there is none): shown next to the plain domain, not judged.
            target:
              form === 'plain'
                ? { maxGcs: 0 }
                : form === 'cooldowns'
                  ? { baseline: plainName, maxRatio: 1.2, label: '≤ 1.2× plain' }
                  : { baseline: plainName, label: 'a different problem: plans around the cooling action' },
          },
          () => {
            const planner = agent.planner(form !== 'plain');
            const view = views[form];
            return {
              run: () => planner.plan(agent.state, undefined, null, view),
              check: () => {
                const r = planner.plan(agent.state, undefined, null, view);
                const tasks = r.plan?.steps.map((s) => s.task) ?? [];
                // With its first action cooling the soldier has no plan at all (every plan needs it): that is the right answer.
                const valid = form === 'cooling' ? r.status !== 'budget' && !tasks.includes(first!) : r.status === 'found';
                return {
                  valid,
                  optimal: valid,
                  detail: r.status === 'found' ? tasks.join(', ') : r.reason,
                  planLength: tasks.length,
                  expanded: r.stats.expanded,
                };
              },
            };
          },
        ),
      );
    }
  }
  return cases;
}
