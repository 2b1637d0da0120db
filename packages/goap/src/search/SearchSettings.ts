/** The settings a search runs with, fixed when the planner is built (the planner has them). @internal */
export interface SearchSettings {
  readonly mode: 'backward' | 'forward';
  readonly weight: number;
  readonly maxExpansions: number;
  readonly maxPlanLength: number;
  readonly timeBudgetMs: number;
  /** Stored nodes at most. */
  readonly maxNodes: number;
  /** Greedy best-first: order by h alone. */
  readonly greedy: boolean;
}
