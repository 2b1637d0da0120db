import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  bool,
  createState,
  defineActions,
  defineSchema,
  DualplanError,
  eq,
  int,
  set,
  validatePlan,
  type ActionDef,
  type WorldState,
} from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import type { CompoundDef, MethodDef, TaskDef } from './domain/HtnDomainDef.js';
import { htnDomainBuilder } from './domain/HtnDomainBuilder.js';
import { TaskDefinitionError, UtilityError } from './errors.js';
import { HtnPlanner } from './HtnPlanner.js';

const schema = defineSchema({ Y: bool(), Z: bool(), W: bool(), Ammo: int(0, 3) });
const k = schema.keys;
const actionDefs: ActionDef[] = [
  { name: 'A' },
  { name: 'B' },
  { name: 'C' },
  { name: 'SetY', effects: [set(k.Y, true)] },
  { name: 'SetZ', effects: [set(k.Z, true)] },
  { name: 'SetW', effects: [set(k.W, true)] },
  { name: 'NeedsZ', conditions: [eq(k.Z, true)] },
];
const actions = defineActions(schema, actionDefs);
const tasksOf = (r: { plan: { steps: readonly { task: string }[] } | null }) => r.plan?.steps.map((s) => s.task) ?? null;

function domain(...tasks: TaskDef[]) {
  return compileHtnDomain(actions, { root: tasks[0].name, tasks });
}
const pick = (select: CompoundDef['select'], methods: MethodDef[]): CompoundDef => ({ kind: 'compound', name: 'Pick', select, methods });
// Root = Pick then NeedsZ: only a method setting Z leads to a plan, so other picks backtrack.
const root: CompoundDef = { kind: 'compound', name: 'Root', methods: [{ subtasks: ['Pick', 'NeedsZ'] }] };

function thrown(fn: () => unknown): DualplanError {
  try {
    fn();
  } catch (e) {
    return e as DualplanError;
  }
  throw new Error('expected a throw');
}

describe("select: 'utility'", () => {
  it('the highest valid utility wins; the MTR entry is its position in the utility order', () => {
    const d = domain(
      pick('utility', [
        { name: 'a', utility: 1, subtasks: ['A'] },
        { name: 'b', utility: 5, subtasks: ['B'] },
        { name: 'c', utility: 3, subtasks: ['C'] },
      ]),
    );
    const r = new HtnPlanner(d).plan(createState(schema));
    expect(tasksOf(r)).toEqual(['B']);
    expect(r.plan!.meta.mtr).toEqual([0]);
  });

  it('skips an invalid best method: the next score wins, at position 1', () => {
    const d = domain(
      pick('utility', [
        { utility: 1, subtasks: ['A'] },
        { utility: 5, conditions: [eq(k.Y, true)], subtasks: ['B'] },
        { utility: 3, subtasks: ['C'] },
      ]),
    );
    const r = new HtnPlanner(d).plan(createState(schema));
    expect(tasksOf(r)).toEqual(['C']);
    expect(r.plan!.meta.mtr).toEqual([1]);
  });

  it('scores from the working state and context; ties keep the listed order', () => {
    const d = domain(
      pick('utility', [
        { name: 'shoot', utility: (s: WorldState<any>) => (s.get(k.Ammo) > 0 ? 10 : 0), subtasks: ['A'] },
        { name: 'melee', utility: (_s: WorldState<any>, ctx: { rage: number }) => ctx.rage, subtasks: ['B'] },
        { name: 'idle', utility: 0, subtasks: ['C'] },
      ]),
    );
    const p = new HtnPlanner(d);
    expect(tasksOf(p.plan(createState(schema, { Ammo: 2 }), { rage: 3 }))).toEqual(['A']);
    expect(tasksOf(p.plan(createState(schema, { Ammo: 0 }), { rage: 3 }))).toEqual(['B']);
    expect(tasksOf(p.plan(createState(schema, { Ammo: 0 }), { rage: 0 }))).toEqual(['A']); // all score 0: the listed order decides
  });

  it('backtracks through a utility choice to the next-best method', () => {
    const d = domain(
      root,
      pick('utility', [
        { name: 'lo', utility: 1, subtasks: ['SetZ'] },
        { name: 'hi', utility: 9, subtasks: ['SetY'] },
        { name: 'mid', utility: 5, subtasks: ['SetW'] },
      ]),
    );
    const r = new HtnPlanner(d).plan(createState(schema));
    // Order hi, mid, lo: SetY then NeedsZ fails, SetW then NeedsZ fails, SetZ works.
    expect(tasksOf(r)).toEqual(['SetZ', 'NeedsZ']);
    expect(r.plan!.meta.mtr).toEqual([0, 2]);
    expect(r.plan!.stats.backtracks).toBe(2);
  });

  it('prunes against an MTR in utility-order positions', () => {
    const d = domain(
      root,
      pick('utility', [
        { utility: 1, subtasks: ['SetZ'] },
        { utility: 9, subtasks: ['SetY'] },
      ]),
    );
    const p = new HtnPlanner(d);
    expect(p.plan(createState(schema), undefined, { against: [0, 0] }).status).toBe('none');
    expect(tasksOf(p.plan(createState(schema), undefined, { against: [0, 1] }))).toEqual(['SetZ', 'NeedsZ']);
  });

  it('a throwing utility is contained: a typed error naming the compound and method; the planner still plans', () => {
    const boom = (_s: WorldState<any>, ctx: { boom: boolean }) => {
      if (ctx.boom) throw new Error('no target');
      return 2;
    };
    const d = domain(
      pick('utility', [
        { name: 'safe', utility: 1, subtasks: ['A'] },
        { name: 'risky', utility: boom, subtasks: ['B'] },
      ]),
    );
    const p = new HtnPlanner(d);
    const state = createState(schema);
    const e = thrown(() => p.plan(state, { boom: true }));
    expect(e).toBeInstanceOf(UtilityError);
    expect(e.code).toBe('UTILITY_FAILED');
    expect(e.subject).toBe('Pick.risky');
    expect(e.message).toMatch(/no target/);
    expect((e as { cause?: unknown }).cause).toBeInstanceOf(Error);
    expect(tasksOf(p.plan(state, { boom: false }))).toEqual(['B']);
    const nan = domain(pick('utility', [{ name: 'odd', utility: () => NaN, subtasks: ['A'] }]));
    expect(thrown(() => new HtnPlanner(nan).plan(state)).code).toBe('UTILITY_FAILED');
  });

  it('a utility returning or throwing a value that cannot be converted to a string is UTILITY_FAILED naming the method (a TypeError before)', () => {
    const state = createState(schema);
    const returns = domain(pick('utility', [{ name: 'odd', utility: () => ({ toString: '' }) as never, subtasks: ['A'] }]));
    const e = thrown(() => new HtnPlanner(returns).plan(state));
    expect(e).toBeInstanceOf(UtilityError);
    expect([e.code, e.subject, e.message]).toEqual([
      'UTILITY_FAILED',
      'Pick.odd',
      'The utility of method odd of task "Pick" returned {"toString":""}, not a number.',
    ]);
    const hostile = Object.create(null);
    const throws = domain(
      pick('utility', [
        {
          name: 'odd',
          utility: () => {
            throw hostile;
          },
          subtasks: ['A'],
        },
      ]),
    );
    const t = thrown(() => new HtnPlanner(throws).plan(state));
    expect(t).toBeInstanceOf(UtilityError);
    expect([t.code, t.subject, t.message]).toEqual(['UTILITY_FAILED', 'Pick.odd', 'The utility of method odd of task "Pick" threw: an object.']);
    expect((t as { cause?: unknown }).cause).toBe(hostile);
  });
});

describe("select: 'random'", () => {
  const three = () =>
    domain(
      root,
      pick('random', [
        { name: 'y', subtasks: ['SetY'] },
        { name: 'z', subtasks: ['SetZ'] },
        { name: 'w', subtasks: ['SetW'] },
      ]),
    );

  it('backtracks through a random choice: always finds the one working method', () => {
    const p = new HtnPlanner(three(), { seed: 5 });
    const positions = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const r = p.plan(createState(schema));
      expect(tasksOf(r)).toEqual(['SetZ', 'NeedsZ']);
      // The MTR entry is where z came in this draw's order, so it equals the backtracks.
      expect(r.plan!.meta.mtr[1]).toBe(r.plan!.stats.backtracks);
      positions.add(r.plan!.meta.mtr[1]);
    }
    expect(positions).toEqual(new Set([0, 1, 2]));
  });

  it('a seed replays the same choices; the request seed resets the generator', () => {
    const d = domain(pick('random', [{ subtasks: ['A'] }, { subtasks: ['B'] }, { subtasks: ['C'] }]));
    const run = (seed: number) => {
      const p = new HtnPlanner(d, { seed });
      return Array.from({ length: 20 }, () => tasksOf(p.plan(createState(schema)))![0]).join('');
    };
    expect(run(11)).toBe(run(11));
    expect(run(11)).not.toBe(run(12));
    const p = new HtnPlanner(d);
    const a = tasksOf(p.plan(createState(schema), undefined, { seed: 3 }));
    p.plan(createState(schema));
    expect(tasksOf(p.plan(createState(schema), undefined, { seed: 3 }))).toEqual(a);
  });

  it('weights set the chance of the first pick; weight 0 is tried only after the others', () => {
    const d = domain(
      pick('random', [
        { weight: 3, subtasks: ['A'] },
        { weight: 1, subtasks: ['B'] },
        { weight: 0, subtasks: ['C'] },
      ]),
    );
    const p = new HtnPlanner(d, { seed: 99 });
    const count: Record<string, number> = { A: 0, B: 0, C: 0 };
    for (let i = 0; i < 2000; i++) count[tasksOf(p.plan(createState(schema)))![0]]++;
    expect(count.C).toBe(0);
    expect(count.A / 2000).toBeGreaterThan(0.7);
    expect(count.A / 2000).toBeLessThan(0.8);
    const fallback = domain(
      pick('random', [
        { weight: 2, conditions: [eq(k.Y, true)], subtasks: ['A'] },
        { weight: 0, subtasks: ['C'] },
      ]),
    );
    expect(tasksOf(new HtnPlanner(fallback).plan(createState(schema)))).toEqual(['C']);
  });

  it('property: with a fixed seed planning is deterministic, the inline and general paths agree, and every plan validates', () => {
    const steps = ['A', 'B', 'SetY', 'SetZ', 'SetW', 'NeedsZ'];
    const methodArb = fc.record({ weight: fc.nat(3), cond: fc.nat(3), subs: fc.array(fc.nat(steps.length + 1), { maxLength: 3 }) });
    const compoundArb = fc.record({
      select: fc.constantFrom('first', 'random', 'utility') as fc.Arbitrary<'first' | 'random' | 'utility'>,
      methods: fc.array(methodArb, { minLength: 1, maxLength: 4 }),
    });
    let found = 0;
    fc.assert(
      fc.property(fc.array(compoundArb, { minLength: 2, maxLength: 2 }), fc.integer(), (comps, seed) => {
        const names = [...steps, 'T0', 'T1'];
        const keys = [k.Y, k.Z, k.W];
        const tasks = comps.map((c, i): TaskDef => ({
          kind: 'compound',
          name: `T${i}`,
          select: c.select,
          methods: c.methods.map((m) => ({
            ...(c.select === 'random' ? { weight: m.weight } : c.select === 'utility' ? { utility: m.weight } : {}),
            conditions: m.cond < 3 ? [eq(keys[m.cond], false)] : [],
            subtasks: m.subs.map((s) => names[s]),
          })),
        }));
        const d = compileHtnDomain(actions, { root: 'T0', tasks });
        const plan = (s: number) => new HtnPlanner(d, { seed: s, maxDepth: 12, maxSteps: 5000 }).plan(createState(schema));
        const a = plan(seed);
        const b = plan(seed);
        // Every call the general way, traced: the inline paths (strategies included), traced or not, must plan the
        // same, and the traced inline path must write the same events.
        const generalPlanner = new HtnPlanner(d, { seed, maxDepth: 12, maxSteps: 5000, trace: true });
        (generalPlanner as unknown as { engine: { generalPathOnly(): void } }).engine.generalPathOnly();
        const general = generalPlanner.plan(createState(schema));
        const tracedPlanner = new HtnPlanner(d, { seed, maxDepth: 12, maxSteps: 5000, trace: true });
        const traced = tracedPlanner.plan(createState(schema));
        expect(b.status).toBe(a.status);
        expect(tasksOf(b)).toEqual(tasksOf(a));
        for (const r of [general, traced])
          expect([r.status, tasksOf(r), r.plan?.meta.mtr, r.plan?.stats.backtracks]).toEqual([
            a.status,
            tasksOf(a),
            a.plan?.meta.mtr,
            a.plan?.stats.backtracks,
          ]);
        expect(tracedPlanner.trace).toEqual(generalPlanner.trace);
        if (a.status === 'found') {
          found++;
          expect(a.plan!.meta.mtr).toEqual(b.plan!.meta.mtr);
          expect(validatePlan(a.plan!.steps, 0, createState(schema), createState(schema)).step).toBe(-1);
        }
      }),
      { numRuns: 300, seed: 21 },
    );
    expect(found).toBeGreaterThan(50);
  });
});

describe('strategy definitions are validated', () => {
  const bad = (c: CompoundDef) => thrown(() => domain(c));
  it('unknown select, with a did-you-mean', () => {
    const e = bad({ kind: 'compound', name: 'Pick', select: 'utilty' as 'utility', methods: [{ subtasks: ['A'] }] });
    expect(e).toBeInstanceOf(TaskDefinitionError);
    expect([e.code, e.subject]).toEqual(['BAD_SELECT', 'Pick']);
    expect(e.message).toMatch(/did you mean "?utility"?/i);
  });
  it('negative, NaN or misplaced weights', () => {
    for (const weight of [-1, NaN, Infinity])
      expect(bad(pick('random', [{ name: 'm', weight, subtasks: ['A'] }]))).toMatchObject({ code: 'BAD_WEIGHT', subject: 'Pick' });
    expect(bad(pick('random', [{ name: 'm', weight: NaN, subtasks: ['A'] }])).message).toMatch(/method m of task Pick/);
    expect(bad(pick('first', [{ weight: 2, subtasks: ['A'] }])).message).toMatch(/needs select: 'random'/);
  });
  it('missing or misplaced utilities', () => {
    expect(bad(pick('utility', [{ name: 'm', subtasks: ['A'] }]))).toMatchObject({ code: 'MISSING_UTILITY', subject: 'Pick' });
    expect(bad(pick('utility', [{ utility: NaN, subtasks: ['A'] }]))).toMatchObject({ code: 'BAD_UTILITY' });
    expect(bad(pick(undefined, [{ utility: 3, subtasks: ['A'] }]))).toMatchObject({ code: 'BAD_UTILITY' });
  });
});

describe('the builder writes the same strategies', () => {
  it('compound(name, select) with method weights and utilities', () => {
    const built = htnDomainBuilder(actions)
      .compound('Root')
      .method()
      .task('Pick')
      .task('NeedsZ')
      .end()
      .compound('Pick', 'utility')
      .method([], { name: 'lo', utility: 1 })
      .task('SetZ')
      .back()
      .method([], { name: 'hi', utility: 9 })
      .task('SetY')
      .end();
    expect(built.toData().tasks[1]).toEqual({
      kind: 'compound',
      name: 'Pick',
      select: 'utility',
      methods: [
        { name: 'lo', utility: 1, conditions: [], subtasks: ['SetZ'] },
        { name: 'hi', utility: 9, conditions: [], subtasks: ['SetY'] },
      ],
    });
    expect(tasksOf(new HtnPlanner(built.build()).plan(createState(schema)))).toEqual(['SetZ', 'NeedsZ']);
    const weighted = htnDomainBuilder(actions)
      .compound('R', 'random')
      .method([], { weight: 0 })
      .task('A')
      .back()
      .method([], { weight: 2 })
      .task('B')
      .end()
      .build();
    expect(tasksOf(new HtnPlanner(weighted).plan(createState(schema)))).toEqual(['B']);
  });
});
