import { describe, expect, it } from '@jest/globals';
import { createState, defineActions, eq, set } from '@dualplan/world-state';
import { HtnPlanner, compileHtnDomain, htnAgentPlanner, type TaskDef } from '@dualplan/htn';
import { GoapPlanner, compileGoapDomain, goapAgentPlanner } from '@dualplan/goap';
import { formatEvent, OperatorStatus, PlanningScheduler, type Agent, type Operator, type RunnerEvent } from '@dualplan/runner';
import { behaviourAgent, behaviourGoap, behaviourHtn, behaviourSchema } from './behaviourAgents.js';

// Hand-computed timelines of the decorators with a fixed clock (dt = 0.25 s, exact in binary), on both planners.
const k = behaviourSchema.keys;
const DT = 0.25;
const goapPlanner = behaviourGoap;
const htnPlanner = behaviourHtn;
const agentFor = behaviourAgent;
const schema = behaviourSchema;

/** The tasks started, one letter each (T: Throw, P: Punch), per tick. */
function started(events: readonly RunnerEvent[], ticks: number): string {
  let line = '';
  for (let t = 1; t <= ticks; t++) {
    const s = events.find((e) => e.tick === t && e.type === 'stepStarted');
    line += s !== undefined && s.type === 'stepStarted' ? s.step.task[0] : '.';
  }
  return line;
}

function run(agent: Agent, ticks: number): void {
  for (let i = 0; i < ticks; i++) agent.tick(DT);
}

describe.each([
  ['goap', goapPlanner],
  ['htn', htnPlanner],
])('behaviour decorators with %s', (_name, make) => {
  it('cooldown from the end: Throw at 0.25 s, then Punch until 1.25 s, Throw again then', () => {
    const { agent, events } = agentFor(make({ cooldown: 1 }));
    run(agent, 10);
    // t = 0.25 T (cooldown to 1.25), 0.5..1.0 P, 1.25 T (to 2.25), 1.5..2.0 P, 2.25 T, 2.5 P
    expect(started(events, 10)).toBe('TPPPTPPPTP');
  });

  it('cooldown from the start of a step that runs for two ticks', () => {
    let calls = 0;
    const twoTicks: Operator = { start: () => void (calls = 0), update: () => (++calls >= 2 ? OperatorStatus.Success : OperatorStatus.Running) };
    const { agent, events } = agentFor(make({ cooldown: 1, cooldownFrom: 'start' }), { Throw: twoTicks });
    run(agent, 8);
    // T starts at 0.25 (cooldown to 1.25) and ends at 0.5; P at 0.75 and 1.0; T at 1.25 (ends 1.5); P at 1.75, 2.0
    expect(started(events, 8)).toBe('T.PPT.PP');
  });

  it('once per agent: Throw runs one time, then never again', () => {
    const { agent, events } = agentFor(make({ once: true }));
    run(agent, 6);
    expect(started(events, 6)).toBe('TPPPPP');
    expect(agent.behaviour.doneForGood('Throw')).toBe(true);
  });

  it('retries: a failing Throw is started again twice, then the plan fails', () => {
    const fail: Operator = { update: () => OperatorStatus.Failure };
    const { agent, events } = agentFor(make({ retries: 2 }), { Throw: fail });
    run(agent, 3);
    const lines = events.filter((e) => e.type === 'stepFailed' || e.type === 'planFailed').map((e) => formatEvent(e).replace(/^.*?\[\w+\]\s+/, ''));
    expect(lines).toEqual([
      '✗ Throw: operator Throw failed (retry 1 of 2)',
      '✗ Throw: operator Throw failed (retry 2 of 2)',
      '✗ Throw: operator Throw failed',
      'plan failed: step Throw failed: operator Throw failed',
    ]);
    expect(started(events, 3)).toBe('TTT');
  });

  it('the availability view the planner gets names the cooldown left', () => {
    const { agent } = agentFor(make({ cooldown: 1 }));
    run(agent, 1);
    expect(agent.behaviour.cooldownLeft('Throw')).toBe(1);
    const view = agent.behaviour.availability('main');
    expect(view).toEqual({ unavailable: [{ name: 'Throw', seconds: 1, once: false }] });
  });

  it('save and restore mid-cooldown give the same event log as an uninterrupted run', () => {
    const whole = agentFor(make({ cooldown: 1 }));
    run(whole.agent, 12);
    const first = agentFor(make({ cooldown: 1 }));
    run(first.agent, 6); // 1.5 s: Throw's cooldown runs to 2.25
    const saved = JSON.parse(JSON.stringify(first.agent.behaviour.save()));
    const second = agentFor(make({ cooldown: 1 }));
    second.agent.behaviour.restore(saved);
    // The restored agent's clock starts at 0, so compare what happens in each tick from the save on.
    run(second.agent, 6);
    const tail = (events: RunnerEvent[], from: number) =>
      events.filter((e) => e.tick > from).map((e) => `${e.tick - from} ${e.type}${'step' in e ? ' ' + e.step.task : ''}`);
    // The first tick after a restore plans from no plan ('noPlan'), where the whole run replans a finished one.
    const strip = (lines: string[]) => lines.filter((l) => !l.includes('planFound') && !l.includes('planFinished'));
    expect(strip(tail(second.events, 0))).toEqual(strip(tail(whole.events, 6)));
    expect(started(second.events, 6)).toBe('PPTPPP');
  });
});

describe('checkEvery', () => {
  it('checks a running step’s executing conditions every 0.5 s, not every tick', () => {
    const guarded = defineActions(schema, [
      { name: 'Throw', executing: [eq(k.Ready, true)], effects: [set(k.Attacked, true)], decorators: { checkEvery: 0.5 } },
      { name: 'Punch', effects: [set(k.Attacked, true)], cost: 5 },
    ]);
    const planner = goapAgentPlanner(new GoapPlanner(compileGoapDomain(guarded, { goals: [{ name: 'Attack', conditions: [eq(k.Attacked, true)] }] })));
    const forever: Operator = { update: () => OperatorStatus.Running };
    const { agent, events } = agentFor(planner, { Throw: forever });
    agent.tick(DT); // 0.25: Throw starts; next check at 0.75
    agent.state.set(k.Ready, false);
    agent.tick(DT); // 0.5: not checked
    expect(events.some((e) => e.type === 'stepAborted')).toBe(false);
    agent.tick(DT); // 0.75: checked, aborted
    const aborted = events.find((e) => e.type === 'stepAborted');
    expect(aborted?.tick).toBe(3);
  });
});

describe('the availability view through a planning scheduler', () => {
  it.each([
    ['goap', goapPlanner],
    ['htn', htnPlanner],
  ])('%s: a scheduled planner honours the cooldown as a direct one does', (_name, make) => {
    const scheduler = new PlanningScheduler({ frameBudgetMs: 1000 });
    const { agent, events } = agentFor(scheduler.schedule(make({ cooldown: 1 })));
    for (let i = 0; i < 10; i++) {
      agent.tick(DT);
      scheduler.runFrame();
    }
    // The answer arrives after the tick that asked, so each attack starts a tick later than with a direct planner.
    const tasks = events.filter((e) => e.type === 'stepStarted').map((e) => (e.type === 'stepStarted' ? e.step.task[0] : ''));
    expect(tasks.join('')).toMatch(/^TP+TP+/);
    const throws = events.filter((e) => e.type === 'stepStarted' && e.step.task === 'Throw').map((e) => e.time);
    for (let i = 1; i < throws.length; i++) expect(throws[i] - throws[i - 1]).toBeGreaterThanOrEqual(1);
  });
});

describe('decorated HTN compounds and methods', () => {
  const plain = defineActions(schema, [
    { name: 'Throw', effects: [set(k.Attacked, true)], cost: 1 },
    { name: 'Punch', effects: [set(k.Attacked, true)], cost: 5 },
  ]);
  const planner = (tasks: TaskDef[]) => htnAgentPlanner(new HtnPlanner(compileHtnDomain(plain, { root: 'Attack', tasks })));

  it('a compound’s cooldown runs from its last step’s end', () => {
    const { agent, events } = agentFor(
      planner([
        { kind: 'compound', name: 'Attack', methods: [{ subtasks: ['Combo'] }, { subtasks: ['Punch'] }] },
        { kind: 'compound', name: 'Combo', decorators: { cooldown: 1 }, methods: [{ subtasks: ['Throw', 'Throw'] }] },
      ]),
    );
    run(agent, 10);
    // Combo runs 0.25-0.5 (cooldown to 1.5), Punch 0.75-1.25, Combo 1.5-1.75 (cooldown to 2.75), Punch after.
    expect(started(events, 10)).toBe('TTPPPTTPPP');
    expect(agent.behaviour.cooldownLeft('Combo')).toBe(0.25);
  });

  it('a compound’s cooldown from its first step’s start', () => {
    const { agent, events } = agentFor(
      planner([
        { kind: 'compound', name: 'Attack', methods: [{ subtasks: ['Combo'] }, { subtasks: ['Punch'] }] },
        { kind: 'compound', name: 'Combo', decorators: { cooldown: 1, cooldownFrom: 'start' }, methods: [{ subtasks: ['Throw', 'Throw'] }] },
      ]),
    );
    run(agent, 8);
    // Combo starts at 0.25 (cooldown to 1.25) and at 1.25 (to 2.25).
    expect(started(events, 8)).toBe('TTPPTTPP');
  });

  it('a method done once is not chosen again; its key is Compound/method', () => {
    const { agent, events } = agentFor(
      planner([{ kind: 'compound', name: 'Attack', methods: [{ name: 'ranged', subtasks: ['Throw'], decorators: { once: true } }, { subtasks: ['Punch'] }] }]),
    );
    run(agent, 5);
    expect(started(events, 5)).toBe('TPPPP');
    expect(agent.behaviour.doneForGood('Attack/ranged')).toBe(true);
  });

  it('the trace names a compound on cooldown', () => {
    const htn = new HtnPlanner(
      compileHtnDomain(plain, {
        root: 'Attack',
        tasks: [
          { kind: 'compound', name: 'Attack', methods: [{ subtasks: ['Combo'] }, { subtasks: ['Punch'] }] },
          { kind: 'compound', name: 'Combo', decorators: { cooldown: 8 }, methods: [{ name: 'twice', subtasks: ['Throw', 'Throw'] }] },
        ],
      }),
      { trace: true },
    );
    const r = htn.plan(createState(schema), undefined, { availability: { unavailable: [{ name: 'Combo', seconds: 3.2, once: false }] } });
    expect(r.plan?.steps.map((s) => s.task)).toEqual(['Punch']);
    expect(htn.trace).toContainEqual({
      type: 'method-rejected',
      task: 'Combo',
      method: 'twice',
      methodIndex: 0,
      reason: 'unavailable',
      condition: 'on cooldown for 3.2 s',
    });
  });

  it('retries on a compound are its steps’ scope (see compoundRetries.test.ts); a bad count is a typed error naming it', () => {
    const domain = compileHtnDomain(plain, {
      root: 'Combo',
      tasks: [{ kind: 'compound', name: 'Combo', decorators: { retries: 2 }, methods: [{ subtasks: ['Throw'] }] }],
    });
    const step = new HtnPlanner(domain).plan(createState(schema)).plan!.steps[0];
    expect(step.scopes?.map((s) => [s.key, s.decorators.retries])).toEqual([['Combo', 2]]);
    expect(() =>
      compileHtnDomain(plain, { tasks: [{ kind: 'compound', name: 'Combo', decorators: { retries: 0 }, methods: [{ subtasks: ['Throw'] }] }] }),
    ).toThrow(expect.objectContaining({ code: 'BAD_DECORATOR', subject: 'Combo' }));
  });
});

describe('GOAP goal cool-down', () => {
  it('after two failed Attack plans within 1 s, Attack is skipped for 1 s (the reason says so), then chosen again', () => {
    const goals = compileGoapDomain(
      defineActions(schema, [
        { name: 'Throw', effects: [set(k.Attacked, true)] },
        { name: 'Punch', effects: [set(k.Ready, false)] },
      ]),
      {
        goals: [
          { name: 'Attack', conditions: [eq(k.Attacked, true)], priority: 2, cooldown: { failures: 2, window: 1, seconds: 1 } },
          { name: 'Rest', conditions: [eq(k.Ready, false)], priority: 1 },
        ],
      },
    );
    const fail: Operator = { update: () => OperatorStatus.Failure };
    const { agent, events } = agentFor(goapAgentPlanner(new GoapPlanner(goals)), { Throw: fail });
    run(agent, 12);
    const found = events.filter((e) => e.type === 'planFound').map((e) => `${e.tick} ${e.type === 'planFound' ? e.reason : ''}`);
    // 0.25 and 0.5: Attack fails twice (cooling down until 1.5); 1.25: Rest; 1.5: Attack again.
    // After the second failure the runner backs off for its retry interval (0.5 s) before it plans again.
    expect(found.slice(0, 4)).toEqual(['1 goal Attack', '2 goal Attack', '5 goal Rest; cooling down: Attack 0.3 s', '6 goal Attack']);
  });

  it('a bad cool-down is a typed error naming the goal', () => {
    expect(() =>
      compileGoapDomain(defineActions(schema, [{ name: 'Throw' }]), {
        goals: [{ name: 'Attack', conditions: [], cooldown: { failures: 0, window: 1, seconds: 1 } }],
      }),
    ).toThrow(/The cool-down of goal "Attack" needs failures/);
  });
});
