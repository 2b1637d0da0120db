import type { LmCut, LmCutSearch } from './LmCut.js';
import { PatternDatabase } from './PatternDatabase.js';

/** The h_max side: prepared per search, asked per node (a `SearchHeuristic`). */
interface Estimator<S> {
  prepare(s: S): void;
  estimate(s: S, words: Int32Array, at: number, unsat: number): number;
}

/** Backward: estimates made with h_max before a search switches to LM-cut. */
export const LMCUT_AFTER = 64;

/**
 * The `'admissible'` heuristic, which `optimal: true` picks. Forward, when the
 * cells the goal's relevant actions read span at most a million states, the
 * goal's pattern database (built once per goal, then one lookup per node: the
 * exact remaining cost; see {@link PatternDatabase}). Otherwise LM-cut:
 * forward from the first node (there h_max costs a relaxation per node, about
 * what LM-cut costs), backward after {@link LMCUT_AFTER} h_max estimates (there
 * h_max is a lookup per cell, so a search that small never pays for LM-cut,
 * and a larger one pays for only that many weaker estimates). Both values are
 * admissible, so A* stays optimal across the switch (nodes that got the weaker
 * estimate are simply expanded earlier). @internal
 */
export class AdaptiveAdmissible<S extends LmCutSearch> {
  readonly admissible = true;
  readonly incremental = false;
  readonly relaxation = null;
  readonly prunesIrrelevant = true;
  readonly deferred = true;
  private estimates = 0;
  private pdb: PatternDatabase | null = null;
  /** Backward: h_max estimates before LM-cut (tests lower it). */
  switchAfter = LMCUT_AFTER;

  constructor(
    private readonly max: Estimator<S>,
    private readonly lmcut: LmCut,
  ) {}

  prepare(s: S): void {
    this.estimates = 0;
    this.pdb = s.mode === 'forward' ? PatternDatabase.of(s.domain, s.goal!, s.relevant) : null;
    if (this.pdb !== null) return;
    if (s.mode === 'backward') this.max.prepare(s);
    else this.lmcut.prepare(s);
  }

  estimate(s: S, words: Int32Array, at: number, unsat: number): number {
    if (this.pdb !== null) return this.pdb.lookup(words, at);
    if (s.mode === 'forward') return this.lmcut.estimate(s, words, at);
    const n = ++this.estimates;
    if (n <= this.switchAfter) return this.max.estimate(s, words, at, unsat);
    // Prepared only when a search gets this far: small searches never pay for it.
    if (n === this.switchAfter + 1) this.lmcut.prepare(s);
    return this.lmcut.estimate(s, words, at);
  }
}
