import { describe, expect, it } from '@jest/globals';
import { RecentCaptures } from './RecentCaptures.js';

describe('RecentCaptures', () => {
  const sameValues = (c: number[], p: { values: number[] }) => c.length === p.values.length && c.every((v, i) => v === p.values[i]);

  it('gives a remembered capture back for the same probe, and forgets the oldest when full', () => {
    const recent = new RecentCaptures(sameValues, 2);
    const a = recent.add([1]);
    const b = recent.add([2]);
    expect(recent.find({ values: [1] })).toBe(a);
    expect(recent.find({ values: [2] })).toBe(b);
    expect(recent.find({ values: [3] })).toBeNull();
    recent.add([3]);
    // [1] was the oldest.
    expect(recent.find({ values: [1] })).toBeNull();
    expect(recent.find({ values: [2] })).toBe(b);
    recent.clear();
    expect(recent.find({ values: [2] })).toBeNull();
  });

  it('compares only captures whose number is the probe’s', () => {
    let compared = 0;
    const recent = new RecentCaptures((c: number[], p: { values: number[] }) => (compared++, sameValues(c, p)), 4);
    const one = recent.add([1], 1);
    const two = recent.add([2, 2], 2);
    expect(recent.find({ values: [2, 2] }, 2)).toBe(two);
    expect(compared).toBe(1);
    expect(recent.find({ values: [1] }, 1)).toBe(one);
    expect(compared).toBe(2);
    // The same values under another number are another capture.
    expect(recent.find({ values: [1] }, 3)).toBeNull();
    expect(compared).toBe(2);
  });
});
