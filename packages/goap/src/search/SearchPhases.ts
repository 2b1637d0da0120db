import { countViolated } from '../domain/cellSet.js';
import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import type { PhaseSearch, SearchHeuristic } from '../heuristics/SearchHeuristic.js';
import type { BitLayout } from './BitLayout.js';
import type { BitSearch } from './BitSearch.js';
import { DEFERRED, type Expander } from './Expander.js';
import type { GoalAnalyses } from './GoalAnalyses.js';
import type { GoapResult } from './GoapResult.js';
import type { ObservedSearch, SearchObserver } from './SearchObserver.js';
import { hashWords } from './hashWords.js';
import { SearchSpace } from './SearchSpace.js';
import type { SearchSettings } from './SearchSettings.js';

/** What {@link SearchPhases} is built from: the search's parts and how to build more of them. @internal */
export interface PhaseParts {
  readonly domain: GoapDomain;
  readonly settings: SearchSettings;
  /** The search the heuristics are asked about. */
  readonly search: PhaseSearch & ObservedSearch;
  readonly estimator: SearchHeuristic;
  readonly analyses: GoalAnalyses;
  readonly result: GoapResult;
  /** The search's start state values. */
  readonly startValues: ArrayLike<number>;
  /** The small-domain fast path's tables, or null where it does not apply. */
  readonly layout: BitLayout | null;
  /** An expander over `space` estimating with `heuristic`. */
  newExpander(space: SearchSpace, heuristic: SearchHeuristic): Expander;
  /** The fast path's search (called once, at its first use). */
  newBits(): BitSearch;
}

/**
 * The phases of one planner's search: which node space and expander the running search uses and with which
 * heuristic, where it restarts, and a search set aside while a blind phase runs in nodes of its own (the fast path's,
 * or a space of its own) to be resumed by a later phase. The search instructs it (start over, restart into a phase,
 * resume) and reads the running phase's nodes through it. @internal
 */
export class SearchPhases {
  /** The planner's own node space and expander (the first phase's). */
  readonly home: SearchSpace;
  readonly first: Expander;
  private readonly mode: 'backward' | 'forward';
  /** The expander and heuristic of the running phase: the planner's, or its restart's after a restart. */
  private active: Expander;
  private activeHeuristic: SearchHeuristic;
  /** The expander of each heuristic a search restarts with (see `SearchHeuristic.restart`), built at its first restart. */
  private readonly restartExpanders = new Map<SearchHeuristic, Expander>();
  /** The same for blind phases in a space of their own ({@link phaseSpace}). */
  private readonly phaseExpanders = new Map<SearchHeuristic, Expander>();
  /** Stored nodes at which the running phase restarts (0: it does not), or the expansions, whichever comes first. */
  private restartNodes = 0;
  private restartExpansions = Infinity;
  /**
   * The node space of the running phase: {@link home}, or, for a blind phase on the general path while a search is
   * set aside in {@link home}, a space of the phase's own (built at the first such phase).
   */
  private spaceInUse: SearchSpace;
  private phaseSpace: SearchSpace | null = null;
  /**
   * The heuristic of the general path's search while a blind phase runs in nodes of its own, which leaves that
   * search's nodes as they were (null: none set aside): a later phase with its estimates resumes it.
   */
  private suspended: SearchHeuristic | null = null;
  private suspendedExpander: Expander | null = null;
  /** Whether the running phase is on the fast path's search, built at its first use. */
  private onBits = false;
  private bits: BitSearch | null = null;
  /** A blind phase's node states for {@link wordsAt} on the fast path (one state, rewritten per call). */
  private readonly bitState: Int32Array;
  /** The goal whose backward root hash is {@link rootHash}. */
  private rootGoal: CompiledGoal | null = null;
  private rootHash = 0;

  constructor(private readonly parts: PhaseParts) {
    this.mode = parts.settings.mode;
    this.home = this.newSpace();
    this.spaceInUse = this.home;
    this.first = parts.newExpander(this.home, parts.estimator);
    this.active = this.first;
    this.activeHeuristic = parts.estimator;
    const blindBits = this.mode === 'forward' && parts.estimator.blindPhases === true && parts.layout !== null;
    this.bitState = new Int32Array(blindBits ? parts.domain.schema.size : 0);
  }

  /** The running phase's node space (general path). */
  get space(): SearchSpace {
    return this.spaceInUse;
  }

  /** The running phase's expander (general path). */
  get expander(): Expander {
    return this.active;
  }

  /** The running phase's heuristic. */
  get heuristic(): SearchHeuristic {
    return this.activeHeuristic;
  }

  /** Stored nodes at which the running phase restarts (0: it does not). */
  get restartAt(): number {
    return this.restartNodes;
  }

  /** Expansions at which the running phase restarts (Infinity: it does not). */
  get restartExpandedAt(): number {
    return this.restartExpansions;
  }

  /** Whether the running phase is on the fast path's search. */
  get fast(): boolean {
    return this.onBits;
  }

  /** The fast path's search, built at its first use. */
  bitSearch(): BitSearch {
    return (this.bits ??= this.parts.newBits());
  }

  /** A new search begins with the planner's heuristic and expander on the general path, restarting after `restartAt` nodes (0: never). */
  reset(restartAt: number): void {
    this.active = this.first;
    this.activeHeuristic = this.parts.estimator;
    this.spaceInUse = this.home;
    this.suspended = null;
    this.onBits = false;
    this.restartNodes = restartAt;
  }

  /** The whole search runs on the fast path's search with the planner's heuristic (the count's). */
  runFast(): BitSearch {
    this.onBits = true;
    return this.bitSearch();
  }

  /** The heuristic keeps the running phase to its end. */
  keepPhase(): void {
    this.restartNodes = 0;
  }

  /** The search set aside whose later phase `next` is (see `SearchHeuristic.estimatesAs`), or null. */
  resumable(next: SearchHeuristic): SearchHeuristic | null {
    const resumed = this.suspended;
    return resumed !== null && resumed.estimatesAs === next ? resumed : null;
  }

  /**
   * Go on with the general path's search set aside for a blind phase, with `heuristic` (its own), to its end: it is
   * one A* run with one estimate, as if the blind phase had not been.
   */
  resume(heuristic: SearchHeuristic): void {
    this.suspended = null;
    this.onBits = false;
    this.activeHeuristic = heuristic;
    this.active = this.suspendedExpander!;
    this.spaceInUse = this.home;
    this.restartNodes = 0;
    this.restartExpansions = Infinity;
  }

  /**
   * Restart into blind phase `next` on the fast path, setting the running search aside as it is; the caller prepares
   * the heuristic and begins the fast path's search.
   */
  enterFast(next: SearchHeuristic): BitSearch {
    this.setAside(this.activeHeuristic, this.active);
    this.activeHeuristic = next;
    this.onBits = true;
    return this.bitSearch();
  }

  /**
   * Restart on the general path with `next`; `blind` for a blind phase (`traced`: a trace is kept). A blind phase
   * after a phase with a later use (see `estimatesAs`) runs in a space of its own, the running search set aside;
   * anything set aside before is dropped otherwise. True when the search was set aside. The caller seeds the root.
   */
  enterGeneral(next: SearchHeuristic, blind: boolean, traced: boolean): boolean {
    const from = this.activeHeuristic;
    const fromExpander = this.active;
    const aside = blind && from.estimatesAs !== undefined && !traced && this.spaceInUse === this.home;
    this.onBits = false;
    if (aside) this.spaceInUse = this.phaseSpace ??= this.newSpace();
    const expanders = aside ? this.phaseExpanders : this.restartExpanders;
    let expander = expanders.get(next);
    if (expander === undefined) {
      expander = this.parts.newExpander(this.spaceInUse, next);
      expanders.set(next, expander);
    }
    this.active = expander;
    this.activeHeuristic = next;
    if (aside) this.setAside(from, fromExpander);
    else this.suspended = null;
    return aside;
  }

  /** Remember the search in {@link home} (its heuristic and expander) as set aside for a blind phase. */
  private setAside(heuristic: SearchHeuristic, expander: Expander): void {
    this.suspended = heuristic;
    this.suspendedExpander = expander;
  }

  /**
   * Empty the running phase's node space and store the root of a search towards `g` from the start state, estimated
   * by the phase's heuristic (called while the search is busy: the heuristic may run user code).
   */
  seed(g: CompiledGoal, observer: SearchObserver | null): void {
    const { domain, search, analyses, result } = this.parts;
    const weight = this.parts.settings.weight;
    const heuristic = this.activeHeuristic;
    // A traced search regresses every part at each node, so the trace shows every candidate.
    const byParts = this.mode === 'backward' && heuristic.regressesByParts === true && observer === null;
    this.active.begin(g, observer, byParts ? analyses.partsOf(g) : null);
    observer?.clear(g.name, this.mode, search, this.spaceInUse.width);
    const space = this.spaceInUse;
    // The bucket queue's order needs each node's f fixed once added: deferred estimates raise it when popped.
    space.reset(!this.active.deferred);
    space.reserve();
    const W = space.width;
    const root = space.claim();
    const words = space.words;
    const s0 = this.parts.startValues;
    // Either way the root violates exactly the goal conditions the start state violates.
    const unsat = countViolated(domain, g, s0);
    let hash: number;
    if (this.mode === 'backward') {
      const gw = g.words;
      for (let j = 0; j < W; j++) words[root + j] = gw[j];
      // The root of a backward search depends only on the goal: reuse its hash.
      if (g !== this.rootGoal) {
        this.rootGoal = g;
        this.rootHash = hashWords(words, root, W);
      }
      hash = this.rootHash;
    } else {
      for (let c = 0; c < W; c++) words[root + c] = s0[c];
      hash = hashWords(words, root, W);
    }
    // User code (costs, a custom heuristic) may run here: the caller has set busy.
    heuristic.prepare(search);
    const hraw = heuristic.estimate(search, words, root, unsat);
    // Read once prepared and the root estimated: a heuristic may restart or not depending on this search (a weight
    // of 0 ignores h).
    const restart = weight > 0 ? heuristic.restart : undefined;
    this.restartNodes = restart === undefined ? 0 : restart.afterNodes;
    this.restartExpansions = restart?.afterExpansions === undefined ? Infinity : result.expanded + restart.afterExpansions;
    space.find(hash, root);
    // A goal unreachable even in the relaxation (h = Infinity) has no plan: the root is closed at once.
    space.commit(hash, root, -1, -1, 0, hraw === Infinity ? Infinity : weight * hraw, hraw, unsat);
  }

  /** A node space for the search's nodes; a lazily stored node's words are built through the running expander. */
  private newSpace(): SearchSpace {
    const { domain, settings } = this.parts;
    return new SearchSpace(this.mode === 'backward' ? domain.words : domain.schema.size, 64, settings.maxNodes, settings.greedy, (node) =>
      this.active.materialize(node),
    );
  }

  /** Nodes stored by the running phase (the kernel's aside). */
  get stored(): number {
    return this.onBits ? this.bits!.stored : this.spaceInUse.count;
  }

  /** Node `n`'s cost from the root when it is open, else -1 (see `PhaseSearch`). */
  openCost(n: number): number {
    if (this.onBits) return this.bits!.openCost(n);
    const space = this.spaceInUse;
    const flag = space.flags[n];
    return flag === 0 || flag === DEFERRED ? space.g[n] : -1;
  }

  /** The offset of node `n`'s words, built now if it was stored lazily. */
  wordsAt(n: number): number {
    if (this.onBits) {
      this.bits!.stateInto(n, this.bitState, 0);
      return 0;
    }
    if (this.spaceInUse.base[n] < 0) this.active.materialize(n);
    return this.spaceInUse.base[n];
  }

  /** The node words (see `PhaseSearch.nodeWords`). */
  get nodeWords(): Int32Array {
    return this.onBits ? this.bitState : this.spaceInUse.words;
  }
}
