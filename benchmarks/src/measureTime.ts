import { measure } from 'mitata';

export interface TimeResult {
  readonly medianNs: number;
  readonly p95Ns: number;
  readonly opsPerSec: number;
  readonly samples: number;
}

/** How long to sample each case: full runs sample longer than `--quick` ones. */
export interface TimeBudget {
  readonly minCpuMs: number;
  readonly minSamples: number;
  readonly batchSamples: number;
}

export const FULL_BUDGET: TimeBudget = { minCpuMs: 400, minSamples: 12, batchSamples: 4096 };
export const QUICK_BUDGET: TimeBudget = { minCpuMs: 40, minSamples: 5, batchSamples: 256 };

/**
 * Time one op with mitata: it warms the function up, batches sub-µs ops into
 * samples (so the clock's own cost is amortised) and returns per-op sample times.
 * The median is the headline; p95 is taken from the sorted samples.
 */
export async function measureTime(op: () => unknown, budget: TimeBudget): Promise<TimeResult> {
  const stats = await measure(op, {
    min_cpu_time: budget.minCpuMs * 1e6,
    min_samples: budget.minSamples,
    batch_samples: budget.batchSamples,
  });
  const sorted = [...stats.samples].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
  return { medianNs: stats.p50, p95Ns: p95, opsPerSec: 1e9 / stats.p50, samples: sorted.length };
}

/** For ops of 100 ms and more: a few plain runs, median of them. */
export function measureSlow(op: () => unknown, runs: number): TimeResult {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    op();
    times.push((performance.now() - t0) * 1e6);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  return { medianNs: median, p95Ns: times[times.length - 1], opsPerSec: 1e9 / median, samples: runs };
}
