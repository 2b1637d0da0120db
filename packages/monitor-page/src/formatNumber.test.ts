import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { formatMs, formatNumber, formatSeconds } from './formatNumber.js';

describe('formatNumber', () => {
  it('keeps integers and rounds others to three significant digits', () => {
    expect(formatNumber(5.4181789261652415)).toBe('5.42');
    expect(formatNumber(12)).toBe('12');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(0.012345)).toBe('0.0123');
    expect(formatNumber(-3.14159)).toBe('-3.14');
    expect(formatNumber(1234.5678)).toBe('1235');
    expect(formatNumber(Infinity)).toBe('Infinity');
    expect(formatNumber(NaN)).toBe('NaN');
  });

  it('is never longer than a short number and stays within 1% of the value', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e6, noNaN: true }), (x) => {
        const shown = formatNumber(x);
        expect(shown.length).toBeLessThanOrEqual(9);
        expect(Math.abs(Number(shown) - x)).toBeLessThanOrEqual(x * 0.01);
      }),
    );
  });
});

describe('formatMs and formatSeconds', () => {
  it('give times with units', () => {
    expect(formatMs(0.04213)).toBe('0.042 ms');
    expect(formatMs(3.14159)).toBe('3.14 ms');
    expect(formatMs(1250)).toBe('1.25 s');
    expect(formatSeconds(4.2000000001)).toBe('4.2 s');
    expect(formatSeconds(null)).toBe('');
  });
});
