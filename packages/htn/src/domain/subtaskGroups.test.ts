import { describe, expect, it } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, DualplanError, eq, int, set, sub, validatePlan, type ActionDef } from '@dualplan/world-state';
import { compileHtnDomain } from './compileHtnDomain.js';
import type { SubtaskDef, TaskDef } from './HtnDomainDef.js';
import { htnDomainBuilder } from './HtnDomainBuilder.js';
import { TaskDefinitionError, UndefinedTaskError } from '../errors.js';
import { HtnPlanner } from '../HtnPlanner.js';

const schema = defineSchema({ Y: bool(), Z: bool(), Ammo: int(0, 3) });
const k = schema.keys;
const actionDefs: ActionDef[] = [
  { name: 'SetY', effects: [set(k.Y, true)] },
  { name: 'SetZ', effects: [set(k.Z, true)] },
  { name: 'NeedsZ', conditions: [eq(k.Z, true)] },
  { name: 'NeedsNotY', conditions: [eq(k.Y, false)] },
  { name: 'Spend', conditions: [{ key: 'Ammo', op: '>', value: 0 }], effects: [sub(k.Ammo, 1)] },
  { name: 'Reload', conditions: [eq(k.Ammo, 2)], effects: [set(k.Z, true)] },
];
const actions = defineActions(schema, actionDefs);
const tasksOf = (r: { plan: { steps: readonly { task: string }[] } | null }) => r.plan?.steps.map((s) => s.task) ?? null;
const one = (subtasks: SubtaskDef[]): TaskDef => ({ kind: 'compound', name: 'Root', methods: [{ subtasks }] });
const plan = (tasks: TaskDef[], values: Record<string, unknown> = {}) => {
  const d = compileHtnDomain(actions, { root: tasks[0].name, tasks });
  const start = createState(schema, values as never);
  const r = new HtnPlanner(d).plan(start);
  if (r.plan) expect(validatePlan(r.plan.steps, 0, start, createState(schema)).step).toBe(-1);
  return r;
};

describe('optional subtasks', () => {
  it('are planned when they can be', () => {
    const r = plan([one([{ optional: 'SetZ' }, 'NeedsZ'])]);
    expect(tasksOf(r)).toEqual(['SetZ', 'NeedsZ']);
    expect(r.plan!.meta.mtr).toEqual([0, 0]); // Root's method, then "planned"
  });

  it('are skipped, not failed, when they cannot be planned', () => {
    const r = plan([one([{ optional: 'NeedsZ' }, 'SetY'])]);
    expect(tasksOf(r)).toEqual(['SetY']);
    expect(r.plan!.meta.mtr).toEqual([0, 1]); // "skipped" ranks below "planned"
  });

  it('are skipped when planning them makes a later task fail', () => {
    expect(tasksOf(plan([one([{ optional: 'SetY' }, 'NeedsNotY'])]))).toEqual(['NeedsNotY']);
  });

  it('work inside a recursive method: skipped on the iterations where they cannot be planned', () => {
    // Loop while Ammo > 0: optionally Reload (only possible at Ammo 2), then Spend.
    const loop: TaskDef = {
      kind: 'compound',
      name: 'Loop',
      methods: [
        { name: 'more', conditions: [{ key: 'Ammo', op: '>', value: 0 }], subtasks: [{ optional: 'Reload' }, 'Spend', 'Loop'] },
        { name: 'done', subtasks: [] },
      ],
    };
    const r = plan([loop], { Ammo: 3 });
    expect(tasksOf(r)).toEqual(['Spend', 'Reload', 'Spend', 'Spend']);
    // more, skipped (Ammo 3), more, planned (Ammo 2), more, skipped (Ammo 1), done
    expect(r.plan!.meta.mtr).toEqual([0, 1, 0, 0, 0, 1, 1]);
  });

  it('take arguments, and the whole method still fails when a required task fails', () => {
    const withArgs = plan([one([{ optional: { task: 'SetZ', args: [] } }, 'NeedsZ'])]);
    expect(tasksOf(withArgs)).toEqual(['SetZ', 'NeedsZ']);
    expect(plan([one([{ optional: 'SetY' }, 'NeedsZ'])]).status).toBe('none');
  });
});

describe('any-order subtasks', () => {
  it('keep the listed order when it works', () => {
    const r = plan([one(['SetY', { anyOrder: ['SetZ', 'NeedsZ'] }])]);
    expect(tasksOf(r)).toEqual(['SetY', 'SetZ', 'NeedsZ']);
    expect(r.plan!.meta.mtr).toEqual([0, 0]);
  });

  it('are reordered to find a plan', () => {
    const r = plan([one([{ anyOrder: ['NeedsZ', 'NeedsNotY', 'SetY', 'SetZ'] }])]);
    // Lexicographic permutations of [NeedsZ, NeedsNotY, SetY, SetZ]: the first that works is NeedsNotY, SetY, SetZ, NeedsZ.
    expect(tasksOf(r)).toEqual(['NeedsNotY', 'SetY', 'SetZ', 'NeedsZ']);
    expect(r.plan!.meta.mtr).toEqual([0, 9]); // permutation 1,2,3,0 is the tenth of 24
  });

  it('fail when no order works', () => {
    expect(plan([one([{ anyOrder: ['NeedsZ', 'SetY'] }])]).status).toBe('none');
  });
});

describe('optional and any-order definitions are validated', () => {
  const bad = (subtasks: SubtaskDef[]) => {
    try {
      compileHtnDomain(actions, { tasks: [one(subtasks)] });
    } catch (e) {
      return e as DualplanError;
    }
    throw new Error('expected a throw');
  };
  it('group size, malformed refs and undefined tasks', () => {
    expect(bad([{ anyOrder: Array(7).fill('SetY') }])).toMatchObject({ code: 'BAD_ANY_ORDER', subject: 'Root' });
    expect(bad([{ anyOrder: [] }])).toBeInstanceOf(TaskDefinitionError);
    expect(bad([{ optional: 5 as never }])).toMatchObject({ code: 'BAD_SUBTASK', subject: 'Root' });
    const undefinedTask = bad([{ optional: 'SetZz' }]);
    expect(undefinedTask).toBeInstanceOf(UndefinedTaskError);
    expect(undefinedTask.subject).toBe('SetZz');
    expect(undefinedTask.message).toMatch(/did you mean "?SetZ"?/i);
  });
});

describe('the builder writes optional and any-order subtasks', () => {
  it('optional(name, ...args) and anyOrder(...tasks)', () => {
    const b = htnDomainBuilder(actions).compound('Root').method().optional('SetY').anyOrder('NeedsZ', 'SetZ').end();
    expect(b.toData().tasks[0]).toEqual({
      kind: 'compound',
      name: 'Root',
      methods: [{ conditions: [], subtasks: [{ optional: 'SetY' }, { anyOrder: ['NeedsZ', 'SetZ'] }] }],
    });
    expect(tasksOf(new HtnPlanner(b.build()).plan(createState(schema)))).toEqual(['SetY', 'SetZ', 'NeedsZ']);
  });
});
