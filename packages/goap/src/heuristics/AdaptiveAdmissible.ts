import type { LmCut, LmCutSearch } from './LmCut.js';
import { BlindProbe } from './BlindProbe.js';
import { LmCutDive } from './LmCutDive.js';
import type { CompiledGoal } from '../domain/GoapDomain.js';
import { PatternDatabase, patternOf } from './PatternDatabase.js';
import type { HeuristicRestart } from './SearchHeuristic.js';

/** The h_max side: prepared per search, asked per node (a `SearchHeuristic`). */
interface Estimator<S> {
  prepare(s: S): void;
  estimate(s: S, words: Int32Array, at: number, unsat: number): number;
}

/** Tables of at most this many states are built in a goal's first forward search (about a millisecond at most). */
export const SMALL_TABLE = 1 << 10;

/**
 * Work units (table states) one forward expansion without the table counts, whatever estimate it made: a larger
 * table is built once the work of the goal's searches without it reaches its state count (see
 * {@link LMCUT_STATES_PER_ACTION} for what an LM-cut estimate adds). Measured on the IPC and generated tasks whose
 * tables fit (warm code), a blind expansion costs what the build spends on 0.4 to 7 table states, so a goal that
 * blind search solves buys its table after a small share of its cost.
 */
export const STATES_PER_EXPANSION = 32;

/**
 * Work units (table states) a forward LM-cut estimate adds to its expansion's {@link STATES_PER_EXPANSION}, per
 * relevant action and over the pattern's cell count: an estimate makes a few h_max passes over the relaxed task (its
 * cost grows with the goal's relevant actions), while the build spends per table state about a step per pattern cell
 * (decoding the state, the actions filed under each cell's value). Measured on the IPC and generated tasks whose
 * tables fit (warm code, LM-cut forward search against the table's build), an LM-cut expansion costs what the build
 * spends on 50 to 110 table states on logistics with mutex groups (this counts 83-114 with the expansion's own), 35 on
 * gripper and miconic with mutex groups (63-87), 5 to 10 on their bool tables (43-62), so a goal whose searches are
 * LM-cut's buys its table once they cost about the build on logistics and between a twelfth of it and about half of
 * it elsewhere (a goal searched blind: a fifth to an eightieth).
 */
export const LMCUT_STATES_PER_ACTION = 6;

/** A goal whose table is larger than {@link SMALL_TABLE}: its state count and the work searched without it so far. @internal */
export interface TableRent {
  readonly states: number;
  /** Work units an LM-cut estimate adds (see {@link LMCUT_STATES_PER_ACTION}). */
  readonly perEstimate: number;
  work: number;
}

/** Per goal, the forward searches made without its table (see {@link AdaptiveAdmissible.tableFor}). */
const searchedWithout = new WeakMap<CompiledGoal, TableRent>();

/**
 * How a forward search without a table opens (see {@link AdaptiveAdmissible}): with the LM-cut dive (what a goal's
 * first search does), with the blind phase, or with LM-cut to its end.
 */
export type Opening = 'dive' | 'blind' | 'lmcut';

/** Backward: estimates made with h_max before a search switches to LM-cut. */
export const LMCUT_AFTER = 64;

/** Forward: stored nodes of the blind probe before it judges LM-cut (a few hundred expansions: about 0.1-0.3 ms). */
export const BLIND_PROBE_NODES = 1024;

/**
 * The `'admissible'` heuristic, which `optimal: true` picks. Forward, when the
 * cells the goal's relevant actions read span at most a million states, the
 * goal's pattern database (built once per goal, then one lookup per node: the
 * exact remaining cost; see {@link PatternDatabase}): at once when it is small
 * ({@link SMALL_TABLE}), else once the goal's searches without it have done
 * about the table's worth of work (see {@link tableFor}). Backward, h_max for
 * {@link LMCUT_AFTER} estimates, then LM-cut (there h_max is a lookup per cell,
 * so a search that small never pays for LM-cut, and a larger one pays for only
 * that many weaker estimates); both values are admissible, so A* stays optimal
 * across the switch (nodes that got the weaker estimate are simply expanded
 * earlier).
 *
 * Forward without a table, a search runs in phases, each started over from the
 * root:
 * 1. an LM-cut dive of a few times the plan length LM-cut's start estimate
 *    allows (see {@link LmCutDive}): where LM-cut is exact or nearly (blocks
 *    world, logistics, miconic of classic sizes), the search ends here;
 * 2. blind search (h = 0), which after {@link BLIND_PROBE_NODES} stored nodes
 *    samples LM-cut's estimates on its frontier (see {@link BlindProbe}): spread
 *    out (LM-cut prunes), the search starts over with LM-cut to its end; flat
 *    (gripper: LM-cut would expand about what blind search expands, at several
 *    times the cost per node), the blind search goes on to its end.
 * A wrong turn costs the dive and the probe: about a millisecond or two. The
 * goal's next search (on the same planner) opens with what this one measured,
 * counts and verdicts only, so tests can pin it: where the blind phase ran, it
 * skips the dive and opens blind (the probe still judges at its point); where
 * the probe judged that LM-cut prunes, it is LM-cut from the root (the dive
 * without a budget, which is how that search ended); where the dive ended the
 * search, it dives again (see {@link opensWith}).
 *
 * Why the plan stays optimal: a search that starts over discards every node and
 * runs A* from the root again, so no two estimates are ever mixed in one open
 * list; the plan comes from one complete A* run whose estimate (0, LM-cut, the
 * table, or h_max then LM-cut backward) never exceeds the true remaining cost,
 * and A* with reopening returns an optimal plan under any admissible estimate,
 * even an inconsistent one: until the goal is popped, some open node on an
 * optimal path has its optimal g, so its f is at most the optimum, and the goal
 * popped first has g = f no higher than that.
 * @internal
 */
export class AdaptiveAdmissible<S extends LmCutSearch> {
  readonly admissible = true;
  readonly incremental = false;
  readonly relaxation = null;
  readonly prunesIrrelevant = true;
  readonly deferred = true;
  /** Forward, the blind phase runs on the small-domain fast path where the domain fits it. */
  readonly blindPhases = true;
  private estimates = 0;
  private pdb: PatternDatabase | null = null;
  /** The running search's goal while it searches without the goal's table (its work counts toward building it). */
  private renting: TableRent | null = null;
  /** LM-cut's forward estimate count when the running search without a table began. */
  private estimatedBefore = 0;
  /** Forward without a table: how the running search opens (null: a table, or backward). */
  private opening: Opening | null = null;
  /** Backward: h_max estimates before LM-cut (tests lower it). */
  switchAfter = LMCUT_AFTER;
  /** Forward: whether a search may use the goal's pattern database (tests turn it off to run the phases). */
  tables = true;
  /** Forward: the dive and the blind phase (tests set the dive's budget and force the probe's verdict). */
  readonly dive: LmCutDive;
  readonly probe: BlindProbe;
  private readonly toDive: HeuristicRestart;
  private readonly toBlind: HeuristicRestart;
  /**
   * Per goal, what this planner's last forward search towards it without the table measured past the dive: `'blind'`
   * when the blind phase ran (it judged LM-cut flat, or the search ended before it judged), `'lmcut'` when the probe
   * judged that LM-cut prunes. Absent: the dive ended the search, or none has run. The goal's next search opens with it.
   */
  private readonly measured = new WeakMap<CompiledGoal, 'blind' | 'lmcut'>();

  constructor(
    private readonly max: Estimator<S>,
    private readonly lmcut: LmCut,
    /** Forward: stored nodes of the blind probe (tests lower it). */
    probeNodes = BLIND_PROBE_NODES,
  ) {
    this.probe = new BlindProbe(lmcut, probeNodes);
    this.dive = new LmCutDive(lmcut, this.probe);
    this.toDive = { afterNodes: 1, heuristic: this.dive };
    this.toBlind = { afterNodes: 1, heuristic: this.probe };
  }

  /** Forward without a table: start over at once with the dive, or with the blind phase (see {@link opensWith}). */
  get restart(): HeuristicRestart | undefined {
    return this.opening === 'dive' ? this.toDive : this.opening === 'blind' ? this.toBlind : undefined;
  }

  /** The work counted toward `goal`'s large table by the searches made without it (see {@link tableFor}; for tests). */
  static rentOf(goal: CompiledGoal): Readonly<TableRent> | undefined {
    return searchedWithout.get(goal);
  }

  /** How a forward search towards `goal` without its table opens now (see {@link Opening}; for tests). */
  opensWith(goal: CompiledGoal): Opening {
    return this.measured.get(goal) ?? 'dive';
  }

  prepare(s: S): void {
    this.estimates = 0;
    this.renting = null;
    this.probe.forget();
    this.pdb = s.mode === 'forward' && this.tables ? this.tableFor(s) : null;
    this.estimatedBefore = this.lmcut.estimated;
    this.opening = s.mode === 'forward' && this.pdb === null ? this.opensWith(s.goal!) : null;
    if (this.opening === 'lmcut') this.lmcut.prepare(s);
    if (this.pdb !== null || this.opening !== null) return;
    this.max.prepare(s);
  }

  /**
   * The goal's pattern database where one fits: built at once when small ({@link SMALL_TABLE}), else once the work of
   * the goal's searches without it reaches its state count, in table states: {@link STATES_PER_EXPANSION} per
   * expansion and more per LM-cut estimate ({@link LMCUT_STATES_PER_ACTION}) (rent or buy: a build costs up to a
   * million states' worth of work, which a goal that blind search or LM-cut solves in a millisecond never pays back,
   * while a goal searched again and again soon does; counted in work rather than expansions, a goal whose searches
   * are LM-cut's, ten or more times dearer per expansion than blind ones, buys its table after fewer expansions).
   */
  private tableFor(s: S): PatternDatabase | null {
    const goal = s.goal!;
    const known = PatternDatabase.cached(goal);
    if (known !== undefined) return known;
    let rent = searchedWithout.get(goal);
    if (rent === undefined) {
      const relevant = s.relevant ?? new Uint8Array(s.domain.actionCount).fill(1);
      const pattern = patternOf(s.domain, goal, relevant);
      if (pattern !== null && pattern.states > SMALL_TABLE) {
        let actions = 0;
        for (let a = 0; a < relevant.length; a++) actions += relevant[a];
        const perEstimate = Math.round((LMCUT_STATES_PER_ACTION * actions) / Math.max(1, pattern.cells.length));
        searchedWithout.set(goal, (rent = { states: pattern.states, perEstimate, work: 0 }));
      }
    }
    if (rent !== undefined && rent.work < rent.states) {
      this.renting = rent;
      return null;
    }
    return PatternDatabase.of(s.domain, goal, s.relevant);
  }

  /**
   * A search without the goal's table adds its work to the goal's count (see {@link tableFor}), and what its
   * phases measured sets how the goal's next search opens: where the blind phase ran, the next one skips the dive
   * (blind search, judged by the probe as before); where the probe judged that LM-cut prunes, the next one is LM-cut
   * from the root (the dive unbounded); where the dive ended it, the next one dives again.
   */
  ended(s: S, expanded: number): void {
    if (this.renting !== null) this.renting.work += expanded * STATES_PER_EXPANSION + (this.lmcut.estimated - this.estimatedBefore) * this.renting.perEstimate;
    this.renting = null;
    if (this.opening === 'dive' || this.opening === 'blind') {
      const seen = this.probe.seen;
      if (seen !== 'none') this.measured.set(s.goal!, seen);
      else if (this.opening === 'dive') this.measured.delete(s.goal!);
    }
    this.opening = null;
  }

  estimate(s: S, words: Int32Array, at: number, unsat: number): number {
    if (this.pdb !== null) return this.pdb.lookup(words, at);
    // The root of a phased search, which starts over before it is expanded.
    if (this.opening === 'dive' || this.opening === 'blind') return 0;
    if (this.opening === 'lmcut') return this.lmcut.estimate(s, words, at);
    const n = ++this.estimates;
    if (n <= this.switchAfter) return this.max.estimate(s, words, at, unsat);
    // Prepared only when a search gets this far: small searches never pay for it.
    if (n === this.switchAfter + 1) this.lmcut.prepare(s);
    return this.lmcut.estimate(s, words, at);
  }
}
