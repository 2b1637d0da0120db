import {
  didYouMean,
  ChangeSource,
  applyEffects,
  applyEffectsOrThrow,
  firstFailing,
  isPendingPlanner,
  validatePlan,
  type AgentPlanner,
  type Plan,
  type PlanCheck,
  type PlanResult,
  type PlanReceiver,
  type PlanStep,
  type PlanUrgency,
  type WorldState,
} from '@dualplan/world-state';
import type { AgentView } from './AgentView.js';
import type { Operator, OperatorMap } from './Operator.js';
import { OperatorStatus } from './OperatorStatus.js';
import { RunnerError } from './RunnerError.js';
import type { ReplanTrigger, RunnerEventListener } from './RunnerEvent.js';
import { createRunnerStats, recordPlanTime, type RunnerStats } from './RunnerStats.js';
import { validateRest } from './validateRest.js';
import type { PlanRunnerOptions } from './PlanRunnerOptions.js';
import { URGENCY_LEVEL } from './scheduling/UrgencyQueue.js';

export type { PlanRunnerOptions } from './PlanRunnerOptions.js';

const EMPTY_OPS: Operator[] = [];

/**
 * Executes plans from any {@link AgentPlanner} through the shared plan format
 * (seed 004 §12.4, §12.5, §12.8). Per tick: check the running step's executing
 * conditions, validate the rest of the plan when the world changed, replan on
 * the triggers, start the next step after checking its conditions, and update
 * the running operator. Effects are applied once, on success, as
 * {@link ChangeSource | ChangeSource.Own}; expected effects only ever touch a working copy.
 * A tick with a running step and no change allocates nothing.
 * Events are object literals with every field written out: spreading a shared
 * base object and adding fields is many times slower in V8, and monitors listen to every event.
 * @example
 * const runner = new PlanRunner(agentView, { planner, operators: { Wait: waitOperator } });
 * runner.tick(1 / 30);
 */
export class PlanRunner<Ctx = any> implements PlanReceiver {
  readonly name: string;
  readonly operators: OperatorMap<Ctx>;
  readonly stats: RunnerStats = createRunnerStats();
  private readonly agent: AgentView<Ctx>;
  private plannerRef: AgentPlanner<Ctx>;
  private onEvent: RunnerEventListener | undefined;
  private listeners: RunnerEventListener[] = [];
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
  /** The state version and context at which the plan was validated from its first step; -1 when not (or used). */
  private validVersion = -1;
  private validCtx: Ctx | undefined = undefined;
  /** Plans that failed in a row with no outside change while they ran: the planner would repeat them. */
  private failStreak = 0;
  private changedSinceAdopt = false;
  private readonly whilePlanning: 'continue' | 'idle';
  private readonly recheckInterval: number;
  private recheckAt = Infinity;
  /** The id of the request still awaited from a pending planner, or 0. */
  private pendingId = 0;
  private pendingTrigger: ReplanTrigger = 'noPlan';
  private pendingUrgency: PlanUrgency = 'noPlan';
  private pendingTick = 0;
  /** A trigger raised while a request was pending, replayed once the answer is in. */
  private absorbed: ReplanTrigger | null = null;
  private requests = 0;

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
    checkOperators(options.planner, options.operators, options.name ?? 'main');
    const retry = options.retryInterval ?? 0.5;
    if (!(retry >= 0) || !Number.isFinite(retry)) throw new RunnerError('BAD_RETRY_INTERVAL', 'retryInterval', `retryInterval must be a finite number >= 0, got ${retry}.`);
    const samples = options.maxPlanSamples ?? 1024;
    if (!Number.isInteger(samples) || samples < 1) throw new RunnerError('BAD_MAX_PLAN_SAMPLES', 'maxPlanSamples', `maxPlanSamples must be an integer >= 1, got ${samples}.`);
    this.agent = agent;
    this.name = options.name ?? 'main';
    this.plannerRef = options.planner;
    this.operators = options.operators;
    this.onEvent = options.onEvent;
    this.retryInterval = retry;
    this.clock = options.clock ?? (() => performance.now());
    this.maxPlanSamples = samples;
    this.scratch = agent.state.clone();
    const whilePlanning = options.whilePlanning ?? 'continue';
    if (whilePlanning !== 'continue' && whilePlanning !== 'idle') {
      throw new RunnerError('BAD_WHILE_PLANNING', 'whilePlanning', `whilePlanning must be 'continue' or 'idle', got ${String(whilePlanning)}.`);
    }
    this.whilePlanning = whilePlanning;
    const recheck = options.recheckInterval ?? 0;
    if (!(recheck >= 0) || !Number.isFinite(recheck)) throw new RunnerError('BAD_RECHECK_INTERVAL', 'recheckInterval', `recheckInterval must be a finite number >= 0, got ${recheck}.`);
    this.recheckInterval = recheck;
  }

  /** True while a request to a pending planner awaits its answer. */
  get planning(): boolean {
    return this.pendingId !== 0;
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
   * Also send this runner's events to `listener` (a monitor, a log), after the
   * `onEvent` given at construction. Returns the function that removes it. With
   * no listener at all the runner builds no event objects.
   * @example
   * const stop = agent.runner().addListener((e) => console.log(formatEvent(e)));
   * stop();
   */
  addListener(listener: RunnerEventListener): () => void {
    if (typeof listener !== 'function') throw new RunnerError('BAD_LISTENER', this.name, `Runner "${this.name}": addListener needs a function.`);
    if (this.listeners.length === 0 && this.onEvent !== undefined) this.listeners.push(this.onEvent);
    this.listeners = [...this.listeners, listener];
    this.onEvent = this.listeners.length === 1 ? listener : this.fanOut;
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i < 0) return;
      this.listeners = this.listeners.filter((_, j) => j !== i);
      this.onEvent = this.listeners.length === 0 ? undefined : this.listeners.length === 1 ? this.listeners[0] : this.fanOut;
    };
  }

  private readonly fanOut: RunnerEventListener = (event) => {
    // Never mutated in place (add and remove replace it), so a listener may remove itself here.
    for (const l of this.listeners) l(event);
  };

  /**
   * Swap the planner: the running step is aborted, the plan dropped, and the
   * new planner plans on the next tick. Nothing else about the agent changes.
   */
  setPlanner(planner: AgentPlanner<Ctx>): void {
    checkOperators(planner, this.operators, this.name);
    this.cancelPlanning();
    this.abortPlan(`planner switched to ${planner.kind}`);
    this.plannerRef = planner;
    this.trigger = 'noPlan';
    this.failStreak = 0;
  }

  /**
   * Abort the running step (its operator's `abort` is called, its effects are
   * not applied) and fail the plan with `reason`; the runner replans on its next
   * tick (trigger `failed`). Does nothing without a plan. For game code that
   * knows better than the world state, e.g. a cutscene taking the agent over.
   * @example
   * agent.runner().abortPlan('cutscene');
   */
  abortPlan(reason: string): void {
    if (this.current === null) return;
    if (this.running) this.abortStep(reason);
    this.failPlan(reason);
  }

  /**
   * Withdraw the request a pending planner is working on: its answer, should it
   * still arrive, is dropped. The runner asks again on its next trigger.
   */
  cancelPlanning(): void {
    if (this.pendingId === 0) return;
    const planner = this.plannerRef;
    if (isPendingPlanner(planner)) planner.cancel(this.pendingId);
    this.pendingId = 0;
    this.absorbed = null;
  }

  /**
   * The answer to request `id` of a pending planner ({@link PlanReceiver}).
   * Answers to any other request than the latest are stale and dropped.
   */
  receive(id: number, result: PlanResult | null, failure: string): void {
    if (id !== this.pendingId || id === 0) {
      this.stats.staleDropped++;
      if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planDropped', id, reason: `superseded or cancelled (latest request: ${this.requests})` });
      return;
    }
    this.pendingId = 0;
    this.stats.pendingAnswers++;
    this.stats.pendingTicks += this.agent.tickCount - this.pendingTick;
    const trigger = this.pendingTrigger;
    if (this.absorbed !== null) {
      this.trigger ??= this.absorbed;
      this.absorbed = null;
    }
    if (result === null) {
      this.stats.planningFailures++;
      // Ask again on the next tick: the planner (a replaced worker) will likely answer this time.
      if (this.current === null) this.retryAt = this.agent.time;
      else this.trigger ??= trigger;
      if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planningFailed', trigger, reason: failure });
      return;
    }
    if (this.current !== null && this.running && this.blocked(trigger)) return;
    this.adopt(trigger, result);
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
      const invalid = validateRest(this.current.steps, this.index, this.running, state, this.scratch, agent.ctx, this.check);
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
    // While a request is pending, having no plan (or a recheck coming due) is no news: the answer is on its way.
    if (this.current === null && this.trigger === null && this.pendingId === 0 && (changed || agent.time >= this.retryAt)) this.trigger = 'noPlan';
    if (this.current !== null && this.trigger === null && this.pendingId === 0 && agent.time >= this.recheckAt) this.trigger = 'recheck';
    let trigger = this.trigger;
    this.trigger = null;
    if (trigger === 'failed' && this.failStreak >= 2 && !changed) {
      // Same world, same plan, same failure: wait for a change or retryInterval instead of spinning.
      this.retryAt = agent.time + this.retryInterval;
      this.skip(trigger, `backing off: ${this.failStreak} plans failed in a row with no outside change`);
      trigger = null;
    }
    if (trigger !== null && this.doomed === null) this.replan(trigger);

    if (this.pendingId !== 0 && this.whilePlanning === 'idle') return;
    if (!this.running && this.current !== null) this.startStep();
    if (this.running) this.updateStep(dt);
  }

  /** True (and reported) when the running step's interrupt policy holds the replan back. */
  private blocked(trigger: ReplanTrigger): boolean {
    const step = this.current!.steps[this.index];
    if (step.interrupt === 'uninterruptible') {
      this.skip(trigger, `step ${step.task} is uninterruptible`);
      return true;
    }
    if (step.interrupt === 'boundary') {
      this.deferred = trigger;
      this.skip(trigger, `deferred to the end of step ${step.task}`);
      return true;
    }
    return false;
  }

  private replan(trigger: ReplanTrigger): void {
    const agent = this.agent;
    const running = this.current;
    if (running !== null && this.running && this.blocked(trigger)) return;
    if (this.recheckInterval > 0) this.scheduleRecheck();
    if (trigger === 'failed' || trigger === 'worldChanged' || trigger === 'recheck') this.stats.replans++;
    const planner = this.plannerRef;
    if (isPendingPlanner(planner)) {
      const urgency: PlanUrgency = running === null ? (trigger === 'failed' ? 'invalidated' : 'noPlan') : 'recheck';
      if (this.pendingId !== 0) {
        // Keep the request in flight unless this one is more urgent: restarting on every change would starve it.
        if (URGENCY_LEVEL[urgency] >= URGENCY_LEVEL[this.pendingUrgency]) {
          this.absorbed = trigger;
          return;
        }
        planner.cancel(this.pendingId);
      }
      this.absorbed = null;
      const id = (this.pendingId = ++this.requests);
      this.pendingTrigger = trigger;
      this.pendingUrgency = urgency;
      this.pendingTick = agent.tickCount;
      this.stats.planCalls++;
      planner.request(agent.state, agent.ctx, running, id, urgency, this);
      return;
    }
    const started = this.clock();
    const outcome = planner.plan(agent.state, agent.ctx, running);
    recordPlanTime(this.stats, this.clock() - started, this.maxPlanSamples);
    this.adopt(trigger, outcome);
  }

  /** The next periodic recheck: one interval on, or at the agent's phase within the interval for the first. */
  private scheduleRecheck(): void {
    const interval = this.recheckInterval;
    const now = this.agent.time;
    this.recheckAt = this.recheckAt === Infinity ? now + interval * phaseOf(this.agent.id, this.name) : now + interval;
  }

  /** Take a planning result: install it, offer it as a replacement, or report that there is none. */
  private adopt(trigger: ReplanTrigger, outcome: PlanResult): void {
    const agent = this.agent;
    const running = this.current;
    const candidate = outcome.status === 'found' ? outcome.plan : null;
    if (candidate === null) {
      if (running !== null) return this.skip(trigger, `no new plan (${outcome.status}): ${outcome.reason}`);
      this.retryAt = agent.time + this.retryInterval;
      if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planNotFound', status: outcome.status, trigger, reason: outcome.reason });
      return;
    }
    this.stats.plansFound++;
    if (running !== null) {
      if (this.sameAsRemaining(candidate)) return this.skip(trigger, 'the new plan equals the rest of the running plan');
      const decision = this.plannerRef.shouldReplace(candidate, running);
      if (!decision.replace) return this.skip(trigger, decision.reason);
      const continued = this.running && candidate.steps.length > 0 && sameStep(candidate.steps[0], running.steps[this.index]);
      const invalid = continued ? null : this.invalidAtStart(candidate);
      if (invalid !== null) return this.skip(trigger, `the better plan is ${invalid}`);
      const ops = this.resolve(candidate);
      if (this.running && !continued) this.abortStep(`replaced: ${decision.reason}`);
      this.install(candidate, ops, continued);
      this.stats.replaced++;
      if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planReplaced', plan: candidate, previous: running, trigger, reason: decision.reason, continued });
      return;
    }
    const ops = this.resolve(candidate);
    if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planFound', plan: candidate, trigger, reason: outcome.reason });
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
    const agent = this.agent;
    const check = validatePlan(plan.steps, 0, agent.state, this.scratch, agent.ctx, this.check);
    if (check.step >= 0) return `invalid from the start: step ${check.step} ${plan.steps[check.step].task}: ${check.reason}`;
    this.validVersion = agent.state.version;
    this.validCtx = agent.ctx;
    return null;
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
    // A plan just validated from its first step on this very state and context need not be checked again.
    const validated = this.index === 0 && this.validVersion === agent.state.version && this.validCtx === agent.ctx;
    this.validVersion = -1;
    this.validCtx = undefined;
    // Fail early (004 §12.5): this step's conditions on the real state, then the rest on a working copy.
    const check = validated ? null : validatePlan(plan.steps, this.index, agent.state, this.scratch, agent.ctx, this.check);
    if (check !== null && check.step >= 0) {
      const failing = plan.steps[check.step];
      this.failPlan(check.step === this.index ? `conditions of ${failing.task} fail: ${check.reason}` : `step ${check.step} ${failing.task} would fail: ${check.reason}`);
      return;
    }
    this.running = true;
    this.stats.stepsStarted++;
    if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'stepStarted', step, index: this.index });
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
      if (step.effects.hasErrorEdge) {
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
      if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'stepSucceeded', step, index: this.index });
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
    if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'stepFailed', step, index: this.index, reason });
    this.plannerRef.stepFailed?.(step, this.agent.ctx);
    this.failPlan(`step ${step.task} failed: ${reason}`);
  }

  private abortStep(reason: string): void {
    const step = this.current!.steps[this.index];
    this.running = false;
    this.stats.stepsAborted++;
    if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'stepAborted', step, index: this.index, reason });
    this.ops[this.index].abort?.(step.args, this.agent, step);
  }

  private failPlan(reason: string): void {
    const plan = this.current;
    if (plan === null) return;
    this.drop();
    this.failStreak = this.changedSinceAdopt ? 1 : this.failStreak + 1;
    this.stats.plansFailed++;
    this.trigger = 'failed';
    if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planFailed', plan, reason });
  }

  private finishPlan(): void {
    const plan = this.current!;
    this.drop();
    this.failStreak = 0;
    this.stats.plansFinished++;
    this.trigger = 'finished';
    if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planFinished', plan });
  }

  private drop(): void {
    this.current = null;
    this.ops = EMPTY_OPS;
    this.index = 0;
    this.running = false;
    this.doomed = null;
    this.deferred = null;
    this.validVersion = -1;
    this.validCtx = undefined;
  }

  private skip(trigger: ReplanTrigger, reason: string): void {
    this.stats.replansSkipped++;
    if (this.onEvent !== undefined) this.onEvent({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'replanSkipped', trigger, reason });
  }

  private sameAsRemaining(candidate: Plan): boolean {
    const steps = this.current!.steps;
    const rest = steps.length - this.index;
    if (candidate.steps.length !== rest) return false;
    for (let i = 0; i < rest; i++) if (!sameStep(candidate.steps[i], steps[this.index + i])) return false;
    return true;
  }

}

/** A fraction in (0, 1] fixed by the agent id and runner name (FNV-1a), to stagger periodic rechecks. */
function phaseOf(agent: string, runner: string): number {
  let h = 0x811c9dc5;
  const key = `${agent}/${runner}`;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return ((h >>> 0) % 1024 + 1) / 1024;
}

function sameStep(a: PlanStep, b: PlanStep): boolean {
  if (a === b) return true;
  if (a.task !== b.task || a.operator !== b.operator || a.args.length !== b.args.length) return false;
  for (let i = 0; i < a.args.length; i++) if (!Object.is(a.args[i], b.args[i])) return false;
  return true;
}


/**
 * Every operator id the planner can put in a plan must be registered: checked
 * when the runner is made (and on `setPlanner`), not when a rare branch is first adopted.
 */
function checkOperators(planner: AgentPlanner<any>, operators: OperatorMap<any>, runner: string): void {
  if (!Array.isArray(planner.operators)) {
    throw new RunnerError('BAD_PLANNER', runner, `Planner "${planner.kind}" of runner "${runner}" needs an \`operators\` array listing the operator ids its plans use.`);
  }
  const known = Object.keys(operators);
  for (const id of planner.operators) {
    if (!Object.hasOwn(operators, id)) {
      throw new RunnerError('UNKNOWN_OPERATOR', id, `Planner "${planner.kind}" uses operator "${id}", which runner "${runner}" does not register.${didYouMean(id, known)}`);
    }
  }
}
