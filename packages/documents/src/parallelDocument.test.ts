import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import { HtnPlanner } from '@dualplan/htn';
import { loadDomain, saveDomain, validateDocument, type DomainDocument } from './index.js';
import { loadProblems } from './testDocuments.js';

const doc = (parallel: unknown): DomainDocument =>
  ({
    keys: [
      { name: 'InCover', kind: 'bool' },
      { name: 'Ammo', kind: 'int', min: 0, max: 6 },
    ],
    actions: [
      { name: 'RunToCover', operator: 'move', conditions: [{ key: 'InCover', op: '==', value: false }], effects: [{ key: 'InCover', op: 'set', value: true }] },
      { name: 'Reload', operator: 'reload', effects: [{ key: 'Ammo', op: 'set', value: 6 }] },
      { name: 'Hide', operator: 'move', effects: [{ key: 'InCover', op: 'set', value: true }] },
    ],
    htn: { root: 'Fight', tasks: [{ name: 'Fight', methods: [{ subtasks: ['TakeCover'] }] }], parallel },
  }) as DomainDocument;

describe('parallel tasks in documents', () => {
  const good = doc([{ name: 'TakeCover', primary: ['RunToCover'], secondary: ['Reload'] }]);

  it('load, plan with a parallel section, and save back to the same document', () => {
    expect(validateDocument(good)).toEqual([]);
    const loaded = loadDomain(good);
    const plan = new HtnPlanner(loaded.htn!).plan(createState(loaded.schema)).plan!;
    expect(plan.steps.map((s) => s.task)).toEqual(['RunToCover', 'Reload']);
    expect(plan.parallel).toEqual([{ task: 'TakeCover', start: 0, split: 1, end: 2 }]);
    expect(saveDomain(loaded.definitions).htn).toEqual(good.htn);
  });

  it('report bad shapes, unknown tasks and key conflicts at the parallel task, with clear messages', () => {
    expect(validateDocument(doc([{ name: 'TakeCover', primary: [], secondary: ['Reload'] }])).map((p) => p.path)).toContain('/htn/parallel/0/primary');
    expect(validateDocument(doc([{ name: 'TakeCover', primary: ['RunToCover'] }])).length).toBeGreaterThan(0);
    expect(loadProblems(doc([{ name: 'TakeCover', primary: ['RunToCover'], secondary: ['Reloda'] }]))).toEqual([
      'UNKNOWN_TASK /htn/parallel/0/secondary/0 Reloda: /htn/parallel/0/secondary/0: no task or action "Reloda". Did you mean "Reload"?',
    ]);
    const [conflict] = loadProblems(doc([{ name: 'TakeCover', primary: ['RunToCover'], secondary: ['Hide'] }]));
    expect(conflict).toMatch(/^PARALLEL_CONFLICT \/htn\/parallel\/0 InCover: .*.*"TakeCover".*both write.*primary: RunToCover, secondary: Hide/);
    expect(loadProblems(doc([{ name: 'Fight', primary: ['RunToCover'], secondary: ['Reload'] }]))[0]).toMatch(/^DUPLICATE/);
  });
});
