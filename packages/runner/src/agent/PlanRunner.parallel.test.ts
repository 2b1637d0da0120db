import { describe, expect, it } from '@jest/globals';
import { createState, eq, planFound, set, type AgentPlanner, type Plan, type PlanStep } from '@dualplan/world-state';
import { createAgent } from './Agent.js';
import { RunnerError } from '../RunnerError.js';
import { collect, makePlan, makeStep, testSchema, timedOperator } from '../testing/fakes.js';

const schema = testSchema();
const k = schema.keys;

/** A planner that hands out `plans` in turn (the last one again and again) and replaces when told to. */
function listPlanner(plans: Plan[], replace: () => boolean = () => false): AgentPlanner & { calls: number } {
  const p = {
    kind: 'list',
    calls: 0,
    operators: [...new Set(plans.flatMap((x) => x.steps.map((s) => s.operator)))],
    plan: () => planFound(plans[Math.min(p.calls++, plans.length - 1)]),
    shouldReplace: () => (replace() ? { replace: true, reason: 'told to' } : { replace: false, reason: 'kept' }),
  };
  return p;
}

const withSection = (steps: PlanStep[], start: number, split: number, end: number): Plan => ({
  ...makePlan('list', steps, {}),
  parallel: [{ task: 'P', start, split, end }],
});
const started = (c: ReturnType<typeof collect>) =>
  c.events.filter((e) => e.type === 'stepStarted').map((e) => `${e.tick} ${e.runner} ${(e as { step: PlanStep }).step.task}`);

describe('PlanRunner with a branch runner', () => {
  it('runs steps before and after a section on the primary, the section on both, and joins', () => {
    const steps = [
      makeStep(schema, 'Before', { operator: 'fast' }),
      makeStep(schema, 'Legs', { operator: 'slow' }),
      makeStep(schema, 'Arms', { operator: 'fast' }),
      makeStep(schema, 'After', { operator: 'fast' }),
    ];
    const c = collect();
    const agent = createAgent({
      id: 'a',
      state: createState(schema),
      ctx: {},
      runners: [
        {
          name: 'main',
          planner: listPlanner([withSection(steps, 1, 2, 3), makePlan('list', [], {})]),
          operators: { fast: timedOperator(1), slow: timedOperator(3) },
        },
        { name: 'branch', branchOf: 'main' },
      ],
      onEvent: c.onEvent,
    });
    for (let i = 0; i < 6; i++) agent.tick(0.1);
    expect(started(c)).toEqual(['1 main Before', '2 main Legs', '2 branch Arms', '5 main After']);
    expect(agent.runner('branch').stats.plansFinished).toBe(1);
    const finished = c.events.filter((e) => e.type === 'planFinished').map((e) => `${e.tick} ${e.runner}`);
    expect(finished.slice(0, 2)).toEqual(['2 branch', '5 main']); // the branch's part, then the whole plan
  });

  it("counts the secondary branch's own effects as its own: no replan for them", () => {
    const steps = [
      makeStep(schema, 'Legs', { operator: 'slow', effects: [set(k.Navigating, true)] }),
      makeStep(schema, 'Arms', { operator: 'fast', effects: [set(k.Shield, true)] }),
    ];
    const planner = listPlanner([withSection(steps, 0, 1, 2)]);
    const agent = createAgent({
      id: 'a',
      state: createState(schema),
      ctx: {},
      runners: [
        { name: 'main', planner, operators: { fast: timedOperator(1), slow: timedOperator(3) } },
        { name: 'branch', branchOf: 'main' },
      ],
    });
    for (let i = 0; i < 3; i++) agent.tick(0.1);
    expect(agent.state.get(k.Shield)).toBe(true);
    expect(planner.calls).toBe(1); // Shield = true came from the branch: not a worldChanged replan
  });

  it("holds a replacement back while the secondary branch's step is uninterruptible", () => {
    const steps = [makeStep(schema, 'Legs', { operator: 'slow' }), makeStep(schema, 'Arms', { operator: 'slow', interrupt: 'uninterruptible' })];
    const other = makePlan('list', [makeStep(schema, 'Other', { operator: 'slow' })], {});
    const c = collect();
    const agent = createAgent({
      id: 'a',
      state: createState(schema),
      ctx: {},
      runners: [
        { name: 'main', planner: listPlanner([withSection(steps, 0, 1, 2), other], () => true), operators: { slow: timedOperator(3) } },
        { name: 'branch', branchOf: 'main' },
      ],
      onEvent: c.onEvent,
    });
    agent.tick(0.1);
    agent.state.set(k.A, false); // a world change: replan, and the planner wants to replace
    agent.tick(0.1);
    expect(c.events.some((e) => e.type === 'replanSkipped' && e.reason === 'step Arms is uninterruptible')).toBe(true);
    expect(c.events.some((e) => e.type === 'stepAborted')).toBe(false);
  });

  it('fails the plan when the secondary branch breaks an executing condition, aborting the primary step', () => {
    const steps = [makeStep(schema, 'Legs', { operator: 'slow' }), makeStep(schema, 'Arms', { operator: 'slow', executing: [eq(k.B, true)] })];
    const c = collect();
    const agent = createAgent({
      id: 'a',
      state: createState(schema),
      ctx: {},
      runners: [
        { name: 'main', planner: listPlanner([withSection(steps, 0, 1, 2)]), operators: { slow: timedOperator(5) } },
        { name: 'branch', branchOf: 'main' },
      ],
      onEvent: c.onEvent,
    });
    agent.tick(0.1);
    agent.state.set(k.B, false);
    agent.tick(0.1);
    const lines = c.events.filter((e) => e.tick === 2 && (e.type === 'stepAborted' || e.type === 'planFailed')).map((e) => `${e.runner} ${e.type}`);
    expect(lines).toEqual(['branch stepAborted', 'branch planFailed', 'main stepAborted', 'main planFailed']);
  });

  it('rejects a branch of a branch', () => {
    const planner = listPlanner([makePlan('list', [makeStep(schema, 'X', { operator: 'fast' })], {})]);
    expect(() =>
      createAgent({
        id: 'a',
        state: createState(schema),
        ctx: {},
        runners: [
          { name: 'main', planner, operators: { fast: timedOperator(1) } },
          { name: 'b', branchOf: 'main' },
          { name: 'c', branchOf: 'b' },
        ],
      }),
    ).toThrow(/runner "c" is the branch of runner "b", which the agent does not have/);
    expect(() =>
      createAgent({
        id: 'a',
        state: createState(schema),
        ctx: {},
        runners: [
          { name: 'main', planner, operators: { fast: timedOperator(1) } },
          { name: 'main', branchOf: 'main' },
        ],
      }),
    ).toThrow(RunnerError);
  });
});
