import { describe, expect, it } from '@jest/globals';
import { mulberry32 } from './mulberry32.js';

describe('mulberry32', () => {
  it('is a deterministic stream of floats in [0, 1) that depends on the seed', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(990);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
    expect(mulberry32(8)()).not.toBe(mulberry32(7)());
  });
});
