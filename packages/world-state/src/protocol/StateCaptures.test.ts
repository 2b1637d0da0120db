import { describe, expect, it } from '@jest/globals';
import { StateCaptures } from './StateCaptures.js';

describe('StateCaptures', () => {
  it('finds a capture by the same values and domain, and forgets the oldest when full', () => {
    const byState = new StateCaptures<string>(2);
    const domain = {};
    byState.add(domain, [1, 2, 3], 'a');
    byState.add(domain, Int32Array.of(1, 2, 4), 'b');
    expect(byState.find(domain, Int32Array.of(1, 2, 3))).toBe('a');
    expect(byState.find(domain, [1, 2, 4])).toBe('b');
    expect(byState.find({}, [1, 2, 4])).toBeNull();
    expect(byState.find(domain, [1, 2, 5])).toBeNull();
    expect(byState.find(domain, [1, 2])).toBeNull();
    byState.add(domain, [7, 7, 7], 'c');
    expect(byState.find(domain, [1, 2, 3])).toBeNull();
    expect(byState.find(domain, [7, 7, 7])).toBe('c');
    byState.clear();
    expect(byState.find(domain, [7, 7, 7])).toBeNull();
  });

  it('keeps a copy of the values (changing the caller’s array later changes nothing)', () => {
    const byState = new StateCaptures<string>(4);
    const values = [5, 6];
    byState.add(null, values, 'x');
    values[0] = 9;
    expect(byState.find(null, [5, 6])).toBe('x');
    expect(byState.find(null, values)).toBeNull();
  });

  it('finds every one of hundreds of states kept, each under its own domain, and forgets them oldest first', () => {
    const byState = new StateCaptures<number>(300);
    const a = {};
    const b = {};
    for (let i = 0; i < 300; i++) byState.add(i % 2 === 0 ? a : b, [i % 7, i, i >> 3], i);
    for (let i = 0; i < 300; i++) {
      expect(byState.find(i % 2 === 0 ? a : b, [i % 7, i, i >> 3])).toBe(i);
      expect(byState.find(i % 2 === 0 ? b : a, [i % 7, i, i >> 3])).toBeNull();
    }
    for (let i = 300; i < 450; i++) byState.add(a, [i % 7, i, i >> 3], i);
    for (let i = 0; i < 150; i++) expect(byState.find(i % 2 === 0 ? a : b, [i % 7, i, i >> 3])).toBeNull();
    for (let i = 150; i < 450; i++) expect(byState.find(i < 300 && i % 2 === 1 ? b : a, [i % 7, i, i >> 3])).toBe(i);
  });
});
