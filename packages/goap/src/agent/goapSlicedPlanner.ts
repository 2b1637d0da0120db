import {
  ForwardingPlanner,
  PlanBuffer,
  moveFaults,
  type AgentPlanner,
  type Availability,
  type Plan,
  type PlanResult,
  type SlicedPlanner,
  type WorldState,
} from '@dualplan/world-state';
import type { CompiledGoal } from '../domain/GoapDomain.js';
import { writeFound, writeNone } from '../diagnostics/writeGoapPlan.js';
import type { GoapPlanner } from '../GoapPlanner.js';
import { goalFeedbackOf, goapAgentPlanner, resolveGoal, type GoalFeedback, type GoapAgentOptions } from './goapAgentPlanner.js';
import type { GoalCooldowns } from './GoalCooldowns.js';
import { noteCooling } from './planBest.js';
import { planBestEffort } from './planBestEffort.js';
import { FallbackReasons, type FallbackPath } from './FallbackReasons.js';
import { rankGoals } from './rankGoals.js';
import { checkSliceBudget } from '../errors.js';

/**
 * {@link goapAgentPlanner} in slices, for the runner's planning scheduler: the
 * same goal choice (highest priority first, falling back through the rest),
 * run through the planner's resumable `begin`/`step` search, so one request
 * can span frames. Run to the end it returns what `plan()` returns from the
 * same state. Goal ranking reuses preallocated arrays and results go into two
 * plan buffers (never the one holding the running plan): no allocation per slice.
 * @example
 * const sliced = goapSlicedPlanner(new GoapPlanner(soldierGoapDomain()));
 * sliced.begin(state, ctx, null);
 * let result = null;
 * while (result === null) result = sliced.step(32); // 32 expansions per frame
 */
export function goapSlicedPlanner<Ctx = any>(planner: GoapPlanner<Ctx>, options: GoapAgentOptions = {}): SlicedPlanner<Ctx> {
  const goals = (options.goals ?? planner.domain.goals).map((g) => resolveGoal(planner, g));
  const base = goapAgentPlanner(planner, options);
  return new GoapSlicedPlanner(planner, base, goals, goalFeedbackOf(base));
}

/** A class, so every agent's sliced planner shares one shape (property lookups in the runner's tick stay monomorphic). */
class GoapSlicedPlanner<Ctx> extends ForwardingPlanner<Ctx> implements SlicedPlanner<Ctx> {
  work = 0;
  private readonly priority: Float64Array;
  /** Goal indices by priority, highest first (ties in declaration order, as goapAgentPlanner sorts them). */
  private readonly order: Int32Array;
  private count = 0;
  private next = 0;
  private readonly reasons: FallbackReasons;
  /** The goals that had no plan so far in this request, with their reasons cached. */
  private failed: FallbackPath;
  private start: WorldState<any> | null = null;
  private ctx: Ctx | undefined = undefined;
  /** The plan running when this request began. */
  private running: Plan | null = null;
  private result: PlanResult | null = null;
  private readonly buffers = [new PlanBuffer(), new PlanBuffer()];
  private out: PlanBuffer = this.buffers[0];

  constructor(
    private readonly planner: GoapPlanner<Ctx>,
    base: AgentPlanner<Ctx>,
    private readonly goals: readonly CompiledGoal[],
    /** Goal cool-downs shared with the adapter this planner is built on (which hears of failures). */
    private readonly feedback: GoalFeedback,
  ) {
    super(base);
    this.priority = new Float64Array(goals.length);
    this.order = new Int32Array(goals.length);
    this.reasons = FallbackReasons.of(goals);
    this.failed = this.reasons.root;
  }

  begin(state: WorldState<any>, ctx: Ctx, running: Plan | null, availability?: Availability): void {
    const { planner, goals, priority, order } = this;
    this.out = this.buffers[running === this.buffers[0].p ? 1 : 0];
    planner.cancel();
    planner.engine.allow(availability);
    if (this.start === null || this.start.schema !== state.schema) this.start = state.clone();
    else this.start.copyFrom(state);
    this.ctx = ctx;
    this.work = 0;
    this.next = 0;
    this.failed = this.reasons.root;
    this.result = null;
    // This request's contained faults (goal callbacks, costs, checks, the heuristic) go with its result, as plan()'s do.
    const log = planner.engine.faultLog;
    if (log.length > 0) log.length = 0;
    this.running = running;
    this.feedback.cooling.use(availability);
    const count = rankGoals(planner.engine, goals, this.start, ctx, priority, order, null, this.cooling);
    this.count = count;
    if (count === 0) this.settle(writeNone(planner.engine, this.out, false, 'no valid, unsatisfied goal'));
    else this.advance();
  }

  step(n: number): PlanResult | null {
    checkSliceBudget(n, 'step');
    if (this.result !== null) return this.result;
    const r = this.planner.result;
    let left = n;
    while (left > 0) {
      const before = r.expanded;
      const status = this.planner.step(left);
      const done = r.expanded - before;
      this.work += done;
      left -= done;
      if (status === 'running') continue;
      const at = this.order[this.next];
      if (status === 'found') {
        return this.settle(writeFound(this.planner.engine, this.out, this.priority[at], this.reasons.found(this.failed, at)));
      }
      // A best-effort goal's fallback runs in one go (it searches subsets of the goal), as goapAgentPlanner's does.
      const partial = this.goals[at].bestEffort
        ? planBestEffort(this.planner.engine, this.goals[at], this.start!, this.ctx, this.out, this.priority[at])
        : null;
      if (partial !== null) return this.settle(partial);
      this.failed = this.reasons.fail(this.failed, at, status === 'budget' ? r.budget : '');
      this.next++;
      this.advance();
      if (this.result !== null) return this.result;
      // A goal whose search ended without expanding still costs a unit, so a slice always ends.
      if (done === 0) left--;
    }
    return null;
  }

  cancel(): void {
    this.planner.cancel();
    this.result = null;
  }

  /** The request's result, with the faults its searches contained moved into it. */
  private settle(result: PlanResult): PlanResult {
    moveFaults(this.planner.engine.faultLog, this.out);
    const cooling = this.cooling;
    if (cooling !== null) noteCooling(this.goals, cooling, this.out);
    if (this.feedback.cooling.hasRules) this.feedback.cooling.mark(this.out);
    return (this.result = result);
  }

  /** The goal cool-downs when the request skips some goal, else null. */
  private get cooling(): GoalCooldowns | null {
    return this.feedback.cooling.active ? this.feedback.cooling : null;
  }

  /** Start the search for the goal at rank `next`, or settle the result when none is left. */
  private advance(): void {
    if (this.next >= this.count) {
      // Status and stats of the last search, as goapAgentPlanner reports them.
      this.settle(writeNone(this.planner.engine, this.out, true, this.reasons.none(this.failed)));
      return;
    }
    this.planner.begin(this.start!, this.goals[this.order[this.next]], this.ctx);
  }
}
