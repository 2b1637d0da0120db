import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { add, bool, createState, defineActions, defineSchema, eq, int, lt, set, type WorldState } from '@dualplan/world-state';
import { HtnPlanner, compileHtnDomain, htnAgentPlanner, type RepeatDef } from '@dualplan/htn';
import { createAgent, formatPlan, OperatorStatus, type Operator, type RunnerEvent } from '@dualplan/runner';
import { formatRun, record } from '@dualplan/monitor';
import { htnPlanCodec } from '@dualplan/htn';

// `repeat` and `race` from an HTN domain, run by agents with a fixed time step (0.1 s a tick).
const schema = defineSchema({ Searched: int(0, 10), Enemy: bool(), GaveUp: bool(), Greeted: bool(), Door: bool(), Waited: bool() });
const k = schema.keys;
const actions = defineActions(schema, [
  { name: 'Greet', operator: 'quick', effects: [set(k.Greeted, true)], decorators: { once: true } },
  { name: 'SearchRoom', operator: 'search', effects: [add(k.Searched, 1)] },
  { name: 'GiveUp', operator: 'quick', effects: [set(k.GaveUp, true)] },
  { name: 'WatchDoor', operator: 'watch' },
  { name: 'WaitFive', operator: 'wait', effects: [set(k.Waited, true)] },
]);
const guard = (repeat: RepeatDef) =>
  compileHtnDomain(actions, {
    root: 'Guard',
    tasks: [
      { kind: 'compound', name: 'Guard', methods: [{ conditions: [eq(k.GaveUp, false)], subtasks: [{ optional: 'Greet' }, 'Search', 'GiveUp'] }] },
      { kind: 'compound', name: 'Search', methods: [{ name: 'rooms', subtasks: ['SearchRoom'], repeat }] },
    ],
  });

/** An operator that succeeds on its `ticks`-th update. */
function takes(ticks: number): Operator {
  let left = 0;
  return {
    start: () => {
      left = ticks;
    },
    update: () => (--left <= 0 ? OperatorStatus.Success : OperatorStatus.Running),
  };
}

function guardAgent(repeat: RepeatDef, state: WorldState<any> = createState(schema)) {
  const log: string[] = [];
  const agent = createAgent({
    id: 'guard',
    state,
    ctx: {},
    planner: htnAgentPlanner(new HtnPlanner(guard(repeat))),
    operators: { quick: takes(1), search: takes(2), watch: takes(1), wait: takes(1) },
    onEvent: (e: RunnerEvent) => {
      if (e.type === 'stepStarted' || e.type === 'stepSucceeded' || e.type === 'planFailed')
        log.push(`${e.tick} ${e.type} ${'step' in e ? e.step.task : ''}`.trim());
    },
  });
  return { agent, log };
}

describe('repeat in the runner', () => {
  it('searches three rooms, then gives up (timeline by hand)', () => {
    const { agent, log } = guardAgent({ times: 3 });
    for (let i = 0; i < 8; i++) agent.tick(0.1);
    // Greet takes tick 1; each search two ticks (2-3, 4-5, 6-7); GiveUp tick 8.
    expect(log).toEqual([
      '1 stepStarted Greet',
      '1 stepSucceeded Greet',
      '2 stepStarted SearchRoom',
      '3 stepSucceeded SearchRoom',
      '4 stepStarted SearchRoom',
      '5 stepSucceeded SearchRoom',
      '6 stepStarted SearchRoom',
      '7 stepSucceeded SearchRoom',
      '8 stepStarted GiveUp',
      '8 stepSucceeded GiveUp',
    ]);
    expect(agent.state.get(k.Searched)).toBe(3);
  });

  it('patrols while no enemy is seen: the check before the next pass fails the plan, and the replan ends the loop', () => {
    const { agent, log } = guardAgent({ times: 20, while: [eq(k.Enemy, false)] });
    for (let i = 0; i < 3; i++) agent.tick(0.1);
    agent.state.set(k.Enemy, true);
    for (let i = 0; i < 2; i++) agent.tick(0.1);
    expect(log).toEqual([
      '1 stepStarted Greet',
      '1 stepSucceeded Greet',
      '2 stepStarted SearchRoom',
      '3 stepSucceeded SearchRoom',
      // Tick 4: the rest of the plan no longer holds (the next pass checks Enemy == false); the new plan skips the loop.
      '4 planFailed',
      '4 stepStarted GiveUp',
      '4 stepSucceeded GiveUp',
    ]);
  });

  it('never runs more passes than its bound, whenever the enemy shows up (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.option(fc.integer({ min: 1, max: 14 }), { nil: undefined }), (times, enemyAt) => {
        const { agent, log } = guardAgent({ times, while: [eq(k.Enemy, false)] });
        for (let i = 1; i <= 16; i++) {
          if (i === enemyAt) agent.state.set(k.Enemy, true);
          agent.tick(0.1);
        }
        const passes = log.filter((l) => l.endsWith('stepStarted SearchRoom')).length;
        const gaveUp = log.filter((l) => l.endsWith('stepSucceeded GiveUp')).length;
        return passes <= times && gaveUp === 1 && (enemyAt !== undefined || passes === times);
      }),
      { numRuns: 120 },
    );
  });

  it('saved and restored in the middle of a repeat, the agent logs the same steps as an uninterrupted run', () => {
    // The loop's progress lives in the world state (Searched), its bound in the domain, Greet's `once` in the behaviour ledger.
    const repeat: RepeatDef = { times: 3, while: [lt(k.Searched, 3)] };
    const whole = guardAgent(repeat);
    for (let i = 0; i < 10; i++) whole.agent.tick(0.1);
    const part = guardAgent(repeat);
    for (let i = 0; i < 3; i++) part.agent.tick(0.1);
    // Saved at the end of tick 3 (the first pass is done): world state, behaviour; a new agent is made from them.
    const savedState = JSON.parse(
      JSON.stringify(Object.fromEntries(['Searched', 'Enemy', 'GaveUp', 'Greeted'].map((n) => [n, part.agent.state.get(k[n as 'Searched'])]))),
    );
    const savedBehaviour = JSON.parse(JSON.stringify(part.agent.behaviour.save()));
    const restored = guardAgent(repeat, createState(schema, savedState));
    restored.agent.behaviour.restore(savedBehaviour);
    for (let i = 0; i < 7; i++) restored.agent.tick(0.1);
    const shifted = restored.log.map((l) => l.replace(/^\d+/, (t) => String(Number(t) + 3)));
    expect(shifted).toEqual(whole.log.filter((l) => Number(l.split(' ')[0]) > 3));
    expect(restored.agent.state.get(k.Searched)).toBe(whole.agent.state.get(k.Searched));
    // Without the behaviour restored, Greet (once per agent) would run again.
    const forgetful = guardAgent(repeat, createState(schema, savedState));
    forgetful.agent.tick(0.1);
    expect(forgetful.log[0]).toBe('1 stepStarted Greet');
  });
});

describe('race in the runner', () => {
  it('waits for the door or five seconds, whichever comes first, then goes on', () => {
    const domain = compileHtnDomain(actions, {
      root: 'Root',
      tasks: [
        { kind: 'compound', name: 'Root', methods: [{ conditions: [eq(k.GaveUp, false)], subtasks: ['DoorOrTime', 'GiveUp'] }] },
        { kind: 'parallel', name: 'DoorOrTime', primary: ['WatchDoor'], secondary: ['WaitFive'], race: true },
      ],
    });
    const log: string[] = [];
    let watched = 0;
    const agent = createAgent({
      id: 'guard',
      state: createState(schema),
      ctx: {},
      runners: [
        {
          name: 'main',
          planner: htnAgentPlanner(new HtnPlanner(domain)),
          operators: {
            quick: takes(1),
            search: takes(1),
            watch: { update: () => (++watched >= 3 ? OperatorStatus.Success : OperatorStatus.Running), abort: () => void log.push('abort WatchDoor') },
            wait: { update: () => OperatorStatus.Running, abort: () => void log.push('abort WaitFive') },
          },
        },
        { name: 'legs', branchOf: 'main' },
      ],
      onEvent: (e: RunnerEvent) => {
        if (e.type === 'stepStarted' || e.type === 'stepSucceeded' || e.type === 'stepAborted') log.push(`${e.tick} ${e.runner} ${e.type} ${e.step.task}`);
      },
    });
    const recorder = record(agent);
    for (let i = 0; i < 5; i++) agent.tick(0.1);
    // The monitor, the text printers and the worker pool's plan codec show the section as a race.
    const adopted = recorder.agent('guard').runs.find((r) => r.outcome === 'adopted')!;
    expect(adopted.plan!.parallel).toEqual([{ task: 'DoorOrTime', start: 0, split: 1, end: 2, race: true }]);
    const text = formatRun(adopted);
    expect(text).toContain('race DoorOrTime, primary branch:\n    1. WatchDoor');
    expect(text).toContain('joined DoorOrTime: the first branch done ends the other\n    3. GiveUp');
    const result = new HtnPlanner(domain).plan(createState(schema));
    expect(formatPlan(result.plan!)).toBe('(race WatchDoor ‖ WaitFive) → GiveUp');
    const codec = htnPlanCodec(domain);
    expect(codec.decode(codec.encode(result)).plan!.parallel).toEqual([{ task: 'DoorOrTime', start: 0, split: 1, end: 2, race: true }]);
    expect(log).toEqual([
      '1 main stepStarted WatchDoor',
      '1 legs stepStarted WaitFive',
      '3 main stepSucceeded WatchDoor',
      '3 legs stepAborted WaitFive',
      'abort WaitFive',
      '4 main stepStarted GiveUp',
      '4 main stepSucceeded GiveUp',
    ]);
  });
});
