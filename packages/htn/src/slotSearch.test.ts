import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { bool, createState, defineActions, defineSchema, DualplanError, eq, set, validatePlan, type SubPlanner } from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import type { HtnDomainDef } from './domain/HtnDomainDef.js';
import { HtnPlanner } from './HtnPlanner.js';
import { htnPlanCodec } from './diagnostics/htnPlanCodec.js';
import { coverActions, coverHtnDomain } from './examples/coverHtnDomain.js';

const schema = defineSchema({ Ready: bool(), Done: bool(), Calm: bool(true) });
const k = schema.keys;
const actions = defineActions(schema, [
  { name: 'Jab', cost: 1 },
  { name: 'SetUp', cost: 1, effects: [set(k.Ready, true)] },
  { name: 'Finish', cost: 1, conditions: [eq(k.Ready, true)], effects: [set(k.Done, true)] },
  { name: 'Wait', cost: 1 },
]);
const tasksOf = (r: { plan: { steps: readonly { task: string }[] } | null }) => r.plan?.steps.map((s) => s.task) ?? null;
const thrown = (fn: () => unknown): DualplanError => {
  try {
    fn();
  } catch (e) {
    return e as DualplanError;
  }
  throw new Error('expected a throw');
};

/** Root: the slot then Finish (needs Ready), else Wait (cost 10 in best-first). */
const parent = (rootCheck?: 'step' | 'tick') =>
  compileHtnDomain(actions, {
    name: 'parent',
    root: 'Root',
    tasks: [
      { kind: 'slot', name: 'Move' },
      {
        kind: 'compound',
        name: 'Root',
        methods: [
          { name: 'combo', subtasks: ['Move', 'Finish'], ...(rootCheck ? { conditions: [eq(k.Calm, true)], check: rootCheck } : {}) },
          { name: 'idle', cost: 10, subtasks: ['Wait'] },
        ],
      },
    ],
  });
/** The sub-domain's first method (Jab) leaves Ready unset; its second (SetUp) sets it. */
const moves = (setUpCost = 0, def: Partial<HtnDomainDef> = {}) =>
  compileHtnDomain(actions, {
    name: 'moves',
    root: 'Move1',
    tasks: [
      {
        kind: 'compound',
        name: 'Move1',
        methods: [
          { name: 'jab', subtasks: ['Jab'] },
          { name: 'setUp', cost: setUpCost, subtasks: ['SetUp'] },
        ],
      },
    ],
    ...def,
  });

describe('a slot is compiled into the planner: one search over both domains', () => {
  it('backtracks into the slot sub-domain when a later task fails (hand-computed)', () => {
    // Move1 tries jab: plan [Jab]; Finish needs Ready: fails; backtrack into Move1's second method:
    // [SetUp, Finish]. MTR: Root method 0, then Move1 method 1.
    const p = new HtnPlanner(parent());
    p.plug('Move', moves());
    const r = p.plan(createState(schema));
    expect(tasksOf(r)).toEqual(['SetUp', 'Finish']);
    expect(r.plan!.meta).toMatchObject({ mtr: [0, 1], slots: ['Move'] });
    expect(r.plan!.stats.backtracks).toBe(1);
    // Traced (the general search path), the same plan.
    const traced = new HtnPlanner(parent(), { trace: true });
    traced.plug('Move', moves());
    expect(tasksOf(traced.plan(createState(schema)))).toEqual(['SetUp', 'Finish']);
    expect(traced.trace).toContainEqual(expect.objectContaining({ type: 'backtrack', task: 'Move1', fromMethod: 0 }));
  });

  it('an empty slot fails; the root falls back', () => {
    const p = new HtnPlanner(parent());
    expect(tasksOf(p.plan(createState(schema)))).toEqual(['Wait']);
    p.plug('Move', moves());
    p.unplug('Move');
    expect(tasksOf(p.plan(createState(schema)))).toEqual(['Wait']);
    expect(p.planningDomain).toBe(p.domain);
  });

  it('best-first plans through a slot: cheapest across both domains, empty slot fails, meta.slots set', () => {
    const cheap = new HtnPlanner(parent(), { mode: 'best-first' });
    expect(tasksOf(cheap.plan(createState(schema)))).toEqual(['Wait']);
    cheap.plug('Move', moves(3));
    // combo: SetUp (1 + method 3) + Finish (1) = 5 < idle: 10 + Wait 1 = 11. The Jab branch never finishes.
    const r = cheap.plan(createState(schema));
    expect(tasksOf(r)).toEqual(['SetUp', 'Finish']);
    expect(r.plan!.cost).toBe(5);
    expect(r.plan!.meta).toMatchObject({ mtr: [0, 1], slots: ['Move'], slotVersions: [1] });
    const dear = new HtnPlanner(parent(), { mode: 'best-first' });
    dear.plug('Move', moves(20));
    const idle = dear.plan(createState(schema));
    expect([tasksOf(idle), idle.plan!.cost, idle.plan!.meta.slots]).toEqual([['Wait'], 11, []]);
  });

  it('best-first and ordered agree when costs follow method order, and every plan validates (property)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (ready, done, plugged) => {
        const state = createState(schema, { Ready: ready, Done: done });
        const ordered = new HtnPlanner(parent());
        const best = new HtnPlanner(parent(), { mode: 'best-first' });
        if (plugged) {
          ordered.plug('Move', moves());
          best.plug('Move', moves());
        }
        const a = ordered.plan(state);
        const b = best.plan(state);
        expect(tasksOf(a)).not.toBeNull();
        expect(validatePlan(a.plan!.steps, 0, state, createState(schema)).step).toBe(-1);
        expect(validatePlan(b.plan!.steps, 0, state, createState(schema)).step).toBe(-1);
        // Here both find Jab+Finish when Ready, SetUp+Finish when not, Wait when unplugged.
        expect(tasksOf(b)).toEqual(tasksOf(a));
        expect(tasksOf(a)).toEqual(!plugged ? ['Wait'] : ready ? ['Jab', 'Finish'] : ['SetUp', 'Finish']);
      }),
      { numRuns: 40 },
    );
  });

  it("a sub-domain's own slot is plugged through the planner plug returns; that makes the parent's plans stale", () => {
    const outer = compileHtnDomain(actions, {
      name: 'outer',
      root: 'Move1',
      tasks: [
        { kind: 'slot', name: 'Inner' },
        { kind: 'compound', name: 'Move1', methods: [{ subtasks: ['Inner'] }] },
      ],
    });
    const inner = compileHtnDomain(actions, { name: 'inner', root: 'Prep', tasks: [{ kind: 'compound', name: 'Prep', methods: [{ subtasks: ['SetUp'] }] }] });
    const p = new HtnPlanner(parent());
    const sub = p.plug('Move', outer);
    const before = p.plan(createState(schema)).plan!;
    expect(tasksOf({ plan: before })).toEqual(['Wait']);
    sub.plug('Inner', inner);
    expect(p.isStale(before)).toBe(true); // it fell back to Wait because Inner was empty: a plug there makes it stale
    const r = p.plan(createState(schema));
    expect(tasksOf(r)).toEqual(['SetUp', 'Finish']);
    expect(r.plan!.meta.slots).toEqual(['Move']);
    sub.unplug('Inner');
    expect(p.isStale(r.plan!)).toBe(true);
    expect(tasksOf(p.plan(createState(schema)))).toEqual(['Wait']);
  });

  it('one sub-domain can fill several slots (compiled in once); each slot backtracks on its own (hand-computed)', () => {
    const hands = compileHtnDomain(actions, {
      root: 'Root',
      tasks: [
        { kind: 'slot', name: 'Left' },
        { kind: 'slot', name: 'Right' },
        { kind: 'compound', name: 'Root', methods: [{ subtasks: ['Left', 'Right', 'Finish'] }] },
      ],
    });
    const p = new HtnPlanner(hands);
    const both = moves();
    p.plug('Left', both);
    const once = p.planningDomain.taskNames.length;
    p.plug('Right', both);
    expect(p.planningDomain.taskNames.length).toBe(once);
    // Left: jab; Right: jab; Finish fails; the latest choice point is Right's Move1: setUp. MTR: Root 0, Left's Move1 0, Right's 1.
    const r = p.plan(createState(schema));
    expect(tasksOf(r)).toEqual(['Jab', 'SetUp', 'Finish']);
    expect(r.plan!.meta).toMatchObject({ mtr: [0, 0, 1], slots: ['Left', 'Right'] });
    // Two compilations of the same definitions are two domains: their names clash.
    expect(thrown(() => p.plug('Right', moves()))).toMatchObject({ code: 'SLOT_NAME_CLASH', subject: 'Right' });
    p.unplug('Left');
    expect(p.plan(createState(schema)).status).toBe('none');
  });

  it('a task name both domains define is SLOT_NAME_CLASH (actions shared by name are fine); the slot stays as it was', () => {
    const p = new HtnPlanner(parent());
    p.plug('Move', moves());
    const clash = compileHtnDomain(actions, { name: 'clash', root: 'Root', tasks: [{ kind: 'compound', name: 'Root', methods: [{ subtasks: ['Jab'] }] }] });
    expect(thrown(() => p.plug('Move', clash))).toMatchObject({ code: 'SLOT_NAME_CLASH', subject: 'Move', message: expect.stringContaining('"Root"') });
    expect(p.pluggedInto('Move')!.domain.name).toBe('moves');
    expect(tasksOf(p.plan(createState(schema)))).toEqual(['SetUp', 'Finish']);
    const other = defineActions(schema, [{ name: 'SetUp', operator: 'prepare', effects: [set(k.Ready, true)] }]);
    const foreign = compileHtnDomain(other, {
      name: 'foreign',
      root: 'Move2',
      tasks: [{ kind: 'compound', name: 'Move2', methods: [{ subtasks: ['SetUp'] }] }],
    });
    expect(thrown(() => p.plug('Move', foreign))).toMatchObject({ code: 'SLOT_NAME_CLASH', message: expect.stringContaining('operator') });
  });
});

describe('a plugged sub-domain with a parallel task', () => {
  it('plans its sections through the slot, in both searches', () => {
    const cover = coverActions();
    const parentOf = () =>
      compileHtnDomain(cover, {
        root: 'Act',
        tasks: [
          { kind: 'slot', name: 'Tactics' },
          { kind: 'compound', name: 'Act', methods: [{ subtasks: ['Tactics'] }] },
        ],
      });
    const p = new HtnPlanner(parentOf());
    p.plug('Tactics', coverHtnDomain(cover));
    const start = createState(cover.schema, { UnderFire: true, Ammo: 1 });
    const plan = p.plan(start).plan!;
    expect([tasksOf({ plan }), plan.parallel, plan.meta.mtr]).toEqual([
      ['RunToCover', 'Reload', 'Shoot'],
      [{ task: 'TakeCover', start: 0, split: 1, end: 2 }],
      [0, 0, 0, 0],
    ]);
    // Best-first from TakeCover: TopUp's empty method 'Full' (cost 0) beats Reload (cost 1), so the secondary branch is empty.
    const best = new HtnPlanner(parentOf(), { mode: 'best-first' });
    best.plug('Tactics', coverHtnDomain(cover), { task: 'TakeCover' });
    const cheap = best.plan(start).plan!;
    expect([tasksOf({ plan: cheap }), cheap.parallel, cheap.meta.slots, cheap.cost]).toEqual([
      ['RunToCover'],
      [{ task: 'TakeCover', start: 0, split: 1, end: 1 }],
      ['Tactics'],
      1,
    ]);
  });
});

describe('run-time checks on slot and delegate steps, and through the plan codec', () => {
  it("a check on the method calling a slot covers the sub-domain's steps; a check inside the sub-domain too", () => {
    const p = new HtnPlanner(parent('tick'));
    p.plug(
      'Move',
      moves(0, {
        tasks: [{ kind: 'compound', name: 'Move1', methods: [{ name: 'setUp', conditions: [eq(k.Done, false)], check: 'step', subtasks: ['SetUp'] }] }],
      }),
    );
    const r = p.plan(createState(schema));
    const [setUp, finish] = r.plan!.steps;
    expect([setUp.task, setUp.conditions.describe(0), setUp.executing.describe(0)]).toEqual(['SetUp', 'Done == false', 'Calm == true']);
    expect([finish.task, finish.conditions.length, finish.executing.describe(0)]).toEqual(['Finish', 1, 'Calm == true']);
  });

  it("a delegate's steps carry the checks of the methods around it", () => {
    const sub = new HtnPlanner(moves(), { root: 'Move1' });
    const delegatePlanner: SubPlanner = (state, ctx) => sub.plan(state, ctx);
    const d = compileHtnDomain(actions, {
      root: 'Root',
      tasks: [
        { kind: 'delegate', name: 'Plan', delegate: 'moves' },
        { kind: 'compound', name: 'Root', methods: [{ conditions: [eq(k.Calm, true)], check: 'tick', subtasks: ['Plan'] }] },
      ],
    });
    const r = new HtnPlanner(d, { delegates: { moves: delegatePlanner } }).plan(createState(schema));
    expect(tasksOf(r)).toEqual(['Jab']);
    expect(r.plan!.steps[0].executing.describe(0)).toBe('Calm == true');
  });

  it('a decoded plan keeps its checks and its sub-domain steps (codec of the planning domain)', () => {
    const p = new HtnPlanner(parent('step'));
    p.plug('Move', moves());
    const r = p.plan(createState(schema));
    const codec = htnPlanCodec(p.planningDomain);
    const again = codec.decode(structuredClone(codec.encode(r)));
    expect(again.plan!.steps.map((s) => [s.task, s.conditions.source.length])).toEqual(r.plan!.steps.map((s) => [s.task, s.conditions.source.length]));
    expect(again.plan!.steps[1].conditions.describe(0)).toBe(r.plan!.steps[1].conditions.describe(0));
    expect(validatePlan(again.plan!.steps, 0, createState(schema), createState(schema)).step).toBe(-1);
    // A plain domain's codec sends no checks; an unknown check method is a typed error.
    const plain = codec.encode(r);
    const bad = { ...plain, plan: { ...plain.plan!, steps: plain.plan!.steps.map((s) => ({ ...s, checks: [999] })) } };
    expect(thrown(() => codec.decode(bad))).toMatchObject({ code: 'UNKNOWN_STEP' });
  });
});
