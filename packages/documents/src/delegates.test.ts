import { describe, expect, it } from '@jest/globals';
import { createState, type SubPlanner } from '@dualplan/world-state';
import { HtnPlanner } from '@dualplan/htn';
import { GoapPlanner } from '@dualplan/goap';
import { loadDomain, saveDomain, validateDocument, type DomainDocument } from './index.js';

// A hybrid agent authored as one file: an HTN task planned by GOAP (a delegate), over one action set.
const camp: DomainDocument = {
  name: 'camp',
  keys: [
    { name: 'hasWood', kind: 'bool' },
    { name: 'warm', kind: 'bool' },
    { name: 'rested', kind: 'bool' },
  ],
  actions: [
    { name: 'chop', effects: [{ key: 'hasWood', op: 'set', value: true }] },
    { name: 'light', conditions: [{ key: 'hasWood', op: '==', value: true }], effects: [{ key: 'warm', op: 'set', value: true }] },
    { name: 'rest', conditions: [{ key: 'warm', op: '==', value: true }], effects: [{ key: 'rested', op: 'set', value: true }] },
  ],
  htn: {
    root: 'Camp',
    tasks: [{ name: 'Camp', methods: [{ subtasks: ['GetWarm', 'rest'] }] }],
    delegates: [{ name: 'GetWarm', delegate: 'goap', args: ['warmUp'] }],
  },
  goap: { goals: [{ name: 'warmUp', conditions: [{ key: 'warm', op: '==', value: true }] }] },
};

describe('delegates in domain documents', () => {
  it('load as delegate tasks that the planner’s delegates plan: an HTN task solved by GOAP from the same file', () => {
    const loaded = loadDomain(camp);
    const goap = new GoapPlanner(loaded.goap!);
    const byGoap: SubPlanner = (state, ctx, args) => goap.plan(state, ctx, { goal: String(args[0]) });
    const plan = new HtnPlanner(loaded.htn!, { delegates: { goap: byGoap } }).plan(createState(loaded.schema)).plan;
    expect(plan?.steps.map((s) => s.task)).toEqual(['chop', 'light', 'rest']);
  });

  it('save back to the same document; the delegate key defaults to the task name', () => {
    const loaded = loadDomain(camp);
    expect(saveDomain(loaded.definitions).htn).toEqual(camp.htn);
    const plain = loadDomain({ ...camp, htn: { ...camp.htn!, delegates: [{ name: 'GetWarm' }] } });
    expect(plain.definitions.htn!.tasks.find((t) => t.name === 'GetWarm')).toEqual({ kind: 'delegate', name: 'GetWarm', delegate: 'GetWarm' });
  });

  it('are checked: a misspelt call, a clashing name and an unknown field are problems naming them', () => {
    const misspelt = { ...camp, htn: { ...camp.htn!, tasks: [{ name: 'Camp', methods: [{ subtasks: ['GetWram', 'rest'] }] }] } };
    expect(() => loadDomain(misspelt)).toThrow(/no task or action "GetWram". Did you mean "GetWarm"\?/);
    const clash = { ...camp, htn: { ...camp.htn!, delegates: [{ name: 'rest' }] } };
    expect(() => loadDomain(clash)).toThrow(/delegate "rest" is already defined/);
    expect(validateDocument({ ...camp, htn: { ...camp.htn!, delegates: [{ name: 'GetWarm', delegat: 'goap' }] } }).map((p) => p.path)).toEqual([
      '/htn/delegates/0/delegat',
    ]);
  });
});
