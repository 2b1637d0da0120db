/**
 * @internal A planner's failure reasons, built once (per task where they name
 * one), so that a failing search allocates nothing either.
 */
export class FailureTexts {
  /** The step budget ran out. */
  readonly steps: string;
  private readonly names: readonly string[];
  private readonly maxDepth: number;
  private readonly depths: string[] = [];
  private readonly nones: string[] = [];

  constructor(taskNames: readonly string[], maxSteps: number, maxDepth: number) {
    this.names = taskNames;
    this.maxDepth = maxDepth;
    this.steps = `step budget of ${maxSteps} exhausted`;
  }

  /** The depth limit stopped the decomposition of `task`. */
  depth(task: number): string {
    return (this.depths[task] ??= `depth limit of ${this.maxDepth} decompositions reached at task ${this.names[task]} (runaway recursion?)`);
  }

  /** No plan for `root` (-1: the request's task list); `pruned` when the search was pruned against an MTR. */
  none(root: number, pruned: boolean): string {
    const k = (root + 1) * 2 + (pruned ? 1 : 0);
    const name = root < 0 ? '(tasks)' : this.names[root];
    return (this.nones[k] ??= pruned
      ? `no plan for ${name} of equal or higher priority than the given MTR`
      : `no plan: no decomposition of ${name} is valid in this state`);
  }
}
