import type { LmCut, LmCutSearch } from './LmCut.js';
import { PatternDatabase } from './PatternDatabase.js';

/** The h_max side: prepared per search, asked per node (a `SearchHeuristic`). */
interface Estimator<S> {
  prepare(s: S): void;
  estimate(s: S, words: Int32Array, at: number, unsat: number): number;
}

/** Estimates made with h_max before a search switches to LM-cut. */
export const LMCUT_AFTER = 2048;

/**
 * The `'admissible'` heuristic, which `optimal: true` picks. Forward, when the
 * cells the goal's relevant actions read span at most a million states, the
 * goal's pattern database (built once per goal, then one lookup per node: the
 * exact remaining cost; see {@link PatternDatabase}). Otherwise h_max for the
 * first {@link LMCUT_AFTER} nodes of a search, LM-cut for the rest. LM-cut
 * costs tens of times more per node than h_max (a few h_max passes per node
 * instead of one lookup per cell) and saves far more than that only when the
 * search is large: small searches finish with h_max at its speed; large ones
 * pay at most that many cheap estimates before the strong one takes over.
 * Every value is admissible, so A* stays optimal across the switch (nodes that
 * got the weaker estimate are simply expanded earlier). @internal
 */
export class AdaptiveAdmissible<S extends LmCutSearch> {
  readonly admissible = true;
  readonly incremental = false;
  readonly relaxation = null;
  readonly prunesIrrelevant = true;
  readonly deferred = true;
  private estimates = 0;
  private pdb: PatternDatabase | null = null;
  /** Estimates made with h_max before the switch (tests lower it). */
  switchAfter = LMCUT_AFTER;

  constructor(
    private readonly max: Estimator<S>,
    private readonly lmcut: LmCut,
  ) {}

  prepare(s: S): void {
    this.estimates = 0;
    this.pdb = s.mode === 'forward' ? PatternDatabase.of(s.domain, s.goal!, s.relevant) : null;
    if (this.pdb === null) this.max.prepare(s);
  }

  estimate(s: S, words: Int32Array, at: number, unsat: number): number {
    if (this.pdb !== null) return this.pdb.lookup(words, at);
    const n = ++this.estimates;
    if (n <= this.switchAfter) return this.max.estimate(s, words, at, unsat);
    // Prepared only when a search gets this far: small searches never pay for it.
    if (n === this.switchAfter + 1) this.lmcut.prepare(s);
    return this.lmcut.estimate(s, words, at);
  }
}
