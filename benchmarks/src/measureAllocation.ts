import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

export interface AllocationResult {
  /** Heap bytes allocated per op, from a run with no GC in it (NaN when not measurable). */
  readonly bytesPerOp: number;
  /** GCs (minor and major) during `ops` consecutive ops, after a forced GC. */
  readonly gcs: number;
  readonly ops: number;
}

// Written, never read: holding each result keeps the engine from dropping the measured call.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- a write-only sink is the point
let sink: unknown;

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Allocation of one op. Bytes: used-heap delta over a chunk of ops that ran
 * without any GC (a GC would hide what was freed), halving the chunk until one
 * does. GCs: PerformanceObserver 'gc' entries over a fixed count of ops.
 * Needs `--expose-gc` for a clean start; without it, counts start from a dirtier heap.
 */
export async function measureAllocation(op: () => unknown, ops: number, chunk = 10_000): Promise<AllocationResult> {
  const gc = (globalThis as { gc?: () => void }).gc;
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    let bytesPerOp = Number.NaN;
    let n = Math.max(1, Math.min(chunk, ops));
    // The least of three GC-free chunks: the first ones also count code the JIT
    // emits for this loop (optimised code lives on the heap too), which is not the op's.
    for (let attempt = 0, clean = 0; attempt < 12 && n >= 1 && clean < 3; attempt++) {
      gc?.();
      await flush();
      const before = gcs;
      const h0 = getHeapStatistics().used_heap_size;
      for (let i = 0; i < n; i++) sink = op();
      const h1 = getHeapStatistics().used_heap_size;
      await flush();
      if (gcs === before) {
        const bytes = Math.max(0, h1 - h0 - 200) / n; // ~200 B: the stats object itself
        bytesPerOp = clean++ === 0 ? bytes : Math.min(bytesPerOp, bytes);
      } else n = n >> 2;
    }
    gc?.();
    await flush();
    const start = gcs;
    for (let i = 0; i < ops; i++) sink = op();
    await flush();
    await flush();
    return { bytesPerOp, gcs: gcs - start, ops };
  } finally {
    observer.disconnect();
    sink = undefined;
  }
}
