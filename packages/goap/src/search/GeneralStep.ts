import type { PhaseSearch, SearchHeuristic } from '../heuristics/SearchHeuristic.js';
import { BitStep } from './BitStep.js';
import { DEFERRED } from './Expander.js';
import type { GoapResult } from './GoapResult.js';
import { BUCKETS_AFTER } from './OpenList.js';
import type { SearchPhases } from './SearchPhases.js';
import type { SearchSettings } from './SearchSettings.js';

/**
 * A step of the general path: A* expansions in the running phase's node space (see {@link SearchPhases}) until a
 * plan, an empty open list, a budget or a restart into a blind phase on the fast path. It ends with a `BitStep` code
 * as the fast path's steps do, so the search ends them all alike; `BitStep.restart` here means the search goes on on
 * the fast path, with the expansions left after {@link done}. @internal
 */
export class GeneralStep {
  private readonly mode: 'backward' | 'forward';
  private readonly weight: number;
  private readonly maxExpansions: number;
  private readonly timeBudgetMs: number;
  private expandedInStep = 0;

  constructor(
    settings: SearchSettings,
    private readonly phases: SearchPhases,
    private readonly result: GoapResult,
    /** The search the heuristics judge and estimate for. */
    private readonly search: PhaseSearch,
    /** Start the running search over with `next` (see `GoapSearch.restart`): true when it was set aside for a blind phase. */
    private readonly restart: (next: SearchHeuristic) => boolean,
  ) {
    this.mode = settings.mode;
    this.weight = settings.weight;
    this.maxExpansions = settings.maxExpansions;
    this.timeBudgetMs = settings.timeBudgetMs;
  }

  /** Expansions done by the last {@link step}. */
  get done(): number {
    return this.expandedInStep;
  }

  /**
   * Up to `left` expansions; `timed` when the slice has a deadline, `t0` its start and `elapsed` the search's time
   * spent before it. On `BitStep.found` the plan is in the result.
   */
  step(left: number, timed: boolean, t0: number, elapsed: number): number {
    const r = this.result;
    const phases = this.phases;
    let space = phases.space;
    let expander = phases.expander;
    let restartAt = phases.restartAt;
    let restartExpandedAt = phases.restartExpandedAt;
    let done = 0;
    this.expandedInStep = 0;
    while (done < left) {
      const node = space.open.pop();
      if (node < 0) return expander.lengthPruned ? BitStep.length : BitStep.none;
      if (space.flags[node] === 1) continue;
      if (space.unsat[node] === 0) return this.found(node);
      if (space.flags[node] === DEFERRED && space.reestimated(node, this.estimate(node), this.weight)) continue;
      if (restartAt > 0 && (space.count >= restartAt || r.expanded >= restartExpandedAt)) {
        const at = phases.heuristic.restart!;
        const next = at.decide === undefined ? at.heuristic : at.decide(this.search);
        if (next !== null) {
          const resumed = phases.resumable(next);
          if (resumed !== null) {
            phases.resume(resumed);
          } else if (this.restart(next)) {
            // A blind phase in nodes of its own (the fast path's or a space of its own): this search is set aside as
            // it is, the node back in the open list; the step goes on there.
            space.open.unpop(node);
            if (phases.fast) {
              this.expandedInStep = done;
              return BitStep.restart;
            }
          }
          space = phases.space;
          expander = phases.expander;
          restartAt = phases.restartAt;
          restartExpandedAt = phases.restartExpandedAt;
          continue;
        }
        // The heuristic keeps this phase to its end.
        phases.keepPhase();
        restartAt = 0;
      }
      if (r.expanded >= this.maxExpansions) {
        space.open.unpop(node);
        return BitStep.expansions;
      }
      if (timed && (r.expanded & 15) === 0 && elapsed + performance.now() - t0 > this.timeBudgetMs) {
        space.open.unpop(node);
        return BitStep.time;
      }
      if (r.expanded === BUCKETS_AFTER) space.open.preferBuckets();
      if (space.base[node] < 0) expander.materialize(node);
      space.flags[node] = 2;
      r.countExpansion();
      done++;
      if (!expander.expand(node)) return BitStep.nodes;
    }
    return BitStep.running;
  }

  /** Raw (unweighted) h of deferred node `node`, estimated now by the running phase's heuristic. */
  private estimate(node: number): number {
    const space = this.phases.space;
    return this.phases.heuristic.estimate(this.search, space.words, space.base[node], space.unsat[node]);
  }

  /** Write the plan ending at `node` into the result. */
  private found(node: number): number {
    const space = this.phases.space;
    // Backward, parents lead back to the goal, so the chain is already in execution order.
    space.pathTo(node, this.result.actions, this.mode === 'backward');
    // g is the sum of this search's cached effective costs along the path.
    this.result.setPlan(space.depth[node], space.g[node]);
    return BitStep.found;
  }
}
