import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createState, firstFailing } from '@dualplan/world-state';
import { randomDomain } from '../examples/index.js';
import { ForwardIndex, TreeNode } from './ForwardIndex.js';

/** The actions met by walking the tree on `values`: from each node, its value child and its don't-care child. */
function walk(index: ForwardIndex, values: ArrayLike<number>): number[] {
  const met: number[] = [];
  const pending = [0];
  while (pending.length > 0) {
    const at = pending.pop()! * TreeNode.size;
    for (let k = index.nodes[at + TreeNode.first]; k < index.nodes[at + TreeNode.end]; k++) met.push(index.actions[k]);
    const c = index.nodes[at + TreeNode.cell];
    if (c < 0) continue;
    const child = index.children[index.nodes[at + TreeNode.children] + values[c]];
    if (child >= 0) pending.push(child);
    if (index.nodes[at + TreeNode.dontCare] >= 0) pending.push(index.nodes[at + TreeNode.dontCare]);
  }
  return met;
}

describe('ForwardIndex (the forward successor generator)', () => {
  it('meets each applicable action exactly once, and every action it meets is applicable unless marked for a full check', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), (seed, picks) => {
        const rd = randomDomain(seed, { actions: 4 + (seed % 12) });
        const d = rd.domain;
        const index = new ForwardIndex(d);
        const state = createState(d.schema);
        for (let c = 0; c < d.schema.size; c++) state.values[c] = d.schema.min[c] + (picks[c % picks.length] % (d.schema.max[c] - d.schema.min[c] + 1));
        const met = walk(index, state.values);
        expect(new Set(met).size).toBe(met.length);
        const applicable = (a: number) => firstFailing(d.steps[a].conditions, state) < 0;
        for (const a of met) if (index.checkRest[a] === 0) expect(applicable(a)).toBe(true);
        const expected = [...Array(d.actionCount).keys()].filter(applicable);
        expect(met.filter(applicable).sort((x, y) => x - y)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
