import type { ParallelSection } from '@dualplan/world-state';
import type { StepExecution } from './StepExecution.js';

/** What a primary runner's {@link SectionCursor} does with its secondary-branch runner. */
export interface BranchRunner {
  /** Start running steps `[section.split, section.end)` of the primary's plan. */
  follow(primary: StepExecution<any>, section: ParallelSection): void;
  /** True while the branch it was handed still runs. */
  readonly busy: boolean;
}

/** What {@link SectionCursor.beforeStep} decided. */
export const SectionMove = /* @__PURE__ */ Object.freeze({ Start: 0, Wait: 1, Finished: 2 } as const);
export type SectionMove = (typeof SectionMove)[keyof typeof SectionMove];

/**
 * @internal A primary runner's way through the parallel sections of its plan:
 * when its next step begins a section, the secondary branch goes to the branch
 * runner and the primary runs its own branch only; when its branch is done, it
 * waits for the secondary one (the join), then goes on after the section. A plan
 * without sections (or a runner without a branch runner) never gets here.
 */
export class SectionCursor {
  /** The section under way, or null. */
  section: ParallelSection | null = null;
  private next = 0;

  /** Forget the plan's sections (a new plan, or none). */
  reset(): void {
    this.section = null;
    this.next = 0;
  }

  /** Before the primary starts its next step: start it, wait for the secondary branch, or the plan is finished. */
  beforeStep(exec: StepExecution<any>, branch: BranchRunner): SectionMove {
    const plan = exec.plan!;
    const sections = plan.parallel!;
    for (;;) {
      const open = this.section;
      if (open !== null) {
        if (exec.index < open.split) return SectionMove.Start;
        if (branch.busy) return SectionMove.Wait;
        // Both branches are done: go on after the section, as one runner again.
        this.section = null;
        exec.leaveSection(open);
        if (exec.index >= plan.steps.length) return SectionMove.Finished;
      }
      // A section skipped by a replacement that continued its running step runs as a sequence (valid too).
      while (this.next < sections.length && sections[this.next].start < exec.index) this.next++;
      if (this.next >= sections.length || sections[this.next].start !== exec.index) return SectionMove.Start;
      const s = sections[this.next++];
      this.section = s;
      exec.enterSection(s);
      if (s.split < s.end) branch.follow(exec, s);
    }
  }
}
