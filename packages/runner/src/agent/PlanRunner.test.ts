import { describe, expect, it } from '@jest/globals';
import { planFound, add, check, createState, eq, ge, le, set, type AgentPlanner, type PlanStep } from '@dualplan/world-state';
import { createAgent } from './Agent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import type { OperatorMap } from '../contract/Operator.js';
import type { Sensor } from '../contract/Sensor.js';
import { collect, fixedClock, goalPlanner, makePlan, makeStep, mtrPlanner, scriptedOperator, testSchema, timedOperator } from '../testing/fakes.js';

const { Running, Success, Failure } = OperatorStatus;
const schema = testSchema();
const k = schema.keys;

function setup(planner: AgentPlanner, operators: OperatorMap, init?: (s: ReturnType<typeof createState<any>>) => void, sensors: Sensor[] = []) {
  const state = createState(schema);
  init?.(state);
  const c = collect();
  const agent = createAgent({ id: 'npc', state, ctx: { x: 0 }, planner, operators, sensors, onEvent: c.onEvent, clock: fixedClock });
  return {
    state,
    agent,
    c,
    ticks: (n: number, dt = 0.1) => {
      for (let i = 0; i < n; i++) agent.tick(dt);
    },
  };
}

const startedTasks = (events: ReturnType<typeof collect>['events']) =>
  events.filter((e) => e.type === 'stepStarted').map((e) => (e as { step: PlanStep }).step.task);

describe('PlanRunner semantics', () => {
  it("applies a step's effects exactly once, when its operator succeeds", () => {
    const slam = makeStep(schema, 'Slam', { effects: [add(k.Count, 1)] });
    const planner = mtrPlanner(schema, [{ mtr: [0], when: [eq(k.Count, 0)], steps: [slam] }]);
    const op = scriptedOperator([Running, Running, Success]);
    const { state, c, ticks } = setup(planner, { Op: op });
    ticks(2);
    expect(state.get(k.Count)).toBe(0); // still running: nothing applied yet
    ticks(8);
    expect(state.get(k.Count)).toBe(1);
    expect(state.changeCounts[state.schema.cellOf(k.Count)]).toBe(1);
    expect(c.types().filter((t) => t === 'stepSucceeded:Slam')).toHaveLength(1);
    expect(c.types()).toContain('planFinished');
    expect(c.types()).toContain('planNotFound'); // replanned after finishing; Count == 1 now
  });

  it('never applies expected effects to the real state; they only let validation look ahead', () => {
    const nav = makeStep(schema, 'NavToLastEnemyLoc', { expected: [set(k.Seen, true)] });
    const roar = makeStep(schema, 'RegainLOSRoar', { conditions: [eq(k.Seen, true)], effects: [set(k.Tired, true)] });
    const planner = mtrPlanner(schema, [{ mtr: [0], when: [eq(k.Seen, false)], steps: [nav, roar] }]);
    const { state, c, ticks } = setup(planner, { Op: scriptedOperator([Success]) });
    ticks(1);
    expect(c.types().slice(0, 3)).toEqual(['planFound', 'stepStarted:NavToLastEnemyLoc', 'stepSucceeded:NavToLastEnemyLoc']);
    expect(state.get(k.Seen)).toBe(false);
    ticks(1); // the vision "sensor" never saw the enemy: the roar's condition fails on the real state
    expect(startedTasks(c.events)).not.toContain('RegainLOSRoar');
    const failed = c.events.find((e) => e.type === 'planFailed');
    expect(failed && failed.type === 'planFailed' && failed.reason).toBe('conditions of RegainLOSRoar fail: Seen == true');
    expect(state.get(k.Seen)).toBe(false);
  });

  it('runs the looked-ahead step once a sensor makes the expectation true', () => {
    const nav = makeStep(schema, 'NavToLastEnemyLoc', { expected: [set(k.Seen, true)] });
    const roar = makeStep(schema, 'RegainLOSRoar', { conditions: [eq(k.Seen, true)], effects: [set(k.Tired, true)] });
    const planner = mtrPlanner(schema, [{ mtr: [0], when: [eq(k.Seen, false)], steps: [nav, roar] }]);
    const { state, c, ticks } = setup(planner, { Op: scriptedOperator([Success]) });
    ticks(1);
    state.set(k.Seen, true);
    ticks(1);
    expect(startedTasks(c.events)).toEqual(['NavToLastEnemyLoc', 'RegainLOSRoar']);
    expect(state.get(k.Tired)).toBe(true);
  });

  it('fails the plan early when a later step became invalid, before reaching it', () => {
    const walk = makeStep(schema, 'Walk', { operator: 'Walk', effects: [set(k.Navigating, true)] });
    const strike = makeStep(schema, 'Strike', { conditions: [eq(k.B, true)] });
    const planner = mtrPlanner(schema, [{ mtr: [0], when: [eq(k.B, true)], steps: [walk, strike] }]);
    const walkOp = timedOperator(5);
    const { state, c, ticks } = setup(planner, { Walk: walkOp, Op: scriptedOperator([Success]) });
    ticks(2);
    state.set(k.B, false);
    ticks(1);
    expect(c.types().slice(-3)).toEqual(['stepAborted:Walk', 'planFailed', 'planNotFound']);
    const failed = c.events.find((e) => e.type === 'planFailed');
    expect(failed?.type === 'planFailed' && failed.reason).toBe('plan invalid: step 1 Strike: B == true');
    expect(walkOp.log).toEqual(['start Walk', 'abort Walk']);
    expect(state.get(k.Navigating)).toBe(false); // the aborted step's effects never applied
    expect(startedTasks(c.events)).toEqual(['Walk']);
  });

  it('checks executing conditions every tick and aborts the step when one breaks', () => {
    let checks = 0;
    const alive = check('enemyAlive', (s) => {
      checks++;
      return s.get(k.A) === true;
    });
    const channel = makeStep(schema, 'Channel', { executing: [alive], effects: [add(k.Count, 5)] });
    const planner = mtrPlanner(schema, [{ mtr: [0], when: [eq(k.A, true)], steps: [channel] }]);
    const op = timedOperator(10);
    const { state, c, ticks } = setup(planner, { Op: op });
    ticks(4);
    expect(checks).toBe(3); // ticks 2..4: from the tick after the step started
    state.set(k.A, false);
    ticks(1);
    const aborted = c.events.find((e) => e.type === 'stepAborted');
    expect(aborted?.type === 'stepAborted' && aborted.reason).toBe('executing condition enemyAlive() failed');
    expect(op.log).toEqual(['start Channel', 'abort Channel']);
    expect(state.get(k.Count)).toBe(0);
    expect(c.types()).toContain('planFailed');
  });

  describe('own effects (the whirlwind bug: a power-up set by the step itself must not abort its plan)', () => {
    const build = () => {
      const slam = makeStep(schema, 'DoTrunkSlam', { conditions: [eq(k.Tired, false)], effects: [add(k.Power, 1), set(k.Tired, true)] });
      const recover = makeStep(schema, 'DoRecovery', { effects: [set(k.Tired, false)] });
      const whirl = makeStep(schema, 'DoWhirlwind', { conditions: [ge(k.Power, 3)], effects: [set(k.Power, 0)] });
      return mtrPlanner(schema, [
        { mtr: [0], when: [ge(k.Power, 3)], steps: [whirl] },
        { mtr: [1], when: [eq(k.Tired, false)], steps: [slam, recover] },
      ]);
    };

    it("does not replan because of the plan's own effects", () => {
      const planner = build();
      const { state, c, ticks } = setup(planner, { Op: timedOperator(2) }, (s) => s.set(k.Power, 2));
      ticks(4);
      expect(state.get(k.Power)).toBe(3); // the slam powered up...
      expect(planner.calls).toBe(1); // ...and the runner did not replan on it
      expect(c.types()).toEqual([
        'planFound',
        'stepStarted:DoTrunkSlam',
        'stepSucceeded:DoTrunkSlam',
        'stepStarted:DoRecovery',
        'stepSucceeded:DoRecovery',
        'planFinished',
      ]);
    });

    it('does replan on an outside change, which lets the higher-priority whirlwind interrupt the recovery', () => {
      const planner = build();
      const { state, c, ticks } = setup(planner, { Op: timedOperator(2) }, (s) => s.set(k.Power, 2));
      ticks(3); // DoRecovery running
      state.set(k.Count, 1); // something unrelated changes from outside
      ticks(1);
      expect(planner.calls).toBe(2);
      const replaced = c.events.find((e) => e.type === 'planReplaced');
      expect(replaced?.type === 'planReplaced' && [replaced.trigger, replaced.reason]).toEqual(['worldChanged', 'MTR 0 beats 1']);
      expect(c.types()).toContain('stepAborted:DoRecovery');
    });
  });

  it('replans when a sensor changes the world, and replaces the plan with a higher-MTR one', () => {
    const attack = makeStep(schema, 'Attack', { conditions: [eq(k.Seen, true)] });
    const patrol = makeStep(schema, 'Patrol');
    const planner = mtrPlanner(schema, [
      { mtr: [0], when: [eq(k.Seen, true)], steps: [attack] },
      { mtr: [1], steps: [patrol] },
    ]);
    const eyes: Sensor = { name: 'eyes', interval: 0.25, update: (agent) => agent.state.set(k.Seen, agent.time >= 1) };
    const { c, ticks, agent } = setup(planner, { Op: scriptedOperator([Running]) }, undefined, [eyes]);
    ticks(3, 0.25);
    expect(planner.calls).toBe(1);
    ticks(1, 0.25); // t = 1: the sensor sees the enemy
    expect(planner.calls).toBe(2);
    const replaced = c.events.find((e) => e.type === 'planReplaced');
    expect(replaced?.type === 'planReplaced' && [replaced.tick, replaced.trigger, replaced.reason]).toEqual([4, 'worldChanged', 'MTR 0 beats 1']);
    expect(c.types()).toContain('stepAborted:Patrol');
    expect(agent.runner().plan?.steps[0].task).toBe('Attack');
    expect(agent.state.externalChanges).toBe(0); // the agent clears the marks each tick
  });

  it('refuses a lower-priority MTR and keeps the running plan', () => {
    const slam = makeStep(schema, 'Slam', { effects: [add(k.Count, 1)] });
    const thr = makeStep(schema, 'ThrowBoulder');
    const planner = mtrPlanner(schema, [
      { mtr: [0], when: [eq(k.Seen, true)], steps: [slam] },
      { mtr: [1], steps: [thr] },
    ]);
    const { state, c, ticks } = setup(planner, { Op: timedOperator(3) }, (s) => s.set(k.Seen, true));
    ticks(1);
    state.set(k.Seen, false);
    ticks(3);
    const skipped = c.events.find((e) => e.type === 'replanSkipped');
    expect(skipped?.type === 'replanSkipped' && skipped.reason).toBe('MTR 1 is lower priority than 0');
    expect(c.types()).not.toContain('planReplaced');
    expect(c.types()).toContain('stepSucceeded:Slam');
    expect(state.get(k.Count)).toBe(1);
  });

  describe('GOAP goal switching', () => {
    const build = () => {
      const walkLeft = makeStep(schema, 'WalkLeft', { operator: 'Walk', conditions: [le(k.Count, 2)] });
      const walkRight = makeStep(schema, 'WalkRight', { operator: 'Walk', cost: 2 });
      const shoot = makeStep(schema, 'Shoot', { effects: [set(k.Seen, false)] });
      return goalPlanner(schema, [
        { name: 'Patrol', priority: 1, options: [[walkLeft], [walkRight]] },
        { name: 'Kill', priority: 5, when: [eq(k.Seen, true)], options: [[shoot]] },
      ]);
    };

    it('switches only when a higher-priority goal becomes valid', () => {
      const planner = build();
      const { state, c, ticks } = setup(planner, { Walk: scriptedOperator([Running]), Op: scriptedOperator([Running]) });
      ticks(2);
      state.set(k.Count, 5); // the same goal now prefers another route: no switch
      ticks(1);
      expect(c.types()).not.toContain('planReplaced');
      const skipped = c.events.find((e) => e.type === 'replanSkipped');
      expect(skipped?.type === 'replanSkipped' && skipped.reason).toBe('goal Patrol does not outrank Patrol');
      state.set(k.Seen, true);
      ticks(1);
      const replaced = c.events.find((e) => e.type === 'planReplaced');
      expect(replaced?.type === 'planReplaced' && replaced.reason).toBe('goal Kill (5) outranks Patrol (1)');
      expect(startedTasks(c.events)).toEqual(['WalkLeft', 'Shoot']);
    });

    it('skips a replan whose plan equals the rest of the running one', () => {
      const planner = build();
      const { state, c, ticks } = setup(planner, { Walk: scriptedOperator([Running]), Op: scriptedOperator([Running]) });
      ticks(1);
      state.set(k.Tired, true);
      ticks(1);
      const skipped = c.events.find((e) => e.type === 'replanSkipped');
      expect(skipped?.type === 'replanSkipped' && skipped.reason).toBe('the new plan equals the rest of the running plan');
    });

    it('feeds a failed step back to the planner, which then picks the alternative', () => {
      const shoot = makeStep(schema, 'Shoot', { operator: 'Shoot', sourceId: 1, effects: [set(k.Count, 1)] });
      const bomb = makeStep(schema, 'Bomb', { operator: 'Bomb', sourceId: 2, cost: 5, effects: [set(k.Count, 1)] });
      const planner = goalPlanner(schema, [{ name: 'Kill', priority: 1, when: [eq(k.Count, 0)], options: [[shoot], [bomb]] }]);
      const { state, c, ticks } = setup(planner, { Shoot: scriptedOperator([Failure]), Bomb: scriptedOperator([Success]) });
      ticks(2);
      expect(planner.failed.map((s) => s.task)).toEqual(['Shoot']);
      expect(c.types()).toEqual([
        'planFound',
        'stepStarted:Shoot',
        'stepFailed:Shoot',
        'planFailed',
        'planFound',
        'stepStarted:Bomb',
        'stepSucceeded:Bomb',
        'planFinished',
      ]);
      expect(state.get(k.Count)).toBe(1);
    });
  });

  describe('interrupt policies', () => {
    const run = (interrupt: 'immediate' | 'boundary' | 'uninterruptible') => {
      const attack = makeStep(schema, 'Attack', { operator: 'Attack', conditions: [eq(k.Seen, true)] });
      const emote = makeStep(schema, 'Emote', { operator: 'Emote', interrupt, effects: [add(k.Count, 1)] });
      const idle = makeStep(schema, 'Idle', { operator: 'Idle' });
      const planner = mtrPlanner(schema, [
        { mtr: [0], when: [eq(k.Seen, true)], steps: [attack] },
        { mtr: [1], steps: [emote, idle] },
      ]);
      const emoteOp = timedOperator(3);
      const s = setup(planner, { Attack: scriptedOperator([Running]), Emote: emoteOp, Idle: scriptedOperator([Running]) });
      s.ticks(1);
      s.state.set(k.Seen, true);
      return { ...s, emoteOp };
    };

    it('immediate: aborts the running step at once', () => {
      const { state, c, ticks, emoteOp } = run('immediate');
      ticks(1);
      expect(c.types().slice(2)).toEqual(['stepAborted:Emote', 'planReplaced', 'stepStarted:Attack']);
      expect(emoteOp.log).toEqual(['start Emote', 'abort Emote']);
      expect(state.get(k.Count)).toBe(0);
    });

    it('boundary: lets the step finish, then switches', () => {
      const { state, c, ticks, agent } = run('boundary');
      ticks(1);
      expect(c.types().slice(2)).toEqual(['replanSkipped']);
      ticks(2);
      expect(state.get(k.Count)).toBe(1);
      expect(c.types().slice(2)).toEqual(['replanSkipped', 'stepSucceeded:Emote', 'planReplaced', 'stepStarted:Attack']);
      expect(startedTasks(c.events)).not.toContain('Idle');
      expect(agent.tickCount).toBe(4);
    });

    it('uninterruptible: skips the replan and keeps the plan', () => {
      const { state, c, ticks } = run('uninterruptible');
      ticks(3);
      expect(state.get(k.Count)).toBe(1);
      const skipped = c.events.find((e) => e.type === 'replanSkipped');
      expect(skipped?.type === 'replanSkipped' && skipped.reason).toBe('step Emote is uninterruptible');
      expect(startedTasks(c.events)).toEqual(['Emote', 'Idle']);
      state.set(k.Tired, true); // the next outside change replans as usual
      ticks(1);
      expect(startedTasks(c.events)).toEqual(['Emote', 'Idle', 'Attack']);
    });
  });

  it('keeps a running step when the replacing plan starts with the same step', () => {
    const nav = makeStep(schema, 'NavigateToEnemy', { operator: 'Nav' });
    const slam = makeStep(schema, 'Slam');
    const roar = makeStep(schema, 'Roar');
    const planner = mtrPlanner(schema, [
      { mtr: [0], when: [eq(k.Seen, true)], steps: [nav, slam] },
      { mtr: [1], steps: [nav, roar] },
    ]);
    const navOp = timedOperator(5);
    const { state, c, ticks } = setup(planner, { Nav: navOp, Op: scriptedOperator([Success]) });
    ticks(1);
    state.set(k.Seen, true);
    ticks(1);
    const replaced = c.events.find((e) => e.type === 'planReplaced');
    expect(replaced?.type === 'planReplaced' && replaced.continued).toBe(true);
    expect(navOp.log).toEqual(['start NavigateToEnemy']);
    ticks(4);
    expect(startedTasks(c.events)).toEqual(['NavigateToEnemy', 'Slam']);
  });

  it('waits retryInterval before asking again when there is no plan and nothing changed', () => {
    const planner = mtrPlanner(schema, [{ mtr: [0], when: [eq(k.Seen, true)], steps: [makeStep(schema, 'Attack')] }]);
    const { state, ticks } = setup(planner, { Op: scriptedOperator([Running]) });
    ticks(10, 0.1); // default retryInterval 0.5 s
    expect(planner.calls).toBe(2);
    state.set(k.Seen, true);
    ticks(1, 0.1);
    expect(planner.calls).toBe(3);
  });

  it('backs off when plans keep failing in an unchanged world, and replans at once on a change', () => {
    const search = makeStep(schema, 'Search', { operator: 'Search', expected: [set(k.Seen, true)] });
    const roar = makeStep(schema, 'Roar', { conditions: [eq(k.Seen, true)] });
    const planner = mtrPlanner(schema, [{ mtr: [0], steps: [search, roar] }]);
    const { state, c, ticks } = setup(planner, { Search: scriptedOperator([Success]), Op: scriptedOperator([Success]) });
    ticks(5, 0.1); // plan, Search ok, Roar fails; again; then the runner stops spinning
    expect(planner.calls).toBe(2);
    const skipped = c.events.find((e) => e.type === 'replanSkipped');
    expect(skipped?.type === 'replanSkipped' && skipped.reason).toBe('backing off: 2 plans failed in a row with no outside change');
    ticks(3, 0.1);
    expect(planner.calls).toBe(2);
    state.set(k.Seen, true);
    ticks(2, 0.1);
    expect(planner.calls).toBe(3);
    expect(startedTasks(c.events).slice(-2)).toEqual(['Search', 'Roar']);
  });

  it('finishes an empty plan at once (goal already holds) and does not spin', () => {
    const planner: AgentPlanner = {
      kind: 'goap',
      operators: [],
      plan: () => planFound(makePlan('goap', [], {}), 'satisfied'),
      shouldReplace: () => ({ replace: false, reason: '' }),
    };
    const { c, ticks } = setup(planner, {});
    ticks(3, 0.1);
    expect(c.types()).toEqual(['planFound', 'planFinished']);
  });

  it('does not start a plan that is invalid from the start', () => {
    const bad = makeStep(schema, 'Bad', { conditions: [eq(k.Seen, true)] });
    const planner: AgentPlanner = {
      kind: 'x',
      operators: [],
      plan: () => planFound(makePlan('x', [bad], {}), ''),
      shouldReplace: () => ({ replace: false, reason: '' }),
    };
    const { c, ticks } = setup(planner, { Op: scriptedOperator([Success]) });
    ticks(1);
    expect(c.types()).toEqual(['planFound', 'planFailed']);
    const failed = c.events[1];
    expect(failed.type === 'planFailed' && failed.reason).toBe('invalid from the start: step 0 Bad: Seen == true');
  });
});
