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
  /**
   * Set when the planner stopped at a budget without a plan (e.g. `expansions`): not a wrong plan but an
   * unmet scale target. The case is still timed (so expansions/s is reported) and marked `budget`.
   */
  readonly budget?: string;
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
  /** At most this many GCs (minor included) over the case's GC-count window (`allocOps`). */
  readonly maxGcs?: number;
  /**
   * The name of a case of the same suite this one is an overhead of: the report
   * shows this median / that median (measured in the same run) against `maxRatio`.
   */
  readonly baseline?: string;
  /** With `baseline`: this median / the baseline median must be at or below this. */
  readonly maxRatio?: number;
  /** With `baseline`: compare the medians per node expanded (search speed apart from search size). */
  readonly perExpanded?: boolean;
  /** Nodes expanded per second of the median must reach this. */
  readonly minExpandedPerSecond?: number;
  /** A plan must be found within this many expansions (a case that stops at a budget misses it). */
  readonly maxExpanded?: number;
  /** The time or ratio target in words, e.g. `≤ 1.5 µs`; the report appends `maxGcs` itself. */
  readonly label?: string;
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
  /** Skip in the jest correctness pass (too slow without timing budgets). */
  readonly heavy?: boolean;
  prepare(): Prepared;
}

/** The id used by `--filter` and in results: `suite/name [impl]`. */
export function caseId(c: Pick<BenchCase, 'suite' | 'name' | 'impl'>): string {
  return `${c.suite}/${c.name} [${c.impl}]`;
}

/** What every dualplan case built from a spec names: where it is reported and what it is held to. */
export type CaseSpec = Pick<BenchCase, 'suite' | 'name' | 'scenario' | 'curve' | 'target' | 'allocOps'>;

/**
 * A case of ours (impl `dualplan`) from its spec and its `prepare`; the
 * planner-specific helpers (`goapCase`, `htnCase`) build on it.
 *
 * @example
 * dualplanCase({ suite: 'world-state', name: 'hash', target: { maxGcs: 0 } }, () => {
 *   const state = createState(schema);
 *   return { run: () => state.hash(), check: () => ({ valid: true, optimal: true, detail: 'hash' }) };
 * });
 */
export function dualplanCase(spec: CaseSpec, prepare: () => Prepared): BenchCase {
  return {
    suite: spec.suite,
    name: spec.name,
    impl: 'dualplan',
    scenario: spec.scenario,
    curve: spec.curve,
    target: spec.target,
    allocOps: spec.allocOps,
    prepare,
  };
}

/** Options the suites are built with. */
export interface SuiteOptions {
  readonly quick: boolean;
}
