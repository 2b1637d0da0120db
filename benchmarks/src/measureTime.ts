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

/** Ops faster than this per call are timed in batches of calls per sample; slower ones one call per sample. */
const BATCH_BELOW_NS = 20_000;
/** A batch takes about this long at most, so ops of a few µs still give many samples. */
const BATCH_NS = 2_000_000;

/**
 * Time one op with mitata: it batches fast ops into samples of many calls (so the
 * clock's own cost is amortised) and returns per-op sample times. The median is
 * the headline; p95 is taken from the sorted samples.
 *
 * Whether to batch is decided here, from a timed warm-up of several ms (which also
 * lets the JIT settle), not by mitata from one or two calls: on a busy machine one
 * slow call made it time a 1 µs op call by call, and its per-sample overhead then
 * read as a 7-30 µs median.
 */
export async function measureTime(op: () => unknown, budget: TimeBudget): Promise<TimeResult> {
  const perCall = warmUpNs(op);
  const batch = perCall < BATCH_BELOW_NS;
  const stats = await measure(op, {
    min_cpu_time: budget.minCpuMs * 1e6,
    min_samples: budget.minSamples,
    batch_samples: batch ? Math.max(1, Math.min(budget.batchSamples, Math.round(BATCH_NS / perCall))) : 1,
    // mitata batches when a warm-up call is under batch_threshold, and warms up only after a first call under warmup_threshold.
    batch_threshold: batch ? Infinity : -1,
    warmup_threshold: batch ? Infinity : 0,
  });
  const sorted = [...stats.samples].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
  return { medianNs: stats.p50, p95Ns: p95, opsPerSec: 1e9 / stats.p50, samples: sorted.length };
}

/** Mean time per call of `op` over runs doubling in length until one takes 5 ms (or 2^20 calls). */
function warmUpNs(op: () => unknown): number {
  for (let n = 1; ; n *= 2) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) op();
    const ms = performance.now() - t0;
    if (ms >= 5 || n >= 1 << 20) return (ms * 1e6) / n;
  }
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
