import { describe, expect, it } from '@jest/globals';
import { createState, type WorldState } from '@dualplan/world-state';
import { HtnPlanner, htnAgentPlanner, htnDomainBuilder } from '@dualplan/htn';
import { coverActions, coverHtnDomain, coverSchema } from '@dualplan/htn/examples';
import { createAgent, formatPlan, OperatorStatus, RunnerError, type Operator, type RunnerEvent } from '@dualplan/runner';
import { formatRun, record } from '@dualplan/monitor';
import { htnPlanCodec } from '@dualplan/htn';

const { Running, Success, Failure } = OperatorStatus;

/** An operator that runs for `ticks` updates, then returns `end`; counts its starts. */
function timed(ticks: number, end: OperatorStatus = Success): Operator<any> & { starts: number; aborts: number } {
  let left = 0;
  const op = {
    starts: 0,
    aborts: 0,
    start: () => {
      op.starts++;
      left = ticks;
    },
    update: () => (--left > 0 ? Running : end),
    abort: () => {
      op.aborts++;
    },
  };
  return op;
}

function soldier(state: WorldState<any>, ops: { move: Operator<any>; reload: Operator<any>; shoot: Operator<any> }, branch = true) {
  const events: string[] = [];
  const planner = htnAgentPlanner(new HtnPlanner(coverHtnDomain(coverActions(state.schema as never))));
  const agent = createAgent({
    id: 'soldier',
    state,
    ctx: {},
    runners: branch
      ? [
          { name: 'legs', planner, operators: ops },
          { name: 'arms', branchOf: 'legs' },
        ]
      : [{ name: 'legs', planner, operators: ops }],
    onEvent: (e: RunnerEvent) => {
      if (e.type === 'stepStarted' || e.type === 'stepSucceeded' || e.type === 'stepAborted' || e.type === 'stepFailed')
        events.push(`${e.tick} ${e.runner} ${e.type} ${e.step.task}`);
      else if (e.type === 'planFailed') events.push(`${e.tick} ${e.runner} planFailed: ${e.reason}`);
    },
  });
  return {
    agent,
    events,
    run: (n: number) => {
      for (let i = 0; i < n; i++) agent.tick(0.1);
    },
  };
}

describe('parallel branches on two runners of one agent', () => {
  it('walks to cover while reloading, then shoots once both are done (hand-computed timeline)', () => {
    const state = createState(coverSchema(), { UnderFire: true, Ammo: 1 });
    const { events, run } = soldier(state, { move: timed(2), reload: timed(4), shoot: timed(1) });
    run(5);
    expect(events).toEqual([
      '1 legs stepStarted RunToCover',
      '1 arms stepStarted Reload',
      '2 legs stepSucceeded RunToCover', // legs now wait for arms (the join)
      '4 arms stepSucceeded Reload', // arms tick after legs: legs see the join on their next tick
      '5 legs stepStarted Shoot',
      '5 legs stepSucceeded Shoot',
    ]);
    expect(state.toJSON()).toMatchObject({ InCover: true, Ammo: 5, Suppressed: true });
  });

  it('without a branch runner the same plan runs as one sequence', () => {
    const state = createState(coverSchema(), { UnderFire: true, Ammo: 1 });
    const { events, run } = soldier(state, { move: timed(1), reload: timed(1), shoot: timed(1) }, false);
    run(3);
    expect(events.filter((e) => e.includes('Started'))).toEqual(['1 legs stepStarted RunToCover', '2 legs stepStarted Reload', '3 legs stepStarted Shoot']);
  });

  it('a secondary branch that fails mid-step fails the plan: the primary step is aborted and legs replan', () => {
    const state = createState(coverSchema(), { UnderFire: true, Ammo: 1 });
    const move = timed(5);
    const { events, run } = soldier(state, { move, reload: timed(2, Failure), shoot: timed(1) });
    run(2);
    expect(events.slice(0, 6)).toEqual([
      '1 legs stepStarted RunToCover',
      '1 arms stepStarted Reload',
      '2 arms stepFailed Reload',
      '2 arms planFailed: step Reload failed: operator reload failed',
      '2 legs stepAborted RunToCover',
      '2 legs planFailed: secondary branch on runner "arms" failed: step Reload failed: operator reload failed',
    ]);
    expect(move.aborts).toBe(1);
    expect(state.toJSON()).toMatchObject({ InCover: false, Ammo: 1 }); // neither branch's effects were applied
    run(1);
    expect(events).toContain('3 legs stepStarted RunToCover'); // replanned: the same plan again
    expect(events).toContain('3 arms stepStarted Reload');
  });

  it('a primary branch that fails cancels the secondary branch (its running step is aborted)', () => {
    const state = createState(coverSchema(), { UnderFire: true, Ammo: 1 });
    const reload = timed(5);
    const { events, run } = soldier(state, { move: timed(2, Failure), reload, shoot: timed(1) });
    run(2);
    expect(events.slice(0, 5)).toEqual([
      '1 legs stepStarted RunToCover',
      '1 arms stepStarted Reload',
      '2 legs stepFailed RunToCover',
      '2 arms stepAborted Reload',
      '2 arms planFailed: primary runner "legs": step RunToCover failed: operator move failed',
    ]);
    expect(reload.aborts).toBe(1);
  });

  it('a world change that breaks the secondary branch fails the plan, checked by the primary runner', () => {
    const state = createState(coverSchema(), { UnderFire: true, Ammo: 1 });
    const { events, run } = soldier(state, { move: timed(3), reload: timed(1), shoot: timed(3) });
    run(1);
    // arms finished Reload at tick 1; legs still run. Someone empties the magazine: Shoot (after the join) no longer holds.
    expect(events).toContain('1 arms stepSucceeded Reload');
    state.set(state.schema.keys.Ammo as never, 0 as never);
    run(1);
    expect(events.some((e) => e.startsWith('2 legs planFailed: plan invalid: step 2 Shoot'))).toBe(true);
  });

  it('rejects a branch runner of an unknown runner, or two branches of one runner', () => {
    const state = createState(coverSchema());
    const planner = htnAgentPlanner(new HtnPlanner(coverHtnDomain()));
    const operators = { move: timed(1), reload: timed(1), shoot: timed(1) };
    expect(() =>
      createAgent({
        id: 'a',
        state,
        ctx: {},
        runners: [
          { name: 'legs', planner, operators },
          { name: 'arms', branchOf: 'lgs' },
        ],
      }),
    ).toThrow(/Did you mean "legs"/);
    expect(() =>
      createAgent({
        id: 'a',
        state,
        ctx: {},
        runners: [
          { name: 'legs', planner, operators },
          { name: 'arms', branchOf: 'legs' },
          { name: 'hands', branchOf: 'legs' },
        ],
      }),
    ).toThrow(RunnerError);
  });

  it('shows in the text printers and survives the plan codec', () => {
    const state = createState(coverSchema(), { UnderFire: true, Ammo: 1 });
    const { agent, run } = soldier(state, { move: timed(2), reload: timed(2), shoot: timed(1) });
    const recorder = record(agent);
    run(1);
    const adopted = recorder.agent('soldier').runs.find((r) => r.outcome === 'adopted')!;
    expect(adopted.plan!.parallel).toEqual([{ task: 'TakeCover', start: 0, split: 1, end: 2 }]);
    const text = formatRun(adopted);
    expect(text).toContain('parallel TakeCover, primary branch:\n    1. RunToCover');
    expect(text).toContain('parallel TakeCover, secondary branch (beside the primary):\n    2. Reload');
    expect(text).toContain('joined TakeCover: both branches done\n    3. Shoot');

    const domain = coverHtnDomain(coverActions(coverSchema()));
    const result = new HtnPlanner(domain).plan(createState(domain.schema, { UnderFire: true, Ammo: 1 }));
    expect(formatPlan(result.plan!)).toBe('(RunToCover ‖ Reload) → Shoot');
    const codec = htnPlanCodec(domain);
    const again = codec.decode(structuredClone(codec.encode(result)));
    expect(again.plan!.parallel).toEqual(result.plan!.parallel);
    expect(again.plan!.steps).toEqual(result.plan!.steps);
    const broken = codec.encode(result);
    (broken.plan as { parallel: unknown }).parallel = [{ task: 'TakeCover', start: 1, split: 0, end: 2 }];
    expect(() => codec.decode(broken)).toThrow(/start <= split <= end/);
  });

  it('resumes a partial plan once both branches of its section succeeded, in either order', () => {
    const schema = coverSchema();
    const domain = htnDomainBuilder(coverActions(schema))
      .compound('Fight')
      .method()
      .task('TakeCover')
      .pause()
      .task('Shoot')
      .end()
      .parallel('TakeCover', ['RunToCover'], ['Reload'])
      .build();
    const state = createState(schema, { UnderFire: true, Ammo: 1 });
    const planner = new HtnPlanner(domain);
    const events: string[] = [];
    const agent = createAgent({
      id: 's',
      state,
      ctx: {},
      runners: [
        { name: 'legs', planner: htnAgentPlanner(planner, { resume: true }), operators: { move: timed(3), reload: timed(1), shoot: timed(1) } },
        { name: 'arms', branchOf: 'legs' },
      ],
      onEvent: (e: RunnerEvent) => void (e.type === 'stepStarted' && events.push(`${e.runner} ${e.step.task}`)),
    });
    for (let i = 0; i < 6; i++) agent.tick(0.1);
    // Reload (arms) succeeds before RunToCover (legs); the continuation still runs: Shoot, without planning from the root.
    expect(events).toEqual(['legs RunToCover', 'arms Reload', 'legs Shoot']);
  });
});
