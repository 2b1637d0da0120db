import { describe, expect, it } from '@jest/globals';
import { applyEffects, ChangeSource, createState, type Snapshot, type WorldState } from '@dualplan/world-state';
import { EnemyRange, TrollLocation, TrollOperator } from '@dualplan/world-state/examples';
import { compareMtr } from '../diagnostics/compareMtr.js';
import type { HtnDomain } from '../domain/HtnDomain.js';
import type { HtnPlan } from '../search/HtnPlan.js';
import { HtnPlanner } from '../HtnPlanner.js';
import { trollBasicDomain, trollHtnDomain, trollTrunkDomain } from './trollHtnDomain.js';

function planFor(domain: HtnDomain, snapshot: Snapshot): HtnPlan {
  const outcome = new HtnPlanner(domain).plan(createState(domain.schema, snapshot));
  expect(outcome.status).toBe('found');
  return outcome.plan!;
}
const names = (plan: HtnPlan) => plan.steps.map((s) => s.task);

/** Apply a plan's first `count` steps' real effects, as a runner would. */
function execute(plan: HtnPlan, state: WorldState<any>, count: number): void {
  for (let i = 0; i < count; i++) applyEffects(plan.steps[i].effects, state, undefined, ChangeSource.Own);
}

describe('Trunk Thumper base domain', () => {
  it('navigates and slams when it sees an enemy', () => {
    const plan = planFor(trollBasicDomain(), { WsCanSeeEnemy: true });
    expect(names(plan)).toEqual(['NavigateToEnemy', 'DoTrunkSlam']);
    expect(plan.steps[0]).toMatchObject({ operator: TrollOperator.NavigateTo, args: [TrollLocation.Enemy] });
    expect(plan.steps[1]).toMatchObject({ operator: TrollOperator.TrunkSlam, args: ['TrunkSlamAnim'] });
    expect(plan.meta.mtr).toEqual([0]);
  });

  it('patrols its bridges otherwise', () => {
    const plan = planFor(trollBasicDomain(), {});
    expect(names(plan)).toEqual(['ChooseBridgeToCheck', 'NavigateToBridge', 'CheckBridge']);
    expect(plan.meta.mtr).toEqual([1]);
    // NavigateToBridge runs the same operator as NavigateToEnemy, with its own argument.
    const navigate = planFor(trollBasicDomain(), { WsCanSeeEnemy: true }).steps[0];
    expect(plan.steps[1]).toMatchObject({ task: 'NavigateToBridge', operator: TrollOperator.NavigateTo, args: [TrollLocation.Bridge] });
    expect(plan.steps[1].operator).toBe(navigate.operator);
    expect(plan.steps[1].args).not.toEqual(navigate.args);
  });

  it('shares one operator between tasks with different effects', () => {
    const domain = trollBasicDomain();
    const enemy = planFor(domain, { WsCanSeeEnemy: true }).steps[0];
    const bridge = planFor(domain, {}).steps[1];
    expect(enemy.operator).toBe(bridge.operator);
    expect(enemy.effects.describe(0)).toBe('WsLocation = Enemy');
    expect(bridge.effects.describe(0)).toBe('WsLocation = Bridge');
  });
});

describe('Trunk Thumper recursion (the trunk breaks)', () => {
  it('fetches a new trunk when it has none: FindTrunk → NavigateToTrunk → UprootTrunk → NavigateToEnemy → DoTrunkSlam', () => {
    const plan = planFor(trollTrunkDomain(), { WsCanSeeEnemy: true, WsTrunkHealth: 0 });
    expect(names(plan)).toEqual(['FindTrunk', 'NavigateToTrunk', 'UprootTrunk', 'NavigateToEnemy', 'DoTrunkSlam']);
    expect(plan.meta.mtr).toEqual([0, 1, 0]);
  });

  it('slams with a healthy trunk, and each slam costs one hit', () => {
    const domain = trollTrunkDomain();
    const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 1 });
    const plan = new HtnPlanner(domain).plan(state).plan!;
    expect(names(plan)).toEqual(['NavigateToEnemy', 'DoTrunkSlam']);
    execute(plan, state, 2);
    expect(state.get(domain.schema.keys.WsTrunkHealth)).toBe(0);
    expect(names(new HtnPlanner(domain).plan(state).plan!)[0]).toBe('FindTrunk');
  });

  it('turns runaway recursion (an uproot that never restores the trunk) into a budget failure', () => {
    const domain = trollTrunkDomain(undefined, { uprootRestoresTrunk: false });
    const outcome = new HtnPlanner(domain, { maxDepth: 50 }).plan(createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 }));
    expect(outcome.status).toBe('budget');
    expect(outcome.plan).toBeNull();
    expect(outcome.reason).toMatch(/depth limit of 50.*AttackEnemy/);
  });
});

describe('Trunk Thumper expected effects', () => {
  it('plans RegainLOSRoar after NavToLastEnemyLoc thanks to the expected effect', () => {
    const plan = planFor(trollHtnDomain(), { WsHasSeenEnemyRecently: true });
    expect(names(plan)).toEqual(['NavToLastEnemyLoc', 'RegainLOSRoar']);
    expect(plan.steps[0].expectedEffects.describe(0)).toBe('WsCanSeeEnemy = true');
    expect(plan.meta.mtr).toEqual([1]);
  });

  it('never applies expected effects to the real state', () => {
    const domain = trollHtnDomain();
    const state = createState(domain.schema, { WsHasSeenEnemyRecently: true });
    const plan = new HtnPlanner(domain).plan(state).plan!;
    execute(plan, state, 1);
    expect(state.get(domain.schema.keys.WsCanSeeEnemy)).toBe(false);
    expect(state.get(domain.schema.keys.WsLocation)).toBe(TrollLocation.LastEnemyLoc);
  });
});

describe('Trunk Thumper plan priority (MTR)', () => {
  const slamState = { WsCanSeeEnemy: true, WsTrunkHealth: 3 } as const;

  it.each([
    [{ ...slamState, WsPowerUp: 3 }, ['DoWhirlwindTrunkAttack', 'DoRecovery'], [0, 0]],
    [slamState, ['NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery'], [0, 1]],
    [{ WsCanSeeEnemy: true }, ['FindTrunk', 'NavigateToTrunk', 'UprootTrunk', 'NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery'], [0, 2, 1]],
    [{ ...slamState, WsCanNavigateToEnemy: false }, ['ThrowBoulder', 'DoRecovery'], [0, 3]],
    [{ WsHasSeenEnemyRecently: true }, ['NavToLastEnemyLoc', 'RegainLOSRoar'], [1]],
    [{}, ['ChooseBridgeToCheck', 'NavigateToBridge', 'CheckBridge'], [2]],
  ] as const)('plan %# has the MTR documented in docs/htn.md', (snapshot, steps, mtr) => {
    const plan = planFor(trollHtnDomain(), snapshot as Snapshot);
    expect(names(plan)).toEqual(steps);
    expect(plan.meta.mtr).toEqual(mtr);
  });

  it('slams then recovers; a boulder throw is the fallback when it cannot reach the enemy', () => {
    expect(names(planFor(trollHtnDomain(), slamState))).toEqual(['NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']);
    const blocked = planFor(trollHtnDomain(), { ...slamState, WsCanNavigateToEnemy: false });
    expect(names(blocked)).toEqual(['ThrowBoulder', 'DoRecovery']);
    expect(blocked.meta.mtr).toEqual([0, 3]);
  });

  it('a replan during DoRecovery finds only a lower-priority plan, so recovery is not interrupted', () => {
    const domain = trollHtnDomain();
    const state = createState(domain.schema, slamState);
    const running = structuredClone(new HtnPlanner(domain).plan(state).plan!.meta.mtr);
    execute(planFor(domain, slamState), state, 2); // NavigateToEnemy, DoTrunkSlam done; DoRecovery running
    const candidate = new HtnPlanner(domain).plan(state).plan!;
    expect(names(candidate)).toEqual(['ThrowBoulder', 'DoRecovery']);
    expect(compareMtr(candidate.meta.mtr, running)).toBeGreaterThan(0);
  });

  it('without WsIsTired, the third slam powers up a whirlwind that outranks and aborts the recovery (the recovery bug)', () => {
    const domain = trollHtnDomain({ tired: false });
    const state = createState(domain.schema, { ...slamState, WsPowerUp: 2 });
    const plan = new HtnPlanner(domain).plan(state).plan!;
    expect(names(plan)).toEqual(['NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']);
    const running = structuredClone(plan.meta.mtr);
    execute(plan, state, 2);
    const candidate = new HtnPlanner(domain).plan(state).plan!;
    expect(names(candidate)).toEqual(['DoWhirlwindTrunkAttack', 'DoRecovery']);
    expect(compareMtr(candidate.meta.mtr, running)).toBeLessThan(0);
  });

  it('with WsIsTired, the third slam does not let the whirlwind interrupt recovery; after recovering it whirls', () => {
    const domain = trollHtnDomain();
    const state = createState(domain.schema, { ...slamState, WsPowerUp: 2 });
    const plan = new HtnPlanner(domain).plan(state).plan!;
    const running = structuredClone(plan.meta.mtr);
    execute(plan, state, 2);
    const candidate = new HtnPlanner(domain).plan(state).plan!;
    expect(names(candidate)).not.toContain('DoWhirlwindTrunkAttack');
    expect(compareMtr(candidate.meta.mtr, running)).toBeGreaterThan(0);
    applyEffects(plan.steps[2].effects, state, undefined, ChangeSource.Own); // DoRecovery completes
    expect(names(new HtnPlanner(domain).plan(state).plan!)).toEqual(['DoWhirlwindTrunkAttack', 'DoRecovery']);
  });

  it('a higher-priority plan replaces a lower one: the patrolling troll spots an enemy', () => {
    const domain = trollHtnDomain();
    const state = createState(domain.schema, {});
    const patrol = new HtnPlanner(domain).plan(state).plan!;
    const running = structuredClone(patrol.meta.mtr);
    expect(running).toEqual([2]);
    state.set(domain.schema.keys.WsCanSeeEnemy, true);
    const attack = new HtnPlanner(domain).plan(state).plan!;
    expect(compareMtr(attack.meta.mtr, running)).toBeLessThan(0);
  });

  it('backtracks out of the slam method when the slam itself is invalid (no stamina)', () => {
    const plan = planFor(trollHtnDomain(), { ...slamState, WsStamina: 0 });
    expect(names(plan)).toEqual(['ThrowBoulder', 'DoRecovery']);
    expect(plan.stats.backtracks).toBeGreaterThan(0);
  });
});

describe('Trunk Thumper partial plans', () => {
  it('split: navigates only while out of melee range, then slams once there', () => {
    const domain = trollHtnDomain({ partial: 'split' });
    const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3, WsEnemyRange: 'View' });
    const first = new HtnPlanner(domain).plan(state).plan!;
    expect(names(first)).toEqual(['NavigateToEnemy']);
    execute(first, state, 1);
    expect(state.get(domain.schema.keys.WsEnemyRange)).toBe(EnemyRange.Melee);
    expect(names(new HtnPlanner(domain).plan(state).plan!)).toEqual(['DoTrunkSlam', 'DoRecovery']);
  });

  it('pause: returns the steps up to the pause point plus a continuation, and resumes from it', () => {
    const domain = trollHtnDomain({ partial: 'pause' });
    const planner = new HtnPlanner(domain);
    const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
    const first = planner.plan(state).plan!;
    expect(names(first)).toEqual(['NavigateToEnemy']);
    expect(first.meta.partial).toBe(true);
    const continuation = first.meta.continuation!;
    expect(continuation.tasks.map((t) => t.task)).toEqual(['DoTrunkSlam', 'DoRecovery']);
    expect(continuation.mtr).toEqual([0, 1]);
    const json = JSON.parse(JSON.stringify(continuation));
    execute(first, state, 1);
    const rest = planner.resume(json, state).plan!;
    expect(names(rest)).toEqual(['DoTrunkSlam', 'DoRecovery']);
    expect(rest.meta.mtr).toEqual([0, 1]);
    expect(rest.meta.partial).toBe(false);
  });

  it('a resumed continuation cannot backtrack before the pause: an invalid rest is no plan', () => {
    const domain = trollHtnDomain({ partial: 'pause' });
    const planner = new HtnPlanner(domain);
    const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
    const continuation = planner.plan(state).plan!.meta.continuation!;
    state.set(domain.schema.keys.WsStamina, 0);
    expect(planner.resume(continuation, state).status).toBe('none');
  });
});
