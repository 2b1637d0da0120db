import type { ActionCost, PlanStep, WorldState } from '@dualplan/world-state';
import type { SearchFaults } from './SearchFaults.js';
import type { HtnDomain } from '../domain/HtnDomain.js';

/**
 * @internal Function costs of a domain's actions, evaluated once per `plan()`
 * against the start state and context (as GOAP does), never per search node.
 * Steps of those actions are reported with their evaluated cost: a frozen copy
 * per step, reused while the cost stays the same, so stable costs allocate nothing.
 */
export class DynamicCosts {
  private readonly fns: readonly (ActionCost | null)[];
  private readonly names: readonly string[];
  private readonly cost: Float64Array;
  private readonly copies = new Map<PlanStep, PlanStep>();

  private constructor(domain: HtnDomain<any, any>) {
    this.fns = domain.costFns;
    this.names = domain.taskNames;
    this.cost = new Float64Array(domain.costFns.length);
  }

  /** The domain's dynamic costs, or null when every cost is a number (the common case: no per-plan work at all). */
  static of(domain: HtnDomain<any, any>): DynamicCosts | null {
    return domain.costFns.some((f) => f !== null) ? new DynamicCosts(domain) : null;
  }

  /**
   * Evaluate every cost function once. One that throws or returns something
   * other than a number >= 0 is user code failing: its action costs `Infinity`
   * for this plan (best-first never plans through it; the ordered search does not
   * rank by cost) and the fault is logged, naming the action.
   */
  refresh(state: WorldState<any>, ctx: unknown, faults: SearchFaults): void {
    for (let t = 0; t < this.fns.length; t++) {
      const fn = this.fns[t];
      if (fn === null) continue;
      let c: unknown;
      try {
        c = fn(state, ctx);
      } catch (thrown) {
        faults.add('COST_THREW', 'cost', this.names[t], `The cost function of action "${this.names[t]}" threw (its cost is Infinity in this plan)`, thrown);
        this.cost[t] = Infinity;
        continue;
      }
      if (typeof c !== 'number' || Number.isNaN(c) || c < 0) {
        faults.add(
          'INVALID_COST',
          'cost',
          this.names[t],
          `The cost function of action "${this.names[t]}" returned a cost that is not a number >= 0 (its cost is Infinity in this plan)`,
          c,
        );
        c = Infinity;
      }
      this.cost[t] = c as number;
    }
  }

  private owns(step: PlanStep): boolean {
    const t = step.sourceId;
    return t >= 0 && t < this.fns.length && this.fns[t] !== null && this.names[t] === step.task;
  }

  /** The step's cost for this plan. */
  costOf(step: PlanStep): number {
    return this.owns(step) ? this.cost[step.sourceId] : step.cost;
  }

  /** The step as reported in the plan: with its evaluated cost. */
  stepOf(step: PlanStep): PlanStep {
    if (!this.owns(step)) return step;
    const cost = this.cost[step.sourceId];
    let copy = this.copies.get(step);
    if (copy === undefined || copy.cost !== cost) this.copies.set(step, (copy = Object.freeze({ ...step, cost })));
    return copy;
  }
}
