import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import { HtnPlanner } from '@dualplan/htn';
import { lintDomain, loadDomain, saveDomain, validateDocument, type DocumentHtn, type DomainDocument } from './index.js';
import { loadProblems } from './testDocuments.js';

const doc = (htn: DocumentHtn): DomainDocument =>
  ({
    keys: [
      { name: 'Searched', kind: 'int', min: 0, max: 5 },
      { name: 'Enemy', kind: 'bool' },
      { name: 'Waited', kind: 'bool' },
    ],
    actions: [
      { name: 'SearchRoom', operator: 'search', effects: [{ key: 'Searched', op: 'add', value: 1 }] },
      { name: 'WatchDoor', operator: 'watch' },
      { name: 'WaitFive', operator: 'wait', effects: [{ key: 'Waited', op: 'set', value: true }] },
      { name: 'Alarm', operator: 'shout', conditions: [{ key: 'Waited', op: '==', value: true }] },
    ],
    htn,
  }) as DomainDocument;

const search = (repeat: unknown): DocumentHtn =>
  ({ root: 'Search', tasks: [{ name: 'Search', methods: [{ name: 'rooms', subtasks: ['SearchRoom'], repeat }] }] }) as DocumentHtn;
const race = (primary: unknown[], secondary: unknown[], tasks: unknown[] = []): DocumentHtn =>
  ({
    root: 'Guard',
    tasks: [{ name: 'Guard', methods: [{ subtasks: ['DoorOrTime'] }] }, ...tasks],
    parallel: [{ name: 'DoorOrTime', primary, secondary, race: true }],
  }) as DocumentHtn;

describe('repeat and race in documents', () => {
  it('load, plan and save back a repeat with a while and a race', () => {
    const good = doc({
      ...search({ times: 4, while: [{ key: 'Enemy', op: '==', value: false }], check: 'tick' }),
      tasks: [...search(undefined).tasks.map((t) => ({ ...t, methods: [{ name: 'rooms', subtasks: ['SearchRoom', 'DoorOrTime'], repeat: { times: 2 } }] }))],
      parallel: [{ name: 'DoorOrTime', primary: ['WatchDoor'], secondary: ['WaitFive'], race: true }],
    });
    expect(validateDocument(good)).toEqual([]);
    const loaded = loadDomain(good);
    const plan = new HtnPlanner(loaded.htn!).plan(createState(loaded.schema)).plan!;
    expect(plan.steps.map((s) => s.task)).toEqual(['SearchRoom', 'WatchDoor', 'WaitFive', 'SearchRoom', 'WatchDoor', 'WaitFive']);
    expect(plan.parallel).toEqual([
      { task: 'DoorOrTime', start: 1, split: 2, end: 3, race: true },
      { task: 'DoorOrTime', start: 4, split: 5, end: 6, race: true },
    ]);
    expect(saveDomain(loaded.definitions).htn).toEqual(good.htn);
    const whileDoc = doc(search({ times: 4, while: [{ key: 'Enemy', op: '==', value: false }], check: 'tick' }));
    expect(saveDomain(loadDomain(whileDoc).definitions).htn).toEqual(whileDoc.htn);
    expect(lintDomain(whileDoc).filter((f) => f.code.startsWith('REPEAT') || f.code.startsWith('RACE'))).toEqual([]);
  });

  it('lint a repeat without a bound, a repeat of 0, and a race with one branch', () => {
    const codes = (d: DomainDocument) => lintDomain(d).map((f) => `${f.code} ${f.severity} ${f.path}`);
    expect(codes(doc(search({ while: [{ key: 'Enemy', op: '==', value: false }] })))).toContain('REPEAT_UNBOUNDED error /htn/tasks/0/methods/0/repeat');
    expect(codes(doc(search({ times: 0 })))).toContain('REPEAT_ZERO error /htn/tasks/0/methods/0/repeat/times');
    expect(codes(doc(race(['WatchDoor'], [])))).toContain('RACE_ONE_BRANCH error /htn/parallel/0/secondary');
    expect(codes(doc(race([{ optional: 'WatchDoor' }], ['WaitFive'])))).toContain('RACE_ONE_BRANCH warning /htn/parallel/0/primary');
    const unbounded = lintDomain(doc(search({}))).find((f) => f.code === 'REPEAT_UNBOUNDED')!;
    expect(unbounded.message).toContain('Search/rooms');
  });

  it('the loader throws the typed errors at the task or race they name, with did-you-mean', () => {
    expect(loadProblems(doc(search({ while: [{ key: 'Enemy', op: '==', value: false }] })))[0]).toMatch(/^REPEAT_UNBOUNDED \/htn\/tasks\/0 Search: .*no bound/);
    expect(loadProblems(doc(search({ times: 0 })))[0]).toMatch(/^BAD_REPEAT \/htn\/tasks\/0 Search: .*0 passes/);
    expect(validateDocument(doc(search({ time: 3 })))[0].message).toContain('Did you mean "times"?');
    expect(loadProblems(doc(race(['WatchDoor'], [])))[0]).toMatch(/^BAD_PARALLEL \/htn\/parallel\/0 DoorOrTime/);
    // A key a branch writes, read outside the race: the rest of the plan cannot know which branch won.
    const [effect] = loadProblems(doc(race(['WatchDoor'], ['WaitFive'], [{ name: 'Later', methods: [{ subtasks: ['Alarm'] }] }])));
    expect(effect).toMatch(
      /^RACE_EFFECT \/htn\/parallel\/0 Waited: .*Task "WaitFive" in a branch of race "DoorOrTime" writes key "Waited", which "Alarm" reads/,
    );
    expect(loadProblems(doc(search({ times: 2, while: [{ key: 'Enmy', op: '==', value: false }] })))[0]).toMatch(
      /\/htn\/tasks\/0\/methods\/0\/repeat\/while\/0.*Did you mean "Enemy"/,
    );
  });
});
