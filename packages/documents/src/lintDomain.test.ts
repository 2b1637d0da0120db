import { describe, expect, it } from '@jest/globals';
import { editDocument, lintDomain, type DomainDocument, type LintCode } from './index.js';
import { example } from './testDocuments.js';

const codes = (doc: DomainDocument, options = {}) => lintDomain(doc, options).map((f) => `${f.code} ${f.subject} ${f.path}`);
const only = (doc: DomainDocument, code: LintCode, options = {}) => codes(doc, options).filter((c) => c.startsWith(code + ' '));

/** A small domain with no lint findings at all; each rule's test breaks it one way. */
const clean: DomainDocument = {
  keys: [
    { name: 'hasAxe', kind: 'bool' },
    { name: 'wood', kind: 'int', min: 0, max: 10 },
    { name: 'fire', kind: 'bool' },
  ],
  actions: [
    { name: 'getAxe', conditions: [{ key: 'hasAxe', op: '==', value: false }], effects: [{ key: 'hasAxe', op: 'set', value: true }] },
    { name: 'chop', conditions: [{ key: 'hasAxe', op: '==', value: true }], effects: [{ key: 'wood', op: 'add', value: 5 }] },
    {
      name: 'light',
      conditions: [{ key: 'wood', op: '>=', value: 5 }],
      effects: [
        { key: 'fire', op: 'set', value: true },
        { key: 'wood', op: 'sub', value: 5 },
      ],
    },
  ],
  htn: {
    root: 'MakeFire',
    tasks: [
      {
        name: 'MakeFire',
        methods: [
          { name: 'Burning', conditions: [{ key: 'fire', op: '==', value: true }], subtasks: [] },
          { name: 'HaveWood', conditions: [{ key: 'wood', op: '>=', value: 5 }], subtasks: ['light'] },
          { name: 'Gather', subtasks: ['GetWood', 'MakeFire'] },
        ],
      },
      {
        name: 'GetWood',
        methods: [
          { name: 'Chop', conditions: [{ key: 'hasAxe', op: '==', value: true }], subtasks: ['chop'] },
          { name: 'Axe', subtasks: ['getAxe', 'chop'] },
        ],
      },
    ],
  },
  goap: { goals: [{ name: 'warm', conditions: [{ key: 'fire', op: '==', value: true }] }] },
};

describe('lintDomain', () => {
  it('finds nothing in a clean domain, nor errors in the example documents', () => {
    expect(codes(clean)).toEqual([]);
    expect(lintDomain(example('soldier')).filter((f) => f.severity === 'error')).toEqual([]);
    expect(lintDomain(example('troll')).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('UNACHIEVABLE_GOAL: a goal condition no action, sensor or start value can make true', () => {
    const doc = editDocument(clean, (d) => {
      d.keys.push({ name: 'smoke', kind: 'bool' });
      d.goap!.goals.push({ name: 'signal', conditions: [{ key: 'smoke', op: '==', value: true }] });
    });
    expect(only(doc, 'UNACHIEVABLE_GOAL')).toEqual(['UNACHIEVABLE_GOAL signal /goap/goals/1/conditions/0']);
    expect(lintDomain(doc)[0].message).toContain('goal "signal" can never be reached');
    expect(
      only(
        editDocument(doc, (d) => void (d.sensors = ['smoke'])),
        'UNACHIEVABLE_GOAL',
      ),
    ).toEqual([]);
    expect(only(clean, 'UNACHIEVABLE_GOAL')).toEqual([]);
  });

  it('DEAD_ACTION: conditions nothing can make true, through chains of actions', () => {
    const doc = editDocument(clean, (d) => {
      d.keys.push({ name: 'hasKnife', kind: 'bool' });
      d.actions.push({
        name: 'carve',
        conditions: [
          { key: 'hasAxe', op: '==', value: true },
          { key: 'hasKnife', op: '==', value: true },
        ],
        effects: [{ key: 'wood', op: 'add', value: 1 }],
      });
    });
    expect(only(doc, 'DEAD_ACTION')).toEqual(['DEAD_ACTION carve /actions/3/conditions/1']);
    // Made true by another action that is itself enabled: not dead.
    const buy = editDocument(
      doc,
      (d) =>
        void d.actions.push({ name: 'buyKnife', conditions: [{ key: 'wood', op: '>=', value: 2 }], effects: [{ key: 'hasKnife', op: 'set', value: true }] }),
    );
    expect(only(buy, 'DEAD_ACTION')).toEqual([]);
    expect(
      only(
        editDocument(doc, (d) => void (d.sensors = ['hasKnife'])),
        'DEAD_ACTION',
      ),
    ).toEqual([]);
  });

  it('SHADOWED_METHOD: an earlier method applies whenever a later one does', () => {
    const doc = editDocument(clean, (d) => void d.htn!.tasks[1].methods.reverse());
    expect(only(doc, 'SHADOWED_METHOD')).toEqual(['SHADOWED_METHOD GetWood /htn/tasks/1/methods/1']);
    const narrower = editDocument(clean, (d) => {
      d.htn!.tasks[0].methods[1].conditions = [{ key: 'wood', op: '>=', value: 8 }];
      d.htn!.tasks[0].methods.splice(1, 0, { name: 'Plenty', conditions: [{ key: 'wood', op: '>=', value: 5 }], subtasks: ['light'] });
    });
    expect(only(narrower, 'SHADOWED_METHOD')).toEqual(['SHADOWED_METHOD MakeFire /htn/tasks/0/methods/2']);
    expect(only(clean, 'SHADOWED_METHOD')).toEqual([]);
  });

  it('UNREAD_EFFECT: an effect no condition, goal or method reads', () => {
    const doc = editDocument(clean, (d) => {
      d.keys.push({ name: 'ash', kind: 'bool' });
      d.actions[2].effects = [...d.actions[2].effects!, { key: 'ash', op: 'set', value: true }];
    });
    expect(only(doc, 'UNREAD_EFFECT')).toEqual(['UNREAD_EFFECT light /actions/2/effects/2']);
    const read = editDocument(doc, (d) => void d.actions[0].conditions!.push({ key: 'ash', op: '==', value: false }));
    expect(only(read, 'UNREAD_EFFECT')).toEqual([]);
  });

  it('UNUSED_KEY: a key nothing reads or writes', () => {
    const doc = editDocument(clean, (d) => void d.keys.push({ name: 'weather', kind: 'enum', values: ['Dry', 'Wet'] }));
    expect(only(doc, 'UNUSED_KEY')).toEqual(['UNUSED_KEY weather /keys/3']);
    expect(only(clean, 'UNUSED_KEY')).toEqual([]);
  });

  it('EMPTY_COMPOUND and UNREFINABLE_TASK: compounds that never refine into actions', () => {
    const doc = editDocument(clean, (d) => {
      d.htn!.tasks.push(
        { name: 'Rest', methods: [] },
        { name: 'Sleep', methods: [{ subtasks: ['Rest'] }] },
        { name: 'Night', methods: [{ subtasks: ['light', 'Sleep'] }] },
      );
    });
    const findings = lintDomain(doc);
    expect(only(doc, 'EMPTY_COMPOUND')).toEqual(['EMPTY_COMPOUND Rest /htn/tasks/2/methods']);
    expect(only(doc, 'UNREFINABLE_TASK')).toEqual(['UNREFINABLE_TASK Sleep /htn/tasks/3', 'UNREFINABLE_TASK Night /htn/tasks/4']);
    expect(findings.filter((f) => f.code === 'UNREFINABLE_TASK').every((f) => f.severity === 'error')).toBe(true);
    const fixed = editDocument(doc, (d) => void d.htn!.tasks[2].methods.push({ subtasks: ['chop'] }));
    expect([...only(fixed, 'EMPTY_COMPOUND'), ...only(fixed, 'UNREFINABLE_TASK')]).toEqual([]);
  });

  it('UNGUARDED_RECURSION: a recursive method whose actions change nothing its conditions read', () => {
    const doc = editDocument(clean, (d) => void (d.htn!.tasks[0].methods[1].conditions = [{ key: 'fire', op: '==', value: false }]));
    expect(only(doc, 'UNGUARDED_RECURSION')).toEqual(['UNGUARDED_RECURSION MakeFire /htn/tasks/0']);
    // Mutual recursion through two compounds, guarded by a key the loop writes.
    const mutual = editDocument(clean, (d) => {
      d.htn!.tasks.push({ name: 'Ping', methods: [{ conditions: [{ key: 'wood', op: '<', value: 10 }], subtasks: ['chop', 'Pong'] }, { subtasks: [] }] });
      d.htn!.tasks.push({ name: 'Pong', methods: [{ subtasks: ['Ping'] }] });
    });
    expect(only(mutual, 'UNGUARDED_RECURSION')).toEqual([]);
    const unguarded = editDocument(mutual, (d) => void (d.htn!.tasks[2].methods[0].subtasks = ['getAxe', 'Pong']));
    expect(only(unguarded, 'UNGUARDED_RECURSION')).toEqual(['UNGUARDED_RECURSION Ping /htn/tasks/2']);
    expect(only(clean, 'UNGUARDED_RECURSION')).toEqual([]);
  });

  it('UNKNOWN_OPERATOR: an operator id the operator map lacks, with did-you-mean', () => {
    expect(only(clean, 'UNKNOWN_OPERATOR', { operators: ['getAxe', 'chop', 'ligth'] })).toEqual(['UNKNOWN_OPERATOR light /actions/2/name']);
    expect(lintDomain(clean, { operators: { getAxe: 1, chop: 1, ligth: 1 } })[0].message).toContain('Did you mean "ligth"?');
    expect(only(clean, 'UNKNOWN_OPERATOR', { operators: { getAxe: 1, chop: 1, light: 1 } })).toEqual([]);
  });

  it("throws the loader's error for a document that does not check", () => {
    expect(() => lintDomain({ keys: [], actions: [{ name: 'a', efects: [] }] })).toThrow(/Did you mean "effects"/);
  });
});
