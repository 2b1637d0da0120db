import { describe, expect, it } from '@jest/globals';
import { ReusedList } from './ReusedList.js';

describe('ReusedList', () => {
  it('holds what was pushed since it was last cleared, compares and copies it', () => {
    const list = new ReusedList<string>();
    list.push('a');
    list.push('b');
    list.push('c');
    list.clear();
    list.push('x');
    list.push('y');
    expect(list.length).toBe(2);
    expect(list.toArray()).toEqual(['x', 'y']);
    expect(list.equals(['x', 'y'])).toBe(true);
    expect(list.equals(['x', 'y', 'c'])).toBe(false);
    expect(list.equals(['x', 'z'])).toBe(false);
  });

  it('reads and replaces items by index', () => {
    const list = new ReusedList<string>();
    list.push('a');
    list.push('b');
    list.set(1, 'c');
    expect([list.at(0), list.at(1)]).toEqual(['a', 'c']);
  });
});
