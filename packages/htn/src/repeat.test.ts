import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { add, bool, createState, defineActions, defineSchema, eq, int, lt, set, validatePlan } from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import { htnDomainBuilder } from './domain/HtnDomainBuilder.js';
import type { RepeatDef } from './domain/HtnDomainDef.js';
import { htnSearchTrace } from './diagnostics/htnSearchTrace.js';
import { HtnPlanner } from './HtnPlanner.js';
import { TaskDefinitionError } from './errors.js';

const schema = defineSchema({ Searched: int(0, 10), Enemy: bool(), Steps: int(0, 30), Alert: bool() });
const k = schema.keys;
const actions = defineActions(schema, [
  { name: 'SearchRoom', conditions: [lt(k.Searched, 10)], effects: [add(k.Searched, 1)] },
  { name: 'Walk', conditions: [lt(k.Steps, 30)], effects: [add(k.Steps, 1)] },
  { name: 'SpotEnemy', effects: [set(k.Enemy, true)] },
  { name: 'GiveUp', effects: [set(k.Alert, false)] },
]);
const names = (steps: readonly { task: string }[]) => steps.map((s) => s.task);
const loopDomain = (repeat: RepeatDef, body: string[] = ['SearchRoom']) =>
  compileHtnDomain(actions, {
    root: 'Root',
    tasks: [
      { kind: 'compound', name: 'Root', methods: [{ name: 'all', subtasks: ['Loop', 'GiveUp'] }] },
      { kind: 'compound', name: 'Loop', methods: [{ name: 'search', subtasks: body, repeat }] },
    ],
  });

describe('repeat', () => {
  it('runs a subtask list exactly times passes, each predicted from the one before ("search three rooms, then give up")', () => {
    const { plan } = new HtnPlanner(loopDomain({ times: 3 })).plan(createState(schema, { Searched: 0 }));
    expect(names(plan!.steps)).toEqual(['SearchRoom', 'SearchRoom', 'SearchRoom', 'GiveUp']);
    const start = createState(schema, { Searched: 0 });
    expect(validatePlan(plan!.steps, 0, start, createState(schema)).step).toBe(-1);
    // A pass that cannot be planned fails the loop like any subtask: with 8 rooms searched, a third pass finds none.
    expect(new HtnPlanner(loopDomain({ times: 3 })).plan(createState(schema, { Searched: 8 })).plan).toBeNull();
  });

  it('runs passes while the conditions hold, at most times ("patrol while no enemy is seen, at most 20 passes")', () => {
    const patrol = loopDomain({ times: 20, while: [eq(k.Enemy, false)] }, ['Walk']);
    expect(names(new HtnPlanner(patrol).plan(createState(schema)).plan!.steps)).toEqual([...Array(20).fill('Walk'), 'GiveUp']);
    expect(names(new HtnPlanner(patrol).plan(createState(schema, { Enemy: true })).plan!.steps)).toEqual(['GiveUp']);
    // A pass that makes the conditions false is the last one.
    const spot = loopDomain({ times: 20, while: [eq(k.Enemy, false)] }, ['Walk', 'SpotEnemy']);
    expect(names(new HtnPlanner(spot).plan(createState(schema)).plan!.steps)).toEqual(['Walk', 'SpotEnemy', 'GiveUp']);
    // A pass that cannot be planned (no room left to search after 9) ends a while loop; the passes before it stay.
    const rooms = loopDomain({ times: 5, while: [eq(k.Enemy, false)] });
    expect(names(new HtnPlanner(rooms).plan(createState(schema, { Searched: 8 })).plan!.steps)).toEqual(['SearchRoom', 'SearchRoom', 'GiveUp']);
  });

  it('names each pass in the trace', () => {
    const planner = new HtnPlanner(loopDomain({ times: 2 }), { trace: true });
    const r = planner.plan(createState(schema));
    const text = JSON.stringify(htnSearchTrace(planner.trace, r, 'Root'));
    expect(text).toContain('(Loop/search pass 1 of 2)');
    expect(text).toContain('(Loop/search pass 2 of 2)');
  });

  it('checks while again before each step at run time by default (a step of a pass carries the conditions)', () => {
    const { plan } = new HtnPlanner(loopDomain({ times: 2, while: [eq(k.Enemy, false)] }, ['Walk'])).plan(createState(schema));
    expect(plan!.steps[0].conditions.length).toBe(2);
    const planOnly = new HtnPlanner(loopDomain({ times: 2, while: [eq(k.Enemy, false)], check: 'plan' }, ['Walk'])).plan(createState(schema));
    expect(planOnly.plan!.steps[0].conditions.length).toBe(1);
    const tick = new HtnPlanner(loopDomain({ times: 2, while: [eq(k.Enemy, false)], check: 'tick' }, ['Walk'])).plan(createState(schema));
    expect(tick.plan!.steps[0].executing.length).toBe(1);
  });

  it('repeats a whole compound, choosing its method anew each pass', () => {
    const d = compileHtnDomain(actions, {
      root: 'Root',
      tasks: [
        { kind: 'compound', name: 'Root', methods: [{ subtasks: ['Sweep'] }] },
        {
          kind: 'compound',
          name: 'Sweep',
          repeat: { times: 3 },
          methods: [{ conditions: [lt(k.Searched, 1)], subtasks: ['SearchRoom'] }, { subtasks: ['Walk'] }],
        },
      ],
    });
    expect(names(new HtnPlanner(d).plan(createState(schema)).plan!.steps)).toEqual(['SearchRoom', 'Walk', 'Walk']);
  });

  it('is data the builder writes too', () => {
    const b = htnDomainBuilder(actions)
      .root('Root')
      .compound('Root')
      .method([], { name: 'm', repeat: { times: 2 } })
      .task('Walk')
      .end();
    expect(b.toData().tasks[0]).toMatchObject({ methods: [{ name: 'm', repeat: { times: 2 } }] });
    expect(names(new HtnPlanner(b.build()).plan(createState(schema)).plan!.steps)).toEqual(['Walk', 'Walk']);
  });

  it('rejects a repeat without a bound, of 0 passes, or with unknown fields, naming the task', () => {
    const err = (repeat: unknown) => {
      try {
        loopDomain(repeat as RepeatDef);
      } catch (e) {
        return e as TaskDefinitionError;
      }
      return null;
    };
    expect(err({ while: [eq(k.Enemy, false)] })).toMatchObject({ code: 'REPEAT_UNBOUNDED', subject: 'Loop' });
    expect(err({ while: [eq(k.Enemy, false)] })!.message).toContain('times');
    expect(err({ times: 0 })).toMatchObject({ code: 'BAD_REPEAT', subject: 'Loop' });
    expect(err({ times: 1.5 })).toMatchObject({ code: 'BAD_REPEAT' });
    expect(err({ times: 101 })).toMatchObject({ code: 'BAD_REPEAT' });
    expect(err({ times: 2, check: 'step' })).toMatchObject({ code: 'BAD_REPEAT' });
    expect(err({ times: 2, whilst: [] })!.message).toContain('while');
    expect(err(5)).toMatchObject({ code: 'BAD_REPEAT' });
  });

  it('never plans more passes than its bound (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 30 }), fc.boolean(), (times, steps, withWhile) => {
        const d = loopDomain(withWhile ? { times, while: [lt(k.Steps, 25)] } : { times }, ['Walk']);
        const r = new HtnPlanner(d).plan(createState(schema, { Steps: steps }));
        if (r.plan === null) return !withWhile && steps + times > 30;
        const walks = r.plan.steps.filter((s) => s.task === 'Walk').length;
        if (walks > times) return false;
        // Exactly the bound without while; with while, as many as the condition allows.
        return withWhile ? walks === Math.min(times, Math.max(0, 25 - steps)) : walks === times;
      }),
      { numRuns: 150 },
    );
  });
});
