import type { AgentPlanner, ParallelSection } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { FaultReporter } from '../faults/FaultReporter.js';
import type { RunnerEventListener } from '../events/RunnerEvent.js';
import type { RunnerStats } from '../events/RunnerStats.js';
import { RaceSection } from './RaceSection.js';
import { SectionCursor, SectionMove, type BranchRunner } from './SectionCursor.js';
import type { StepExecution } from './StepExecution.js';
import { emitOutcome } from './outcomeEvents.js';

/** @internal What a {@link SecondaryBranch} needs of the branch runner it drives. */
export interface BranchHost {
  readonly name: string;
  readonly stats: RunnerStats;
  /** The listener the branch runner's events go to now, or undefined (then no event object is built). */
  readonly listener: RunnerEventListener | undefined;
}

/** @internal What a {@link SecondaryBranch} needs of the primary runner whose plans it shares. */
export interface PrimaryHost<Ctx> {
  /** The primary's planner: the branch runner plans nothing and names this one in its events. */
  readonly planner: AgentPlanner<Ctx>;
  /** Fail the primary's whole plan with `reason` (its running step is already stopped). */
  failPlan(reason: string): void;
}

/**
 * @internal The link between a primary runner and the branch runner of one agent that runs
 * the secondary branches of the primary's plans (`plan.parallel`). The primary walks its
 * plan's sections with a {@link SectionCursor} and, at a section's start, hands the
 * secondary branch here ({@link follow}); the branch runner's tick then only runs that
 * branch ({@link tick}). A branch that fails fails the primary's plan too (the plan after
 * the section counts on both branches); the primary ending or replacing its plan ends the
 * branch ({@link endSection}). Both runners hold this one object; the branch runner's own
 * per-step state stays in its {@link StepExecution}.
 */
export class SecondaryBranch<Ctx = any> implements BranchRunner {
  private readonly sections = new SectionCursor();
  /** The race under way, when the section is one (see {@link RaceSection}). */
  private readonly race: RaceSection;

  constructor(
    private readonly agent: AgentView<Ctx>,
    /** The branch runner's execution: the secondary branch's steps run here. */
    readonly exec: StepExecution<Ctx>,
    private readonly host: BranchHost,
    private readonly faults: FaultReporter,
    /** The primary runner's execution: the plan and its sections. */
    private readonly primaryExec: StepExecution<Ctx>,
    private readonly primary: PrimaryHost<Ctx>,
  ) {
    // The branch's own effects are the primary's own too: no replan for them.
    exec.reportSeenTo(primaryExec);
    this.race = new RaceSection(primaryExec, exec);
  }

  /** The primary's planner, which the branch runner reports as its own. */
  get planner(): AgentPlanner<Ctx> {
    return this.primary.planner;
  }

  /** True while the branch runner runs a secondary branch. */
  get busy(): boolean {
    return this.exec.plan !== null;
  }

  /** True while a secondary branch of the primary's plan has a step running. */
  get running(): boolean {
    return this.sections.section !== null && this.exec.running;
  }

  /** Before the primary starts its next step: start it, wait at a join, or the plan is finished (see {@link SectionCursor.beforeStep}). */
  beforeStep(): SectionMove {
    return this.sections.beforeStep(this.primaryExec, this);
  }

  /** Run steps `[section.split, section.end)` of the primary's plan, with the primary's operators. */
  follow(primary: StepExecution<any>, section: ParallelSection): void {
    const plan = primary.plan!;
    this.exec.followSection(primary, section);
    this.race.enter(section);
    this.host.stats.plansFound++;
    const host = this.host;
    if (host.listener !== undefined) {
      const reason = `secondary branch of ${section.task} (steps ${section.split}..${section.end - 1})`;
      emitOutcome(this.faults, this.agent, host.listener, host.name, this.primary.planner.kind, 'planFound', plan, null, 'noPlan', reason, '', -1, false);
    }
  }

  /** The branch runner's tick: run the branch it was handed, if any; the primary validates and replans for both. */
  tick(dt: number): void {
    const exec = this.exec;
    if (exec.plan !== null) {
      if (exec.running) exec.checkExecuting();
      if (!exec.running && exec.plan !== null) exec.start();
      if (exec.running) exec.update(dt);
    }
    if (this.faults.due) this.faults.throwDue();
  }

  /** A step of the branch succeeded: the branch is finished after its last step. */
  advanced(): void {
    if (this.exec.index < this.exec.end) return;
    if (this.race.racing) this.race.secondaryFinished();
    this.ended(null);
  }

  /** The branch failed (a step, a check or an abort on the branch runner): the primary's plan fails too, unless a race goes on without it. */
  fail(reason: string): void {
    if (this.exec.plan !== null) this.ended(reason, !(this.race.racing && this.race.secondaryFailed()));
  }

  /** True while the section under way is an undecided race (then the two hooks below matter). */
  get racing(): boolean {
    return this.race.racing;
  }

  /** A step of the primary succeeded: when it won a race, the secondary's part ends here (its running step aborted). */
  primaryAdvanced(): void {
    if (this.race.primaryFinished()) this.ended(`lost race ${this.sections.section!.task} to the primary branch`);
  }

  /** The primary's branch failed: true when a race goes on without it (the primary then waits for the secondary). */
  primaryFailed(): boolean {
    return this.race.primaryFailed();
  }

  /** The primary's whole plan fails (not only its branch): a race under way is over. */
  endRace(): void {
    this.race.close();
  }

  /** End the secondary branch under way (the primary's plan ended or was replaced): its running step is aborted. */
  endSection(reason: string): void {
    this.race.close();
    if (this.sections.section !== null && this.exec.plan !== null) {
      if (this.exec.running) this.exec.abort(reason);
      this.ended(reason);
    }
    this.sections.reset();
  }

  /** The branch ended: finished (`failed` null), failed (the primary fails too) or cancelled by the primary. */
  private ended(failed: string | null, byBranch = false): void {
    const plan = this.exec.plan!;
    const host = this.host;
    this.exec.clear();
    if (failed === null) {
      host.stats.plansFinished++;
      if (host.listener !== undefined)
        emitOutcome(this.faults, this.agent, host.listener, host.name, this.primary.planner.kind, 'planFinished', plan, null, '', '', '', -1, false);
      return;
    }
    host.stats.plansFailed++;
    if (host.listener !== undefined)
      emitOutcome(this.faults, this.agent, host.listener, host.name, this.primary.planner.kind, 'planFailed', plan, null, '', failed, '', -1, false);
    // The plan after the section counts on both branches: the primary fails its plan and replans.
    const primary = this.primaryExec;
    if (byBranch && primary.plan === plan) {
      const reason = `secondary branch on runner "${host.name}" failed: ${failed}`;
      if (primary.running) primary.abort(reason);
      this.primary.failPlan(reason);
    }
  }
}
