import { describeThrown, type AgentPlanner, type Availability, type Plan, type PlanAmendment, type WorldState } from '@dualplan/world-state';
import { Callback } from '../faults/CallGuard.js';
import type { FaultReporter } from '../faults/FaultReporter.js';

/**
 * @internal Plan repair and plan adjustment on the runner's side: remembers which plan failed at which step (for
 * the planner's `repair`), and makes the contained calls to the planner's `repair` and `adjust`. It only asks: the
 * runner installs what comes back through its {@link PlanAdoption} and reports it (`planRepaired`, `planAdjusted`).
 * A planner without `repair` or `adjust` (no opt-in, a pending planner) costs nothing here.
 */
export class PlanMending<Ctx = any> {
  /** The plan whose step failed, until the next replan takes it; null when there is nothing to repair. */
  private failed: Plan | null = null;
  /** The failed step's index in {@link failed}. */
  private failedAt = -1;

  constructor(private readonly faults: FaultReporter) {}

  /** Whether a failed plan waits for repair. */
  get pending(): boolean {
    return this.failed !== null;
  }

  /** The plan whose step failed (null when none waits). */
  get failedPlan(): Plan | null {
    return this.failed;
  }

  /** The index of the step that failed in {@link failedPlan}. */
  get failedIndex(): number {
    return this.failedAt;
  }

  /**
   * Step `index` of `plan` failed: remember it for the next replan when `planner` repairs plans. Plans with parallel
   * sections are replanned from scratch (their two branches run on two runners).
   */
  noteFailure(planner: AgentPlanner<Ctx>, plan: Plan, index: number): void {
    if (planner.repair === undefined || (plan.parallel !== undefined && plan.parallel.length > 0)) return this.forget();
    this.failed = plan;
    this.failedAt = index;
  }

  /** Nothing to repair (game code dropped the plan, the planner changed, a plan was adopted). */
  forget(): void {
    this.failed = null;
    this.failedAt = -1;
  }

  /** Ask `planner` to repair the failed plan (contained: a throw is reported and means no repair); forgets it either way. */
  repair(planner: AgentPlanner<Ctx>, state: WorldState<any>, ctx: Ctx, availability: Availability | undefined): PlanAmendment | null {
    const failed = this.failed;
    const index = this.failedAt;
    this.forget();
    if (failed === null || planner.repair === undefined) return null;
    return this.call(planner, 'repair', () => planner.repair!(state, ctx, failed, index, availability));
  }

  /** Ask `planner` to adjust `running` at step `index` after a world change (contained like {@link repair}). */
  adjust(
    planner: AgentPlanner<Ctx>,
    state: WorldState<any>,
    ctx: Ctx,
    running: Plan,
    index: number,
    started: boolean,
    availability: Availability | undefined,
  ): PlanAmendment | null {
    if (planner.adjust === undefined || (running.parallel !== undefined && running.parallel.length > 0)) return null;
    return this.call(planner, 'adjust', () => planner.adjust!(state, ctx, running, index, started, availability));
  }

  private call(planner: AgentPlanner<Ctx>, what: 'repair' | 'adjust', fn: () => PlanAmendment | null): PlanAmendment | null {
    const faults = this.faults;
    faults.calling(Callback.Planner, planner.kind);
    let out: PlanAmendment | null;
    try {
      out = fn();
    } catch (thrown) {
      faults.called();
      faults.fault('planner', planner.kind, null, -1, `Planner "${planner.kind}" threw in ${what}: ${describeThrown(thrown)}`, thrown, 0);
      return null;
    }
    faults.called();
    if (out === null || out === undefined) return null;
    if (typeof out !== 'object' || out.plan === null || typeof out.plan !== 'object' || !Array.isArray(out.plan.steps)) {
      faults.fault('planner', planner.kind, null, -1, `Planner "${planner.kind}" returned no plan amendment ({ plan, from, reason }) from ${what}`, out, 0);
      return null;
    }
    return out;
  }
}
