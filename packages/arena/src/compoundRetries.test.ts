import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { bool, createState, defineActions, defineSchema, eq, set, type Decorators } from '@dualplan/world-state';
import { HtnPlanner, compileHtnDomain, htnAgentPlanner } from '@dualplan/htn';
import { createAgent, OperatorStatus, type RunnerEvent } from '@dualplan/runner';

// `retries` on an HTN compound or method: when one of its steps fails (after that step's own retries), its part of
// the plan starts again from its first step, at most `retries` times in one plan. Fixed clock, one step per tick.
const schema = defineSchema({ Near: bool(), Open: bool(), Inside: bool() });
const k = schema.keys;
const actions = defineActions(schema, [
  { name: 'Approach', effects: [set(k.Near, true)] },
  { name: 'OpenDoor', conditions: [eq(k.Near, true)], effects: [set(k.Open, true)] },
  { name: 'Enter', conditions: [eq(k.Open, true)], effects: [set(k.Inside, true)] },
]);

/** Root Go: the door compound, then Enter. `door` / `method` are the decorators of the compound and its method. */
function planner(door: Decorators | undefined, method?: Decorators) {
  return htnAgentPlanner(
    new HtnPlanner(
      compileHtnDomain(actions, {
        root: 'Go',
        tasks: [
          { kind: 'compound', name: 'Go', methods: [{ subtasks: ['Door', 'Enter'] }] },
          {
            kind: 'compound',
            name: 'Door',
            ...(door ? { decorators: door } : {}),
            methods: [{ name: 'open', subtasks: ['Approach', 'OpenDoor'], ...(method ? { decorators: method } : {}) }],
          },
        ],
      }),
    ),
  );
}

/** An agent whose OpenDoor fails its first `failures` times. */
function agentWith(p: ReturnType<typeof planner>, failures: number) {
  let left = failures;
  const events: RunnerEvent[] = [];
  const ok = { update: () => OperatorStatus.Success };
  const agent = createAgent({
    id: 'a',
    state: createState(schema),
    ctx: {},
    planner: p,
    operators: { Approach: ok, OpenDoor: { update: () => (left-- > 0 ? OperatorStatus.Failure : OperatorStatus.Success) }, Enter: ok },
    onEvent: (e) => events.push(e),
  });
  return { agent, events };
}

/** Steps started, by first letter (A, O, E), and plan failures (!), in order. */
function log(events: readonly RunnerEvent[]): string {
  return events.map((e) => (e.type === 'stepStarted' ? e.step.task[0] : e.type === 'planFailed' ? '!' : '')).join('');
}

describe('retries on HTN compounds and methods', () => {
  it('a failed step starts its compound again from the first step, up to the compound’s retries (hand-computed)', () => {
    const { agent, events } = agentWith(planner({ retries: 2 }), 2);
    for (let i = 0; i < 12 && !agent.state.get(k.Inside); i++) agent.tick(0.25);
    // OpenDoor fails twice: each time Door starts again at Approach; the third try opens, then Enter.
    expect(log(events)).toBe('AOAOAOE');
    const failed = events.filter((e) => e.type === 'stepFailed').map((e) => (e.type === 'stepFailed' ? e.reason : ''));
    expect(failed).toEqual(['operator OpenDoor failed (retry 1 of 2 of Door, from step 0)', 'operator OpenDoor failed (retry 2 of 2 of Door, from step 0)']);
    expect(agent.state.get(k.Inside)).toBe(true);
  });

  it('with its retries used up the plan fails; a method’s retries work the same', () => {
    const a = agentWith(planner({ retries: 1 }), 2);
    for (let i = 0; i < 4; i++) a.agent.tick(0.25);
    expect(log(a.events).startsWith('AOAO!')).toBe(true);
    const m = agentWith(planner(undefined, { retries: 1 }), 1);
    for (let i = 0; i < 6 && !m.agent.state.get(k.Inside); i++) m.agent.tick(0.25);
    expect(log(m.events)).toBe('AOAOE');
  });

  it('a step’s own retries come first, then the compound’s', () => {
    const own = compileHtnDomain(
      defineActions(schema, [
        { name: 'Approach', effects: [set(k.Near, true)] },
        { name: 'OpenDoor', conditions: [eq(k.Near, true)], effects: [set(k.Open, true)], decorators: { retries: 1 } },
        { name: 'Enter', conditions: [eq(k.Open, true)], effects: [set(k.Inside, true)] },
      ]),
      {
        root: 'Go',
        tasks: [
          { kind: 'compound', name: 'Go', methods: [{ subtasks: ['Door', 'Enter'] }] },
          { kind: 'compound', name: 'Door', decorators: { retries: 1 }, methods: [{ subtasks: ['Approach', 'OpenDoor'] }] },
        ],
      },
    );
    const { agent, events } = agentWith(htnAgentPlanner(new HtnPlanner(own)), 3);
    for (let i = 0; i < 10 && !agent.state.get(k.Inside); i++) agent.tick(0.25);
    // OpenDoor fails, retries itself, fails; Door starts again; OpenDoor fails, retries itself and opens.
    expect(log(events)).toBe('AOOAOOE');
  });

  it('never runs a compound’s part more than 1 + retries times in one plan (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 8 }), (retries, failures) => {
        const { agent, events } = agentWith(planner({ retries }), failures);
        for (let i = 0; i < 40 && !agent.state.get(k.Inside); i++) agent.tick(0.25);
        const plans = log(events).split('!');
        for (const p of plans) expect((p.match(/A/g) ?? []).length).toBeLessThanOrEqual(1 + retries);
        // Enough retries for the failures: one plan gets in.
        if (failures <= retries) expect(plans[0]).toBe('AO'.repeat(failures + 1) + 'E');
      }),
      { numRuns: 60 },
    );
  });
});
