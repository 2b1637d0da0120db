import { checkWorldState, DualplanError, moveFaults, type PlanBuffer, type WorldState } from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';
import type { HtnPlanRequest } from '../HtnPlannerOptions.js';
import { BestFirstSearch } from '../search/BestFirstSearch.js';
import type { HtnMeta, HtnResult } from '../search/HtnPlan.js';
import type { HtnSearchEngine, RecordedSearch } from './HtnSearchEngine.js';
import { BestFirstTrace } from '../search/BestFirstTrace.js';
import type { SearchHost } from './SearchHost.js';

/**
 * @internal The best-first search as an engine: the cheapest decomposition by plan cost
 * ({@link BestFirstSearch}); no MTR pruning (it ranks plans by cost, not method order). Records its
 * expansions for monitors when asked (`tracing`), not the ordered search's trace events. It honours the
 * request's availability view as the ordered search does (what is on cooldown or done once is not chosen).
 */
export class BestFirstEngine<Ctx> implements HtnSearchEngine<Ctx> {
  private readonly search: BestFirstSearch<Ctx>;
  private readonly trace = new BestFirstTrace();

  constructor(private readonly host: SearchHost<Ctx>) {
    this.search = new BestFirstSearch(host.board.domain as HtnDomain, host.board.settings);
  }

  recorded(): RecordedSearch {
    return { bestFirst: this.trace, end: this.search.end };
  }

  plan(out: PlanBuffer, state: WorldState<any>, ctx: Ctx | undefined, request: HtnPlanRequest | undefined, tracing: boolean): HtnResult {
    checkWorldState(state, 'HtnPlanner');
    if (request?.against != null) {
      throw new DualplanError(
        'BAD_OPTION',
        'against',
        'Plan request option against (MTR pruning) needs an ordered planner; best-first ranks plans by cost, not by method order.',
      );
    }
    const host = this.host;
    const id = request?.tasks ? -1 : host.rootId(request);
    if (request?.seed !== undefined) host.seed(request.seed);
    const best = this.search;
    best.faults.reset();
    best.traceInto(tracing ? this.trace : null);
    host.board.settings.unavailable.use(request?.availability);
    host.board.settings.costs?.refresh(state, ctx, best.faults);
    const result = best.run(out, host.stepsFor(out), state, ctx as Ctx, id, request?.args, request?.tasks);
    // User code that failed (contained: that method, primitive or delegate failed) goes with the result.
    moveFaults(best.faults.log, out);
    if (result.plan !== null) {
      host.collect(out, best.stepCount);
      host.board.writeSlots(result.plan.meta as HtnMeta, best.used.indices, best.used.count);
    }
    return result;
  }
}
