import { compileHtnDomain, HtnPlanner, type CompoundDef, type HtnDomain } from '@dualplan/htn';
import { gunCombatDomain, npcActions, npcHtnDomain, type NpcActions } from '@dualplan/htn/examples';
import { createState, eq, gt } from '@dualplan/world-state';
import type { BenchCase } from '../BenchCase.js';
import { dualplanCase } from '../BenchCase.js';
import { htnCrowd, planCrowd, sameCrowdPlans, type HtnCrowd } from './htnCrowd.js';

const AGENTS = 1000;

/** The gun behaviour as plain first-valid methods: utility Shoot = 10 * ammo beats Reload = 5 exactly when there is ammo. */
function plainGun(actions: NpcActions): CompoundDef {
  const k = actions.schema.keys;
  return {
    kind: 'compound',
    name: 'GunCombat',
    methods: [
      { name: 'Shoot', conditions: [gt(k.Ammo, 0)], subtasks: ['Shoot'] },
      { name: 'Reload', subtasks: ['TakeCover', 'Reload', 'Shoot'] },
    ],
  };
}

/** The NPC with its gun behaviour written as plain first-valid methods instead of a slot and a utility select. */
function plainNpcDomain(actions: NpcActions): HtnDomain<any> {
  const k = actions.schema.keys;
  return compileHtnDomain(actions, {
    root: 'BeNpc',
    tasks: [
      {
        kind: 'compound',
        name: 'BeNpc',
        methods: [
          { name: 'Fight', conditions: [eq(k.EnemyNear, true)], subtasks: ['GunCombat'] },
          { name: 'Flee', conditions: [eq(k.EnemyNear, true)], subtasks: ['Flee'] },
          { name: 'Arm', conditions: [eq(k.WeaponNearby, true), eq(k.HasWeapon, false)], subtasks: ['PickUpWeapon'] },
          { name: 'Wander', subtasks: ['Wander'] },
        ],
      },
      plainGun(actions),
    ],
  });
}

/** How an NPC crowd is written: plain methods; the slot with the utility gun; the slot with the plain gun (the slot's own cost). */
type Form = 'plain' | 'slot+utility' | 'slot+plain';

/** 1,000 NPC agents, each with its own planner, state and buffer, over one shared domain. */
function crowd(form: Form): HtnCrowd {
  const actions = npcActions();
  const slotted = form !== 'plain';
  const domain = slotted ? npcHtnDomain(actions) : plainNpcDomain(actions);
  const gun = form === 'slot+utility' ? gunCombatDomain(actions) : compileHtnDomain(actions, { root: 'GunCombat', tasks: [plainGun(actions)] });
  return htnCrowd(
    AGENTS,
    () => {
      const planner = new HtnPlanner(domain);
      if (slotted) planner.plug('Combat', gun);
      return planner;
    },
    (i) => createState(actions.schema, { EnemyNear: i % 5 !== 4, Ammo: i % 4, WeaponNearby: i % 10 === 4 }),
  );
}

/**
 * HTN authoring parity (issue 15): slots + utility select at agent scale, next to the same behaviour as plain
 * methods, and the slot with plain methods inside (what the slot itself costs, now that plugging compiles the
 * sub-domain into the planner's tables).
 */
export function htnParityCases(suite: string): BenchCase[] {
  const plainName = `NPC ${AGENTS} agents, plain methods`;
  const caseName: Record<Form, string> = {
    plain: plainName,
    'slot+utility': `NPC ${AGENTS} agents, slot + utility select`,
    'slot+plain': `NPC ${AGENTS} agents, slot + first-valid methods`,
  };
  const make = (form: Form): BenchCase =>
    dualplanCase(
      {
        suite,
        name: caseName[form],
        allocOps: 200,
        target: form !== 'plain' ? { maxGcs: 0, baseline: plainName, label: 'vs plain methods' } : { maxGcs: 0 },
      },
      () => {
        const c = crowd(form);
        return {
          run: () => planCrowd(c),
          check: () => {
            const same = sameCrowdPlans(c, crowd(form === 'plain' ? 'slot+utility' : 'plain'));
            return { ...same, optimal: same.valid };
          },
        };
      },
    );
  return [make('plain'), make('slot+utility'), make('slot+plain')];
}
