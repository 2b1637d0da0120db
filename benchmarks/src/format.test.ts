import { describe, expect, it } from '@jest/globals';
import { formatPlanNames, perSecond } from './format.js';

describe('format', () => {
  it('shows plans of up to 8 steps whole and shortens longer ones to 6 steps and the count', () => {
    const steps = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`);
    expect(formatPlanNames(steps(8))).toBe('s0, s1, s2, s3, s4, s5, s6, s7');
    expect(formatPlanNames(steps(9))).toBe('s0, s1, s2, s3, s4, s5, … (9 steps)');
    expect(formatPlanNames(steps(200), ' → ')).toBe('s0 → s1 → s2 → s3 → s4 → s5 → … (200 steps)');
    expect(formatPlanNames([])).toBe('');
  });

  it('writes rates per second with k and M suffixes', () => {
    expect(perSecond(12.34)).toBe('12.3');
    expect(perSecond(1500)).toBe('1.5 k');
    expect(perSecond(2.5e9)).toBe('2500.00 M');
    expect(perSecond(undefined)).toBe('–');
    expect(perSecond(Number.POSITIVE_INFINITY)).toBe('–');
  });
});
