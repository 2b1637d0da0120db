import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import { GoapPlanner } from '@dualplan/goap';
import { editDocument, loadDomain } from './index.js';
import { example } from './testDocuments.js';

describe('editDocument', () => {
  it('returns an edited copy sharing unchanged parts; the original and its plans are untouched (hot reload)', () => {
    const original = loadDomain(example('soldier')).document;
    const modded = editDocument(original, (d) => {
      d.actions.find((a) => a.name === 'detonatebomb')!.cost = 0; // a mod that makes the bomb free
    });
    expect(original.actions[5].cost).toBe(5);
    expect(modded.actions[5].cost).toBe(0);
    expect(modded.keys).toBe(original.keys);
    expect(Object.isFrozen(modded.actions[5])).toBe(true);
    const plan = (doc: typeof original) => {
      const { goap, schema } = loadDomain(doc);
      return new GoapPlanner(goap!).plan(createState(schema), undefined, { goal: 'killEnemy' }).plan?.steps.map((s) => s.task);
    };
    expect(plan(original)).toHaveLength(4);
    // The free bomb kills the soldier, so killEnemy (which needs him alive) still shoots; dropping "alive" from the goal picks the bomb.
    const reckless = editDocument(modded, (d) => void d.goap!.goals[0].conditions.splice(1, 1));
    expect(plan(reckless)).toEqual(['scout', 'approach', 'detonatebomb']);
  });

  it('an edit that breaks the document is reported when it is loaded, not half-applied', () => {
    const doc = example('soldier');
    const broken = editDocument(doc, (d) => void (d.actions[0].effects = [{ key: 'enemyvisble', op: 'set', value: true }]));
    expect(() => loadDomain(broken)).toThrow(/\/actions\/0\/effects\/0\/key: Unknown key "enemyvisble".*Did you mean "enemyvisible"/);
    expect(doc.actions[0].effects![0]).toMatchObject({ key: 'enemyvisible' });
  });
});
