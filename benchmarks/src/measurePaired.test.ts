import { describe, expect, it } from '@jest/globals';
import { measurePaired } from './measurePaired.js';

describe('measurePaired', () => {
  it('takes the median of per-round ratios, alternating which op runs first', () => {
    // A fake clock: each call of `op` takes 3 ms, of `baseline` 1 ms, except that round 2 runs on a machine 5× slower.
    let clock = 0;
    let round = 0;
    const order: string[] = [];
    const slow = () => (round === 2 ? 5 : 1);
    const op = () => {
      order.push('op');
      clock += 3 * slow();
    };
    const baseline = () => {
      order.push('base');
      clock += 1 * slow();
    };
    const result = measurePaired(
      () => {
        op();
        if (order.length % 2 === 0) round++;
      },
      () => {
        baseline();
        if (order.length % 2 === 0) round++;
      },
      { batch: 1, maxRounds: 5, maxMs: Infinity, now: () => clock },
    );
    // Both ops of a round see the same machine, so every round reads 3×: a drift between rounds changes nothing.
    expect(result).toEqual({ ratio: 3, rounds: 5 });
    expect(order).toEqual(['base', 'op', 'op', 'base', 'base', 'op', 'op', 'base', 'base', 'op']);
  });

  it('stops after maxMs once three rounds ran, and batches calls within a round', () => {
    let clock = 0;
    let calls = 0;
    const result = measurePaired(
      () => {
        calls++;
        clock += 10;
      },
      () => {
        calls++;
        clock += 5;
      },
      { batch: 4, maxRounds: 100, maxMs: 1, now: () => clock },
    );
    expect(result).toEqual({ ratio: 2, rounds: 3 });
    expect(calls).toBe(3 * 2 * 4);
  });
});
