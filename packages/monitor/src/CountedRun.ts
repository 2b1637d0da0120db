import type { SearchSummary, SearchTrace } from '@dualplan/world-state';
import type { GoalConsidered } from './Recording.js';

/** What a plan credits when it runs: the goal (GOAP), the compounds and methods of its decomposition (HTN). */
export interface PlanCredit {
  readonly goal: string | null;
  readonly compounds: readonly string[];
  readonly methods: readonly string[];
}

/** What statistics count of a planning run: a recorded run, or one captured and not yet named. */
export interface CountedRun {
  readonly planMs: number;
  /** Its searches: as traces, or as planners' summaries counted without building their traces. */
  readonly searches: readonly (SearchTrace | SearchSummary)[];
  /** The goal selection: recorded goals, or goals as a planner reported them. */
  readonly goals: readonly Pick<GoalConsidered, 'name' | 'plannable' | 'chosen'>[];
  readonly plan: { readonly planner: string; readonly target: string; readonly steps: readonly { readonly task: string }[] } | null;
}

/** The credit of a run that planned nothing. */
export const NO_CREDIT: PlanCredit = Object.freeze({ goal: null, compounds: [], methods: [] });
