import { bool, createState, defineActions, defineSchema, eq, set } from '@dualplan/world-state';
import { compileGoapDomain } from './compileGoapDomain.js';
import { GoapPlanner } from '../GoapPlanner.js';
import { relevantActions } from './relevantActions.js';

function domain() {
  const schema = defineSchema({ a: bool(), b: bool(), junk: bool() });
  const k = schema.keys;
  const actions = defineActions(schema, [
    { name: 'setA', conditions: [eq(k.b, true)], effects: [set(k.a, true)] },
    { name: 'setB', effects: [set(k.b, true)] },
    { name: 'setJunk', effects: [set(k.junk, true)] },
    { name: 'clearB', effects: [set(k.b, false)] },
  ]);
  return compileGoapDomain(actions, { goals: [{ name: 'a', conditions: [eq(k.a, true)] }] });
}

describe('relevance analysis', () => {
  test('keeps the actions that reach the goal through conditions; drops those that only write values nobody reads', () => {
    const d = domain();
    expect(Array.from(relevantActions(d, d.goals[0]))).toEqual([1, 1, 0, 0]);
  });

  test('forward search never generates through an irrelevant action, and says why in a trace', () => {
    const d = domain();
    const p = new GoapPlanner(d, { mode: 'forward', weight: 0, trace: true });
    const r = p.search(createState(d.schema), 'a');
    expect(r.status).toBe('found');
    expect(r.cost).toBe(2);
    const dropped = p.trace!.considered.filter((c) => c.action === 'setJunk');
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.every((c) => c.verdict === 'unusable' && c.detail.startsWith('irrelevant'))).toBe(true);
    // Root, after setB, after setA: irrelevant successors are never stored.
    expect(r.generated).toBe(3);
  });
});
