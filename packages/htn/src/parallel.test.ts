import { describe, expect, it } from '@jest/globals';
import {
  bool,
  createState,
  defineActions,
  defineSchema,
  DualplanError,
  eq,
  int,
  ParallelConflictError,
  PlanBuffer,
  set,
  validatePlan,
} from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import { htnDomainBuilder } from './domain/HtnDomainBuilder.js';
import type { TaskDef } from './domain/HtnDomainDef.js';
import { HtnPlanner } from './HtnPlanner.js';
import { TaskDefinitionError } from './errors.js';
import { coverActions, coverHtnDomain, coverSchema } from './examples/coverHtnDomain.js';

const names = (steps: readonly { task: string }[]) => steps.map((s) => s.task);

describe('parallel tasks', () => {
  const schema = coverSchema();
  const domain = coverHtnDomain(coverActions(schema));

  it('plan both branches over one state, primary then secondary, and mark the section', () => {
    const start = createState(schema, { UnderFire: true, Ammo: 1 });
    const { plan } = new HtnPlanner(domain).plan(start);
    // By hand: Fight -> TakeCoverAndShoot; TakeCover runs RunToCover (primary) beside TopUp -> Reload (secondary); then Shoot.
    expect(names(plan!.steps)).toEqual(['RunToCover', 'Reload', 'Shoot']);
    expect(plan!.parallel).toEqual([{ task: 'TakeCover', start: 0, split: 1, end: 2 }]);
    // MTR: Fight method 0, TakeCover's one method, TopUp method 0.
    expect(plan!.meta.mtr).toEqual([0, 0, 0]);
    expect(plan!.cost).toBe(3);
    expect(validatePlan(plan!.steps, 0, start, createState(schema)).step).toBe(-1);
  });

  it('allow an empty branch when its tasks plan no steps', () => {
    const { plan } = new HtnPlanner(domain).plan(createState(schema, { UnderFire: true, Ammo: 6 }));
    expect(names(plan!.steps)).toEqual(['RunToCover', 'Shoot']);
    expect(plan!.parallel).toEqual([{ task: 'TakeCover', start: 0, split: 1, end: 1 }]);
  });

  it('plans without a parallel task have no sections, also from a buffer that held some', () => {
    const planner = new HtnPlanner(domain);
    const out = new PlanBuffer();
    expect(planner.plan(createState(schema, { UnderFire: true }), undefined, { out }).plan!.parallel).toHaveLength(1);
    const r = planner.plan(createState(schema, { UnderFire: true, InCover: true }), undefined, { out });
    expect(names(r.plan!.steps)).toEqual(['Reload', 'Shoot']);
    expect(r.plan!.parallel).toBeUndefined();
    expect(
      new HtnPlanner(coverHtnDomain(coverActions(schema), { parallel: false })).plan(createState(schema, { UnderFire: true })).plan!.parallel,
    ).toBeUndefined();
  });

  it('give the same steps as the sequential domain', () => {
    const seq = new HtnPlanner(coverHtnDomain(coverActions(schema), { parallel: false }));
    const par = new HtnPlanner(domain);
    const cases: Record<string, boolean | number>[] = [
      { UnderFire: true, Ammo: 0 },
      { UnderFire: true, Ammo: 6 },
      { UnderFire: true, InCover: true, Ammo: 2 },
      {},
    ];
    for (const values of cases) {
      const s = createState(schema, values);
      expect(names(par.plan(s).plan!.steps)).toEqual(names(seq.plan(s).plan!.steps));
    }
  });

  it('serialise with their sections and survive a copy', () => {
    const { plan } = new HtnPlanner(domain).plan(createState(schema, { UnderFire: true }), undefined, { out: new PlanBuffer() });
    expect(JSON.parse(JSON.stringify(plan)).parallel).toEqual([{ task: 'TakeCover', start: 0, split: 1, end: 2 }]);
  });

  it('are data too, and the builder makes the same data', () => {
    const data = htnDomainBuilder(coverActions(schema)).compound('R').method().task('P').end().parallel('P', ['RunToCover'], ['Reload']).toData();
    expect(data.tasks[1]).toEqual({ kind: 'parallel', name: 'P', primary: ['RunToCover'], secondary: ['Reload'] });
    const { plan } = new HtnPlanner(compileHtnDomain(coverActions(schema), data)).plan(createState(schema));
    expect(plan!.parallel).toEqual([{ task: 'P', start: 0, split: 1, end: 2 }]);
  });
});

describe('the key-conflict rule', () => {
  const schema = defineSchema({ A: bool(), B: bool(), N: int(0, 3) });
  const k = schema.keys;
  const actions = defineActions(schema, [
    { name: 'SetA', effects: [set(k.A, true)] },
    { name: 'SetA2', effects: [set(k.A, false)] },
    { name: 'NeedA', conditions: [eq(k.A, true)] },
    { name: 'SetB', effects: [set(k.B, true)] },
    { name: 'Pick', args: [0], effects: (args: readonly unknown[]) => [set(k.N, args[0] as number)] },
    { name: 'NeedN1', conditions: [eq(k.N, 1)] },
  ] as never);
  const par = (primary: TaskDef extends never ? never : unknown[], secondary: unknown[], extra: TaskDef[] = []): TaskDef[] => [
    { kind: 'compound', name: 'Root', methods: [{ subtasks: ['P'] }] },
    { kind: 'parallel', name: 'P', primary: primary as never, secondary: secondary as never },
    ...extra,
  ];
  const conflict = (tasks: TaskDef[], mode: 'ordered' | 'best-first' = 'ordered') => {
    try {
      new HtnPlanner(compileHtnDomain(actions, { root: 'Root', tasks }), { mode }).plan(createState(schema));
    } catch (e) {
      return e;
    }
    return null;
  };

  it('rejects two branches writing one key at compile time, naming both tasks and the key', () => {
    const e = conflict(par(['SetA'], ['SetA2'])) as ParallelConflictError;
    expect(e).toBeInstanceOf(ParallelConflictError);
    expect(e.code).toBe('PARALLEL_CONFLICT');
    expect([e.subject, e.task, e.primaryTask, e.secondaryTask, e.clash]).toEqual(['A', 'P', 'SetA', 'SetA2', 'both write']);
    expect(e.message).toContain('"A"');
  });

  it('rejects a write to a key the other branch reads, both ways, through compounds and their method conditions', () => {
    expect(conflict(par(['SetA'], ['NeedA']))).toMatchObject({ clash: 'primary writes, secondary reads', primaryTask: 'SetA', secondaryTask: 'NeedA' });
    expect(conflict(par(['NeedA'], ['SetA']))).toMatchObject({ clash: 'secondary writes, primary reads', primaryTask: 'NeedA', secondaryTask: 'SetA' });
    const guarded: TaskDef = { kind: 'compound', name: 'IfA', methods: [{ conditions: [eq(k.A, true)], subtasks: ['SetB'] }, { subtasks: [] }] };
    expect(conflict(par(['SetA'], ['IfA'], [guarded]))).toMatchObject({ clash: 'primary writes, secondary reads', secondaryTask: 'IfA' });
  });

  it('accepts branches over different keys', () => {
    expect(conflict(par(['SetA', 'NeedA'], ['SetB']))).toBeNull();
  });

  it('checks at plan time what only planning knows (subtask functions)', () => {
    const e = conflict(par([{ task: 'Pick', args: [1] }], ['NeedN1']));
    expect(e).toBeInstanceOf(ParallelConflictError);
    const late = conflict([
      { kind: 'compound', name: 'Root', methods: [{ subtasks: ['P'] }] },
      { kind: 'parallel', name: 'P', primary: ['Dyn'], secondary: ['NeedN1'] },
      { kind: 'compound', name: 'Dyn', methods: [{ subtasks: () => [{ task: 'Pick', args: [1] }] }] },
    ]) as ParallelConflictError;
    expect(late).toBeInstanceOf(ParallelConflictError);
    expect([late.subject, late.primaryTask, late.secondaryTask]).toEqual(['N', 'Pick', 'NeedN1']);
  });

  it('rejects malformed parallel tasks with typed errors', () => {
    expect(() => compileHtnDomain(actions, { tasks: [{ kind: 'parallel', name: 'P', primary: [], secondary: ['SetB'] }] })).toThrow(TaskDefinitionError);
    expect(() => compileHtnDomain(actions, { tasks: [{ kind: 'parallel', name: 'P', primary: ['SetA'], secondary: [{ pause: true }] }] })).toThrow(
      /pause point/,
    );
    expect(() => compileHtnDomain(actions, { tasks: [{ kind: 'parallel', name: 'P', primary: ['SetA'], secondary: ['SetB'], second: [] } as never] })).toThrow(
      DualplanError,
    );
    expect(() => compileHtnDomain(actions, { tasks: [{ kind: 'parallel', name: 'P', primary: ['SetA'], secondary: ['Nope'] }] })).toThrow(/Nope/);
  });

  it('rejects a parallel task planned inside another one', () => {
    const e = conflict(par(['Q'], [{ task: 'Pick', args: [2] }], [{ kind: 'parallel', name: 'Q', primary: ['SetA'], secondary: ['SetB'] }])) as DualplanError;
    expect(e.code).toBe('PARALLEL_NESTED');
  });

  it('holds in best-first mode too: at compile time, at plan time, and against nesting', () => {
    expect(conflict(par(['SetA'], ['NeedA']), 'best-first')).toMatchObject({ code: 'PARALLEL_CONFLICT', clash: 'primary writes, secondary reads' });
    expect(conflict(par(['SetA', 'NeedA'], ['SetB']), 'best-first')).toBeNull();
    const late = conflict(
      [
        { kind: 'compound', name: 'Root', methods: [{ subtasks: ['P'] }] },
        { kind: 'parallel', name: 'P', primary: ['Dyn'], secondary: ['NeedN1'] },
        { kind: 'compound', name: 'Dyn', methods: [{ subtasks: () => [{ task: 'Pick', args: [1] }] }] },
      ],
      'best-first',
    ) as ParallelConflictError;
    expect(late).toBeInstanceOf(ParallelConflictError);
    expect([late.subject, late.primaryTask, late.secondaryTask]).toEqual(['N', 'Pick', 'NeedN1']);
    const nested = par(['Q'], [{ task: 'Pick', args: [2] }], [{ kind: 'parallel', name: 'Q', primary: ['SetA'], secondary: ['SetB'] }]);
    expect(conflict(nested, 'best-first')).toMatchObject({ code: 'PARALLEL_NESTED' });
  });
});

describe('parallel tasks in best-first mode', () => {
  const schema = defineSchema({ A: bool(), B: bool(), C: bool() });
  const k = schema.keys;
  const actions = defineActions(schema, [
    { name: 'SetA', effects: [set(k.A, true)] },
    { name: 'ClearA', effects: [set(k.A, false)] },
    { name: 'SetB', effects: [set(k.B, true)] },
    { name: 'NeedA', conditions: [eq(k.A, true)], effects: [set(k.C, true)] },
  ]);
  const best = (tasks: TaskDef[]) => new HtnPlanner(compileHtnDomain(actions, { root: 'Root', tasks }), { mode: 'best-first' });

  it('choose a parallel method when it is the cheapest, and mark its section', () => {
    const planner = best([
      {
        kind: 'compound',
        name: 'Root',
        methods: [
          { name: 'InTurn', cost: 3, subtasks: ['SetA', 'SetB'] },
          { name: 'Together', subtasks: ['P'] },
        ],
      },
      { kind: 'parallel', name: 'P', primary: ['SetA'], secondary: ['SetB'] },
    ]);
    const { plan } = planner.plan(createState(schema));
    // By hand: InTurn costs 3 + 1 + 1 = 5, Together 0 + 1 + 1 = 2 (P's one method and the marker steps cost nothing).
    expect([names(plan!.steps), plan!.parallel, plan!.meta.mtr, plan!.cost]).toEqual([
      ['SetA', 'SetB'],
      [{ task: 'P', start: 0, split: 1, end: 2 }],
      [1, 0],
      2,
    ]);
  });

  it('find the cheapest decomposition inside a branch that the plan after the section can use', () => {
    // The primary branch's cheap method clears A, which NeedA (after the section) needs: the dearer method wins.
    const planner = best([
      { kind: 'compound', name: 'Root', methods: [{ subtasks: ['SetB0', 'P', 'NeedA'] }] },
      { kind: 'compound', name: 'SetB0', methods: [{ subtasks: [] }] },
      { kind: 'parallel', name: 'P', primary: ['Choose'], secondary: ['SetB'] },
      {
        kind: 'compound',
        name: 'Choose',
        methods: [
          { name: 'Dear', cost: 5, subtasks: ['SetA'] },
          { name: 'Cheap', subtasks: ['ClearA'] },
        ],
      },
    ]);
    const start = createState(schema);
    const { plan } = planner.plan(start);
    expect([names(plan!.steps), plan!.parallel, plan!.cost]).toEqual([['SetA', 'SetB', 'NeedA'], [{ task: 'P', start: 0, split: 1, end: 2 }], 8]);
    expect(validatePlan(plan!.steps, 0, start, createState(schema)).step).toBe(-1);
  });

  it('leave no sections in a reused buffer when the next plan has none', () => {
    const planner = best([
      {
        kind: 'compound',
        name: 'Root',
        methods: [
          { conditions: [eq(k.C, false)], subtasks: ['P'] },
          { cost: 5, subtasks: ['SetB'] },
        ],
      },
      { kind: 'parallel', name: 'P', primary: ['SetA'], secondary: ['SetB'] },
    ]);
    const out = new PlanBuffer();
    expect(planner.plan(createState(schema), undefined, { out }).plan!.parallel).toHaveLength(1);
    const r = planner.plan(createState(schema, { C: true }), undefined, { out });
    expect([names(r.plan!.steps), r.plan!.parallel]).toEqual([['SetB'], undefined]);
  });
});
