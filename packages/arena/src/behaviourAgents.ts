import { bool, createState, defineActions, defineSchema, eq, set, type ActionDef, type AgentPlanner, type Decorators } from '@dualplan/world-state';
import { GoapPlanner, compileGoapDomain, goapAgentPlanner } from '@dualplan/goap';
import { HtnPlanner, compileHtnDomain, htnAgentPlanner } from '@dualplan/htn';
import { createAgent, OperatorStatus, type Agent, type Operator, type RunnerEvent, type Sensor } from '@dualplan/runner';

// A small agent for the behaviour toolkit's tests, on either planner: it wants to have attacked every tick (a
// sensor un-does the attack); Throw is cheap and carries the decorators under test, Punch is dear and plain.

/** The schema: `Attacked`, and `Ready` (Throw's condition; true at first). */
export const behaviourSchema = defineSchema({ Attacked: bool(), Ready: bool(true) });
const k = behaviourSchema.keys;

function actionsWith(decorators: Decorators, throwDef: Partial<ActionDef> = {}) {
  const defs: ActionDef[] = [
    { name: 'Throw', conditions: [eq(k.Ready, true)], effects: [set(k.Attacked, true)], cost: 1, ...throwDef, decorators },
    { name: 'Punch', effects: [set(k.Attacked, true)], cost: 5 },
  ];
  return defineActions(behaviourSchema, defs);
}

/**
 * The GOAP planner of the agent (goal: `Attacked`).
 * @example
 * const planner = behaviourGoap({ cooldown: 1 });
 */
export function behaviourGoap(decorators: Decorators, throwDef: Partial<ActionDef> = {}): AgentPlanner {
  const domain = compileGoapDomain(actionsWith(decorators, throwDef), { goals: [{ name: 'Attack', conditions: [eq(k.Attacked, true)] }] });
  return goapAgentPlanner(new GoapPlanner(domain));
}

/**
 * The HTN planner of the agent (root `Attack`: Throw, else Punch).
 * @example
 * const planner = behaviourHtn({ once: true });
 */
export function behaviourHtn(decorators: Decorators, throwDef: Partial<ActionDef> = {}): AgentPlanner {
  const domain = compileHtnDomain(actionsWith(decorators, throwDef), {
    root: 'Attack',
    tasks: [{ kind: 'compound', name: 'Attack', methods: [{ subtasks: ['Throw'] }, { subtasks: ['Punch'] }] }],
  });
  return htnAgentPlanner(new HtnPlanner(domain));
}

// The sensor un-does the attack each tick, so the agent plans again.
const reset: Sensor = { name: 'reset', interval: 0, update: (agent) => agent.state.set(k.Attacked, false) };
const done: Operator = { update: () => OperatorStatus.Success };

/**
 * An agent over `planner` (operators succeed at once unless given) and the log of its events.
 * @example
 * const { agent, events } = behaviourAgent(behaviourGoap({ cooldown: 1 }));
 */
export function behaviourAgent(planner: AgentPlanner, ops: Partial<Record<'Throw' | 'Punch', Operator>> = {}): { agent: Agent; events: RunnerEvent[] } {
  const events: RunnerEvent[] = [];
  const agent = createAgent({
    id: 'a',
    state: createState(behaviourSchema),
    ctx: {},
    planner,
    operators: { Throw: ops.Throw ?? done, Punch: ops.Punch ?? done },
    sensors: [reset],
    clock: () => 0,
    onEvent: (e) => events.push(e),
  });
  return { agent, events };
}
