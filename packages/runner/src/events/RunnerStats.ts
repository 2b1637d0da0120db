/**
 * Counters a runner keeps (no timings in events, so replays compare equal;
 * plan times live here). `planTimes` keeps the most recent samples, in ms.
 */
export interface RunnerStats {
  /** Calls to the planner. */
  planCalls: number;
  /** Calls that found a plan. */
  plansFound: number;
  /** Planner calls caused by a failed plan or an outside world change. */
  replans: number;
  /** Running plans replaced by a better one. */
  replaced: number;
  /** Replans that kept the running plan (refused, deferred, same plan, or no plan). */
  replansSkipped: number;
  plansFinished: number;
  plansFailed: number;
  stepsStarted: number;
  stepsSucceeded: number;
  stepsFailed: number;
  stepsAborted: number;
  /** Promises of operators (`start`, `update`) that settled after their step had ended: ignored (each a `settledLate` event). */
  lateSettlements: number;
  /** Answers from a pending planner that were adopted or reported (not stale). */
  pendingAnswers: number;
  /** Ticks waited for those answers, summed (mean latency = pendingTicks / pendingAnswers). */
  pendingTicks: number;
  /** Stale answers dropped: superseded or cancelled requests. */
  staleDropped: number;
  /** Requests a pending planner answered with a failure (crashed or hung worker). */
  planningFailures: number;
  /** User code failures this runner contained (each also reported as a `fault` event). */
  faults: number;
  /** Total planning time in ms over all calls. */
  planTimeTotal: number;
  /** The most recent plan times in ms (a ring of at most `maxPlanSamples`). */
  planTimes: number[];
}

/**
 * A fresh zeroed stats object.
 * @example
 * const stats = createRunnerStats(); // every counter 0, planTimes []
 */
export function createRunnerStats(): RunnerStats {
  return {
    planCalls: 0,
    plansFound: 0,
    replans: 0,
    replaced: 0,
    replansSkipped: 0,
    plansFinished: 0,
    plansFailed: 0,
    stepsStarted: 0,
    stepsSucceeded: 0,
    stepsFailed: 0,
    stepsAborted: 0,
    lateSettlements: 0,
    pendingAnswers: 0,
    pendingTicks: 0,
    staleDropped: 0,
    planningFailures: 0,
    faults: 0,
    planTimeTotal: 0,
    planTimes: [],
  };
}

/**
 * Count one planner call of `ms` and keep its time in `stats.planTimes`, a ring
 * of at most `maxSamples` (the oldest sample is overwritten once it is full).
 * @example
 * recordPlanTime(stats, 0.05, 1024);
 */
export function recordPlanTime(stats: RunnerStats, ms: number, maxSamples: number): void {
  const call = stats.planCalls++;
  stats.planTimeTotal += ms;
  if (stats.planTimes.length < maxSamples) stats.planTimes.push(ms);
  else stats.planTimes[call % maxSamples] = ms;
}

/** Mean over all planner calls and 95th percentile over the kept samples, in ms. */
export interface PlanTimeSummary {
  readonly calls: number;
  readonly meanMs: number;
  readonly p95Ms: number;
}

/**
 * Summarise plan times, merging several runners' stats (e.g. every agent on one planner).
 * @example
 * const { meanMs, p95Ms } = summarizePlanTimes([agent.runner('main').stats]);
 */
export function summarizePlanTimes(stats: readonly RunnerStats[]): PlanTimeSummary {
  let calls = 0;
  let total = 0;
  const samples: number[] = [];
  for (const s of stats) {
    calls += s.planCalls;
    total += s.planTimeTotal;
    for (const t of s.planTimes) samples.push(t);
  }
  samples.sort((a, b) => a - b);
  const p95 = samples.length === 0 ? 0 : samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)];
  return { calls, meanMs: calls === 0 ? 0 : total / calls, p95Ms: p95 };
}
