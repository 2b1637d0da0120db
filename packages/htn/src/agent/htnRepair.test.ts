import { describe, expect, it } from '@jest/globals';
import { applyEffects, ChangeSource, createState, validatePlan, type Plan, type WorldState } from '@dualplan/world-state';
import { soldierActions } from '@dualplan/world-state/examples';
import { defineActions, defineSchema, bool, eq, set } from '@dualplan/world-state';
import { trollHtnDomain } from '../examples/trollHtnDomain.js';
import { soldierHtnDomain } from '../examples/soldierHtnDomain.js';
import { gunCombatDomain, npcActions, npcHtnDomain } from '../examples/npcHtnDomain.js';
import { htnDomainBuilder } from '../domain/HtnDomainBuilder.js';
import { compileHtnDomain } from '../domain/compileHtnDomain.js';
import type { TaskDef } from '../domain/HtnDomainDef.js';
import { HtnPlanner } from '../HtnPlanner.js';
import type { HtnMeta } from '../search/HtnPlan.js';
import { adjustHtnPlan, repairHtnPlan, treeOf } from './htnRepair.js';
import { htnAgentPlanner } from './htnAgentPlanner.js';

const names = (plan: Plan) => plan.steps.map((s) => s.task);
const run = (plan: Plan, state: WorldState<any>, count: number) => {
  for (let i = 0; i < count; i++) applyEffects(plan.steps[i].effects, state, undefined, ChangeSource.Own);
};

describe('the decomposition tree of a plan', () => {
  it('names the compounds above each step of the troll fetching a new trunk', () => {
    const planner = new HtnPlanner(trollHtnDomain());
    const plan = planner.plan(createState(planner.domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 })).plan!;
    expect(names(plan)).toEqual(['FindTrunk', 'NavigateToTrunk', 'UprootTrunk', 'NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']);
    const tree = treeOf(planner, plan)!;
    const d = planner.domain;
    expect(tree.compounds.map((c) => `${d.taskNames[c.task]}.${d.methodNames[c.method]} [${c.start},${c.end}) mtr [${c.mtrAt},${c.mtrEnd})`)).toEqual([
      'BeTrunkThumper.Attack [0,6) mtr [0,3)',
      'AttackEnemy.GetNewTrunk [0,6) mtr [1,3)',
      'AttackEnemy.TrunkSlam [3,6) mtr [2,3)',
    ]);
    expect(Array.from(tree.stepParent)).toEqual([1, 1, 1, 2, 2, 2]);
  });

  it('replays a plugged slot and a utility compound with an optional subtask (the NPC with a gun)', () => {
    const actions = npcActions();
    const planner = new HtnPlanner(npcHtnDomain(actions));
    planner.plug('Combat', gunCombatDomain(actions));
    const plan = planner.plan(createState(actions.schema, { EnemyNear: true, Ammo: 0 })).plan!;
    expect(names(plan)).toEqual(['TakeCover', 'Reload', 'Shoot']);
    const tree = treeOf(planner, plan)!;
    expect(tree.compounds.map((c) => planner.planningDomain.taskNames[c.task])).toEqual(['BeNpc', 'GunCombat', expect.stringContaining('optional TakeCover')]);
  });
});

describe('plan repair (HTN)', () => {
  it('re-decomposes the lowest compound whose method still applies, keeping what was committed above it', () => {
    const planner = new HtnPlanner(trollHtnDomain());
    const state = createState(planner.domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 });
    const plan = planner.plan(state).plan!;
    run(plan, state, 3); // the trunk is uprooted; NavigateToEnemy (step 3) fails
    const mended = repairHtnPlan(planner, plan, 3, state, undefined)!;
    expect(mended.from).toBe('compound AttackEnemy');
    expect(names(mended.plan)).toEqual(['NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']);
    // The MTR keeps the choices above the repaired compound (Attack, GetNewTrunk) and the new one below (TrunkSlam).
    expect((mended.plan.meta as HtnMeta).mtr).toEqual([0, 2, 1]);
    expect(validatePlan(mended.plan.steps, 0, state, state.clone()).step).toBe(-1);
    // A full replan finds the same steps (its MTR skips GetNewTrunk: the trunk is there now).
    const full = planner.plan(state).plan!;
    expect(names(full)).toEqual(names(mended.plan));
  });

  it('goes up to a compound whose method still applies, and keeps the steps after it', () => {
    const actions = soldierActions();
    const planner = new HtnPlanner(soldierHtnDomain(actions));
    const state = createState(actions.schema);
    const plan = planner.plan(state).plan!;
    expect(names(plan)).toEqual(['scout', 'load', 'aim', 'shoot']);
    run(plan, state, 1);
    // load (step 1) failed: PrepareShot.LoadAndAim (no conditions) still applies, so PrepareShot is planned again.
    const mended = repairHtnPlan(planner, plan, 1, state, undefined)!;
    expect(mended.from).toBe('compound PrepareShot');
    expect(names(mended.plan)).toEqual(['load', 'aim', 'shoot']);
  });

  it("goes above a compound whose steps carry an ancestor method's run-time check, so the repaired steps keep it", () => {
    const schema = defineSchema({ Ready: bool(), Done: bool() });
    const actions = defineActions(schema, [{ name: 'A' }, { name: 'B', effects: [set(schema.keys.Done, true)] }]);
    const domain = htnDomainBuilder(actions, 'checked')
      .compound('Root')
      .method((k) => [eq(k.Ready, true)], { name: 'Checked', check: 'tick' })
      .task('Inner')
      .end()
      .compound('Inner')
      .method()
      .task('A')
      .task('B')
      .end()
      .build();
    const planner = new HtnPlanner(domain);
    const state = createState(schema, { Ready: true });
    const plan = planner.plan(state).plan!;
    const mended = repairHtnPlan(planner, plan, 1, state, undefined)!;
    expect(mended.from).toBe('compound Root');
    expect(mended.plan.steps.map((s) => s.executing.length)).toEqual(plan.steps.map((s) => s.executing.length));
    expect(mended.plan.steps[0].executing.length).toBeGreaterThan(0);
  });

  it('gives up (null) when no compound above the step qualifies', () => {
    const schema = defineSchema({ Open: bool(), Locked: bool() });
    const k = schema.keys;
    const actions = defineActions(schema, [
      { name: 'Unlock', conditions: [eq(k.Locked, true)], effects: [set(k.Locked, false)] },
      { name: 'OpenDoor', conditions: [eq(k.Locked, false)], effects: [set(k.Open, true)] },
    ]);
    const domain = htnDomainBuilder(actions, 'door')
      .compound('Enter')
      .method((k) => [eq(k.Locked, true)], 'Locked')
      .task('Unlock')
      .task('OpenDoor')
      .end()
      .build();
    const planner = new HtnPlanner(domain);
    const state = createState(schema, { Locked: true });
    const plan = planner.plan(state).plan!;
    state.set(k.Locked, false); // someone unlocked it: the Locked method no longer applies
    expect(repairHtnPlan(planner, plan, 0, state, undefined)).toBeNull();
  });
});

describe('plan repair through the agent planner', () => {
  it('resumes a repaired partial plan from its continuation once its steps succeeded', () => {
    const schema = defineSchema({ Done: bool() });
    const actions = defineActions(schema, [{ name: 'A' }, { name: 'B' }, { name: 'Finish', effects: [set(schema.keys.Done, true)] }]);
    const domain = htnDomainBuilder(actions, 'paused')
      .compound('Root')
      .method()
      .task('Prep')
      .pause()
      .task('Finish')
      .end()
      .compound('Prep')
      .method()
      .task('A')
      .task('B')
      .end()
      .build();
    const agent = htnAgentPlanner(new HtnPlanner(domain), { repair: true });
    const state = createState(schema);
    const plan = agent.plan(state, undefined, null).plan!;
    expect(names(plan)).toEqual(['A', 'B']);
    agent.stepSucceeded!(plan.steps[0], undefined);
    agent.stepFailed!(plan.steps[1], undefined);
    const mended = agent.repair!(state, undefined, plan, 1)!;
    expect([mended.from, names(mended.plan)]).toEqual(['compound Prep', ['A', 'B']]);
    for (const step of mended.plan.steps) agent.stepSucceeded!(step, undefined);
    expect(names(agent.plan(state, undefined, null).plan!)).toEqual(['Finish']);
  });
});

describe('plan adjustment (HTN)', () => {
  const schema = defineSchema({ HasGun: bool(), Armed: bool(), InCover: bool() });
  const k = schema.keys;
  const actions = defineActions(schema, [
    { name: 'Wait' },
    { name: 'DrawGun', conditions: [eq(k.HasGun, true)], effects: [set(k.Armed, true)] },
    { name: 'DrawKnife', effects: [set(k.Armed, true)] },
    { name: 'MoveToCover', effects: [set(k.InCover, true)] },
  ]);
  const domain = (adjustable: boolean) => {
    const weapon = htnDomainBuilder(actions, 'fighter')
      .compound('Fight')
      .method()
      .task('Wait')
      .task('ChooseWeapon')
      .task('MoveToCover')
      .end()
      .compound('ChooseWeapon');
    return (adjustable ? weapon.adjustable() : weapon)
      .method((k) => [eq(k.HasGun, true)], 'Gun')
      .task('DrawGun')
      .back()
      .method([], 'Knife')
      .task('DrawKnife')
      .end()
      .build();
  };

  it('re-decides an adjustable compound that has not started, keeping the steps after it', () => {
    const planner = new HtnPlanner(domain(true));
    const state = createState(schema);
    const plan = planner.plan(state).plan!;
    expect(names(plan)).toEqual(['Wait', 'DrawKnife', 'MoveToCover']);
    expect(adjustHtnPlan(planner, plan, 0, true, state, undefined)).toBeNull(); // nothing changed
    state.set(k.HasGun, true);
    const adjusted = adjustHtnPlan(planner, plan, 0, true, state, undefined)!;
    expect(adjusted.from).toBe('compound ChooseWeapon');
    expect(names(adjusted.plan)).toEqual(['Wait', 'DrawGun', 'MoveToCover']);
    expect((adjusted.plan.meta as HtnMeta).mtr).toEqual([0, 0]);
  });

  it('adjusts through the agent planner only when a key the compound reads changed', () => {
    const agent = htnAgentPlanner(new HtnPlanner(domain(true)));
    const state = createState(schema);
    const plan = agent.plan(state, undefined, null).plan!;
    state.set(k.InCover, true); // ChooseWeapon reads HasGun only: nothing to adjust
    expect(agent.adjust!(state, undefined, plan, 0, true)).toBeNull();
    state.set(k.HasGun, true);
    expect(names(agent.adjust!(state, undefined, plan, 0, true)!.plan)).toEqual(['Wait', 'DrawGun', 'MoveToCover']);
  });

  it('offers no adjust to the runner when no compound is adjustable', () => {
    expect(htnAgentPlanner(new HtnPlanner(domain(false))).adjust).toBeUndefined();
    expect(htnAgentPlanner(new HtnPlanner(domain(true))).adjust).toBeDefined();
    expect(htnAgentPlanner(new HtnPlanner(domain(true))).repair).toBeUndefined();
    expect(htnAgentPlanner(new HtnPlanner(domain(true)), { repair: true }).repair).toBeDefined();
  });

  it('types adjustable as a compound task flag only', () => {
    // @ts-expect-error a slot (or a delegate) plans as something else: only a compound can be adjustable
    const slot: TaskDef = { kind: 'slot', name: 'Combat', adjustable: true };
    expect(() => compileHtnDomain(actions, { root: 'Fight', tasks: [{ kind: 'compound', name: 'Fight', methods: [{ subtasks: ['Wait'] }] }, slot] })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_FIELD' }),
    );
  });

  it('refuses an adjustable root or an adjustable compound that reaches a pause point (BAD_ADJUSTABLE)', () => {
    expect(() => htnDomainBuilder(actions, 'r').compound('Root').adjustable().method().task('Wait').end().build()).toThrow(
      expect.objectContaining({ code: 'BAD_ADJUSTABLE', subject: 'Root', message: expect.stringContaining('root task') }),
    );
    expect(() =>
      htnDomainBuilder(actions, 'p')
        .compound('Root')
        .method()
        .task('Part')
        .end()
        .compound('Part')
        .adjustable()
        .method()
        .task('Wait')
        .pause()
        .task('Wait')
        .end()
        .build(),
    ).toThrow(expect.objectContaining({ code: 'BAD_ADJUSTABLE', subject: 'Part', message: expect.stringContaining('pause point') }));
  });
});
