import { PerformanceObserver } from 'node:perf_hooks';

/**
 * Count GCs (minor included) while `run` runs, after a forced GC when the
 * process has `--expose-gc`. GC entries arrive asynchronously: the count is
 * read after one turn of the event loop.
 */
export async function countGcs(run: () => void): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 0));
  let gcs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcs++;
      if (process.env.DUALPLAN_GC_TRACE)
        console.log(`gc kind ${(e as { detail?: { kind?: number } }).detail?.kind} at ${e.startTime.toFixed(0)} ms, ${e.duration.toFixed(2)} ms`);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    run();
    await new Promise((r) => setTimeout(r, 0));
    return gcs;
  } finally {
    observer.disconnect();
  }
}
