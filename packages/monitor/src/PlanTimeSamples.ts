import type { PlanTimes } from './Recording.js';

/** The `p`-quantile of sorted samples (nearest rank). */
function quantile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))];
}

/**
 * @internal Plan times of one agent: the last `samples` of them in a ring of numbers (a plain
 * array would box each one), for the percentiles, and the sum of all, for the mean.
 */
export class PlanTimeSamples {
  private readonly ring: Float64Array;
  private kept = 0;
  private added = 0;
  private total = 0;

  constructor(samples: number) {
    this.ring = new Float64Array(samples);
  }

  add(ms: number): void {
    this.ring[this.added++ % this.ring.length] = ms;
    if (this.kept < this.ring.length) this.kept++;
    this.total += ms;
  }

  /** Percentiles of the kept samples, the largest, and the mean of every time added. */
  times(): PlanTimes {
    const sorted = Array.from(this.ring.subarray(0, this.kept)).sort((a, b) => a - b);
    return {
      p50: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.9),
      p99: quantile(sorted, 0.99),
      max: sorted.length === 0 ? 0 : sorted[sorted.length - 1],
      mean: this.added === 0 ? 0 : this.total / this.added,
    };
  }
}
