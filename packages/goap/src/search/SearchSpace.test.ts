import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { chainDomain, soldierGoapDomain } from '../examples/index.js';
import { hashWords } from './hashWords.js';
import { SearchSpace } from './SearchSpace.js';

// One node's record: g, f, h and the raw h as float64; unsat, parent, action, depth, hash and word offset as int32; a flags byte.
const RECORD = 4 * 8 + 6 * 4 + 1;

describe('node memory', () => {
  it('counts the records of stored nodes, the words written and the closed-set table', () => {
    const space = new SearchSpace(3, 4, 100);
    expect(space.nodeBytes).toBe(RECORD + 3 * 4);
    // The closed-set table: at least twice the node capacity in slots (16 at least here) of 2 int32 each, plus a fingerprint byte.
    const table = 16 * 2 * 4 + 16;
    space.reset(false);
    expect(space.usedBytes()).toBe(table);
    for (let i = 0; i < 5; i++) {
      space.reserve();
      const at = space.claim();
      space.words.set([i, i + 1, i + 2], at);
      const hash = hashWords(space.words, at, 3);
      space.find(hash, at);
      space.commit(hash, at, i - 1, i, i, 0, 0, 0);
    }
    // 5 nodes grew the capacity from 4 to 8: still 16 slots.
    expect(space.usedBytes()).toBe(5 * RECORD + 5 * 3 * 4 + table);
    space.reset(false);
    expect(space.usedBytes()).toBe(table);
  });

  it('is reported on the result: bytes per node by direction, and more memory for a bigger search', () => {
    const d = soldierGoapDomain();
    const state = createState(d.schema);
    const general = new GoapPlanner(d);
    general.engine.useFastPath(false);
    const back = general.search(state, 'killEnemy');
    expect(back.nodeBytes).toBe(RECORD + 4 * d.words);
    expect(back.memoryBytes).toBeGreaterThanOrEqual(back.generated * RECORD);
    // The fast path's nodes are smaller: no hash, base, hraw or lazy words.
    const fast = new GoapPlanner(d).search(state, 'killEnemy');
    expect(fast.fastPath).toBe(true);
    expect(fast.nodeBytes).toBeLessThan(back.nodeBytes);
    expect(fast.memoryBytes).toBeGreaterThanOrEqual(fast.generated * fast.nodeBytes);
    const fwd = new GoapPlanner(d, { mode: 'forward', fastPath: false }).search(state, 'killEnemy');
    expect(fwd.nodeBytes).toBe(RECORD + 4 * d.schema.size);
    const small = new GoapPlanner(chainDomain(2), { heuristic: 'additive' }).search(createState(chainDomain(2).schema), 'all');
    const big = new GoapPlanner(chainDomain(16), { heuristic: 'additive' }).search(createState(chainDomain(16).schema), 'all');
    expect(big.generated).toBeGreaterThan(small.generated);
    expect(big.memoryBytes).toBeGreaterThan(small.memoryBytes);
  });
});

describe('closed-set table', () => {
  /** Store `count` distinct nodes of width 2. */
  function fill(space: SearchSpace, count: number): void {
    for (let i = 0; i < count; i++) {
      space.reserve();
      const at = space.claim();
      space.words.set([i, i % 3], at);
      const hash = hashWords(space.words, at, 2);
      expect(space.find(hash, at)).toBe(-1);
      space.commit(hash, at, i - 1, 0, i, 0, 0, 0);
    }
  }

  function stored(space: SearchSpace, count: number): number {
    let found = 0;
    for (let i = 0; i < count; i++) {
      const at = space.claim();
      space.words.set([i, i % 3], at);
      if (space.find(hashWords(space.words, at, 2), at) >= 0) found++;
    }
    return found;
  }

  it.each([
    ['a few nodes (cleared run by run)', 3, 64],
    ['many nodes (cleared at once)', 60, 64],
  ])('finds every stored node, and none after a reset: %s', (_label, count, capacity) => {
    const space = new SearchSpace(2, capacity, 1000);
    space.reset(false);
    fill(space, count);
    expect(stored(space, count)).toBe(count);
    space.reset(false);
    expect(stored(space, count)).toBe(0);
    fill(space, count);
    expect(stored(space, count)).toBe(count);
  });
});
