import type { LmCut } from './LmCut.js';
import type { HeuristicRestart, PhaseSearch, SearchHeuristic } from './SearchHeuristic.js';

/** Open nodes the probe estimates with LM-cut to judge it, at most (about 0.2 ms; where LM-cut prunes, a few). */
export const PROBE_SAMPLES = 16;

/** Share of sampled nodes within one cheapest action of the lowest f at which LM-cut is judged flat. */
export const FLAT_SHARE = 0.8;

/**
 * The blind phase of a forward `'admissible'` search without a pattern database
 * (see `AdaptiveAdmissible`): blind search (h = 0), which small tasks finish
 * within it. At `afterNodes` stored nodes it estimates up to
 * {@link PROBE_SAMPLES} of its open nodes (one per stretch of the store order)
 * with LM-cut and looks at their f = g + h. Where LM-cut prunes (blocks world,
 * logistics, miconic), most of the frontier lies several action costs above the
 * lowest f (a wrong move raises f), and the search starts over with LM-cut
 * (`lmcut`). Where nearly every sampled node lies within one cheapest action of
 * it, LM-cut is flat: its f climbs one step at a time through nearly every
 * state (gripper: the relaxation never counts the trips back), so A* with
 * LM-cut would expand about what blind search does, at many times the cost per
 * node, and the probe goes on as the search, blind, to its end. (A flat LM-cut
 * whose lowest f layer holds a plan, as on chains of conditions where it is
 * exact, was already served by the dive before the probe: see `LmCutDive`.)
 * @internal
 */
export class BlindProbe implements SearchHeuristic {
  readonly admissible = true;
  readonly incremental = false;
  readonly relaxation = null;
  readonly blind = true;
  private readonly judge: { afterNodes: number; readonly heuristic: SearchHeuristic; decide(s: PhaseSearch): SearchHeuristic | null };
  /** The sampled f values (reused). */
  private readonly f = new Float64Array(PROBE_SAMPLES);
  /** For tests: the verdict to give instead of sampling ('lmcut', 'flat'), or null to sample. */
  verdict: 'lmcut' | 'flat' | null = null;
  /**
   * What the running search's blind phase measured (see {@link seen}): `'none'` before it starts, `'blind'` once
   * started (blind so far, or judged flat), `'lmcut'` once it judged that LM-cut prunes.
   */
  private outcome: 'none' | 'blind' | 'lmcut' = 'none';

  constructor(
    private readonly lmcut: LmCut,
    afterNodes: number,
  ) {
    this.judge = { afterNodes, heuristic: lmcut, decide: (s) => this.decide(s) };
  }

  /** The verdict, at `afterNodes` stored nodes: LM-cut from the root, or on blind (null). */
  get restart(): HeuristicRestart {
    return this.judge;
  }

  /** For tests: judge after `n` stored nodes. */
  judgeAfter(n: number): void {
    this.judge.afterNodes = n;
  }

  /** What the blind phase of the search since {@link forget} measured: not run, blind, or LM-cut prunes. */
  get seen(): 'none' | 'blind' | 'lmcut' {
    return this.outcome;
  }

  /** A new search begins: nothing measured yet. */
  forget(): void {
    this.outcome = 'none';
  }

  prepare(): void {
    this.outcome = 'blind';
  }

  estimate(): number {
    return 0;
  }

  /** The judge's verdict, kept for {@link seen}: LM-cut from the root, or blind to the end (null). */
  private decide(s: PhaseSearch): SearchHeuristic | null {
    if (!this.prunes(s)) return null;
    this.outcome = 'lmcut';
    return this.lmcut;
  }

  /**
   * True when LM-cut's f values spread over the sampled open nodes, false when they are flat. Sequential: it stops
   * as soon as too many samples lie above the lowest f for the flat share to be reached.
   */
  prunes(s: PhaseSearch): boolean {
    if (this.verdict !== null) return this.verdict === 'lmcut';
    this.lmcut.prepare(s);
    const count = s.storedNodes;
    const f = this.f;
    const step1 = s.cheapestCost();
    let low = Infinity;
    let n = 0;
    let above = 0;
    const allowed = Math.floor((1 - FLAT_SHARE) * PROBE_SAMPLES);
    // One open node per stretch of the store order, each the first open one in its stretch: siblings (stored
    // together) have alike f, so a sample of neighbours would judge a few parents only.
    // Nodes stored before the first open one were all expanded: the stretches cover the rest.
    let first = 1;
    while (first < count && s.openCost(first) < 0) first++;
    const stretch = (count - first) / PROBE_SAMPLES;
    for (let k = 0; k < PROBE_SAMPLES; k++) {
      let i = first + Math.floor(k * stretch);
      const end = Math.min(count, first + Math.floor((k + 1) * stretch));
      while (i < end && s.openCost(i) < 0) i++;
      if (i >= end) continue;
      const v = s.openCost(i) + this.lmcut.estimate(s, s.nodeWords, s.wordsAt(i));
      f[n++] = v;
      if (v < low) {
        low = v;
        above = 0;
        for (let j = 0; j < n; j++) if (f[j] > low + step1) above++;
      } else if (v > low + step1) above++;
      // A lower f found later only puts more samples above it: stopping here is final.
      if (above > allowed) return true;
    }
    return above > (1 - FLAT_SHARE) * n || n === 0;
  }
}
