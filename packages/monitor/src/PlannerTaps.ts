import type { AgentPlanner, ObservedGoal, PlanObserver } from '@dualplan/world-state';
import type { AgentEntry, RunnerEntry } from './AgentEntry.js';
import { PendingSearchList } from './PendingSearchList.js';

/** Searches one planner call may leave waiting for its run (a call that searches more keeps the first ones). */
const MAX_PENDING_SEARCHES = 64;
const NO_GOALS: readonly ObservedGoal[] = [];

/**
 * @internal The recorder's taps on planners: one {@link PlanObserver} for every planner the recorded runners use (counted per
 * runner, detached when the last one stops using it), and what the current planner call reported through it: its
 * searches as captured and its goal selection, waiting for the runner event that files the run. A planner call and
 * the runner event that follows it are adjacent, so one waiting list serves every agent.
 */
export class PlannerTaps {
  /** Searches of the current planner call, as captured: counted when the run is recorded, named when it is read. */
  readonly pending = new PendingSearchList();
  /** The goal selection of the current planner call, as reported: made into recorded goals when the run is recorded. */
  private goals: readonly ObservedGoal[] = NO_GOALS;
  /** Planners observed: how many recorded runners use each, and how to detach from it. */
  private readonly observed = new Map<AgentPlanner, { runners: number; detach: () => void }>();
  /** The agent whose runner is being attached: a planner's catalog goes to it. */
  private attaching: AgentEntry | null = null;
  private readonly observer: PlanObserver = {
    search: (trace) => {
      if (this.pending.length < MAX_PENDING_SEARCHES) this.pending.push(null, trace);
    },
    deferredSearch: (read, summary) => {
      if (this.pending.length < MAX_PENDING_SEARCHES) {
        if (summary) this.pending.push(read, summary);
        else this.pending.push(null, read());
      }
    },
    goals: (goals) => {
      this.goals = goals;
    },
    catalog: (catalog) => {
      const entry = this.attaching;
      if (entry === null) return;
      entry.stats.addCatalog(catalog);
      if (catalog.entries) {
        Object.assign(entry.catalog, catalog.entries);
        entry.catalogChanged = true;
      }
    },
  };

  /** `searches`: observe planners at all (false: runs are recorded without their searches and goal selection). */
  constructor(private readonly searches: boolean) {}

  /** Follow runner `r` of `entry` to the planner it uses now (nothing to do when it still uses the one observed). */
  observe(entry: AgentEntry, r: RunnerEntry): void {
    const planner = r.runner.planner;
    if (r.planner === planner) return;
    this.unobserve(r);
    r.planner = planner;
    if (!this.searches || typeof planner.observe !== 'function') return;
    const seen = this.observed.get(planner);
    if (seen) seen.runners++;
    this.attaching = entry;
    try {
      // Observing again (a planner shared by several runners) only reports the catalog to this agent.
      const detach = planner.observe(this.observer);
      // A planner whose observe() returns nothing knows a single observer: detaching clears it.
      if (!seen) this.observed.set(planner, { runners: 1, detach: typeof detach === 'function' ? detach : () => planner.observe?.(null) });
    } finally {
      this.attaching = null;
    }
  }

  /** Stop following runner `r`'s planner (detached when no other recorded runner uses it). */
  unobserve(r: RunnerEntry): void {
    const planner = r.planner;
    r.planner = null;
    if (planner === null) return;
    const seen = this.observed.get(planner);
    if (seen === undefined) return;
    if (--seen.runners === 0) {
      this.observed.delete(planner);
      seen.detach();
    }
  }

  /** Forget what planner calls no runner made reported (game code calling a planner): not part of a run. */
  dropStray(): void {
    if (this.pending.length === 0) return;
    this.pending.clear();
    this.goals = NO_GOALS;
  }

  /** The current planner call's goal selection, handed over once (the next call reports its own). */
  takeGoals(): readonly ObservedGoal[] {
    const goals = this.goals;
    this.goals = NO_GOALS;
    return goals;
  }
}
