import { ForwardingPlanner, type Availability, type Plan, type PlanResult, type SlicedPlanner, type WorldState } from '@dualplan/world-state';
import { htnAgentPlanner, type HtnAgentOptions } from './htnAgentPlanner.js';
import type { HtnPlanner } from '../HtnPlanner.js';

/**
 * {@link htnAgentPlanner} in the sliced form the runner's planning scheduler
 * drives. An HTN decomposition is short and bounded by the planner's
 * `maxSteps` budget, so it runs whole in the first `step` (its decomposition
 * steps are charged to the frame as work); a long behaviour splits across
 * time through pause points instead (partial plans, resumed when done).
 * Results equal `plan()`'s from the same state. Agents may share one
 * `HtnPlanner`: each sliced planner keeps its own plan buffers.
 * @example
 * const sliced = htnSlicedPlanner(new HtnPlanner(trollHtnDomain()));
 * sliced.begin(state, ctx, null);
 * const result = sliced.step(64); // never null for HTN
 */
export function htnSlicedPlanner<Ctx = any>(planner: HtnPlanner<Ctx>, options: HtnAgentOptions = {}): SlicedPlanner<Ctx> {
  return new HtnSlicedPlanner(htnAgentPlanner(planner, options));
}

/** A class, so every agent's sliced planner shares one shape (property lookups in the runner's tick stay monomorphic). */
class HtnSlicedPlanner<Ctx> extends ForwardingPlanner<Ctx> implements SlicedPlanner<Ctx> {
  work = 0;
  private start: WorldState<any> | null = null;
  private ctx: Ctx | undefined = undefined;
  private running: Plan | null = null;
  private availability: Availability | undefined = undefined;
  private begun = false;
  private last: PlanResult | null = null;

  begin(state: WorldState<any>, ctx: Ctx, running: Plan | null, availability?: Availability): void {
    if (this.start === null || this.start.schema !== state.schema) this.start = state.clone();
    else this.start.copyFrom(state);
    this.ctx = ctx;
    this.running = running;
    this.availability = availability;
    this.work = 0;
    this.begun = true;
  }
  step(): PlanResult | null {
    if (!this.begun) return this.last;
    this.begun = false;
    const availability = this.availability;
    this.availability = undefined;
    const last = (this.last =
      availability === undefined
        ? this.inner.plan(this.start!, this.ctx as Ctx, this.running)
        : this.inner.plan(this.start!, this.ctx as Ctx, this.running, availability));
    this.work = Math.max(1, last.stats.expanded);
    this.running = null;
    return last;
  }
  cancel(): void {
    this.begun = false;
    this.last = null;
    this.running = null;
  }
}
