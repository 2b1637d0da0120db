import { describe, expect, it } from '@jest/globals';
import { lintDomain, loadDomain, saveDomain, validateDocument, type DomainDocument } from './index.js';

const codes = (doc: DomainDocument) =>
  lintDomain(doc)
    .filter((f) => f.code.includes('ADJUSTABLE'))
    .map((f) => `${f.code} ${f.severity} ${f.subject} ${f.path}`);

/** A fighter whose weapon choice is adjustable: re-decided while the plan runs, before moving to cover. */
const fighter: DomainDocument = {
  keys: [
    { name: 'hasGun', kind: 'bool' },
    { name: 'armed', kind: 'bool' },
  ],
  actions: [
    { name: 'drawGun', conditions: [{ key: 'hasGun', op: '==', value: true }], effects: [{ key: 'armed', op: 'set', value: true }] },
    { name: 'drawKnife', effects: [{ key: 'armed', op: 'set', value: true }] },
    { name: 'moveToCover' },
  ],
  htn: {
    root: 'Fight',
    tasks: [
      { name: 'Fight', methods: [{ subtasks: ['ChooseWeapon', 'moveToCover'] }] },
      {
        name: 'ChooseWeapon',
        adjustable: true,
        methods: [
          { name: 'Gun', conditions: [{ key: 'hasGun', op: '==', value: true }], subtasks: ['drawGun'] },
          { name: 'Knife', subtasks: ['drawKnife'] },
        ],
      },
    ],
  },
};

describe('adjustable compounds in domain documents', () => {
  it('load, validate against the JSON Schema and save back', () => {
    expect(validateDocument(fighter)).toEqual([]);
    const htn = loadDomain(fighter).htn!;
    expect(htn.adjustable[htn.taskId('ChooseWeapon')]).toBe(1);
    expect(htn.adjustable[htn.taskId('Fight')]).toBe(0);
    expect(saveDomain(loadDomain(fighter).definitions).htn!.tasks[1]).toMatchObject({ name: 'ChooseWeapon', adjustable: true });
    expect(codes(fighter)).toEqual([]);
  });

  it('lint: an adjustable root is an error, an adjustable compound that cannot change a warning', () => {
    const tasks = fighter.htn!.tasks;
    const root = { ...fighter, htn: { ...fighter.htn!, tasks: [{ ...tasks[0], adjustable: true }, tasks[1]] } };
    expect(codes(root)).toEqual(['ADJUSTABLE_ROOT error Fight /htn/tasks/0/adjustable']);
    expect(() => loadDomain(root)).toThrow(expect.objectContaining({ code: 'BAD_ADJUSTABLE', subject: 'Fight' }));
    const fixed = { ...fighter, htn: { ...fighter.htn!, tasks: [tasks[0], { ...tasks[1], methods: [{ subtasks: ['drawKnife'] }] }] } };
    expect(codes(fixed)).toEqual(['FIXED_ADJUSTABLE warning ChooseWeapon /htn/tasks/1/adjustable']);
  });

  it('the JSON Schema takes only a boolean', () => {
    const bad = { ...fighter, htn: { ...fighter.htn!, tasks: [fighter.htn!.tasks[0], { ...fighter.htn!.tasks[1], adjustable: 'yes' }] } };
    expect(validateDocument(bad).map((p) => p.path)).toEqual(['/htn/tasks/1/adjustable']);
  });
});
