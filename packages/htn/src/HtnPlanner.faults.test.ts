import { describe, expect, it } from '@jest/globals';
import { bool, check, createState, defineActions, defineSchema, effect, eq, PlanBuffer, set, type ActionDef, type WorldState } from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import type { TaskDef } from './domain/HtnDomainDef.js';
import { HtnPlanner } from './HtnPlanner.js';

const schema = defineSchema({ Ready: bool(), Done: bool() });
const k = schema.keys;
const boom = (what: string) => (): never => {
  throw new TypeError(`${what} broke`);
};
const prim = (name: string, extra: Partial<ActionDef> = {}): ActionDef => ({ name, effects: [set(k.Done, true)], ...extra });
const tasksOf = (r: { plan: { steps: readonly { task: string }[] } | null }) => r.plan?.steps.map((s) => s.task);

describe.each(['ordered', 'best-first'] as const)('HtnPlanner (%s) contains user code that fails during the search', (mode) => {
  const plan = (tasks: TaskDef[], actions: ActionDef[], delegates?: Record<string, () => never>) =>
    new HtnPlanner(compileHtnDomain(defineActions(schema, actions), { root: 'Root', tasks }), { mode, delegates }).plan(createState(schema));

  it('a subtask function that throws skips its method; the next method is planned and the fault names the method', () => {
    const r = plan(
      [
        {
          kind: 'compound',
          name: 'Root',
          methods: [
            { name: 'clever', subtasks: boom('subtasks') },
            { name: 'plain', subtasks: ['Work'] },
          ],
        },
      ],
      [prim('Work')],
    );
    expect(tasksOf(r)).toEqual(['Work']);
    expect(r.faults!.map((f) => [f.code, f.where, f.subject])).toEqual([['TASK_THREW', 'task', 'clever']]);
    expect(r.faults![0].message).toContain('TypeError: subtasks broke');
    expect(r.faults![0].message).toContain('"clever" of task "Root"');
  });

  it('a method condition that throws skips that method', () => {
    const r = plan(
      [
        {
          kind: 'compound',
          name: 'Root',
          methods: [
            { name: 'risky', conditions: [check('odd', boom('check'))], subtasks: ['Work'] },
            { name: 'safe', subtasks: ['Rest'] },
          ],
        },
      ],
      [prim('Work'), prim('Rest')],
    );
    expect(tasksOf(r)).toEqual(['Rest']);
    expect(r.faults!.map((f) => f.subject)).toEqual(['risky']);
  });

  it('a primitive whose condition or effect function throws fails there, and the search backtracks to another method', () => {
    const r = plan(
      [
        {
          kind: 'compound',
          name: 'Root',
          methods: [
            { name: 'a', subtasks: ['Shaky'] },
            { name: 'b', subtasks: ['Work'] },
          ],
        },
      ],
      [prim('Shaky', { effects: [effect('wobble', boom('effect'))] }), prim('Work')],
    );
    expect(tasksOf(r)).toEqual(['Work']);
    expect(r.faults!.map((f) => [f.code, f.where, f.subject])).toEqual([['CONDITION_THREW', 'condition', 'Shaky']]);
  });

  it('a delegate whose sub-planner throws fails; without another way there is no plan, and the fault says why', () => {
    const r = plan(
      [{ kind: 'compound', name: 'Root', methods: [{ name: 'm', subtasks: ['Ask'] }] }, { kind: 'delegate', name: 'Ask', delegate: 'oracle' } as TaskDef],
      [],
      { oracle: boom('oracle') },
    );
    expect(r.status).toBe('none');
    expect(r.faults!.map((f) => [f.where, f.subject])).toEqual([['task', 'Ask']]);
  });

  it('reports a failing source once per search, even when backtracking meets it again', () => {
    let calls = 0;
    const flaky = (_s: WorldState, _c: unknown) => {
      calls++;
      throw new Error('always');
    };
    const r = plan(
      [
        {
          kind: 'compound',
          name: 'Root',
          methods: [
            { name: 'twice', subtasks: ['Sub', 'Sub'] },
            { name: 'fallback', subtasks: ['Work'] },
          ],
        },
        {
          kind: 'compound',
          name: 'Sub',
          methods: [
            { name: 'x', conditions: [check('flaky', flaky)], subtasks: ['Work'] },
            { name: 'y', conditions: [eq(k.Ready, true)], subtasks: ['Work'] },
          ],
        },
      ],
      [prim('Work')],
    );
    expect(tasksOf(r)).toEqual(['Work']);
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(r.faults).toHaveLength(1);
  });

  it('a reused buffer carries only the latest search faults', () => {
    let broken = true;
    const domain = compileHtnDomain(defineActions(schema, [prim('Work')]), {
      root: 'Root',
      tasks: [{ kind: 'compound', name: 'Root', methods: [{ name: 'm', subtasks: () => (broken ? boom('now')() : ['Work']) }] }],
    });
    const planner = new HtnPlanner(domain, { mode });
    const out = new PlanBuffer();
    expect(planner.plan(createState(schema), undefined, { out }).faults).toHaveLength(1);
    broken = false;
    const r = planner.plan(createState(schema), undefined, { out });
    expect([r.status, r.faults]).toEqual(['found', undefined]);
  });

  it('a plain snapshot object instead of a WorldState is a typed error naming what it got', () => {
    const planner = new HtnPlanner(compileHtnDomain(defineActions(schema, [prim('Work')]), { root: 'Work', tasks: [] }), { mode });
    expect(() => planner.plan({ Ready: true } as never)).toThrow(
      expect.objectContaining({ code: 'BAD_STATE', message: expect.stringContaining('got an object') }),
    );
  });
});

describe('HtnPlanner contains action cost functions that fail', () => {
  it('a cost function that throws or returns NaN makes that action cost Infinity for this plan, reported once', () => {
    const actions = defineActions(schema, [prim('Cheap', { cost: () => NaN }), prim('Safe', { cost: 1 })]);
    const domain = compileHtnDomain(actions, {
      root: 'Root',
      tasks: [
        {
          kind: 'compound',
          name: 'Root',
          methods: [
            { name: 'a', subtasks: ['Cheap'] },
            { name: 'b', subtasks: ['Safe'] },
          ],
        },
      ],
    });
    const r = new HtnPlanner(domain, { mode: 'best-first' }).plan(createState(schema));
    expect(tasksOf(r)).toEqual(['Safe']);
    expect(r.faults!.map((f) => [f.code, f.where, f.subject])).toEqual([['INVALID_COST', 'cost', 'Cheap']]);
  });

  it('best-first never returns a plan through an action whose cost failed (it used to be found with cost Infinity)', () => {
    const actions = defineActions(schema, [prim('Only', { cost: boom('cost') })]);
    const domain = compileHtnDomain(actions, { root: 'Root', tasks: [{ kind: 'compound', name: 'Root', methods: [{ name: 'only', subtasks: ['Only'] }] }] });
    const r = new HtnPlanner(domain, { mode: 'best-first' }).plan(createState(schema));
    expect(r.status).toBe('none');
    expect(r.plan).toBeNull();
    expect(r.faults!.map((f) => [f.code, f.subject])).toEqual([['COST_THREW', 'Only']]);
  });
});

describe.each(['ordered', 'best-first'] as const)('HtnPlanner (%s): an opaque check that answers no boolean is a reported fault', (mode) => {
  it.each([
    ['1', 1],
    ['"yes"', 'yes'],
    ['a Promise', Promise.resolve(true)],
  ])('a check answering %s fails its method and is reported as INVALID_CHECK', (_label, answer) => {
    const domain = compileHtnDomain(defineActions(schema, [prim('Work'), prim('Rest')]), {
      root: 'Root',
      tasks: [
        {
          kind: 'compound',
          name: 'Root',
          methods: [
            { name: 'sloppy', conditions: [check('ready', () => answer as never)], subtasks: ['Work'] },
            { name: 'safe', subtasks: ['Rest'] },
          ],
        },
      ],
    });
    const r = new HtnPlanner(domain, { mode }).plan(createState(schema));
    expect(tasksOf(r)).toEqual(['Rest']);
    expect(r.faults).toHaveLength(1);
    const cause = r.faults![0].cause as { code?: string; subject?: string; message?: string };
    expect([r.faults![0].subject, cause.code, cause.subject]).toEqual(['sloppy', 'INVALID_CHECK', 'ready']);
    expect(cause.message).toMatch(typeof answer === 'object' ? /answered with a Promise/ : /other than true or false/);
  });
});

describe('HtnPlanner budgets', () => {
  it.each([1.5, 0, -1, NaN, Infinity, '10'])('maxSteps %p is a typed error naming the option', (value) => {
    const domain = compileHtnDomain(defineActions(schema, [prim('Work')]), {
      root: 'Root',
      tasks: [{ kind: 'compound', name: 'Root', methods: [{ name: 'm', subtasks: ['Work'] }] }],
    });
    expect(() => new HtnPlanner(domain, { maxSteps: value as number })).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'maxSteps' }));
  });
});

describe.each(['ordered', 'best-first'] as const)('HtnPlanner (%s): calls into the planner from its own search are refused', (mode) => {
  it('plan(), plug, unplug and reseed from a condition function are REENTRANT_CALL faults; the search goes on and the planner stays usable', () => {
    const sub = compileHtnDomain(defineActions(schema, [prim('Swing')]), {
      root: 'Fight',
      tasks: [{ kind: 'compound', name: 'Fight', methods: [{ name: 'swing', subtasks: ['Swing'] }] }],
    });
    const calls: Array<(p: HtnPlanner) => unknown> = [
      (p) => p.plan(createState(schema)),
      (p) => p.plug('Combat', sub),
      (p) => p.unplug('Combat'),
      (p) => p.reseed(3),
    ];
    for (const call of calls) {
      let planner: HtnPlanner | null = null;
      const domain = compileHtnDomain(defineActions(schema, [prim('Work'), prim('Rest'), prim('Swing')]), {
        root: 'Root',
        tasks: [
          { kind: 'slot', name: 'Combat' },
          {
            kind: 'compound',
            name: 'Root',
            methods: [
              { name: 'meddle', conditions: [check('meddles', () => (call(planner!), true))], subtasks: ['Work'] },
              { name: 'rest', subtasks: ['Rest'] },
            ],
          },
        ],
      });
      planner = new HtnPlanner(domain, { mode });
      const r = planner.plan(createState(schema));
      expect(tasksOf(r)).toEqual(['Rest']);
      expect(r.faults!.map((f) => [f.code, f.subject, (f.cause as { code?: string }).code])).toEqual([
        [mode === 'ordered' ? 'CONDITION_THREW' : 'TASK_THREW', 'meddle', 'REENTRANT_CALL'],
      ]);
      // Nothing was changed under the search, and the planner plans again.
      expect(planner.pluggedInto('Combat')).toBeNull();
      expect(tasksOf(planner.plan(createState(schema)))).toEqual(['Rest']);
    }
  });
});
