import { describe, expect, it } from '@jest/globals';
import { Heap } from 'heap-js';
import { NodeHeap } from './NodeHeap.js';

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('NodeHeap', () => {
  it('pops the cheapest node first, the earliest made among equal costs', () => {
    const cost = new Float64Array([3, 1, 2, 1, Infinity, 0]);
    const heap = new NodeHeap();
    for (let k = 0; k < cost.length; k++) heap.add(k, cost);
    const order: number[] = [];
    while (heap.size > 0) order.push(heap.pop(cost));
    expect(order).toEqual([5, 1, 3, 2, 0, 4]);
  });

  it('pops in the order a heap-js heap with the same comparison gives, over random adds and pops (ties, Infinity and NaN included)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const cost = new Float64Array(300);
      const reference = new Heap<number>((a, b) => (cost[a] < cost[b] ? -1 : cost[a] > cost[b] ? 1 : a - b));
      const heap = new NodeHeap();
      let made = 0;
      const ours: number[] = [];
      const theirs: number[] = [];
      while (made < cost.length || heap.size > 0) {
        if (made < cost.length && (heap.size === 0 || next() < 0.6)) {
          const r = next();
          // Few distinct costs, so ties are common; now and then Infinity or NaN.
          cost[made] = r < 0.05 ? Infinity : r < 0.08 ? NaN : Math.floor(next() * 6);
          heap.add(made, cost);
          reference.add(made);
          made++;
        } else {
          ours.push(heap.pop(cost));
          theirs.push(reference.pop()!);
        }
        expect(heap.size).toBe(reference.length);
      }
      expect(ours).toEqual(theirs);
    }
  });

  it('starts empty again after clear', () => {
    const cost = new Float64Array([2, 1]);
    const heap = new NodeHeap();
    heap.add(0, cost);
    heap.clear();
    expect(heap.size).toBe(0);
    heap.add(1, cost);
    expect(heap.pop(cost)).toBe(1);
  });
});
