import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import { compileHtnDomain, HtnPlanner } from '@dualplan/htn';
import { lintDomain, loadDomain, saveDomain, validateDocument, type DomainDocument } from './index.js';
import { loadProblems } from './testDocuments.js';

/** An NPC whose combat is a slot: fight through it when an enemy is near, else flee. */
const npc = (htn: Partial<DomainDocument['htn']> = {}): DomainDocument => ({
  keys: [{ name: 'enemyNear', kind: 'bool' }],
  actions: [{ name: 'flee', effects: [{ key: 'enemyNear', op: 'set', value: false }] }, { name: 'swing' }],
  htn: {
    root: 'Live',
    tasks: [
      {
        name: 'Live',
        methods: [
          { name: 'fight', conditions: [{ key: 'enemyNear', op: '==', value: true }], subtasks: ['Combat'] },
          { name: 'run', subtasks: ['flee'] },
        ],
      },
    ],
    slots: ['Combat'],
    ...htn,
  },
});

describe('HTN slots in domain documents', () => {
  it('load as slots an agent plugs a sub-domain into; empty, the slot fails', () => {
    const { htn, schema } = loadDomain(npc());
    expect(htn!.slots).toEqual(['Combat']);
    const planner = new HtnPlanner(htn!);
    const near = createState(schema, { enemyNear: true });
    expect(planner.plan(near).plan?.steps.map((s) => s.task)).toEqual(['flee']);
    planner.plug('Combat', compileHtnDomain(htn!.actions, { root: 'Sword', tasks: [{ kind: 'compound', name: 'Sword', methods: [{ subtasks: ['swing'] }] }] }));
    expect(planner.plan(near).plan?.steps.map((s) => s.task)).toEqual(['swing']);
  });

  it('save back to the same document (slots listed under htn.slots, not as tasks)', () => {
    const loaded = loadDomain(npc());
    const saved = saveDomain(loaded.definitions, {});
    expect(saved.htn).toEqual(npc().htn);
    expect(loadDomain(saved).htn!.slots).toEqual(['Combat']);
    // No slots: no `slots` field.
    expect(
      saveDomain(loadDomain(npc({ slots: undefined, tasks: [{ name: 'Live', methods: [{ subtasks: ['flee'] }] }] })).definitions, {}).htn,
    ).not.toHaveProperty('slots');
  });

  it('a misspelt slot call is an unknown task with a did-you-mean; a slot name clashing with a task or action is a duplicate', () => {
    const misspelt = npc({ tasks: [{ name: 'Live', methods: [{ subtasks: ['Combt'] }] }] });
    expect(loadProblems(misspelt)).toEqual([expect.stringMatching(/^UNKNOWN_TASK \/htn\/tasks\/0\/methods\/0\/subtasks\/0 Combt: .*did you mean "?Combat"?/i)]);
    expect(loadProblems(npc({ slots: ['Combat', 'flee'] }))).toEqual([
      expect.stringMatching(/^DUPLICATE_NAME \/htn\/slots\/1 flee: .*slot "flee" is already defined at \/actions\/0\/name/),
    ]);
    expect(loadProblems(npc({ slots: ['Combat', 'Live'] }))).toEqual([expect.stringMatching(/^DUPLICATE_NAME \/htn\/slots\/1 Live: .*\/htn\/tasks\/0\/name/)]);
  });

  it('the JSON Schema wants unique, non-empty slot names', () => {
    expect(validateDocument(npc())).toEqual([]);
    expect(validateDocument(npc({ slots: ['Combat', 'Combat'] })).length).toBeGreaterThan(0);
    expect(validateDocument(npc({ slots: [''] })).length).toBeGreaterThan(0);
    expect(validateDocument(npc({ slots: 'Combat' as never })).map((p) => p.path)).toContain('/htn/slots');
  });

  it('lint warns about a slot no method calls (an optional or any-order call counts)', () => {
    const codes = (doc: DomainDocument) => lintDomain(doc).map((f) => `${f.code} ${f.subject} ${f.path}`);
    expect(codes(npc())).not.toContainEqual(expect.stringMatching(/UNUSED_SLOT/));
    expect(codes(npc({ slots: ['Combat', 'Magic'] }))).toContain('UNUSED_SLOT Magic /htn/slots/1');
    const optional = npc({ tasks: [{ name: 'Live', methods: [{ subtasks: [{ optional: 'Combat' }, 'flee'] }] }] });
    expect(codes(optional)).not.toContainEqual(expect.stringMatching(/UNUSED_SLOT/));
  });
});
