import { nameOf, showValue, type AgentPlanner, type Plan, type PlanAmendment, type PlanResult, type PlanStep } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { FaultReporter } from '../faults/FaultReporter.js';
import type { Operator, OperatorMap } from '../contract/Operator.js';
import { RunnerError } from '../RunnerError.js';
import type { ReplanTrigger, RunnerEventListener } from '../events/RunnerEvent.js';
import type { RunnerStats } from '../events/RunnerStats.js';
import { shouldReplaceGuarded } from '../faults/plannerCalls.js';
import type { SecondaryBranch } from '../execution/SecondaryBranch.js';
import type { StepExecution } from '../execution/StepExecution.js';
import { emitOutcome } from '../execution/outcomeEvents.js';

/** @internal What a {@link PlanAdoption} reads of the runner that owns it (it writes nothing there). */
export interface AdoptionHost<Ctx> {
  readonly name: string;
  readonly stats: RunnerStats;
  readonly operators: OperatorMap<Ctx>;
  /** The planner in use (its kind in events, its `shouldReplace`). */
  readonly planner: AgentPlanner<Ctx>;
  /** The listener events go to now, or undefined (then no event object is built). */
  readonly listener: RunnerEventListener | undefined;
}

/** @internal What {@link PlanAdoption.adopt} did, for the runner to apply to its replan state. */
export const Adopted = /* @__PURE__ */ Object.freeze({
  /** Nothing changed: the running plan stays (a skipped replan, reported). */
  Kept: 0,
  /** No plan and none found: ask again after the retry interval. */
  NotFound: 1,
  /** A plan was installed (first, or replacing the running one). */
  Installed: 2,
  /** A first plan was installed that cannot run ({@link PlanAdoption.unrunnable} says why; null: it has no steps). */
  Unrunnable: 3,
} as const);
/** @internal */
export type Adopted = (typeof Adopted)[keyof typeof Adopted];

/** @internal What {@link PlanAdoption.hold} decided about a replan while a step runs. */
export const Hold = /* @__PURE__ */ Object.freeze({
  /** The replan may go ahead. */
  None: 0,
  /** An uninterruptible step holds it back: skipped (reported). */
  Skip: 1,
  /** A boundary step holds it back: postponed to the step's end (reported). */
  Postpone: 2,
} as const);
/** @internal */
export type Hold = (typeof Hold)[keyof typeof Hold];

/**
 * @internal How a runner takes a planning result: a first plan is installed, a
 * better one replaces the running plan (continuing its running step when the
 * new plan starts with the same call), and anything else is a skipped replan
 * with its reason. A running step's interrupt policy may hold the replan back
 * ({@link hold}). It decides and reports; the runner applies its decisions to its
 * replan state ({@link Adopted}, {@link Hold}).
 */
export class PlanAdoption<Ctx = any> {
  /** On a primary runner: the link to the runner of its plans' secondary branches (set once, see {@link linkBranch}). */
  private branch: SecondaryBranch<Ctx> | null = null;
  /** Why the plan of the last {@link Adopted.Unrunnable} adoption cannot run; null when it has no steps. */
  private why: string | null = null;
  /** Whether the last {@link adopt} kept the running plan because the answer equals its rest. */
  private equal = false;

  constructor(
    private readonly agent: AgentView<Ctx>,
    private readonly host: AdoptionHost<Ctx>,
    private readonly faults: FaultReporter,
    /** The runner's execution: the plan, its operators and the step being run. */
    private readonly exec: StepExecution<Ctx>,
  ) {}

  /** Let `branch` run the secondary branches of the runner's plans: a new plan ends the section under way there. */
  linkBranch(branch: SecondaryBranch<Ctx>): void {
    this.branch = branch;
  }

  /** Why the plan of the last {@link Adopted.Unrunnable} adoption cannot run; null when it has no steps. */
  get unrunnable(): string | null {
    return this.why;
  }

  /**
   * Whether the last {@link adopt} kept the running plan because the answer equals its rest ({@link Adopted.Kept}, with
   * nothing asked of the planner, no step checked and nothing changed): the same answer, for the same plan at the same
   * step, is kept again the same way.
   */
  get keptEqual(): boolean {
    return this.equal;
  }

  /** Whether a branch runner runs the secondary branches of this runner's plans (its running step may hold replans back too). */
  get branched(): boolean {
    return this.branch !== null;
  }

  /** Whether (reported) a running step's interrupt policy holds the replan back: the primary's, then (in a parallel section) the secondary branch's. */
  hold(trigger: ReplanTrigger): Hold {
    const own = this.exec.running ? this.holds(this.exec, trigger) : Hold.None;
    if (own !== Hold.None) return own;
    const branch = this.branch;
    return branch !== null && branch.running ? this.holds(branch.exec, trigger) : Hold.None;
  }

  private holds(exec: StepExecution<Ctx>, trigger: ReplanTrigger): Hold {
    const step = exec.plan!.steps[exec.index];
    if (step.interrupt === 'uninterruptible') {
      this.skip(trigger, `step ${step.task} is uninterruptible`);
      return Hold.Skip;
    }
    if (step.interrupt === 'boundary') {
      this.skip(trigger, `deferred to the end of step ${step.task}`);
      return Hold.Postpone;
    }
    return Hold.None;
  }

  /** Take a planning result: install it, offer it as a replacement, or report that there is none; returns what it did. */
  adopt(trigger: ReplanTrigger, outcome: PlanResult): Adopted {
    const agent = this.agent;
    const host = this.host;
    const exec = this.exec;
    const running = exec.plan;
    const candidate = outcome.status === 'found' ? outcome.plan : null;
    this.equal = false;
    if (candidate === null) {
      if (running !== null) return this.skip(trigger, `no new plan (${outcome.status}): ${outcome.reason}`);
      if (host.listener !== undefined)
        emitOutcome(
          this.faults,
          agent,
          host.listener,
          host.name,
          host.planner.kind,
          'planNotFound',
          null,
          null,
          trigger,
          outcome.reason,
          outcome.status,
          -1,
          false,
        );
      return Adopted.NotFound;
    }
    host.stats.plansFound++;
    if (running !== null) {
      if (this.sameAsRemaining(candidate)) return this.skipEqual(trigger);
      const decision = shouldReplaceGuarded(host.planner, candidate, running, this.faults);
      if (!decision.replace) return this.skip(trigger, decision.reason);
      const continued = exec.running && candidate.steps.length > 0 && sameStep(candidate.steps[0], running.steps[exec.index]);
      const invalid = continued ? null : this.invalidAtStart(candidate);
      if (invalid !== null) return this.skip(trigger, `the better plan is ${invalid}`);
      const ops = this.resolve(candidate);
      if (exec.running && !continued) exec.abort(`replaced: ${decision.reason}`);
      this.install(candidate, ops, continued);
      host.stats.replaced++;
      if (host.listener !== undefined)
        emitOutcome(
          this.faults,
          agent,
          host.listener,
          host.name,
          host.planner.kind,
          'planReplaced',
          candidate,
          running,
          trigger,
          decision.reason,
          '',
          -1,
          continued,
        );
      return Adopted.Installed;
    }
    const ops = this.resolve(candidate);
    if (host.listener !== undefined)
      emitOutcome(this.faults, agent, host.listener, host.name, host.planner.kind, 'planFound', candidate, null, trigger, outcome.reason, '', -1, false);
    this.install(candidate, ops, false);
    const invalid = this.invalidAtStart(candidate);
    if (invalid === null && candidate.steps.length > 0) return Adopted.Installed;
    this.why = invalid;
    return Adopted.Unrunnable;
  }

  /**
   * Install a plan the planner mended: repaired after step `index` of `previous` failed (nothing runs then), or
   * adjusted while `previous` runs at step `index` (the running step must be the new plan's first, and goes on).
   * A repaired plan is checked from its first step on the real state. Reports `planRepaired` or `planAdjusted`;
   * returns false, changing nothing, when the plan cannot be taken.
   */
  amend(kind: 'planRepaired' | 'planAdjusted', amendment: PlanAmendment, previous: Plan, index: number): boolean {
    const exec = this.exec;
    const plan = amendment.plan;
    if (plan.steps.length === 0) return false;
    const continued = exec.running && exec.plan !== null && sameStep(plan.steps[0], exec.plan.steps[exec.index]);
    if (exec.running && !continued) return false;
    if (!continued && this.invalidAtStart(plan) !== null) return false;
    const ops = this.resolve(plan);
    this.install(plan, ops, continued);
    const host = this.host;
    host.stats.plansFound++;
    if (host.listener !== undefined)
      emitOutcome(
        this.faults,
        this.agent,
        host.listener,
        host.name,
        host.planner.kind,
        kind,
        plan,
        previous,
        '',
        amendment.reason,
        amendment.from,
        index,
        continued,
      );
    return true;
  }

  /** A replan whose answer equals the rest of the running plan: nothing changes (counted and reported as {@link skip}). */
  skipEqual(trigger: ReplanTrigger): typeof Adopted.Kept {
    this.equal = true;
    return this.skip(trigger, 'the new plan equals the rest of the running plan');
  }

  /** A replan that changes nothing, counted and reported with its reason. */
  skip(trigger: ReplanTrigger, reason: string): typeof Adopted.Kept {
    const agent = this.agent;
    const host = this.host;
    host.stats.replansSkipped++;
    if (host.listener !== undefined)
      emitOutcome(this.faults, agent, host.listener, host.name, host.planner.kind, 'replanSkipped', null, null, trigger, reason, '', -1, false);
    return Adopted.Kept;
  }

  /** The operators of each step; throws {@link RunnerError} `UNKNOWN_OPERATOR` for an unregistered id. */
  private resolve(plan: Plan): Operator[] {
    const steps = plan.steps;
    const operators = this.host.operators;
    const ops = new Array<Operator>(steps.length);
    for (let i = 0; i < steps.length; i++) {
      // A step's task is its name in every event and message: a custom planner's non-string task is named here, once.
      const task = steps[i].task;
      if (typeof task !== 'string') throw new RunnerError('BAD_STEP', nameOf(task), `Plan step #${i} has task ${showValue(task)}: a task name is a string.`);
      const id = steps[i].operator;
      // Only a string (or number) can name a registered operator; Object.hasOwn would convert an object, which can throw.
      if ((typeof id !== 'string' && typeof id !== 'number') || !Object.hasOwn(operators, id)) {
        throw new RunnerError(
          'UNKNOWN_OPERATOR',
          nameOf(id),
          `Plan step "${nameOf(steps[i].task)}" uses operator "${nameOf(id)}", which runner "${this.host.name}" of agent "${this.agent.id}" does not register.`,
        );
      }
      ops[i] = operators[id];
    }
    return ops;
  }

  /** Whether `plan` fails on the real state from its first step: null, or why. A valid plan need not be checked again when its first step starts. */
  private invalidAtStart(plan: Plan): string | null {
    if (plan.steps.length === 0) return null;
    const checks = this.exec.checks;
    const check = checks.from(plan.steps, 0);
    if (check.step >= 0) return `invalid from the start: step ${check.step} ${plan.steps[check.step].task}: ${check.reason}`;
    checks.markValid();
    return null;
  }

  /** Install `plan` (the runner then resets its replan state: {@link Adopted.Installed}, {@link Adopted.Unrunnable}). */
  private install(plan: Plan, ops: Operator[], continued: boolean): void {
    if (this.branch !== null) this.branch.endSection(`primary runner "${this.host.name}": plan replaced`);
    this.exec.install(plan, ops, continued);
  }

  private sameAsRemaining(candidate: Plan): boolean {
    const exec = this.exec;
    const steps = exec.plan!.steps;
    const rest = steps.length - exec.index;
    if (candidate.steps.length !== rest) return false;
    for (let i = 0; i < rest; i++) if (!sameStep(candidate.steps[i], steps[exec.index + i])) return false;
    return true;
  }
}

/**
 * The same operator call (task, operator, arguments): a new plan starting with it continues the running step.
 * @example
 * sameStep(candidate.steps[0], running.steps[index]);
 */
function sameStep(a: PlanStep, b: PlanStep): boolean {
  if (a === b) return true;
  if (a.task !== b.task || a.operator !== b.operator || a.args.length !== b.args.length) return false;
  for (let i = 0; i < a.args.length; i++) if (!Object.is(a.args[i], b.args[i])) return false;
  return true;
}
