import { describe, expect, it } from '@jest/globals';
import { GoapPlanner } from '@dualplan/goap';
import { HtnPlanner } from '@dualplan/htn';
import { createState } from '@dualplan/world-state';
import { lintDomain, loadDomain, type DomainDocument } from './index.js';

const rooms = Array.from({ length: 50 }, (_, i) => `room${i}`);

/** A domain document over an enum of 50 rooms: "in" sets beyond 32 values, for both planners. */
const doc: DomainDocument = {
  keys: [
    { name: 'at', kind: 'enum', values: rooms, default: 'room0' },
    { name: 'lit', kind: 'bool' },
  ],
  actions: [
    { name: 'jump', conditions: [{ key: 'at', op: 'in', value: ['room0', 'room40'] }], effects: [{ key: 'at', op: 'set', value: 'room45' }] },
    { name: 'light', conditions: [{ key: 'at', op: '>=', value: 'room44' }], effects: [{ key: 'lit', op: 'set', value: true }] },
  ],
  htn: { root: 'Lit', tasks: [{ name: 'Lit', methods: [{ name: 'go', subtasks: ['jump', 'light'] }] }] },
  goap: {
    goals: [
      {
        name: 'lit',
        conditions: [
          { key: 'lit', op: '==', value: true },
          { key: 'at', op: 'in', value: ['room45', 'room49'] },
        ],
      },
    ],
  },
};

describe('documents with enums of more than 32 values', () => {
  it('load (the JSON schema allows up to 1,024 values), lint clean, and plan with both planners', () => {
    expect(lintDomain(doc).filter((f) => f.severity === 'error')).toEqual([]);
    const { schema, htn, goap } = loadDomain(doc);
    expect(new HtnPlanner(htn!).plan(createState(schema)).plan!.steps.map((s) => s.task)).toEqual(['jump', 'light']);
    expect(new GoapPlanner(goap!).search(createState(schema), 'lit')).toMatchObject({ status: 'found', cost: 2 });
  });
});
