import { describe, expect, it } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, eq, set, type AgentPlanner } from '@dualplan/world-state';
import { GoapPlanner, compileGoapDomain, goapAgentPlanner } from '@dualplan/goap';
import { HtnPlanner, compileHtnDomain, htnAgentPlanner } from '@dualplan/htn';
import { createAgent, OperatorStatus, type RunnerEvent } from '@dualplan/runner';

// A door that shuts behind whoever goes through. Open is decorated `once`; Force opens it too, dearer. The cheapest
// way to fetch both packages opens the door twice (cost 4), which `once` forbids: Open, GetA, Force, GetB (cost 8).
const schema = defineSchema({ DoorOpen: bool(), HasA: bool(), HasB: bool() });
const k = schema.keys;
const actions = defineActions(schema, [
  { name: 'Open', cost: 1, effects: [set(k.DoorOpen, true)], decorators: { once: true } },
  { name: 'Force', cost: 5, effects: [set(k.DoorOpen, true)] },
  { name: 'GetA', cost: 1, conditions: [eq(k.DoorOpen, true)], effects: [set(k.HasA, true), set(k.DoorOpen, false)] },
  { name: 'GetB', cost: 1, conditions: [eq(k.DoorOpen, true)], effects: [set(k.HasB, true), set(k.DoorOpen, false)] },
]);

function run(planner: AgentPlanner): { started: string[]; events: RunnerEvent[]; done: boolean } {
  const state = createState(schema);
  const started: string[] = [];
  const op = (name: string) => ({ start: () => void started.push(name), update: () => OperatorStatus.Success });
  const agent = createAgent({
    id: 'courier',
    state,
    ctx: {},
    planner,
    operators: { Open: op('Open'), Force: op('Force'), GetA: op('GetA'), GetB: op('GetB') },
  });
  const events: RunnerEvent[] = [];
  agent.addListener((e) => events.push(e));
  for (let i = 0; i < 20 && !(state.get(k.HasA) && state.get(k.HasB)); i++) agent.tick(0.1);
  return { started, events, done: state.get(k.HasA) && state.get(k.HasB) };
}

describe('a once action runs at most once, whichever planner made the plan', () => {
  it('HTN: the planner never plans it twice', () => {
    const domain = compileHtnDomain(actions, {
      root: 'Fetch',
      tasks: [
        {
          kind: 'compound',
          name: 'Fetch',
          methods: [
            { name: 'cheap', subtasks: ['Open', 'GetA', 'Open', 'GetB'] },
            { name: 'forced', subtasks: ['Open', 'GetA', 'Force', 'GetB'] },
          ],
        },
      ],
    });
    const r = run(htnAgentPlanner(new HtnPlanner(domain)));
    expect(r.done).toBe(true);
    expect(r.started).toEqual(['Open', 'GetA', 'Force', 'GetB']);
    expect(r.events.some((e) => e.type === 'planFailed')).toBe(false);
  });

  it('GOAP: a plan counting on it twice fails at its second use, and the replan goes another way', () => {
    const domain = compileGoapDomain(actions, { goals: [{ name: 'Fetch', conditions: [eq(k.HasA, true), eq(k.HasB, true)] }] });
    // The search alone (no availability view yet) picks the cheapest plan, which opens the door twice.
    const first = new GoapPlanner(domain).plan(createState(schema), domain.goals[0]).plan;
    expect(first?.steps.filter((s) => s.task === 'Open')).toHaveLength(2);
    const r = run(goapAgentPlanner(new GoapPlanner(domain)));
    expect(r.done).toBe(true);
    expect(r.started.filter((t) => t === 'Open')).toEqual(['Open']);
    expect(r.started).toContain('Force');
    const failed = r.events.find((e) => e.type === 'planFailed');
    expect(failed && 'reason' in failed ? failed.reason : '').toContain('Open was already done (once)');
  });
});
