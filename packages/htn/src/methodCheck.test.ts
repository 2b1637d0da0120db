import { describe, expect, it } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, DualplanError, eq, set, type ActionDef } from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import type { MethodCheck, TaskDef } from './domain/HtnDomainDef.js';
import { htnDomainBuilder } from './domain/HtnDomainBuilder.js';
import { HtnPlanner } from './HtnPlanner.js';

const schema = defineSchema({ Y: bool(), Z: bool() });
const k = schema.keys;
const actionDefs: ActionDef[] = [{ name: 'Step', effects: [set(k.Y, true)] }, { name: 'Other' }, { name: 'SetZ', effects: [set(k.Z, true)] }];
const actions = defineActions(schema, actionDefs);
const tasksOf = (r: { plan: { steps: readonly { task: string }[] } | null }) => r.plan?.steps.map((s) => s.task) ?? null;

/** Root: a method needing Y == false whose subtree sets Y on its first step, else Other. */
const domain = (check: MethodCheck | undefined, subtasks: string[] = ['Step', 'Step']) =>
  compileHtnDomain(actions, {
    root: 'Root',
    tasks: [
      {
        kind: 'compound',
        name: 'Root',
        methods: [
          { name: 'guarded', conditions: [eq(k.Y, false)], subtasks, ...(check ? { check } : {}) },
          { name: 'fallback', subtasks: ['Other'] },
        ],
      } as TaskDef,
    ],
  });

describe('method checks: plan, step, tick', () => {
  it("'plan' (default) checks the conditions only when the method is chosen", () => {
    const r = new HtnPlanner(domain(undefined)).plan(createState(schema));
    expect(tasksOf(r)).toEqual(['Step', 'Step']);
    expect(r.plan!.steps[1].conditions.length).toBe(0);
  });

  it("'step' checks them before each step of the subtree at plan time too: the second Step fails, so the fallback wins", () => {
    expect(tasksOf(new HtnPlanner(domain('step')).plan(createState(schema)))).toEqual(['Other']);
    // With one Step the subtree keeps the condition true up to the step; the step carries it for the runner.
    const r = new HtnPlanner(domain('step', ['Step'])).plan(createState(schema));
    expect(tasksOf(r)).toEqual(['Step']);
    expect(r.plan!.steps[0].conditions.describe(0)).toBe('Y == false');
    expect(r.plan!.steps[0].executing.length).toBe(0);
  });

  it("'tick' puts them on each step's executing conditions, which the runner checks every tick", () => {
    const p = new HtnPlanner(domain('tick', ['SetZ', 'Step']));
    const r = p.plan(createState(schema));
    expect(tasksOf(r)).toEqual(['SetZ', 'Step']);
    expect(r.plan!.steps.map((s) => s.executing.describe(0))).toEqual(['Y == false', 'Y == false']);
    expect(r.plan!.steps[0].conditions.length).toBe(0);
    // Checked steps are built once: a second plan reuses them.
    expect(p.plan(createState(schema)).plan!.steps[0]).toBe(r.plan!.steps[0]);
  });

  it('scopes nest and end with their subtree; steps after it carry nothing', () => {
    const d = compileHtnDomain(actions, {
      root: 'Root',
      tasks: [
        { kind: 'compound', name: 'Root', methods: [{ subtasks: ['Inner', 'SetZ'], conditions: [eq(k.Z, false)], check: 'tick' }] },
        { kind: 'compound', name: 'Inner', methods: [{ subtasks: ['Other'], conditions: [eq(k.Y, false)], check: 'step' }] },
      ],
    });
    const r = new HtnPlanner(d).plan(createState(schema), undefined, { tasks: ['Root', 'Other'] });
    const [inner, setZ, after] = r.plan!.steps;
    expect([inner.task, inner.conditions.describe(0), inner.executing.describe(0)]).toEqual(['Other', 'Y == false', 'Z == false']);
    expect([setZ.task, setZ.conditions.length, setZ.executing.describe(0)]).toEqual(['SetZ', 0, 'Z == false']);
    expect([after.task, after.conditions.length, after.executing.length]).toEqual(['Other', 0, 0]);
  });

  it('an unknown check is a typed error with a did-you-mean; the builder writes check', () => {
    let e: DualplanError | undefined;
    try {
      domain('tik' as MethodCheck);
    } catch (x) {
      e = x as DualplanError;
    }
    expect(e).toMatchObject({ code: 'BAD_CHECK', subject: 'Root' });
    expect(e!.message).toMatch(/did you mean "?tick"?/i);
    const b = htnDomainBuilder(actions)
      .compound('Root')
      .method((kk) => [eq(kk.Y, false)], { check: 'tick' })
      .task('Step')
      .end();
    expect(b.toData().tasks[0]).toMatchObject({ methods: [{ check: 'tick' }] });
    expect(new HtnPlanner(b.build()).plan(createState(schema)).plan!.steps[0].executing.describe(0)).toBe('Y == false');
  });
});
