import {
  didYouMean,
  ChangeSource,
  applyEffects,
  describeThrown,
  describeValue,
  firstFailing,
  isPendingPlanner,
  validatePlanSafely,
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
import { FaultReporter } from './FaultReporter.js';
import { faultMode, type FaultMode, type FaultSource } from './FaultSource.js';
import type { Operator, OperatorMap } from './Operator.js';
import { OperatorStatus } from './OperatorStatus.js';
import { RunnerError } from './RunnerError.js';
import type { ReplanTrigger, RunnerEventListener } from './RunnerEvent.js';
import { createRunnerStats, recordPlanTime, type RunnerStats } from './RunnerStats.js';
import { feedbackGuarded, planGuarded, shouldReplaceGuarded, updateGuarded } from './plannerCalls.js';
import { validateRest } from './validateRest.js';
import type { PlanRunnerOptions } from './PlanRunnerOptions.js';
import { URGENCY_LEVEL } from './scheduling/UrgencyQueue.js';

export type { PlanRunnerOptions } from './PlanRunnerOptions.js';

const EMPTY_OPS: Operator[] = [];

/**
 * Executes plans from any {@link AgentPlanner} through the shared plan format
 * (validated as it runs, replanned on world changes and on higher-priority plans). Per tick: check the running step's executing
 * conditions, validate the rest of the plan when the world changed, replan on
 * the triggers, start the next step after checking its conditions, and update
 * the running operator. Effects are applied once, on success, as
 * {@link ChangeSource | ChangeSource.Own}, all or none; expected effects only ever touch a
 * working copy. A tick with a running step and no change allocates nothing.
 * Events are object literals with every field written out: spreading a shared
 * base object and adding fields is many times slower in V8, and monitors listen to every event.
 *
 * User code that fails (an operator, the planner, a condition or effect
 * function, a listener) is contained: its world-state writes and context
 * changes are undone, a `fault` event names it, and the runner carries on as
 * if it had failed cleanly (an operator's step fails without its effects; a
 * planner that throws finds no plan). With `faults: 'rethrow'` the error is
 * then thrown from `tick`.
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
  private readonly check: PlanCheck = { step: -1, condition: -1, reason: '', error: undefined };
  private readonly restoreCtx: ((ctx: Ctx) => void) | undefined;
  /** Counts and announces contained faults; with `faults: 'rethrow'` keeps the first for the end of the tick. */
  private readonly faults: FaultReporter;

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
    if (typeof retry !== 'number' || !(retry >= 0) || !Number.isFinite(retry)) throw new RunnerError('BAD_RETRY_INTERVAL', 'retryInterval', `retryInterval must be a finite number >= 0, got ${describeValue(retry)}.`);
    const samples = options.maxPlanSamples ?? 1024;
    if (!Number.isInteger(samples) || samples < 1) throw new RunnerError('BAD_MAX_PLAN_SAMPLES', 'maxPlanSamples', `maxPlanSamples must be an integer >= 1, got ${describeValue(samples)}.`);
    this.agent = agent;
    this.name = options.name ?? 'main';
    this.plannerRef = options.planner;
    this.operators = options.operators;
    this.onEvent = options.onEvent;
    this.retryInterval = retry;
    this.clock = options.clock ?? (() => performance.now());
    this.maxPlanSamples = samples;
    this.restoreCtx = options.restoreCtx;
    this.faults = new FaultReporter(() => this.onEvent, faultMode(options.faults, `runner "${this.name}"`), `agent "${agent.id}", runner "${this.name}"`, () => this.base(), this.stats);
    this.scratch = agent.state.clone();
    const whilePlanning = options.whilePlanning ?? 'continue';
    if (whilePlanning !== 'continue' && whilePlanning !== 'idle') {
      throw new RunnerError('BAD_WHILE_PLANNING', 'whilePlanning', `whilePlanning must be 'continue' or 'idle', got ${String(whilePlanning)}.`);
    }
    this.whilePlanning = whilePlanning;
    const recheck = options.recheckInterval ?? 0;
    if (!(recheck >= 0) || !Number.isFinite(recheck)) throw new RunnerError('BAD_RECHECK_INTERVAL', 'recheckInterval', `recheckInterval must be a finite number >= 0, got ${recheck}.`);
    this.recheckInterval = recheck;
    agent.state.enableUndo();
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
    // Each listener is contained on its own: one that throws does not keep the event from the others.
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (thrown) {
        this.faults.listenerThrew(event, thrown);
      }
    }
  };

  /** @internal The listener events go to now (the agent's own events use it too), or undefined. */
  get listener(): RunnerEventListener | undefined {
    return this.onEvent;
  }

  /**
   * Swap the planner: the running step is aborted, the plan dropped, and the
   * new planner plans on the next tick. Nothing else about the agent changes.
   */
  setPlanner(planner: AgentPlanner<Ctx>): void {
    checkOperators(planner, this.operators, this.name);
    this.cancelPlanning();
    this.abortPlan(`planner switched to ${planner.kind}`);
    const previous = this.plannerRef.kind;
    this.plannerRef = planner;
    this.trigger = 'noPlan';
    this.failStreak = 0;
    // Listeners (a monitor) learn of the new planner before its first call.
    if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: planner.kind, ctx: this.agent.ctx, type: 'plannerChanged', previous });
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
    this.faults.throwDue();
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
  receive(id: number, result: PlanResult | null, failure: string, threw = false, thrown?: unknown): void {
    // Reported as from a synchronous plan() (even for a stale answer: the code did fail): the planner's own throw, and what its search contained.
    if (threw) this.fault('planner', this.plannerRef.kind, null, -1, `Planner "${this.plannerRef.kind}" threw in plan`, thrown, 0);
    if (result !== null && result.faults !== undefined) this.faults.searchFaults(result.faults, this.plannerRef.kind);
    if (id !== this.pendingId || id === 0) {
      this.stats.staleDropped++;
      if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planDropped', id, reason: `superseded or cancelled (latest request: ${this.requests})` });
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
      if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planningFailed', trigger, reason: failure });
      return;
    }
    if (this.current !== null && this.running && this.blocked(trigger)) return;
    this.adopt(trigger, result);
  }

  /** Advance by `dt` seconds. */
  tick(dt: number): void {
    const agent = this.agent;
    const state = agent.state;
    if (this.plannerRef.update !== undefined) updateGuarded(this.plannerRef, dt, this.faults);
    const changed = state.version !== this.seenVersion;
    this.seenVersion = state.version;
    if (changed) this.changedSinceAdopt = true;

    if (this.running) {
      const step = this.current!.steps[this.index];
      // Most steps have no executing conditions: no call at all then.
      const bad = step.executing.length === 0 ? -1 : this.executingFails(step);
      if (bad !== -1) {
        const reason = bad >= 0 ? `executing condition ${step.executing.describe(bad)} failed` : `an executing condition of ${step.task} threw`;
        this.abortStep(reason);
        this.failPlan(reason);
      }
    }
    if (changed && this.current !== null && this.doomed === null) {
      const invalid = validateRest(this.current.steps, this.index, this.running, state, this.scratch, agent.ctx, this.check);
      if (invalid !== null) {
        if (this.check.error !== undefined) this.checkFault(this.current.steps);
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

    if (this.pendingId !== 0 && this.whilePlanning === 'idle') {
      if (this.faults.due) this.faults.throwDue();
      return;
    }
    if (!this.running && this.current !== null) this.startStep();
    if (this.running) this.updateStep(dt);
    if (this.faults.due) this.faults.throwDue();
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
    const outcome = planGuarded(planner, agent.state, agent.ctx, running, this.faults);
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
      if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planNotFound', status: outcome.status, trigger, reason: outcome.reason });
      return;
    }
    this.stats.plansFound++;
    if (running !== null) {
      if (this.sameAsRemaining(candidate)) return this.skip(trigger, 'the new plan equals the rest of the running plan');
      const decision = shouldReplaceGuarded(this.plannerRef, candidate, running, this.faults);
      if (!decision.replace) return this.skip(trigger, decision.reason);
      const continued = this.running && candidate.steps.length > 0 && sameStep(candidate.steps[0], running.steps[this.index]);
      const invalid = continued ? null : this.invalidAtStart(candidate);
      if (invalid !== null) return this.skip(trigger, `the better plan is ${invalid}`);
      const ops = this.resolve(candidate);
      if (this.running && !continued) this.abortStep(`replaced: ${decision.reason}`);
      this.install(candidate, ops, continued);
      this.stats.replaced++;
      if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planReplaced', plan: candidate, previous: running, trigger, reason: decision.reason, continued });
      return;
    }
    const ops = this.resolve(candidate);
    if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planFound', plan: candidate, trigger, reason: outcome.reason });
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
    const check = validatePlanSafely(plan.steps, 0, agent.state, this.scratch, agent.ctx, this.check);
    if (check.error !== undefined) this.checkFault(plan.steps);
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
    // Fail early (plan validation): this step's conditions on the real state, then the rest on a working copy.
    const check = validated ? null : validatePlanSafely(plan.steps, this.index, agent.state, this.scratch, agent.ctx, this.check);
    if (check !== null && check.step >= 0) {
      if (check.error !== undefined) this.checkFault(plan.steps);
      const failing = plan.steps[check.step];
      this.failPlan(check.step === this.index ? `conditions of ${failing.task} fail: ${check.reason}` : `step ${check.step} ${failing.task} would fail: ${check.reason}`);
      return;
    }
    this.running = true;
    this.stats.stepsStarted++;
    if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'stepStarted', step, index: this.index });
    const op = this.ops[this.index];
    if (op.start === undefined) return;
    const ctx = agent.ctx;
    const version = agent.state.undoPoint();
    try {
      op.start(step.args, agent, step);
    } catch (thrown) {
      // Not half-started: what start wrote is undone, and the step fails without its effects.
      this.running = false;
      agent.state.undoDone();
      this.undoCall(ctx, version, 'operator.start', step.operator, step, `Operator "${step.operator}" threw in start of step ${step.task} (#${this.index})`, thrown);
      this.stepFailed(step, `operator ${step.operator} threw in start: ${describeThrown(thrown)}`);
      return;
    }
    agent.state.undoDone();
  }

  private updateStep(dt: number): void {
    const plan = this.current!;
    const step = plan.steps[this.index];
    const agent = this.agent;
    const state = agent.state;
    const ctx = agent.ctx;
    const version = state.undoPoint();
    let status: number;
    try {
      status = this.ops[this.index].update(step.args, agent, dt, step);
    } catch (thrown) {
      return this.updateThrew(ctx, version, step, thrown);
    }
    // Closed before the effects apply; a bad status below still rolls back exactly, as nothing is written in between.
    state.undoDone();
    if (status === OperatorStatus.Running) return;
    if (status === OperatorStatus.Success) {
      this.running = false;
      const before = state.version;
      const refused = step.effects.hasErrorEdge || step.effects.hasOpaque ? this.applyAtomically(step) : (applyEffects(step.effects, state, agent.ctx, ChangeSource.Own), null);
      // Own effects are not a reason to replan (else a power-up the step itself set would abort its own plan): count them as seen (and an undone attempt changed nothing).
      this.seenVersion += state.version - before;
      if (refused !== null) return this.stepFailed(step, refused);
      this.stats.stepsSucceeded++;
      if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'stepSucceeded', step, index: this.index });
      if (this.plannerRef.stepSucceeded !== undefined) feedbackGuarded(this.plannerRef, step, this.index, agent.ctx, true, this.faults);
      if (this.current !== plan) return;
      this.index++;
      if (this.doomed !== null) this.failPlan(this.doomed);
      else if (this.index >= plan.steps.length) this.finishPlan();
      return;
    }
    this.running = false;
    if (status === OperatorStatus.Failure) return this.stepFailed(step, `operator ${step.operator} failed`);
    // Not a status: a broken operator, handled like one that threw.
    this.undoCall(ctx, version, 'operator.status', step.operator, step, `Operator "${step.operator}" update of step ${step.task} (#${this.index}) returned no OperatorStatus (Running, Success or Failure)`, status);
    return this.stepFailed(step, `operator ${step.operator} returned ${describeValue(status)}, not an OperatorStatus`);
  }

  /** Cold path of {@link updateStep}, kept out of it so the per-tick code stays small. */
  private updateThrew(ctx: Ctx, version: number, step: PlanStep, thrown: unknown): void {
    this.running = false;
    this.agent.state.undoDone();
    this.undoCall(ctx, version, 'operator.update', step.operator, step, `Operator "${step.operator}" threw in update of step ${step.task} (#${this.index})`, thrown);
    this.stepFailed(step, `operator ${step.operator} threw in update: ${describeThrown(thrown)}`);
  }

  /**
   * Apply a step's effects all or none: a refused `error`-edge effect or an
   * effect function that throws leaves none applied. Returns why it failed, or null.
   */
  private applyAtomically(step: PlanStep): string | null {
    const state = this.agent.state;
    const before = state.undoPoint();
    try {
      const refused = applyEffects(step.effects, state, this.agent.ctx, ChangeSource.Own);
      if (refused < 0) return null;
      state.rollback(before);
      return `effect ${step.effects.describe(refused)} would leave its range`;
    } catch (thrown) {
      const undone = state.rollback(before);
      this.fault('effect', step.task, step, this.index, `An effect function of step ${step.task} (#${this.index}) threw`, thrown, undone);
      return `an effect function threw: ${describeThrown(thrown)}`;
    } finally {
      state.undoDone();
    }
  }

  private stepFailed(step: PlanStep, reason: string): void {
    this.stats.stepsFailed++;
    if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'stepFailed', step, index: this.index, reason });
    if (this.plannerRef.stepFailed !== undefined) feedbackGuarded(this.plannerRef, step, this.index, this.agent.ctx, false, this.faults);
    this.failPlan(`step ${step.task} failed: ${reason}`);
  }

  private abortStep(reason: string): void {
    const step = this.current!.steps[this.index];
    this.running = false;
    this.stats.stepsAborted++;
    if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'stepAborted', step, index: this.index, reason });
    const op = this.ops[this.index];
    if (op.abort === undefined) return;
    const agent = this.agent;
    const ctx = agent.ctx;
    const version = agent.state.undoPoint();
    try {
      op.abort(step.args, agent, step);
    } catch (thrown) {
      agent.state.undoDone();
      this.undoCall(ctx, version, 'operator.abort', step.operator, step, `Operator "${step.operator}" threw in abort of step ${step.task} (#${this.index})`, thrown);
      return;
    }
    agent.state.undoDone();
  }

  private failPlan(reason: string): void {
    const plan = this.current;
    if (plan === null) return;
    this.drop();
    this.failStreak = this.changedSinceAdopt ? 1 : this.failStreak + 1;
    this.stats.plansFailed++;
    this.trigger = 'failed';
    if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planFailed', plan, reason });
  }

  private finishPlan(): void {
    const plan = this.current!;
    this.drop();
    this.failStreak = 0;
    this.stats.plansFinished++;
    this.trigger = 'finished';
    if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'planFinished', plan });
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
    if (this.onEvent !== undefined) this.faults.emit({ tick: this.agent.tickCount, time: this.agent.time, agent: this.agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: this.agent.ctx, type: 'replanSkipped', trigger, reason });
  }

  private sameAsRemaining(candidate: Plan): boolean {
    const steps = this.current!.steps;
    const rest = steps.length - this.index;
    if (candidate.steps.length !== rest) return false;
    for (let i = 0; i < rest; i++) if (!sameStep(candidate.steps[i], steps[this.index + i])) return false;
    return true;
  }

  /** Index of the failing executing condition, -1 when all hold, -2 when one threw (reported). */
  private executingFails(step: PlanStep): number {
    try {
      return firstFailing(step.executing, this.agent.state, this.agent.ctx);
    } catch (thrown) {
      return this.executingThrew(step, thrown);
    }
  }

  private executingThrew(step: PlanStep, thrown: unknown): number {
    this.fault('condition', step.task, step, this.index, `An executing condition of step ${step.task} (#${this.index}) threw`, thrown, 0);
    return -2;
  }

  /** Report the condition or effect function that threw during the last plan check. */
  private checkFault(steps: readonly PlanStep[]): void {
    const error = this.check.error!;
    const at = this.check.step;
    this.fault(error.where === 'effect' ? 'effect' : 'condition', steps[at].task, steps[at], at, `A ${error.where} function of step ${steps[at].task} (#${at}) threw while checking the plan`, error.cause, 0);
  }

  /** Undo what a failed callback wrote (world state and context), then report it. */
  private undoCall(ctx: Ctx, version: number, where: FaultSource, subject: string, step: PlanStep | null, context: string, thrown: unknown): void {
    const agent = this.agent;
    const undone = agent.state.rollback(version);
    // The writes and their undoing are one non-change to this runner, unless it had not yet seen the state before the call.
    if (this.seenVersion === version) this.seenVersion = agent.state.version;
    if (this.restoreCtx !== undefined && agent.ctx !== ctx) this.restoreCtx(ctx);
    this.fault(where, subject, step, this.index, context, thrown, undone);
  }

  private fault(where: FaultSource, subject: string, step: PlanStep | null, index: number, context: string, thrown: unknown, undone: number): void {
    this.faults.fault(where, subject, step, index, context, thrown, undone);
  }

  private base() {
    const agent = this.agent;
    return { tick: agent.tickCount, time: agent.time, agent: agent.id, runner: this.name, planner: this.plannerRef.kind, ctx: agent.ctx };
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
