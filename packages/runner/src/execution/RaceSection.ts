import type { ParallelSection } from '@dualplan/world-state';
import type { StepExecution } from './StepExecution.js';

/**
 * @internal The race under way in a primary runner's plan (a parallel section with `race: true`), and the
 * rules that end it. The first branch to finish wins: the other branch's running step is aborted (its
 * operator's `abort` called once) and its part ends. A branch that fails drops out and the other races on
 * alone; the race fails only when both failed (the second failure fails the plan as a plain section's would).
 * Games race alternatives to one end ("wait for the door or for five seconds", "find the player by sight or
 * by sound"): one route failing is no reason to give up the other. {@link SecondaryBranch} holds it and calls
 * it from the few places where a branch ends; a plan without races never gets past {@link racing}.
 */
export class RaceSection {
  /** The race under way, or null (no section, a plain one, or a race already decided). */
  private section: ParallelSection | null = null;
  /** The primary's branch failed and dropped out: the primary waits at the join for the secondary. */
  private primaryOut = false;

  constructor(
    /** The primary runner's execution. */
    private readonly primary: StepExecution<any>,
    /** The branch runner's execution (the secondary branch). */
    private readonly secondary: StepExecution<any>,
  ) {}

  /** True while a race is under way and undecided. */
  get racing(): boolean {
    return this.section !== null;
  }

  /** A section begins on the primary: a race when it says so. */
  enter(section: ParallelSection): void {
    this.section = section.race === true ? section : null;
    this.primaryOut = false;
  }

  /** The section ended some other way (the plan ended or was replaced): nothing races any more. */
  close(): void {
    this.section = null;
    this.primaryOut = false;
  }

  /**
   * A step of the primary succeeded. True when that finished its branch while the secondary still runs: the
   * primary wins, and the secondary's running step is aborted here (the caller ends its part).
   */
  primaryFinished(): boolean {
    const s = this.section;
    if (s === null || this.primary.index !== s.split || this.secondary.plan === null) return false;
    this.section = null;
    if (this.secondary.running) this.secondary.abort(`lost race ${s.task}: the primary branch finished first`);
    return true;
  }

  /** The secondary finished its branch first: the primary's branch, unless it dropped out, is aborted and ends. */
  secondaryFinished(): void {
    const s = this.section;
    if (s === null) return;
    this.section = null;
    if (this.primaryOut) return;
    if (this.primary.running) this.primary.abort(`lost race ${s.task}: the secondary branch finished first`);
    this.primary.leaveSection(s);
  }

  /**
   * The primary's branch failed (its step is stopped already). True when the race takes it: the secondary still
   * runs, so the primary drops out and waits at the join; false when the plan fails (nothing else races).
   */
  primaryFailed(): boolean {
    const s = this.section;
    if (s === null || this.primaryOut || this.secondary.plan === null || this.primary.index >= s.split) return false;
    this.primaryOut = true;
    this.primary.leaveSection(s);
    return true;
  }

  /** The secondary's branch failed. True when the race takes it (the primary's branch races on alone). */
  secondaryFailed(): boolean {
    const s = this.section;
    if (s === null) return false;
    this.section = null;
    return !this.primaryOut;
  }
}
