import { DualplanError, checkWorldState, type WorldState } from '@dualplan/world-state';
import { countViolated } from '../domain/cellSet.js';
import { describeNode } from '../domain/describeCell.js';
import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import { goalOf } from '../domain/goalOf.js';
import type { SearchHeuristic } from '../heuristics/SearchHeuristic.js';
import { PlannerBusyError } from '../errors.js';
import type { ActionStats } from './ActionStats.js';
import { DEFERRED, expandBackward, expandForward, materialize, traceExpansion } from './expand.js';
import type { GoapBudget, GoapStatus } from './GoapResult.js';
import { relevantActions } from '../domain/relevantActions.js';
import { hashWords, type SearchSpace } from './SearchSpace.js';
import { SearchState, type SearchSettings } from './SearchState.js';

/** Expansions before the open list may move to the bucket queue (see `SearchSpace.preferBuckets`). */
const BUCKETS_AFTER = 16;

/**
 * The search of one planner: A* over regressed goals (backward) or states
 * (forward), one search at a time, resumable across slices. It owns every piece
 * of per-search state (see {@link SearchState}), so the planner façade only
 * holds options and statistics. Steady-state searches allocate nothing. @internal
 */
export class GoapSearch extends SearchState {
  private readonly relevance = new WeakMap<CompiledGoal, Uint8Array>();
  private rootGoal: CompiledGoal | null = null;
  private rootHash = 0;
  private elapsed = 0;
  /** Set while user code (costs, checks, heuristics) may run: a re-entering call gets PlannerBusyError. */
  private busy = false;

  constructor(domain: GoapDomain, settings: SearchSettings, space: SearchSpace, estimator: SearchHeuristic, stats: ActionStats) {
    super(domain, settings, space, estimator, stats);
    this.space.materialize = (node) => materialize(this, node);
  }

  /** Set up a search from `state` (copied) to `goal`; {@link step} runs it. */
  begin(state: WorldState<any>, goal: string | number | CompiledGoal, ctx: unknown): void {
    if (this.busy || this.result.status === 'running') throw new PlannerBusyError();
    checkWorldState(state, 'GoapPlanner');
    // Low-level search() callers may never call plan(), which empties the fault log: keep it bounded.
    if (this.faultLog.length >= 256) this.faultLog.length = 0;
    const g = goalOf(this.domain, goal);
    const r = this.result;
    // 'running' only once set up, so a throwing cost or check leaves the planner usable.
    r.reset(g);
    this.goal = g;
    this.ctx = ctx;
    if (this.pruneIrrelevant) {
      let keep = this.relevance.get(g);
      if (keep === undefined) this.relevance.set(g, (keep = relevantActions(this.domain, g)));
      this.relevant = keep;
    }
    this.elapsed = 0;
    this.lengthPruned = false;
    this.searchId = (this.searchId + 1) | 0;
    const schema = this.domain.schema;
    if (state.schema !== schema && (state.schema.size !== schema.size || state.schema.storage !== schema.storage)) {
      throw new DualplanError(
        'SCHEMA_MISMATCH',
        g.name,
        `The state passed to GoapPlanner does not use the domain's schema (${state.schema.size} cells vs ${schema.size}).`,
      );
    }
    this.start.copyFrom(state);
    this.mutexActive = false;
    this.trace?.clear(g.name, this.mode, this, this.space.width);
    const space = this.space;
    // The bucket queue's order needs each node's f fixed once added: deferred estimates raise it when popped.
    space.reset(!this.deferred);
    space.reserve();
    const W = space.width;
    const root = space.claim();
    const words = space.words;
    const s0 = this.start.values;
    // Either way the root violates exactly the goal conditions the start state violates.
    const unsat = countViolated(this.domain, g, s0);
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
    let hraw: number;
    this.busy = true;
    try {
      this.estimator.prepare(this);
      hraw = this.estimate(words, root, unsat);
    } finally {
      this.busy = false;
    }
    space.find(hash, root);
    // A goal unreachable even in the relaxation (h = Infinity) has no plan: the root is closed at once.
    space.commit(hash, root, -1, -1, 0, hraw === Infinity ? Infinity : this.weight * hraw, hraw, unsat);
    r.generated = 1;
    r.status = 'running';
  }

  /** Abandon a sliced search. */
  cancel(): void {
    if (this.result.status === 'running') {
      this.result.status = 'idle';
      this.goal = null;
    }
  }

  /** Expand up to `n` nodes. Returns `running` while unfinished, else the final status. */
  step(n: number): GoapStatus {
    const r = this.result;
    if (r.status !== 'running') return r.status;
    if (this.busy) throw new PlannerBusyError();
    this.busy = true;
    const timed = this.timeBudgetMs !== Infinity;
    const t0 = timed ? performance.now() : 0;
    try {
      const space = this.space;
      const backward = this.mode === 'backward';
      for (let done = 0; done < n;) {
        const node = space.pop();
        if (node < 0) return this.finish(this.lengthPruned ? 'budget' : 'none', this.lengthPruned ? 'length' : '');
        if (space.flags[node] === 1) continue;
        if (space.unsat[node] === 0) return this.found(node);
        if (space.flags[node] === DEFERRED && this.reestimate(node)) continue;
        if (r.expanded >= this.maxExpansions) {
          space.unpop(node);
          return this.finish('budget', 'expansions');
        }
        if (timed && (r.expanded & 15) === 0 && this.elapsed + performance.now() - t0 > this.timeBudgetMs) {
          space.unpop(node);
          return this.finish('budget', 'time');
        }
        if (r.expanded === this.mutexAfter && this.mutex !== null) this.mutexActive = this.mutex.admit(this.start.values);
        if (r.expanded === BUCKETS_AFTER) space.preferBuckets();
        if (space.base[node] < 0) materialize(this, node);
        space.flags[node] = 2;
        r.expanded++;
        done++;
        this.expansionId = (this.expansionId + 1) | 0;
        if (this.trace) traceExpansion(this, node);
        const ok = backward ? expandBackward(this, node, this.change) : expandForward(this, node, this.change);
        if (!ok) return this.finish('budget', 'nodes');
      }
      return 'running';
    } catch (e) {
      // A throwing callback (cost function, procedural check) ends the search.
      r.status = 'idle';
      throw e;
    } finally {
      if (timed) this.elapsed += performance.now() - t0;
      this.busy = false;
    }
  }

  /**
   * A popped node whose estimate was deferred: estimate it now. True when it goes
   * back to the open list (its f rose) or is a dead end; false to expand it now.
   */
  private reestimate(node: number): boolean {
    const space = this.space;
    space.flags[node] = 0;
    const hraw = this.estimate(space.words, space.base[node], space.unsat[node]);
    if (hraw === Infinity) {
      space.flags[node] = 2;
      return true;
    }
    if (hraw <= space.hraw[node]) return false;
    space.hraw[node] = hraw;
    space.h[node] = this.weight * hraw;
    space.f[node] = space.greedy ? space.h[node] : space.g[node] + space.h[node];
    space.push(node);
    return true;
  }

  private found(node: number): GoapStatus {
    const space = this.space;
    const r = this.result;
    const len = space.depth[node];
    if (this.mode === 'backward') {
      // Parents lead back to the goal, so the chain is already in execution order.
      let i = 0;
      for (let n = node; space.parent[n] >= 0; n = space.parent[n]) r.actions[i++] = space.action[n];
    } else {
      let i = len;
      for (let n = node; space.parent[n] >= 0; n = space.parent[n]) r.actions[--i] = space.action[n];
    }
    const selected = this.stats.selected;
    for (let i = 0; i < len; i++) selected[r.actions[i]]++;
    r.length = len;
    // g is the sum of this search's cached effective costs along the path.
    r.cost = space.g[node];
    return this.finish('found', '');
  }

  private finish(status: GoapStatus, budget: GoapBudget): GoapStatus {
    const r = this.result;
    r.status = status;
    r.budget = budget;
    r.generated = this.space.count;
    r.nodeBytes = this.space.nodeBytes;
    r.memoryBytes = this.space.usedBytes();
    this.trace?.finish(this, status === 'found');
    return status;
  }

  /** Readable node: its constrained cells (backward) or its state (forward). */
  describeNode(node: number): string {
    if (this.space.base[node] < 0) materialize(this, node);
    return describeNode(this.domain, this.mode, this.space.words, this.space.base[node]);
  }
}
