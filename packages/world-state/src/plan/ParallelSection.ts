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
  /**
   * A race (absent: both branches run to the end): the first branch to finish ends the other, whose running
   * step is aborted. A branch that fails drops out; the race fails only when both branches failed. Both
   * branches must be non-empty.
   */
  readonly race?: boolean;
}

/**
 * @internal A plain copy of a section, with the race flag only where it is set (copies of other sections stay as they were).
 * @example
 * const kept = plan.parallel?.map(copySection);
 */
export function copySection(x: ParallelSection): ParallelSection {
  return x.race === true
    ? { task: x.task, start: x.start, split: x.split, end: x.end, race: true }
    : { task: x.task, start: x.start, split: x.split, end: x.end };
}
