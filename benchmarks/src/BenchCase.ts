/** Which implementation a case runs: ours or a peer from npm. */
export type Impl = 'dualplan' | 'htn-ai' | 'goap' | 'mahler';

/** Outcome of a case's correctness check, made before anything is timed. */
export interface CheckResult {
  /** The plan reaches the goal / is the expected decomposition. */
  readonly valid: boolean;
  /** The plan has the optimal (or expected) cost. */
  readonly optimal: boolean;
  /** What was found, e.g. `scout, load, aim, shoot (cost 4)`. */
  readonly detail: string;
  readonly planLength?: number;
  readonly cost?: number;
  /** Nodes expanded (GOAP) or decomposition steps (HTN) per plan; hardware independent. */
  readonly expanded?: number;
}

/** A case ready to run: `run` is one timed operation, `check` validates its output. */
export interface Prepared {
  run(): unknown;
  check(): CheckResult;
}

/** A point of a scaling curve: cases sharing `id` are drawn as one chart, one line per impl. */
export interface CurvePoint {
  readonly id: string;
  readonly x: number;
  readonly xLabel: string;
}

/** A target the case is reported against. */
export interface Target {
  /** Median must be at or below this many ns. */
  readonly maxNs?: number;
  /** Median per op must be at or below this many ns after dividing by `per` (e.g. ns per condition). */
  readonly per?: number;
  /** Peer median / our median must reach this (set on the peer case). */
  readonly minRatio?: number;
  readonly label: string;
}

/**
 * One benchmark case. Cases are plain objects built by the suites; the
 * harness checks, times and measures them. `prepare` does all setup (domain
 * compilation, state creation) so the timed `run` is the operation alone.
 */
export interface BenchCase {
  readonly suite: string;
  readonly name: string;
  readonly impl: Impl;
  /** Cases sharing a scenario are compared: peer median / our median. */
  readonly scenario?: string;
  readonly curve?: CurvePoint;
  readonly target?: Target;
  /** Ops for the GC count (fixed count, e.g. 1e6 for world-state, 1e5 plans). */
  readonly allocOps?: number;
  /** Run the correctness probe in a worker and stop at this many ms (peers that may not finish). */
  readonly timeoutMs?: number;
  /** Our planners must be optimal; peers are reported as non-optimal instead of failing. */
  readonly requireOptimal?: boolean;
  /** Skip in the jest correctness pass (too slow without timing budgets). */
  readonly heavy?: boolean;
  prepare(): Prepared;
}

/** The id used by `--filter` and in results: `suite/name [impl]`. */
export function caseId(c: Pick<BenchCase, 'suite' | 'name' | 'impl'>): string {
  return `${c.suite}/${c.name} [${c.impl}]`;
}

/** Options the suites are built with. */
export interface SuiteOptions {
  readonly quick: boolean;
}
