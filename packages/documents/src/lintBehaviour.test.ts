import { describe, expect, it } from '@jest/globals';
import { lintDomain, loadDomain, validateDocument, type DomainDocument } from './index.js';

const codes = (doc: DomainDocument) => lintDomain(doc).map((f) => `${f.code} ${f.subject} ${f.path}`);

/** An HTN-only domain whose decorators all matter: no findings. */
const clean: DomainDocument = {
  keys: [{ name: 'seen', kind: 'bool' }],
  actions: [
    { name: 'throw', conditions: [{ key: 'seen', op: '==', value: true }], effects: [{ key: 'seen', op: 'set', value: false }], decorators: { cooldown: 8 } },
    { name: 'aim', executing: [{ key: 'seen', op: '==', value: true }], decorators: { checkEvery: 0.5, retries: 2 } },
    { name: 'look', effects: [{ key: 'seen', op: 'set', value: true }] },
  ],
  htn: {
    root: 'Fight',
    tasks: [
      {
        name: 'Fight',
        decorators: { once: 'plan' },
        methods: [
          { name: 'Ranged', conditions: [{ key: 'seen', op: '==', value: true }], subtasks: ['aim', 'throw'], decorators: { cooldown: 2 } },
          { name: 'Search', subtasks: ['look'] },
        ],
      },
    ],
  },
};

describe('lint rules of behaviour decorators', () => {
  it('a domain whose decorators all matter has no findings, and loads with them', () => {
    expect(codes(clean)).toEqual([]);
    const htn = loadDomain(clean).htn!;
    expect(htn.actions.actions[0].decorators).toEqual({ cooldown: 8 });
    expect(htn.methodScopes.flatMap((s) => s?.map((x) => x.key) ?? [])).toEqual(['Fight', 'Fight/Ranged', 'Fight']);
  });

  it('flags decorators the HTN root never reaches', () => {
    const doc: DomainDocument = {
      ...clean,
      actions: [...clean.actions, { name: 'taunt', decorators: { cooldown: 5 } }],
      htn: { ...clean.htn!, tasks: [...clean.htn!.tasks, { name: 'Idle', decorators: { cooldown: 1 }, methods: [{ subtasks: ['taunt'] }] }] },
    };
    expect(codes(doc)).toEqual(['UNREACHED_DECORATOR Idle /htn/tasks/1', 'UNREACHED_DECORATOR taunt /actions/3/decorators']);
    // With GOAP goals any action may be chosen: only the compound is flagged then.
    expect(codes({ ...doc, goap: { goals: [{ name: 'g', conditions: [{ key: 'seen', op: '==', value: true }] }] } })).toEqual([
      'UNREACHED_DECORATOR Idle /htn/tasks/1',
    ]);
  });

  it('flags decorators that can have no effect', () => {
    const doc: DomainDocument = {
      ...clean,
      actions: [{ ...clean.actions[0], decorators: { cooldown: 8, once: true, checkEvery: 1 } }, ...clean.actions.slice(1)],
    };
    expect(codes(doc)).toEqual(['IDLE_DECORATOR throw /actions/0/decorators/cooldown', 'IDLE_DECORATOR throw /actions/0/decorators/checkEvery']);
  });

  it('zero, negative or misspelt values are schema problems naming the field; a loaded bad value is a typed error', () => {
    const bad = (decorators: object) => validateDocument({ ...clean, actions: [{ name: 'throw', decorators }] }).map((p) => p.path);
    expect(bad({ cooldown: 0 })).toEqual(['/actions/0/decorators/cooldown']);
    expect(bad({ retries: -1 })).toEqual(['/actions/0/decorators/retries']);
    expect(bad({ cooldwn: 3 })).toEqual(['/actions/0/decorators/cooldwn']);
    expect(() => loadDomain({ ...clean, htn: { ...clean.htn!, tasks: [{ ...clean.htn!.tasks[0], decorators: { retries: 0 } }] } })).toThrow(
      /\/htn\/tasks\/0\/decorators\/retries: 0 must be >= 1/,
    );
    // Retries on a compound: its steps carry it as their scope (the runner starts its part again on a failure).
    const loaded = loadDomain({ ...clean, htn: { ...clean.htn!, tasks: [{ ...clean.htn!.tasks[0], decorators: { retries: 2 } }] } });
    expect(loaded.htn).toBeDefined();
  });
});
