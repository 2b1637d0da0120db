import { describe, expect, it } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, DualplanError, validatePlan } from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import { htnDomainBuilder } from './domain/HtnDomainBuilder.js';
import { HtnPlanner } from './HtnPlanner.js';
import { htnAgentPlanner } from './agent/htnAgentPlanner.js';
import { DuplicateTaskError } from './errors.js';
import { gunCombatDomain, npcActions, npcHtnDomain, npcSchema, swordCombatDomain } from './examples/npcHtnDomain.js';

const tasksOf = (r: { plan: { steps: readonly { task: string }[] } | null }) => r.plan?.steps.map((s) => s.task) ?? null;
const thrown = (fn: () => unknown): DualplanError => {
  try {
    fn();
  } catch (e) {
    return e as DualplanError;
  }
  throw new Error('expected a throw');
};

describe('slots: the NPC whose combat behaviour is filled when it picks up a weapon', () => {
  const actions = npcActions();
  const schema = actions.schema;
  const enemy = () => createState(schema, { EnemyNear: true });

  it('an empty slot fails like a compound with no valid method: the NPC flees', () => {
    const planner = new HtnPlanner(npcHtnDomain(actions));
    const r = planner.plan(enemy());
    expect(tasksOf(r)).toEqual(['Flee']);
    expect(r.plan!.meta.mtr).toEqual([1]);
    expect(r.plan!.meta.slots).toEqual([]);
  });

  it('a plugged sub-domain plans in the slot; unplugging empties it again', () => {
    const planner = new HtnPlanner(npcHtnDomain(actions));
    expect(tasksOf(planner.plan(createState(schema, { WeaponNearby: true })))).toEqual(['PickUpWeapon']);
    planner.plug('Combat', swordCombatDomain(actions));
    const sword = planner.plan(enemy());
    expect(tasksOf(sword)).toEqual(['Swing']);
    // The sub-domain's choices are part of the MTR now that it is compiled into the planner's tables.
    expect(sword.plan!.meta).toMatchObject({ mtr: [0, 0], slots: ['Combat'], slotVersions: [1] });
    expect(validatePlan(sword.plan!.steps, 0, enemy(), createState(schema)).step).toBe(-1);
    planner.plug('Combat', gunCombatDomain(actions));
    expect(tasksOf(planner.plan(createState(schema, { EnemyNear: true, Ammo: 2 })))).toEqual(['Shoot']);
    expect(tasksOf(planner.plan(createState(schema, { EnemyNear: true, Ammo: 0 })))).toEqual(['TakeCover', 'Reload', 'Shoot']);
    planner.unplug('Combat');
    expect(tasksOf(planner.plan(enemy()))).toEqual(['Flee']);
  });

  it('plugging and unplugging makes stale exactly the plans that used the slot', () => {
    const planner = new HtnPlanner(npcHtnDomain(actions));
    planner.plug('Combat', swordCombatDomain(actions));
    const fight = planner.plan(enemy()).plan!;
    const wander = planner.plan(createState(schema)).plan!;
    expect([planner.isStale(fight), planner.isStale(wander)]).toEqual([false, false]);
    planner.plug('Combat', gunCombatDomain(actions));
    expect([planner.isStale(fight), planner.isStale(wander)]).toEqual([true, false]);
    const agent = htnAgentPlanner(planner);
    expect(agent.shouldReplace(wander, fight)).toMatchObject({ replace: true, reason: expect.stringMatching(/slot/) });
    const fresh = planner.plan(createState(schema, { EnemyNear: true, Ammo: 3 })).plan!;
    planner.unplug('Combat');
    expect(planner.isStale(fresh)).toBe(true);
  });

  it('the slot is per planner (per agent): two NPCs share the domain but not what is plugged', () => {
    const domain = npcHtnDomain(actions);
    const armed = new HtnPlanner(domain);
    const unarmed = new HtnPlanner(domain);
    armed.plug('Combat', swordCombatDomain(actions));
    expect(tasksOf(armed.plan(enemy()))).toEqual(['Swing']);
    expect(tasksOf(unarmed.plan(enemy()))).toEqual(['Flee']);
    expect(armed.pluggedInto('Combat')?.domain.name).toBe('sword');
    expect(unarmed.pluggedInto('Combat')).toBeNull();
  });

  it('validates the slot name and the schema layout', () => {
    const planner = new HtnPlanner(npcHtnDomain(actions));
    const e = thrown(() => planner.plug('Combt', swordCombatDomain(actions)));
    expect(e).toMatchObject({ code: 'UNDEFINED_SLOT', subject: 'Combt' });
    expect(e.message).toMatch(/did you mean "?Combat"?/i);
    // A slot name that cannot be converted to a string is named, not converted (a TypeError before).
    expect(thrown(() => planner.plug({ toString: '' } as never, swordCombatDomain(actions)))).toMatchObject({
      code: 'UNDEFINED_SLOT',
      subject: '{"toString":""}',
    });
    // A layout-equal schema built separately is fine; another layout is not.
    expect(() => planner.plug('Combat', swordCombatDomain(npcActions(npcSchema())))).not.toThrow();
    const other = defineActions(defineSchema({ Other: bool() }), [{ name: 'Swing' }]);
    const foreign = compileHtnDomain(other, { root: 'S', tasks: [{ kind: 'compound', name: 'S', methods: [{ subtasks: ['Swing'] }] }] });
    expect(thrown(() => planner.plug('Combat', foreign))).toMatchObject({ code: 'SCHEMA_MISMATCH', subject: 'Combat' });
  });

  it('a slot is declared in data as { kind: "slot", name }', () => {
    const d = compileHtnDomain(actions, {
      root: 'R',
      tasks: [
        { kind: 'slot', name: 'S' },
        { kind: 'compound', name: 'R', methods: [{ subtasks: ['S'] }, { subtasks: ['Wander'] }] },
      ],
    });
    expect(d.slots).toEqual(['S']);
    const p = new HtnPlanner(d);
    expect(tasksOf(p.plan(createState(schema)))).toEqual(['Wander']);
    p.plug('S', swordCombatDomain(actions));
    expect(tasksOf(p.plan(createState(schema)))).toEqual(['Swing']);
    expect(thrown(() => compileHtnDomain(actions, { tasks: [{ kind: 'slott' as 'slot', name: 'S' }] })).message).toMatch(/did you mean "?slot"?/i);
  });
});

describe('slot arguments', () => {
  it('a slot called with arguments passes them to the sub-domain root', () => {
    const actions = npcActions();
    const d = compileHtnDomain(actions, {
      root: 'R',
      tasks: [
        { kind: 'slot', name: 'S' },
        { kind: 'compound', name: 'R', methods: [{ subtasks: [{ task: 'S', args: ['Shoot'] }] }] },
      ],
    });
    const sub = compileHtnDomain(actions, {
      root: 'Do',
      tasks: [{ kind: 'compound', name: 'Do', methods: [{ subtasks: (_s, _c, args) => [String(args[0] ?? 'Wander')] }] }],
    });
    const p = new HtnPlanner(d);
    p.plug('S', sub);
    expect(tasksOf(p.plan(createState(actions.schema, { Ammo: 1 })))).toEqual(['Shoot']);
  });
});

describe('static splice of a sub-domain definition', () => {
  const actions = npcActions();
  it('brings its tasks in; the spliced root is called by name', () => {
    const gun = htnDomainBuilder(actions)
      .compound('GunCombat', 'utility')
      .method([], { utility: 1 })
      .task('Shoot')
      .back()
      .method([], { utility: 0 })
      .task('Reload')
      .end();
    const d = htnDomainBuilder(actions).compound('Root').method().task('GunCombat').end().splice(gun).build();
    expect(tasksOf(new HtnPlanner(d).plan(createState(actions.schema, { Ammo: 1 })))).toEqual(['Shoot']);
    expect(tasksOf(new HtnPlanner(d).plan(createState(actions.schema, { Ammo: 0 })))).toEqual(['Reload']);
    const clash = () => htnDomainBuilder(actions).compound('GunCombat').method().task('Wander').end().splice(gun).build();
    expect(clash).toThrow(DuplicateTaskError);
  });
});
