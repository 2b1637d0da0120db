import { nameOf, showValue, validatePlanSafely, type AgentPlanner, type Plan, type PlanResult } from '@dualplan/world-state';
import type { AgentView } from './AgentView.js';
import type { FaultReporter } from './FaultReporter.js';
import type { Operator, OperatorMap } from './Operator.js';
import { RunnerError } from './RunnerError.js';
import type { ReplanTrigger, RunnerEventListener } from './RunnerEvent.js';
import type { RunnerStats } from './RunnerStats.js';
import { shouldReplaceGuarded } from './plannerCalls.js';
import { sameStep } from './runnerChecks.js';
import type { SecondaryBranch } from './SecondaryBranch.js';
import type { StepExecution } from './StepExecution.js';

/** @internal What a {@link PlanAdoption} needs of the runner that owns it: the replan state it reads and sets. */
export interface AdoptionHost<Ctx> {
  readonly name: string;
  readonly stats: RunnerStats;
  readonly operators: OperatorMap<Ctx>;
  /** The planner in use (its kind in events, its `shouldReplace`). */
  readonly planner: AgentPlanner<Ctx>;
  /** The listener events go to now, or undefined (then no event object is built). */
  readonly listener: RunnerEventListener | undefined;
  /** The replan to make on the next tick, or null. */
  trigger: ReplanTrigger | null;
  /** A replan postponed to the end of a `boundary` step. */
  deferred: ReplanTrigger | null;
  /** Why the plan fails when the running (non-immediate) step ends, or null. */
  doomed: string | null;
  /** No plan: ask the planner again from this time on. */
  retryAt: number;
  /** Whether the world changed outside the runner since the plan was adopted. */
  changedSinceAdopt: boolean;
  /** Fail the whole plan with `reason` (the running step is already stopped). */
  failPlan(reason: string): void;
  /** The plan's last step succeeded: the plan is finished. */
  finishPlan(): void;
}

/**
 * @internal How a runner takes a planning result: a first plan is installed, a
 * better one replaces the running plan (continuing its running step when the
 * new plan starts with the same call), and anything else is a skipped replan
 * with its reason. A running step's interrupt policy may hold the replan back
 * ({@link blocked}). The runner's replan state stays on the runner, its host.
 */
export class PlanAdoption<Ctx = any> {
  /** On a primary runner: the link to the runner of its plans' secondary branches (set once, as the runner's own). */
  branch: SecondaryBranch<Ctx> | null = null;

  constructor(
    private readonly agent: AgentView<Ctx>,
    private readonly host: AdoptionHost<Ctx>,
    private readonly faults: FaultReporter,
    /** The runner's execution: the plan, its operators and the step being run. */
    private readonly exec: StepExecution<Ctx>,
    private readonly retryInterval: number,
  ) {}

  /** True (and reported) when a running step's interrupt policy holds the replan back: the primary's, then (in a parallel section) the secondary branch's. */
  blocked(trigger: ReplanTrigger): boolean {
    if (this.exec.running && this.holds(this.exec, trigger)) return true;
    const branch = this.branch;
    return branch !== null && branch.running && this.holds(branch.exec, trigger);
  }

  private holds(exec: StepExecution<Ctx>, trigger: ReplanTrigger): boolean {
    const step = exec.plan!.steps[exec.index];
    if (step.interrupt === 'uninterruptible') {
      this.skip(trigger, `step ${step.task} is uninterruptible`);
      return true;
    }
    if (step.interrupt === 'boundary') {
      this.host.deferred = trigger;
      this.skip(trigger, `deferred to the end of step ${step.task}`);
      return true;
    }
    return false;
  }

  /** Take a planning result: install it, offer it as a replacement, or report that there is none. */
  adopt(trigger: ReplanTrigger, outcome: PlanResult): void {
    const agent = this.agent;
    const host = this.host;
    const exec = this.exec;
    const running = exec.plan;
    const candidate = outcome.status === 'found' ? outcome.plan : null;
    if (candidate === null) {
      if (running !== null) return this.skip(trigger, `no new plan (${outcome.status}): ${outcome.reason}`);
      host.retryAt = agent.time + this.retryInterval;
      if (host.listener !== undefined)
        this.faults.emit({
          tick: agent.tickCount,
          time: agent.time,
          agent: agent.id,
          runner: host.name,
          planner: host.planner.kind,
          ctx: agent.ctx,
          type: 'planNotFound',
          status: outcome.status,
          trigger,
          reason: outcome.reason,
        });
      return;
    }
    host.stats.plansFound++;
    if (running !== null) {
      if (this.sameAsRemaining(candidate)) return this.skip(trigger, 'the new plan equals the rest of the running plan');
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
        this.faults.emit({
          tick: agent.tickCount,
          time: agent.time,
          agent: agent.id,
          runner: host.name,
          planner: host.planner.kind,
          ctx: agent.ctx,
          type: 'planReplaced',
          plan: candidate,
          previous: running,
          trigger,
          reason: decision.reason,
          continued,
        });
      return;
    }
    const ops = this.resolve(candidate);
    if (host.listener !== undefined)
      this.faults.emit({
        tick: agent.tickCount,
        time: agent.time,
        agent: agent.id,
        runner: host.name,
        planner: host.planner.kind,
        ctx: agent.ctx,
        type: 'planFound',
        plan: candidate,
        trigger,
        reason: outcome.reason,
      });
    this.install(candidate, ops, false);
    const invalid = this.invalidAtStart(candidate);
    if (invalid !== null || candidate.steps.length === 0) {
      if (invalid !== null) host.failPlan(invalid);
      else host.finishPlan();
      // The planner offered nothing runnable: wait before asking again unless the world changes.
      host.trigger = null;
      host.retryAt = agent.time + this.retryInterval;
    }
  }

  /** A replan that changes nothing, counted and reported with its reason. */
  skip(trigger: ReplanTrigger, reason: string): void {
    const agent = this.agent;
    const host = this.host;
    host.stats.replansSkipped++;
    if (host.listener !== undefined)
      this.faults.emit({
        tick: agent.tickCount,
        time: agent.time,
        agent: agent.id,
        runner: host.name,
        planner: host.planner.kind,
        ctx: agent.ctx,
        type: 'replanSkipped',
        trigger,
        reason,
      });
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
    const agent = this.agent;
    const exec = this.exec;
    const check = validatePlanSafely(plan.steps, 0, agent.state, exec.scratch, agent.ctx, exec.check);
    if (check.error !== undefined) exec.checkFault(plan.steps);
    if (check.step >= 0) return `invalid from the start: step ${check.step} ${plan.steps[check.step].task}: ${check.reason}`;
    exec.validVersion = agent.state.version;
    exec.validCtx = agent.ctx;
    return null;
  }

  private install(plan: Plan, ops: Operator[], continued: boolean): void {
    const host = this.host;
    const exec = this.exec;
    host.changedSinceAdopt = false;
    if (this.branch !== null) this.branch.endSection(`primary runner "${host.name}": plan replaced`);
    exec.plan = plan;
    exec.ops = ops;
    exec.index = 0;
    exec.end = plan.steps.length;
    exec.other = null;
    exec.running = continued;
    host.doomed = null;
    host.deferred = null;
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
