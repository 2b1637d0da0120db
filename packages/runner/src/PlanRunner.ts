import {
  ChangeSource,
  applyEffects,
  applyEffectsOrThrow,
  firstFailing,
  validatePlan,
  type AgentPlanner,
  type EffectList,
  type Plan,
  type PlanCheck,
  type PlanStep,
  type WorldState,
} from '@dualplan/world-state';
import type { AgentView } from './AgentView.js';
import type { Operator, OperatorMap } from './Operator.js';
import { OperatorStatus } from './OperatorStatus.js';
import { RunnerError } from './RunnerError.js';
import type { ReplanTrigger, RunnerEvent, RunnerEventListener } from './RunnerEvent.js';
import { createRunnerStats, type RunnerStats } from './RunnerStats.js';

/** Options of a {@link PlanRunner}. */
export interface PlanRunnerOptions<Ctx = any> {
  /** Name within the agent (`'main'`, `'upper'`, `'lower'`); defaults to `'main'`. */
  name?: string;
  planner: AgentPlanner<Ctx>;
  operators: OperatorMap<Ctx>;
  onEvent?: RunnerEventListener;
  /** Seconds to wait before asking again after "no plan" when nothing changed. Default 0.5. */
  retryInterval?: number;
  /** Millisecond clock used to time planning; default `performance.now`. */
  clock?: () => number;
  /** How many recent plan times to keep for percentiles. Default 1024. */
  maxPlanSamples?: number;
}

const EMPTY_OPS: Operator[] = [];

/**
 * Executes plans from any {@link AgentPlanner} through the shared plan format
 * (seed 004 §12.4, §12.5, §12.8). Per tick: check the running step's executing
 * conditions, validate the rest of the plan when the world changed, replan on
 * the triggers, start the next step after checking its conditions, and update
 * the running operator. Effects are applied once, on success, as
 * {@link ChangeSource.Own}; expected effects only ever touch a working copy.
 * A tick with a running step and no change allocates nothing.
 * @example
 * const runner = new PlanRunner(agentView, { planner, operators: { Wait: waitOperator } });
 * runner.tick(1 / 30);
 */
export class PlanRunner<Ctx = any> {
  readonly name: string;
  readonly operators: OperatorMap<Ctx>;
  readonly stats: RunnerStats = createRunnerStats();
  private readonly agent: AgentView<Ctx>;
  private plannerRef: AgentPlanner<Ctx>;
  private readonly onEvent: RunnerEventListener | undefined;
  private readonly retryInterval: number;
  private readonly clock: () => number;
  private readonly maxPlanSamples: number;
  private readonly scratch: WorldState<any>;
  private readonly check: PlanCheck = { step: -1, condition: -1, reason: '' };

  private current: Plan | null = null;
  private ops: Operator[] = EMPTY_OPS;
  private index = 0;
  private running = false;
  /** The state version this runner has accounted for, its own effects included: any other version means an outside change. */
  private seenVersion = -1;
  private trigger: ReplanTrigger | null = null;
  /** A replan postponed to the end of a `boundary` step. */
  private deferred: ReplanTrigger | null = null;
  /** The plan became invalid while a non-immediate step ran: it fails when that step ends. */
  private doomed: string | null = null;
  private retryAt = -Infinity;
  private sampleCursor = 0;
  /** Plans that failed in a row with no outside change while they ran: the planner would repeat them. */
  private failStreak = 0;
  private changedSinceAdopt = false;

  constructor(agent: AgentView<Ctx>, options: PlanRunnerOptions<Ctx>) {
    if (!options || typeof options.planner?.plan !== 'function' || typeof options.planner.shouldReplace !== 'function') {
      throw new RunnerError('BAD_PLANNER', options?.name ?? 'main', 'A runner needs a planner implementing AgentPlanner (plan, shouldReplace).');
    }
    if (!options.operators || typeof options.operators !== 'object') {
      throw new RunnerError('BAD_OPERATORS', options.name ?? 'main', 'A runner needs an object of operators by id.');
    }
    for (const id of Object.keys(options.operators)) {
      if (typeof options.operators[id]?.update !== 'function') throw new RunnerError('BAD_OPERATOR', id, `Operator "${id}" has no update function.`);
    }
    const retry = options.retryInterval ?? 0.5;
    if (!(retry >= 0) || !Number.isFinite(retry)) throw new RunnerError('BAD_RETRY_INTERVAL', 'retryInterval', `retryInterval must be a finite number >= 0, got ${retry}.`);
    this.agent = agent;
    this.name = options.name ?? 'main';
    this.plannerRef = options.planner;
    this.operators = options.operators;
    this.onEvent = options.onEvent;
    this.retryInterval = retry;
    this.clock = options.clock ?? (() => performance.now());
    this.maxPlanSamples = Math.max(1, options.maxPlanSamples ?? 1024);
    this.scratch = agent.state.clone();
  }

  /** The planner in use. */
  get planner(): AgentPlanner<Ctx> {
    return this.plannerRef;
  }
  /** The plan being executed, or null. */
  get plan(): Plan | null {
    return this.current;
  }
  /** Index of the current (running or next) step in {@link plan}. */
  get stepIndex(): number {
    return this.index;
  }
  /** The running step, or null between steps. */
  get runningStep(): PlanStep | null {
    return this.running && this.current !== null ? this.current.steps[this.index] : null;
  }

  /**
   * Swap the planner: the running step is aborted, the plan dropped, and the
   * new planner plans on the next tick. Nothing else about the agent changes.
   */
  setPlanner(planner: AgentPlanner<Ctx>): void {
    const reason = `planner switched to ${planner.kind}`;
    if (this.current !== null) {
      if (this.running) this.abortStep(reason);
      this.failPlan(reason);
    }
    this.plannerRef = planner;
    this.trigger = 'noPlan';
    this.failStreak = 0;
  }

  /** Abort the running step (if any) and drop the plan; the runner replans on its next tick. */
  abortPlan(reason: string): void {
    if (this.current === null) return;
    if (this.running) this.abortStep(reason);
    this.failPlan(reason);
  }

  /** Advance by `dt` seconds. */
  tick(dt: number): void {
    const agent = this.agent;
    const state = agent.state;
    this.plannerRef.update?.(dt);
    const changed = state.version !== this.seenVersion;
    this.seenVersion = state.version;
    if (changed) this.changedSinceAdopt = true;

    if (this.running) {
      const step = this.current!.steps[this.index];
      const bad = firstFailing(step.executing, state, agent.ctx);
      if (bad >= 0) {
        const reason = `executing condition ${step.executing.describe(bad)} failed`;
        this.abortStep(reason);
        this.failPlan(reason);
      }
    }
    if (changed && this.current !== null && this.doomed === null) {
      const invalid = this.validateRest();
      if (invalid !== null) {
        const step = this.current.steps[this.index];
        if (this.running && step.interrupt !== 'immediate') this.doomed = invalid;
        else {
          if (this.running) this.abortStep(invalid);
          this.failPlan(invalid);
        }
      } else if (this.trigger === null) this.trigger = 'worldChanged';
    }
    if (this.deferred !== null && !this.running) {
      this.trigger ??= this.deferred;
      this.deferred = null;
    }
    if (this.current === null && this.trigger === null && (changed || agent.time >= this.retryAt)) this.trigger = 'noPlan';
    let trigger = this.trigger;
    this.trigger = null;
    if (trigger === 'failed' && this.failStreak >= 2 && !changed) {
      // Same world, same plan, same failure: wait for a change or retryInterval instead of spinning.
      this.retryAt = agent.time + this.retryInterval;
      this.skip(trigger, `backing off: ${this.failStreak} plans failed in a row with no outside change`);
      trigger = null;
    }
    if (trigger !== null && this.doomed === null) this.replan(trigger);

    if (!this.running && this.current !== null) this.startStep();
    if (this.running) this.updateStep(dt);
  }

  private replan(trigger: ReplanTrigger): void {
    const agent = this.agent;
    const running = this.current;
    if (running !== null && this.running) {
      const step = running.steps[this.index];
      if (step.interrupt === 'uninterruptible') return this.skip(trigger, `step ${step.task} is uninterruptible`);
      if (step.interrupt === 'boundary') {
        this.deferred = trigger;
        return this.skip(trigger, `deferred to the end of step ${step.task}`);
      }
    }
    const started = this.clock();
    const outcome = this.plannerRef.plan(agent.state, agent.ctx, running);
    this.recordPlanTime(this.clock() - started);
    if (trigger === 'failed' || trigger === 'worldChanged') this.stats.replans++;
    const candidate = outcome.status === 'found' ? outcome.plan : null;
    if (candidate === null) {
      if (running !== null) return this.skip(trigger, `no new plan (${outcome.status}): ${outcome.reason}`);
      this.retryAt = agent.time + this.retryInterval;
      this.emit({ ...this.base(), type: 'planNotFound', status: outcome.status, trigger, reason: outcome.reason });
      return;
    }
    this.stats.plansFound++;
    if (running !== null) {
      if (this.sameAsRemaining(candidate)) return this.skip(trigger, 'the new plan equals the rest of the running plan');
      const decision = this.plannerRef.shouldReplace(candidate, running);
      if (!decision.replace) return this.skip(trigger, decision.reason);
      const continued = this.running && candidate.steps.length > 0 && sameStep(candidate.steps[0], running.steps[this.index]);
      const ops = this.resolve(candidate);
      const invalid = continued ? null : this.invalidAtStart(candidate);
      if (invalid !== null) return this.skip(trigger, `the better plan is ${invalid}`);
      if (this.running && !continued) this.abortStep(`replaced: ${decision.reason}`);
      this.install(candidate, ops, continued);
      this.stats.replaced++;
      this.emit({ ...this.base(), type: 'planReplaced', plan: candidate, previous: running, trigger, reason: decision.reason, continued });
      return;
    }
    const ops = this.resolve(candidate);
    this.emit({ ...this.base(), type: 'planFound', plan: candidate, trigger, reason: outcome.reason });
    this.install(candidate, ops, false);
    const invalid = this.invalidAtStart(candidate);
    if (invalid !== null || candidate.steps.length === 0) {
      if (invalid !== null) this.failPlan(invalid);
      else this.finishPlan();
      // The planner offered nothing runnable: wait before asking again unless the world changes.
      this.trigger = null;
      this.retryAt = agent.time + this.retryInterval;
    }
  }

  /** The operators of each step; throws {@link RunnerError} `UNKNOWN_OPERATOR` for an unregistered id. */
  private resolve(plan: Plan): Operator[] {
    const steps = plan.steps;
    const ops = new Array<Operator>(steps.length);
    for (let i = 0; i < steps.length; i++) {
      const id = steps[i].operator;
      if (!Object.hasOwn(this.operators, id)) {
        throw new RunnerError('UNKNOWN_OPERATOR', id, `Plan step "${steps[i].task}" uses operator "${id}", which runner "${this.name}" of agent "${this.agent.id}" does not register.`);
      }
      ops[i] = this.operators[id];
    }
    return ops;
  }

  private invalidAtStart(plan: Plan): string | null {
    if (plan.steps.length === 0) return null;
    const check = validatePlan(plan.steps, 0, this.agent.state, this.scratch, this.agent.ctx, this.check);
    return check.step < 0 ? null : `invalid from the start: step ${check.step} ${plan.steps[check.step].task}: ${check.reason}`;
  }

  private install(plan: Plan, ops: Operator[], continued: boolean): void {
    this.changedSinceAdopt = false;
    this.current = plan;
    this.ops = ops;
    this.index = 0;
    this.running = continued;
    this.doomed = null;
    this.deferred = null;
  }

  private startStep(): void {
    const plan = this.current!;
    const step = plan.steps[this.index];
    const agent = this.agent;
    // Fail early (004 §12.5): this step's conditions on the real state, then the rest on a working copy.
    const check = validatePlan(plan.steps, this.index, agent.state, this.scratch, agent.ctx, this.check);
    if (check.step >= 0) {
      const failing = plan.steps[check.step];
      this.failPlan(check.step === this.index ? `conditions of ${failing.task} fail: ${check.reason}` : `step ${check.step} ${failing.task} would fail: ${check.reason}`);
      return;
    }
    this.running = true;
    this.stats.stepsStarted++;
    this.emit({ ...this.base(), type: 'stepStarted', step, index: this.index });
    this.ops[this.index].start?.(step.args, agent, step);
  }

  private updateStep(dt: number): void {
    const plan = this.current!;
    const step = plan.steps[this.index];
    const agent = this.agent;
    const status = this.ops[this.index].update(step.args, agent, dt, step);
    if (status === OperatorStatus.Running) return;
    if (status === OperatorStatus.Success) {
      this.running = false;
      const state = agent.state;
      if (refusesSomewhere(step.effects)) {
        // Effects apply atomically: a refused effect must not leave earlier ones applied.
        this.scratch.copyFrom(state);
        const refused = applyEffects(step.effects, this.scratch, agent.ctx, ChangeSource.Planning);
        if (refused >= 0) return this.stepFailed(step, `effect ${step.effects.describe(refused)} would leave its range`);
      }
      const before = state.version;
      applyEffectsOrThrow(step.effects, state, agent.ctx, ChangeSource.Own, `task ${step.task}`);
      // Own effects are not a reason to replan (004 §12.8): count them as seen.
      this.seenVersion += state.version - before;
      this.stats.stepsSucceeded++;
      this.emit({ ...this.base(), type: 'stepSucceeded', step, index: this.index });
      this.plannerRef.stepSucceeded?.(step, agent.ctx);
      if (this.current !== plan) return;
      this.index++;
      if (this.doomed !== null) this.failPlan(this.doomed);
      else if (this.index >= plan.steps.length) this.finishPlan();
      return;
    }
    if (status === OperatorStatus.Failure) {
      this.running = false;
      return this.stepFailed(step, `operator ${step.operator} failed`);
    }
    throw new RunnerError('BAD_OPERATOR_STATUS', step.operator, `Operator "${step.operator}" returned ${String(status)}; expected OperatorStatus.Running, Success or Failure.`);
  }

  private stepFailed(step: PlanStep, reason: string): void {
    this.stats.stepsFailed++;
    this.emit({ ...this.base(), type: 'stepFailed', step, index: this.index, reason });
    this.plannerRef.stepFailed?.(step, this.agent.ctx);
    this.failPlan(`step ${step.task} failed: ${reason}`);
  }

  private abortStep(reason: string): void {
    const step = this.current!.steps[this.index];
    this.running = false;
    this.stats.stepsAborted++;
    this.emit({ ...this.base(), type: 'stepAborted', step, index: this.index, reason });
    this.ops[this.index].abort?.(step.args, this.agent, step);
  }

  private failPlan(reason: string): void {
    const plan = this.current;
    if (plan === null) return;
    this.drop();
    this.failStreak = this.changedSinceAdopt ? 1 : this.failStreak + 1;
    this.stats.plansFailed++;
    this.trigger = 'failed';
    this.emit({ ...this.base(), type: 'planFailed', plan, reason });
  }

  private finishPlan(): void {
    const plan = this.current!;
    this.drop();
    this.failStreak = 0;
    this.stats.plansFinished++;
    this.trigger = 'finished';
    this.emit({ ...this.base(), type: 'planFinished', plan });
  }

  private drop(): void {
    this.current = null;
    this.ops = EMPTY_OPS;
    this.index = 0;
    this.running = false;
    this.doomed = null;
    this.deferred = null;
  }

  private skip(trigger: ReplanTrigger, reason: string): void {
    this.stats.replansSkipped++;
    this.emit({ ...this.base(), type: 'replanSkipped', trigger, reason });
  }

  /** Null when the rest of the plan still holds on a working copy, else why not. */
  private validateRest(): string | null {
    const plan = this.current!;
    const steps = plan.steps;
    const agent = this.agent;
    const scratch = this.scratch;
    let from = this.index;
    if (this.running) {
      // The running step's own conditions were checked when it started; its executing conditions guard it now.
      const step = steps[from];
      scratch.copyFrom(agent.state);
      if (applyEffects(step.effects, scratch, agent.ctx, ChangeSource.Planning) >= 0 || applyEffects(step.expectedEffects, scratch, agent.ctx, ChangeSource.Planning) >= 0) {
        return `effects of ${step.task} no longer fit the world`;
      }
      from++;
      if (from >= steps.length) return null;
      validatePlan(steps, from, scratch, scratch, agent.ctx, this.check);
    } else {
      validatePlan(steps, from, agent.state, scratch, agent.ctx, this.check);
    }
    const check = this.check;
    return check.step < 0 ? null : `plan invalid: step ${check.step} ${steps[check.step].task}: ${check.reason}`;
  }

  private sameAsRemaining(candidate: Plan): boolean {
    const steps = this.current!.steps;
    const rest = steps.length - this.index;
    if (candidate.steps.length !== rest) return false;
    for (let i = 0; i < rest; i++) if (!sameStep(candidate.steps[i], steps[this.index + i])) return false;
    return true;
  }

  private recordPlanTime(ms: number): void {
    const stats = this.stats;
    stats.planCalls++;
    stats.planTimeTotal += ms;
    if (stats.planTimes.length < this.maxPlanSamples) stats.planTimes.push(ms);
    else {
      stats.planTimes[this.sampleCursor] = ms;
      this.sampleCursor = (this.sampleCursor + 1) % this.maxPlanSamples;
    }
  }

  private base() {
    const agent = this.agent;
    return { tick: agent.tickCount, time: agent.time, agent: agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: agent.ctx };
  }

  private emit(event: RunnerEvent): void {
    this.onEvent?.(event);
  }
}

function sameStep(a: PlanStep, b: PlanStep): boolean {
  if (a === b) return true;
  if (a.task !== b.task || a.operator !== b.operator || a.args.length !== b.args.length) return false;
  for (let i = 0; i < a.args.length; i++) if (!Object.is(a.args[i], b.args[i])) return false;
  return true;
}

/** True when some add/sub effect uses the `error` edge policy, so applying it might be refused. */
function refusesSomewhere(list: EffectList): boolean {
  const d = list.data;
  for (let j = 0; j < d.length; j += 4) if (d[j + 1] === 1 && d[j + 3] === 1) return true;
  return false;
}
