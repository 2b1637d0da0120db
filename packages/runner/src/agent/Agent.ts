import { freeze, produce, type Draft } from 'immer';
import { describeValue, didYouMean, nameOf, type AgentPlanner, type UserCodeError, type WorldState } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import { Callback, refusal, type UpdateSource } from '../faults/CallGuard.js';
import { FaultReporter } from '../faults/FaultReporter.js';
import { faultMode, type FaultMode } from '../contract/FaultSource.js';
import type { OperatorMap } from '../contract/Operator.js';
import { BehaviourLedger } from '../execution/BehaviourLedger.js';
import { PlanRunner } from './PlanRunner.js';
import { RunnerError } from '../RunnerError.js';
import type { RunnerEventListener } from '../events/RunnerEvent.js';
import type { Sensor } from '../contract/Sensor.js';
import { SensorManager } from './SensorManager.js';
import { checkRunnerName } from './runnerChecks.js';

/** One planner+runner pair of an agent (several can share one world state, e.g. `'upper'` and `'lower'` body). */
export interface RunnerSpec<Ctx = any, Op extends string = string> {
  name: string;
  planner: AgentPlanner<Ctx, Op>;
  /** One operator per id in `planner.operators` (checked when the agent is made). */
  operators: OperatorMap<Ctx, NoInfer<Op>>;
  /** See {@link PlanRunnerOptions.retryInterval}. */
  retryInterval?: number;
  /** See {@link PlanRunnerOptions.maxPlanSamples}. */
  maxPlanSamples?: number;
  /** See {@link PlanRunnerOptions.whilePlanning}. */
  whilePlanning?: 'continue' | 'idle';
  /** See {@link PlanRunnerOptions.recheckInterval}. */
  recheckInterval?: number;
}

/**
 * A runner that plans nothing itself: it runs the secondary branches of the
 * parallel sections (`plan.parallel`) of runner `branchOf`'s plans, with that
 * runner's operators, while `branchOf` runs the primary branches. That runner
 * waits for both branches before it goes on after a section; a failing branch
 * fails the plan (the other branch's running step is aborted) and `branchOf` replans.
 * Branch runners tick after every planner's runner, so a branch starts in the tick its section does.
 * @example
 * createAgent({ id: 'soldier', state, ctx, runners: [{ name: 'legs', planner, operators }, { name: 'arms', branchOf: 'legs' }] });
 */
export interface BranchSpec {
  name: string;
  branchOf: string;
}

/** Options of {@link createAgent}. Give either `planner` + `operators`, or `runners`. */
export interface AgentOptions<Ctx = any, Op extends string = string> {
  id: string;
  /** The world state the agent's planners plan over; all its runners share it. */
  state: WorldState<any>;
  /** The initial context (frozen; updated only through {@link Agent.updateCtx}). */
  ctx: Ctx;
  sensors?: readonly Sensor<Ctx>[];
  /** At most this many sensors update per tick. Default: all that are due. */
  sensorsPerTick?: number;
  /** Shorthand for one runner named `'main'`. */
  planner?: AgentPlanner<Ctx, Op>;
  /** One operator per id in `planner.operators`: a missing or misspelt id is a type error, and `UNKNOWN_OPERATOR` at run time. */
  operators?: OperatorMap<Ctx, NoInfer<Op>>;
  /** Planner+runner pairs, and runners of their secondary branches ({@link BranchSpec}). */
  runners?: readonly (RunnerSpec<Ctx> | BranchSpec)[];
  /** For the shorthand runner: see {@link PlanRunnerOptions.retryInterval}. */
  retryInterval?: number;
  /** For the shorthand runner: see {@link PlanRunnerOptions.maxPlanSamples}. */
  maxPlanSamples?: number;
  /** For the shorthand runner: see {@link PlanRunnerOptions.whilePlanning}. */
  whilePlanning?: 'continue' | 'idle';
  /** For the shorthand runner: see {@link PlanRunnerOptions.recheckInterval}. */
  recheckInterval?: number;
  onEvent?: RunnerEventListener;
  /** Millisecond clock for plan timings; default `performance.now`. */
  clock?: () => number;
  /**
   * What failing user code does to `tick` (operators, sensors, the planner,
   * condition and effect functions, listeners): `'contain'` (default) reports
   * a `fault` event and carries on; `'rethrow'` does the same, then throws the
   * {@link UserCodeError} from `tick`. See {@link FaultMode}.
   */
  faults?: FaultMode;
  /** A sensor that throws this many times in a row is disabled (reported once, `sensorDisabled`). Default 3. */
  sensorFailureLimit?: number;
}

/**
 * An agent: a world state, sensors, one or more planner+runner pairs sharing
 * that state, and an immutable context (positions, targets, timers, memory)
 * that operators and sensors replace through immer. Each tick: sensors, then
 * every runner in order, then the external-change marks are cleared.
 * @example
 * const agent = createAgent({ id: 'troll', state, ctx: { x: 0 }, planner, operators, sensors: [vision] });
 * for (let i = 0; i < 100; i++) agent.tick(0.1);
 */
export class Agent<Ctx = any> implements AgentView<Ctx> {
  readonly id: string;
  readonly state: WorldState<any>;
  readonly sensors: SensorManager<Ctx>;
  readonly runners: readonly PlanRunner<Ctx>[];
  /** Cooldowns, `once` marks, retries of the agent's decorated steps, shared by its runners; `save()` / `restore()` it with the agent. */
  readonly behaviour: BehaviourLedger;
  // V8 lays an object's fields out in the order they are first written: a steady tick reads time, tickCount, the
  // call guard's fields, the lone runner, then state, rethrows and sensing, which the constructor writes first.
  time = 0;
  tickCount = 0;
  // The agent is its own re-entrancy guard (see Guard in CallGuard.ts), shared with its runners: its tick then
  // touches no other object for it (with thousands of agents, one more object per agent-tick is a cache miss).
  /** Inside a call into this agent (its tick, a runner's setPlanner...): calls from its callbacks are refused. */
  private callHeld = false;
  /** The callback running now, and what it runs for (an operator id...), for the message of a refused call. */
  private callKind: Callback = Callback.None;
  /** The only runner when there is one (the tick then reads no list), else null. */
  private lone: PlanRunner<Ctx> | null = null;
  /** User code failures contained at the agent level (sensors, listeners on sensor events); runners count their own. */
  faults = 0;
  private callSubject = '';
  private readonly updateSources: UpdateSource[] = [];
  private context: Ctx;
  /** Reports sensor faults (and listener faults on those events) as the agent's own. */
  private readonly reporter: FaultReporter;
  /** Whether the reporter may hold an error to rethrow (`faults: 'rethrow'`); with 'contain' a tick need not ask it. */
  private readonly rethrows: boolean;
  /** Whether the agent has sensors to run (a tick without skips the call). */
  private readonly sensing: boolean;
  /** Names this agent in errors. */
  private readonly who: string;

  constructor(options: AgentOptions<Ctx>) {
    if (!options || typeof options.id !== 'string' || options.id === '')
      throw new RunnerError(
        'BAD_AGENT',
        nameOf((options as { id?: unknown } | null | undefined)?.id ?? ''),
        `An agent needs a non-empty string id, got ${describeValue((options as { id?: unknown } | null | undefined)?.id)}.`,
      );
    if (!options.state || typeof options.state.copyFrom !== 'function')
      throw new RunnerError('BAD_AGENT', options.id, `Agent "${options.id}" needs a world state.`);
    this.state = options.state;
    const context = freeze(options.ctx, true);
    const mode = faultMode(options.faults, `agent "${options.id}"`);
    this.rethrows = mode === 'rethrow';
    this.sensing = (options.sensors ?? []).length > 0;
    this.id = options.id;
    this.context = context;
    this.behaviour = new BehaviourLedger(() => this.time);
    this.who = `Agent "${options.id}"`;
    // Sensor events go wherever the first runner's events go (its onEvent and every listener added since).
    this.reporter = new FaultReporter(
      () => this.runners[0]?.listener,
      mode,
      `agent "${options.id}"`,
      () => this.base(),
      this,
      this,
    );
    const restoreCtx = (ctx: Ctx) => {
      this.context = ctx;
    };
    this.sensors = new SensorManager(options.sensors ?? [], options.sensorsPerTick, {
      failureLimit: options.sensorFailureLimit,
      restoreCtx,
      onFault: (sensor, error, undone, failures, disabled) => this.sensorFault(sensor.name, error, undone, failures, disabled),
    });
    if (options.runners !== undefined && !Array.isArray(options.runners))
      throw new RunnerError('BAD_AGENT', options.id, `Agent "${options.id}": runners must be an array, got ${describeValue(options.runners)}.`);
    const all = options.runners ? options.runners.slice() : [];
    all.forEach((s, i) => checkRunnerName((s as { name?: unknown } | null)?.name, `#${i}`));
    const specs = all.filter((s): s is RunnerSpec<Ctx> => !isBranch(s));
    if (options.planner || options.operators) {
      if (!options.planner || !options.operators) throw new RunnerError('BAD_AGENT', options.id, `Agent "${options.id}": give both planner and operators.`);
      specs.unshift({
        name: 'main',
        planner: options.planner,
        operators: options.operators,
        retryInterval: options.retryInterval,
        maxPlanSamples: options.maxPlanSamples,
        whilePlanning: options.whilePlanning,
        recheckInterval: options.recheckInterval,
      });
    }
    if (specs.length === 0) throw new RunnerError('BAD_AGENT', options.id, `Agent "${options.id}" has no planner: give planner + operators or runners.`);
    const names = new Set<string>();
    for (const s of [...specs, ...all.filter(isBranch)]) {
      if (names.has(s.name)) throw new RunnerError('DUPLICATE_RUNNER', s.name, `Agent "${options.id}" has two runners named "${s.name}".`);
      names.add(s.name);
    }
    const runners = specs.map(
      (s) =>
        new PlanRunner<Ctx>(this, {
          name: s.name,
          planner: s.planner,
          operators: s.operators,
          retryInterval: s.retryInterval,
          maxPlanSamples: s.maxPlanSamples,
          whilePlanning: s.whilePlanning,
          recheckInterval: s.recheckInterval,
          onEvent: options.onEvent,
          clock: options.clock,
          faults: mode,
          restoreCtx,
          ledger: this.behaviour,
        }),
    );
    for (const b of all.filter(isBranch)) {
      const primary = specs.findIndex((s) => s.name === b.branchOf);
      if (primary < 0) {
        const of = nameOf(b.branchOf);
        throw new RunnerError(
          'UNKNOWN_RUNNER',
          of,
          `Agent "${options.id}": runner "${b.name}" is the branch of runner "${of}", which the agent does not have (a branch runner needs a planner's runner).${didYouMean(
            b.branchOf,
            specs.map((s) => s.name),
          )}`,
        );
      }
      const p = specs[primary];
      const branch = new PlanRunner<Ctx>(this, {
        name: b.name,
        planner: p.planner,
        operators: p.operators,
        onEvent: options.onEvent,
        clock: options.clock,
        faults: mode,
        restoreCtx,
        ledger: this.behaviour,
      });
      runners[primary].attachBranch(branch);
      runners.push(branch);
    }
    this.runners = runners;
    this.lone = runners.length === 1 ? runners[0] : null;
  }

  /** The current context snapshot. Old snapshots stay valid: they are never mutated. */
  get ctx(): Ctx {
    return this.context;
  }

  /** Produce the next context snapshot with immer (structurally shared with the previous one). */
  updateCtx(recipe: (draft: Draft<Ctx>) => void): void {
    this.context = produce(this.context, recipe);
  }

  /** The runner with this name (`'main'` for the shorthand). Throws {@link RunnerError} when unknown. */
  runner(name = 'main'): PlanRunner<Ctx> {
    for (const r of this.runners) if (r.name === name) return r;
    throw new RunnerError('UNKNOWN_RUNNER', nameOf(name), `Agent "${this.id}" has no runner named "${nameOf(name)}".`);
  }

  /**
   * Send the events of every runner of this agent to `listener` too; returns the function that removes it.
   * @example
   * const stop = agent.addListener((e) => log.push(e.type));
   */
  addListener(listener: RunnerEventListener): () => void {
    const removers = this.runners.map((r) => r.addListener(listener));
    return () => removers.forEach((remove) => remove());
  }

  /** Switch one runner's planner (HTN, GOAP, hybrid); nothing else changes. */
  setPlanner(planner: AgentPlanner<Ctx>, runnerName = 'main'): void {
    this.runner(runnerName).setPlanner(planner);
  }

  /**
   * Advance the agent by `dt` seconds: sensors, runners, then clear the external-change marks. Throws
   * {@link RunnerError} `REENTRANT_CALL` when called from one of this agent's own callbacks during a call into it.
   */
  tick(dt: number): void {
    if (typeof dt !== 'number' || !(dt >= 0) || !Number.isFinite(dt))
      throw new RunnerError('BAD_DT', this.id, `Agent "${this.id}": tick(dt) needs a finite number of seconds >= 0, got ${describeValue(dt)}.`);
    this.enterCall('tick()', this.who);
    try {
      this.advance(dt);
    } finally {
      this.callHeld = false;
    }
    if (this.rethrows && this.reporter.due) this.reporter.throwDue();
  }

  /** One tick inside the guard. */
  private advance(dt: number): void {
    this.tickCount++;
    this.time += dt;
    if (this.sensing) {
      this.callKind = Callback.Sensor;
      this.callSubject = '';
      this.sensors.tick(this);
      this.callKind = Callback.None;
    }
    const lone = this.lone;
    if (lone !== null) lone.tickWithin(dt);
    else {
      const runners = this.runners;
      for (let i = 0; i < runners.length; i++) runners[i].tickWithin(dt);
    }
    this.state.clearExternalChanges();
  }

  /** @internal Enter this agent for `call`, or throw `REENTRANT_CALL` when it is inside one (see Guard in CallGuard.ts). */
  enterCall(call: string, who: string): void {
    if (this.callHeld) throw refusal(call, who, this.callKind, this.callSubject, this.updateSources);
    this.callHeld = true;
    this.callKind = Callback.None;
  }

  /** @internal Leave the call entered with {@link enterCall}. */
  exitCall(): void {
    this.callHeld = false;
  }

  /** @internal Whether the agent is inside a call now. */
  get inCall(): boolean {
    return this.callHeld;
  }

  /** @internal Note the callback about to run, for the message of a call it makes that is refused. */
  noteCallback(kind: Callback, subject: string): void {
    this.callKind = kind;
    this.callSubject = subject;
  }

  /** @internal Ask `source` (a runner's step execution) which operator update it runs, when a call is refused. */
  watch(source: UpdateSource): void {
    this.updateSources.push(source);
  }

  private sensorFault(sensor: string, error: UserCodeError, undone: number, failures: number, disabled: boolean): void {
    this.reporter.report('sensor', sensor, null, -1, error, undone);
    if (disabled && this.runners[0].listener !== undefined) this.reporter.emit({ ...this.base(), type: 'sensorDisabled', sensor, failures, error });
  }

  private base() {
    return { tick: this.tickCount, time: this.time, agent: this.id, runner: '', planner: '', ctx: this.context };
  }
}

function isBranch(spec: RunnerSpec<any> | BranchSpec): spec is BranchSpec {
  return (spec as BranchSpec).branchOf !== undefined;
}

/**
 * Create an {@link Agent}.
 * @example
 * const agent = createAgent({ id: 'soldier', state: createState(soldierSchema()), ctx: {}, planner, operators });
 */
export function createAgent<Ctx = any, Op extends string = string>(options: AgentOptions<Ctx, Op>): Agent<Ctx> {
  return new Agent(options as AgentOptions<Ctx>);
}
