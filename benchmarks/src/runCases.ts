import { Worker } from 'node:worker_threads';
import { caseId, type BenchCase } from './BenchCase.js';
import { measureAllocation } from './measureAllocation.js';
import { fmtBytes, formatNs } from './format.js';
import { measurePaired } from './measurePaired.js';
import { FULL_BUDGET, QUICK_BUDGET, measureSlow, measureTime, type TimeResult } from './measureTime.js';

export type CaseStatus = 'ok' | 'non-optimal' | 'budget' | 'wrong' | 'timeout' | 'skipped' | 'error';

/** Everything measured for one case; serialised into results/latest.json. */
export interface CaseResult extends Pick<BenchCase, 'suite' | 'name' | 'impl' | 'scenario' | 'curve' | 'target'> {
  readonly id: string;
  status: CaseStatus;
  detail: string;
  medianNs?: number;
  p95Ns?: number;
  opsPerSec?: number;
  bytesPerOp?: number;
  gcs?: number;
  gcOps?: number;
  expanded?: number;
  planLength?: number;
  cost?: number;
  /**
   * With a `target.baseline`: this case's time over the baseline's from alternating
   * rounds (see `measurePaired`), raw (not per expansion), and the rounds it took.
   */
  paired?: { ratio: number; rounds: number; baselineExpanded?: number };
}

export interface RunOptions {
  readonly quick: boolean;
  /** The module to start as a worker for time-limited probes (the bench entry itself). */
  readonly workerUrl?: URL;
  readonly log: (line: string) => void;
}

/** What a probe worker sends back: only whether the check threw (the case is checked again in the main thread). */
export interface ProbeReply {
  readonly error?: string;
}

/**
 * Check, then time and measure each case in order. A case whose plan is wrong
 * is reported and not timed; a peer's non-optimal plan is timed and flagged.
 * Cases with `timeoutMs` are first probed in a worker that is terminated at
 * the limit; later points of the same curve for that impl are then skipped.
 */
export async function runCases(cases: readonly BenchCase[], options: RunOptions): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const cutoffs = new Map<string, number>();
  const budget = options.quick ? QUICK_BUDGET : FULL_BUDGET;
  // The timed op and median of each case another case names as its baseline, for paired rounds.
  const baselines = new Set(cases.map((c) => c.target?.baseline).filter((b) => b !== undefined));
  const kept = new Map<string, { run: () => unknown; medianNs: number; expanded?: number }>();
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i];
    const id = caseId(c);
    const result: CaseResult = {
      id,
      suite: c.suite,
      name: c.name,
      impl: c.impl,
      scenario: c.scenario,
      curve: c.curve,
      target: c.target,
      status: 'ok',
      detail: '',
    };
    results.push(result);
    options.log(`[${c.suite}] ${c.name} [${c.impl}] (${i + 1}/${cases.length})`);
    const curveKey = c.curve ? `${c.curve.id}|${c.impl}` : '';
    const cut = cutoffs.get(curveKey);
    if (cut !== undefined && c.curve && c.curve.x > cut) {
      result.status = 'skipped';
      result.detail = `beyond cutoff: ${c.curve.xLabel}=${cut} did not finish in time`;
      continue;
    }
    try {
      if (c.timeoutMs !== undefined && options.workerUrl) {
        const probe = await probeInWorker(options.workerUrl, id, options.quick, c.timeoutMs);
        if (probe === 'timeout') {
          result.status = 'timeout';
          result.detail = `did not finish within ${c.timeoutMs / 1000} s`;
          if (c.curve) cutoffs.set(curveKey, c.curve.x);
          options.log(`  timeout after ${c.timeoutMs} ms`);
          continue;
        }
        if (probe.error) throw new Error(probe.error);
      }
      const prepared = c.prepare();
      const check = prepared.check();
      Object.assign(result, { expanded: check.expanded, planLength: check.planLength, cost: check.cost, detail: check.detail });
      if (check.budget !== undefined && c.impl === 'dualplan') {
        result.status = 'budget';
        options.log(`  no plan within the budget (${check.budget}): timed for expansions/s`);
      } else if (!check.valid || (!check.optimal && c.impl === 'dualplan')) {
        result.status = 'wrong';
        options.log(`  WRONG PLAN, not timed: ${check.detail}`);
        continue;
      }
      if (!check.optimal && result.status !== 'budget') result.status = 'non-optimal';
      const t0 = performance.now();
      prepared.run();
      const firstMs = performance.now() - t0;
      if (firstMs > 1000) {
        // Multi-second ops (peers near their cutoff): the one run is the figure; no allocation pass.
        Object.assign(result, { medianNs: firstMs * 1e6, p95Ns: firstMs * 1e6, opsPerSec: 1000 / firstMs, samples: 1 });
        options.log(`  ${formatNs(firstMs * 1e6)} (single run)${result.status === 'non-optimal' ? ' (NON-OPTIMAL plan)' : ''}`);
        continue;
      }
      const time: TimeResult = firstMs > 50 ? measureSlow(() => prepared.run(), options.quick ? 1 : 3) : await measureTime(() => prepared.run(), budget);
      Object.assign(result, time);
      const allocBudgetNs = options.quick ? 3e7 : 3e8;
      const fixed = c.allocOps !== undefined ? Math.max(1, Math.round(c.allocOps / (options.quick ? 20 : 1))) : Number.POSITIVE_INFINITY;
      const ops = Math.max(1, Math.min(fixed, Math.round(allocBudgetNs / time.medianNs)));
      const alloc = await measureAllocation(() => prepared.run(), ops, Math.min(ops, 10_000));
      result.bytesPerOp = alloc.bytesPerOp;
      result.gcs = alloc.gcs;
      result.gcOps = alloc.ops;
      if (baselines.has(c.name)) kept.set(`${c.suite}|${c.name}`, { run: prepared.run, medianNs: time.medianNs, expanded: result.expanded });
      const base = c.target?.baseline === undefined ? undefined : kept.get(`${c.suite}|${c.target.baseline}`);
      if (base !== undefined) {
        // Batches of about 20 ms a side, so sub-millisecond ops are not timed one call at a time.
        const batch = Math.max(1, Math.round(2e7 / Math.max(time.medianNs, base.medianNs)));
        const pair = measurePaired(prepared.run, base.run, { batch, maxRounds: options.quick ? 5 : 15, maxMs: options.quick ? 300 : 3000 });
        result.paired = { ...pair, baselineExpanded: base.expanded };
        options.log(`  ${pair.ratio.toFixed(2)}× the baseline's time, ${pair.rounds} alternating rounds`);
      }
      options.log(
        `  ${formatNs(time.medianNs)} median, ${formatNs(time.p95Ns)} p95, ${fmtBytes(alloc.bytesPerOp)}/op, ${alloc.gcs} GCs / ${alloc.ops} ops${result.status === 'non-optimal' ? ' (NON-OPTIMAL plan)' : ''}`,
      );
    } catch (error) {
      result.status = 'error';
      result.detail = error instanceof Error ? error.message : String(error);
      options.log(`  ERROR: ${result.detail}`);
    }
  }
  return results;
}

/** Run one case's check (one plan) in a worker, terminated after `timeoutMs`. */
function probeInWorker(url: URL, id: string, quick: boolean, timeoutMs: number): Promise<ProbeReply | 'timeout'> {
  return new Promise((resolve) => {
    const worker = new Worker(url, { workerData: { probe: id, quick } });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve('timeout');
    }, timeoutMs);
    worker.once('message', (reply: ProbeReply) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(reply);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      resolve({ error: error.message });
    });
  });
}

/** Worker side of {@link probeInWorker}: find the case, prepare it and run its check; reply once it returns. */
export function answerProbe(cases: readonly BenchCase[], id: string): ProbeReply {
  const c = cases.find((x) => caseId(x) === id);
  if (!c) return { error: `no case ${id}` };
  try {
    c.prepare().check();
    return {};
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
