import { describe, expect, it } from '@jest/globals';
import {
  bool,
  createState,
  defineSchema,
  DualplanError,
  enumOf,
  eq,
  int,
  set,
  UnknownKeyError,
  ValueRangeError,
  defineActions,
  ActionDefinitionError,
  type ActionDef,
} from '@dualplan/world-state';
import { trollSchema } from '@dualplan/world-state/examples';
import { compileHtnDomain } from './compileHtnDomain.js';
import { TaskKind } from './HtnDomain.js';
import type { HtnDomainDef, TaskDef } from './HtnDomainDef.js';
import { htnDomainBuilder } from './HtnDomainBuilder.js';
import { DuplicateTaskError, EmptyCompoundError, TaskDefinitionError, UndefinedTaskError, UnknownDelegateError } from '../errors.js';
import { HtnPlanner } from '../HtnPlanner.js';

const schema = defineSchema({ Ready: bool(), Mode: enumOf({ Idle: 0, Busy: 1 } as const, 0), Level: int(0, 3) });

/** Test shorthand: one list holding actions (no `kind`) and compound/delegate tasks, compiled as an action set plus a domain. */
type Mixed = Omit<HtnDomainDef, 'tasks'> & { readonly tasks: readonly (TaskDef | ActionDef)[] };
function compileMixed(def: Mixed) {
  const actions = def.tasks.filter((t): t is ActionDef => !('kind' in t));
  return compileHtnDomain(defineActions(schema, actions), { ...def, tasks: def.tasks.filter((t): t is TaskDef => 'kind' in t) });
}

function expectError(def: Mixed, type: new (...a: any[]) => DualplanError, code: string, subject: string, message?: RegExp): void {
  let thrown: unknown;
  try {
    compileMixed(def);
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(type);
  expect(thrown).toBeInstanceOf(DualplanError);
  expect((thrown as DualplanError).code).toBe(code);
  expect((thrown as DualplanError).subject).toBe(subject);
  if (message) expect((thrown as Error).message).toMatch(message);
}

const prim = (name: string, extra: Partial<ActionDef> = {}): ActionDef => ({ name, ...extra });

describe('compileHtnDomain errors name the offending task', () => {
  it('undefined subtask', () => {
    expectError(
      { tasks: [{ kind: 'compound', name: 'Root', methods: [{ subtasks: ['Missing'] }] }] },
      UndefinedTaskError,
      'UNDEFINED_TASK',
      'Missing',
      /task Root/,
    );
  });
  it('undefined subtask with arguments', () => {
    expectError(
      { tasks: [{ kind: 'compound', name: 'Root', methods: [{ subtasks: [{ task: 'Gone', args: [1] }] }] }] },
      UndefinedTaskError,
      'UNDEFINED_TASK',
      'Gone',
    );
  });
  it('undefined root', () => {
    expectError({ root: 'Nope', tasks: [prim('A')] }, UndefinedTaskError, 'UNDEFINED_TASK', 'Nope', /root/);
  });
  it('empty compound', () => {
    expectError({ tasks: [{ kind: 'compound', name: 'Hollow', methods: [] }] }, EmptyCompoundError, 'EMPTY_COMPOUND', 'Hollow');
  });
  it('duplicate names', () => {
    expectError({ tasks: [prim('Twice'), { kind: 'compound', name: 'Twice', methods: [{ subtasks: [] }] }] }, DuplicateTaskError, 'DUPLICATE_TASK', 'Twice');
  });
  it('unknown key in a method condition names the key and the task', () => {
    expectError(
      { tasks: [{ kind: 'compound', name: 'Root', methods: [{ name: 'go', conditions: [{ key: 'Nope', op: '==', value: true }], subtasks: [] }] }] },
      UnknownKeyError,
      'UNKNOWN_KEY',
      'Nope',
      /method go of task Root/,
    );
  });
  it('unknown key in a primitive effect', () => {
    expectError(
      { tasks: [prim('Act', { effects: [{ key: 'Missing', op: 'set', value: 1 }] } as Partial<ActionDef>)] },
      UnknownKeyError,
      'UNKNOWN_KEY',
      'Missing',
      /action Act/,
    );
  });
  it('value out of range in a condition and in an effect', () => {
    expectError(
      { tasks: [prim('Act', { conditions: [{ key: 'Level', op: '==', value: 9 }] } as Partial<ActionDef>)] },
      ValueRangeError,
      'VALUE_OUT_OF_RANGE',
      'Level',
      /action Act/,
    );
    expectError(
      { tasks: [prim('Act', { effects: [{ key: 'Mode', op: 'set', value: 'Sleeping' }] } as Partial<ActionDef>)] },
      ValueRangeError,
      'VALUE_OUT_OF_RANGE',
      'Mode',
      /action Act/,
    );
  });
  it('value out of range from an argument-dependent effect, at compile time for static calls', () => {
    expectError(
      {
        tasks: [
          { kind: 'compound', name: 'Root', methods: [{ subtasks: [{ task: 'SetLevel', args: [7] }] }] },
          prim('SetLevel', { effects: (a: readonly unknown[]) => [{ key: 'Level', op: 'set', value: a[0] as number }] } as Partial<ActionDef>),
        ],
      },
      ValueRangeError,
      'VALUE_OUT_OF_RANGE',
      'Level',
      /action SetLevel/,
    );
  });
  it('NaN and negative costs', () => {
    expectError({ tasks: [prim('Act', { cost: NaN } as Partial<ActionDef>)] }, ActionDefinitionError, 'BAD_COST', 'Act');
    expectError({ tasks: [{ kind: 'compound', name: 'Root', methods: [{ cost: -1, subtasks: [] }] }] }, TaskDefinitionError, 'BAD_COST', 'Root');
  });
  it('malformed tasks, methods and subtasks', () => {
    expectError({ tasks: [{ kind: 'weird', name: 'X' } as unknown as TaskDef] }, TaskDefinitionError, 'BAD_TASK', 'X');
    expectError({ tasks: [{ kind: 'compound', name: '', methods: [] }] }, TaskDefinitionError, 'BAD_TASK', '');
    expectError({ tasks: [{ kind: 'compound', name: 'Root', methods: [{ subtasks: 'A' as never }] }] }, TaskDefinitionError, 'BAD_METHOD', 'Root');
    expectError({ tasks: [prim('Act', { interrupt: 'sometimes' } as never)] }, ActionDefinitionError, 'BAD_INTERRUPT', 'Act');
    expectError({ tasks: [{ kind: 'delegate', name: 'Hand', delegate: '' }] }, TaskDefinitionError, 'BAD_DELEGATE', 'Hand');
  });
  it('a delegate not registered on the planner', () => {
    const domain = compileHtnDomain(defineActions(schema, []), { root: 'Hand', tasks: [{ kind: 'delegate', name: 'Hand', delegate: 'goap' }] });
    expect(() => new HtnPlanner(domain)).toThrow(UnknownDelegateError);
    try {
      new HtnPlanner(domain);
    } catch (e) {
      expect((e as DualplanError).subject).toBe('Hand');
    }
  });
  it('an undefined task returned by a subtask function is reported while planning (the method is skipped, the fault kept)', () => {
    const domain = compileHtnDomain(defineActions(schema, []), {
      root: 'Root',
      tasks: [{ kind: 'compound', name: 'Root', methods: [{ name: 'dyn', subtasks: () => ['Ghost'] }] }],
    });
    const result = new HtnPlanner(domain).plan(createState(schema));
    expect(result.status).toBe('none');
    expect(result.faults![0].message).toMatch(/Undefined task "Ghost".*method dyn of task Root/);
  });
});

describe('builder and plain data compile to the same domain', () => {
  it('the builder emits the plain-data definition; actions come first in the task ids', () => {
    const actions = defineActions(schema, [{ name: 'Work', effects: [set(schema.keys.Mode, 1)] }, { name: 'Rest' }]);
    const data = htnDomainBuilder(actions, 'demo')
      .compound('Root')
      .method((k) => [eq(k.Ready, true)], 'whenReady')
      .task('Work', 2)
      .back()
      .method()
      .task('Rest')
      .end()
      .toData();
    expect(data).toEqual({
      name: 'demo',
      root: 'Root',
      tasks: [
        {
          kind: 'compound',
          name: 'Root',
          methods: [
            { name: 'whenReady', conditions: [{ key: schema.keys.Ready, op: '==', value: true }], subtasks: [{ task: 'Work', args: [2] }] },
            { conditions: [], subtasks: ['Rest'] },
          ],
        },
      ],
    });
    const built = compileHtnDomain(actions, data);
    expect(built.taskNames).toEqual(['Work', 'Rest', 'Root', '(pause)']);
    expect(Array.from(built.taskKind)).toEqual([TaskKind.Primitive, TaskKind.Primitive, TaskKind.Compound, TaskKind.Pause]);
    expect(built.methodNames).toEqual(['whenReady', 'Root#1']);
    // The fixed action's step is the action set's own (shared with GOAP), only its arguments differ per call.
    const plan = new HtnPlanner(built).plan(createState(schema, { Ready: true })).plan!;
    expect(plan.steps[0]).toMatchObject({ task: 'Work', args: [2], effects: actions.actions[0].step!.effects });
  });

  it('key names and value types are checked by TypeScript', () => {
    const b = () => htnDomainBuilder(defineActions(trollSchema(), [])).compound('Root');
    // Each directive sits on the line of the faulty argument, so wrapping the chain does not move it off.
    expect(() =>
      b()
        .method((k) => [
          // @ts-expect-error WsNope is not a key of the troll schema
          eq(k.WsNope, true),
        ])
        .end()
        .build(),
    ).toThrow(DualplanError);
    expect(() =>
      b()
        .method((k) => [
          // @ts-expect-error WsCanSeeEnemy is a boolean
          eq(k.WsCanSeeEnemy, 3),
        ])
        .end()
        .build(),
    ).toThrow(ValueRangeError);
  });
});

describe('subtasks returned while planning are checked like compiled ones', () => {
  const returning = (refs: unknown) =>
    compileHtnDomain(defineActions(schema, [prim('Work')]), {
      root: 'Root',
      tasks: [{ kind: 'compound', name: 'Root', methods: [{ name: 'dynamic', subtasks: () => refs as never }] }],
    });

  it.each(['ordered', 'best-first'] as const)('%s: errors name the method and its task', (mode) => {
    // Contained: the method is skipped and its typed error is the fault's cause.
    const cause = (refs: unknown) => {
      const result = new HtnPlanner(returning(refs), { mode }).plan(createState(schema));
      expect([result.status, result.faults?.length, result.faults?.[0].subject, result.faults?.[0].where]).toEqual(['none', 1, 'dynamic', 'task']);
      return result.faults![0].cause;
    };
    expect(cause(['Work', 'Gone'])).toEqual(
      expect.objectContaining({ code: 'UNDEFINED_TASK', subject: 'Gone', message: expect.stringMatching(/method dynamic of task Root/) }),
    );
    expect(cause([{ task: 'Work', args: 3 }])).toEqual(
      expect.objectContaining({ code: 'BAD_ARGS', subject: 'Work', message: expect.stringMatching(/method dynamic of task Root/) }),
    );
    expect(cause([{ nope: true }])).toEqual(expect.objectContaining({ code: 'BAD_SUBTASK', message: expect.stringMatching(/method dynamic of task Root/) }));
    const found = new HtnPlanner(returning(['Work', { task: 'Work', args: [1] }]), { mode }).plan(createState(schema));
    expect(found.plan!.steps.map((s) => [s.task, s.args])).toEqual([
      ['Work', []],
      ['Work', [1]],
    ]);
  });

  it('a request task list is named in errors', () => {
    const planner = new HtnPlanner(returning([]));
    expect(() => planner.plan(createState(schema), undefined, { tasks: ['Gone'] })).toThrow(/the planned task list/);
  });
});

describe('unknown fields', () => {
  const s = defineSchema({ HasAxe: bool(), Wood: bool() });
  it('a misspelt action field does not silently drop its conditions', () => {
    const chop = { name: 'Chop', preconditions: [eq(s.keys.HasAxe, true)], effects: [set(s.keys.Wood, true)] };
    expect(() => defineActions(s, [chop as never])).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_FIELD',
        subject: 'preconditions',
        message: expect.stringContaining('action "Chop". Did you mean "conditions"?'),
      }),
    );
  });

  it('a primitive task in the task list is an error that says to define it as an action', () => {
    const def = { root: 'Chop', tasks: [{ kind: 'primitive', name: 'Chop' }] };
    expect(() => compileHtnDomain(defineActions(s, []), def as never)).toThrow(
      expect.objectContaining({ code: 'PRIMITIVE_TASK', subject: 'Chop', message: expect.stringContaining('define it as an action') }),
    );
  });

  it('methods and the domain are checked too', () => {
    const method = { root: 'R', tasks: [{ kind: 'compound', name: 'R', methods: [{ subtask: ['A'] }] }] };
    expect(() => compileHtnDomain(defineActions(s, [{ name: 'A' }]), method as never)).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_FIELD', subject: 'subtask', message: expect.stringContaining('Did you mean "subtasks"?') }),
    );
    expect(() => compileHtnDomain(defineActions(s, [{ name: 'A' }]), { rot: 'A', tasks: [] } as never)).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_FIELD', subject: 'rot' }),
    );
  });
});

describe('did you mean', () => {
  it('an undefined subtask names the closest task', () => {
    const s = defineSchema({ Done: bool() });
    const def: HtnDomainDef = { root: 'R', tasks: [{ kind: 'compound', name: 'R', methods: [{ subtasks: ['Chpo'] }] }] };
    expect(() => compileHtnDomain(defineActions(s, [{ name: 'Chop' }]), def)).toThrow(
      expect.objectContaining({ code: 'UNDEFINED_TASK', subject: 'Chpo', message: expect.stringContaining('Did you mean "Chop"?') }),
    );
  });
});

describe('values that cannot be converted to a string are named, not converted (a TypeError before)', () => {
  const s = defineSchema({ Done: bool() });
  const acts = defineActions(s, [{ name: 'A' }]);
  const caught = (def: unknown): DualplanError => {
    try {
      compileHtnDomain(acts, def as never);
    } catch (e) {
      return e as DualplanError;
    }
    throw new Error('did not throw');
  };
  const compound = (extra: object, method: object = {}) => ({ tasks: [{ kind: 'compound', name: 'R', methods: [{ subtasks: ['A'], ...method }], ...extra }] });

  it('a task named by an object is BAD_TASK naming it', () => {
    for (const [name, subject, got] of [
      [{ toString: '' }, '{"toString":""}', 'an object'],
      [Object.create(null), '{}', 'an object'],
      [Symbol('t'), 'Symbol(t) (symbol)', 'Symbol(t) (symbol)'],
    ] as const) {
      const tasks = [
        { kind: 'compound', name, methods: [{ subtasks: ['A'] }] },
        { kind: 'parallel', name, primary: ['A'], secondary: ['A'] },
      ];
      for (const task of tasks) {
        const e = caught({ tasks: [task] });
        expect(e).toBeInstanceOf(TaskDefinitionError);
        expect([e.code, e.subject, e.message]).toEqual(['BAD_TASK', subject, `Task #0 needs a non-empty string name, got ${got}.`]);
      }
    }
    expect(caught({ tasks: [{ kind: 'compound', name: { toString: 0 }, methods: [{ subtasks: [{ anyOrder: 3 }] }] }] })).toMatchObject({
      code: 'BAD_ANY_ORDER',
      subject: '{"toString":0}',
    });
  });

  it('a kind, select or check that is an object is an error naming the task', () => {
    expect(caught({ tasks: [{ kind: { toString: '' }, name: 'R' }] })).toMatchObject({
      code: 'BAD_TASK',
      subject: 'R',
      message: expect.stringContaining('unknown kind {"toString":""}'),
    });
    expect(caught(compound({ select: { toString: 0 } }))).toMatchObject({
      code: 'BAD_SELECT',
      subject: 'R',
      message: expect.stringContaining('has select {"toString":0}'),
    });
    expect(caught(compound({}, { check: Symbol('c') }))).toMatchObject({
      code: 'BAD_CHECK',
      subject: 'R',
      message: expect.stringContaining('The check Symbol(c) (symbol)'),
    });
    expect(caught(compound({}, { check: 10n }))).toMatchObject({ code: 'BAD_CHECK', subject: 'R' });
  });

  it('a cost, weight or utility that is an object is an error naming the task', () => {
    expect(caught(compound({}, { cost: { toString: '' } }))).toMatchObject({
      code: 'BAD_COST',
      subject: 'R',
      message: expect.stringContaining('Cost {"toString":""}'),
    });
    expect(caught(compound({ select: 'random' }, { weight: Object.create(null) }))).toMatchObject({
      code: 'BAD_WEIGHT',
      subject: 'R',
      message: expect.stringContaining('Weight {}'),
    });
    expect(caught(compound({ select: 'utility' }, { utility: Symbol('u') }))).toMatchObject({ code: 'BAD_UTILITY', subject: 'R' });
  });
});
