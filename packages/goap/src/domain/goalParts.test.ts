import { bool, defineActions, defineSchema, eq, set } from '@dualplan/world-state';
import { createState } from '@dualplan/world-state';
import { goalRichDomain, soldierGoapDomain, trollGoapDomain } from '../examples/index.js';
import { compileGoapDomain } from './compileGoapDomain.js';
import { firstOpenPart, goalParts } from './goalParts.js';
import { relevantActions } from './relevantActions.js';

describe('goalParts', () => {
  test('a goal of n conditions, each set by its own action, has n parts in the order of its conditions', () => {
    const d = goalRichDomain(6, [1, 2]);
    const g = d.goals[0];
    const parts = goalParts(d, g, relevantActions(d, g));
    expect(parts.count).toBe(6);
    expect(Array.from(parts.partOfAction)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Array.from(parts.cellStart)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // The root leaves every part open; once the first condition is regressed away, the second is first.
    const s = createState(d.schema);
    expect(firstOpenPart(d, parts, g.words, 0, s.values)).toBe(0);
    s.values[g.cells[0]] = 1;
    expect(firstOpenPart(d, parts, g.words, 0, s.values)).toBe(1);
    for (const c of g.cells) s.values[c] = 1;
    expect(firstOpenPart(d, parts, g.words, 0, s.values)).toBe(-1);
  });

  test('an action touching two goal cells (by a condition or an effect) joins their parts; irrelevant actions join nothing', () => {
    const schema = defineSchema({ a: bool(), b: bool(), c: bool(), d: bool(), x: bool() });
    const k = (n: string) => schema.cellOf(n) as never;
    const actions = defineActions(schema, [
      { name: 'SetA', conditions: [eq(k('b'), true)], effects: [set(k('a'), true)] },
      { name: 'SetB', effects: [set(k('b'), true)] },
      { name: 'SetC', effects: [set(k('c'), true), set(k('x'), true)] },
      { name: 'SetD', conditions: [eq(k('x'), false)], effects: [set(k('d'), true)] },
      // Irrelevant: its effect is no value the goal or a relevant condition wants.
      { name: 'ClearAll', effects: [set(k('a'), false), set(k('c'), false)] },
    ]);
    const d = compileGoapDomain(actions, { goals: [{ name: 'g', conditions: [eq(k('a'), true), eq(k('c'), true), eq(k('d'), true)] }] });
    const g = d.goals[0];
    const parts = goalParts(d, g, relevantActions(d, g));
    // {a, b} and {c, x, d}: SetC writes x, which SetD reads.
    expect(parts.count).toBe(2);
    expect(Array.from(parts.partOfAction)).toEqual([0, 0, 1, 1, -1]);
    const cellsOf = (p: number) => Array.from(parts.cells.subarray(parts.cellStart[p], parts.cellStart[p + 1]), (c) => schema.nameOf(c));
    expect([cellsOf(0), cellsOf(1)]).toEqual([
      ['a', 'b'],
      ['c', 'd', 'x'],
    ]);
  });

  test("the example game domains' goals are one part each, so the default plans them as before", () => {
    for (const d of [soldierGoapDomain(), trollGoapDomain()]) {
      for (const g of d.goals) expect([g.name, goalParts(d, g, relevantActions(d, g)).count]).toEqual([g.name, g.cells.length === 0 ? 0 : 1]);
    }
  });
});
