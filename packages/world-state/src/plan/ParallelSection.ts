/**
 * Two branches of a plan that run at the same time on one agent: steps
 * `[start, split)` are the **primary** branch, `[split, end)` the **secondary**
 * branch. The plan's step list holds the primary branch first, then the
 * secondary one; because the branches obey the key-conflict rule
 * ({@link ParallelCheck}), that order is a valid sequential reading of the plan,
 * so {@link validatePlan} and a runner without a branch runner handle it unchanged.
 */
export interface ParallelSection {
  /** The parallel task that made the section, for messages and monitors. */
  readonly task: string;
  readonly start: number;
  readonly split: number;
  readonly end: number;
}
