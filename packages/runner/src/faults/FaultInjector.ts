import { ChangeSource, describeValue, mulberry32, type AgentPlanner, type WorldState } from '@dualplan/world-state';
import { RunnerError } from '../RunnerError.js';
import type { AgentView } from '../contract/AgentView.js';
import type { Operator, OperatorMap } from '../contract/Operator.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import type { FaultSource } from '../contract/FaultSource.js';
import type { Sensor } from '../contract/Sensor.js';
import { isThenable } from '../contract/isThenable.js';

const ignore = (): void => {};

/** Options of a {@link FaultInjector}. Rates are probabilities per call, in [0, 1]. */
export interface FaultInjectorOptions {
  /** Seed of the injector's own random stream: the same seed injects the same faults. */
  seed: number;
  /** Probability that a wrapped call throws. Default 0.05. */
  throwRate?: number;
  /** Probability that a wrapped operator `update` returns `Failure` (a clean failure, not a fault). Default 0. */
  failRate?: number;
  /** Probability that a wrapped operator `update` returns a value that is no {@link OperatorStatus}. Default 0. */
  garbageRate?: number;
  /**
   * Before throwing, write a random in-range value to a random cell of the
   * agent's state, as half-done work would: the engine must undo it. Default true.
   */
  scribble?: boolean;
  /**
   * With `scribble`, how many random writes a fault makes before throwing, at
   * most (1 to this many, at random). Default 1. Large values check that a call
   * that wrote a lot is undone entirely.
   */
  scribbleWrites?: number;
  /** Keep every fault in {@link FaultInjector.injected}; false keeps only {@link FaultInjector.count} (for long soaks). Default true. */
  keepLog?: boolean;
}

/** One fault the injector caused: which callback and on what (operator id, sensor name, planner kind or callback name). */
export interface InjectedFault {
  readonly where: FaultSource;
  readonly subject: string;
}

/**
 * What the injector throws, so tests can tell injected faults from real bugs.
 * @example
 * const onEvent = (e: RunnerEvent) => {
 *   if (e.type === 'fault' && !(e.error.cause instanceof InjectedFaultError)) throw e.error; // a real bug
 * };
 */
export class InjectedFaultError extends Error {
  override readonly name = 'InjectedFaultError';
}

/**
 * Wraps operators, sensors, planners and plain callbacks so that they fail
 * at random (seeded): throw, return `Failure`, or return garbage, optionally
 * after scribbling over the state. Use it to test that your game survives your
 * own code failing: wrap your operators, run your agents, and check the
 * `fault` events against {@link injected}. Turn it off with `enabled = false`
 * to check that agents recover.
 * @example
 * const faults = new FaultInjector({ seed: 1, throwRate: 0.1 });
 * const agent = createAgent({ id: 'troll', state, ctx, planner, operators: faults.operators(operators), onEvent });
 * for (let i = 0; i < 1000; i++) agent.tick(0.1);
 * // every entry of faults.injected has exactly one matching `fault` event
 */
export class FaultInjector {
  /** While false, wrapped code runs untouched. */
  enabled = true;
  /** Every fault injected so far, in order (empty with `keepLog: false`). */
  readonly injected: InjectedFault[] = [];
  /** How many faults were injected so far. */
  count = 0;
  private readonly keepLog: boolean;
  private readonly random: () => number;
  private readonly throwRate: number;
  private readonly failRate: number;
  private readonly garbageRate: number;
  private readonly scribble: boolean;
  private readonly scribbleWrites: number;

  constructor(options: FaultInjectorOptions) {
    const rate = (name: string, value: number | undefined, fallback: number) => {
      const r = value ?? fallback;
      if (typeof r !== 'number' || !(r >= 0 && r <= 1))
        throw new RunnerError('BAD_FAULT_RATE', name, `FaultInjector: ${name} must be a probability in [0, 1], got ${describeValue(r)}.`);
      return r;
    };
    this.random = mulberry32(options.seed);
    this.throwRate = rate('throwRate', options.throwRate, 0.05);
    this.failRate = rate('failRate', options.failRate, 0);
    this.garbageRate = rate('garbageRate', options.garbageRate, 0);
    this.scribble = options.scribble ?? true;
    this.scribbleWrites = Math.max(1, Math.floor(options.scribbleWrites ?? 1));
    this.keepLog = options.keepLog ?? true;
  }

  /** Wrapped copies of every operator of a map. */
  operators<M extends OperatorMap>(operators: M): M {
    const out: Record<string, Operator> = {};
    for (const id of Object.keys(operators)) out[id] = this.operator(id, operators[id]);
    return out as unknown as M;
  }

  /** A wrapped operator: `start`, `update` and `abort` may throw; `update` may also fail or return garbage. */
  operator<Ctx>(id: string, op: Operator<Ctx>): Operator<Ctx> {
    const wrapped: Operator<Ctx> = {
      update: (args, agent, dt, step) => {
        this.maybeThrow('operator.update', id, agent);
        if (this.enabled && this.failRate > 0 && this.random() < this.failRate) return OperatorStatus.Failure;
        if (this.enabled && this.garbageRate > 0 && this.random() < this.garbageRate) {
          this.note('operator.status', id);
          this.scribbleOn(agent);
          return 'done' as unknown as OperatorStatus;
        }
        return op.update(args, agent, dt, step);
      },
    };
    // Keep optional callbacks optional: the runner treats a missing start/abort differently from an empty one.
    if (op.start) {
      const start = op.start;
      wrapped.start = (args, agent, step) => {
        const result = start.call(op, args, agent, step);
        try {
          this.maybeThrow('operator.start', id, agent);
        } catch (e) {
          // The async start's promise is dropped with the injected throw: handled here, never left unhandled.
          if (isThenable(result)) result.then(undefined, ignore);
          throw e;
        }
        return result;
      };
    }
    if (op.abort) {
      const abort = op.abort;
      wrapped.abort = (args, agent, step) => {
        this.maybeThrow('operator.abort', id, agent);
        return abort.call(op, args, agent, step);
      };
    }
    return wrapped;
  }

  /** A wrapped sensor: its `update` may throw after doing its work (which the agent must undo). */
  sensor<Ctx>(sensor: Sensor<Ctx>): Sensor<Ctx> {
    return {
      name: sensor.name,
      interval: sensor.interval,
      update: (agent, dt) => {
        sensor.update(agent, dt);
        this.maybeThrow('sensor', sensor.name, agent);
      },
    };
  }

  /** A wrapped planner: `plan` and `shouldReplace` may throw; everything else is the planner's own. */
  planner<P extends AgentPlanner>(planner: P): P {
    // Delegate to the planner through its prototype chain, so fields such as `kind` and `operators` read through.
    const wrapped = Object.create(planner) as P;
    wrapped.plan = (state, ctx, running) => {
      this.maybeThrow('planner', planner.kind, null);
      return planner.plan(state, ctx, running);
    };
    wrapped.shouldReplace = (candidate, running) => {
      this.maybeThrow('planner', planner.kind, null);
      return planner.shouldReplace(candidate, running);
    };
    if (planner.stepFailed) wrapped.stepFailed = planner.stepFailed.bind(planner);
    if (planner.stepSucceeded) wrapped.stepSucceeded = planner.stepSucceeded.bind(planner);
    if (planner.update) wrapped.update = planner.update.bind(planner);
    return wrapped;
  }

  /**
   * Any callback (a cost, an opaque condition test or effect, a listener):
   * it may throw, recorded under `where` and `subject`.
   */
  fn<A extends unknown[], R>(where: FaultSource, subject: string, f: (...args: A) => R): (...args: A) => R {
    return (...args: A) => {
      this.maybeThrow(where, subject, null);
      return f(...args);
    };
  }

  /** How many faults were injected per `where:subject`. */
  counts(): Map<string, number> {
    const out = new Map<string, number>();
    for (const f of this.injected) out.set(`${f.where}:${f.subject}`, (out.get(`${f.where}:${f.subject}`) ?? 0) + 1);
    return out;
  }

  private maybeThrow(where: FaultSource, subject: string, agent: AgentView | null): void {
    if (!this.enabled || this.throwRate === 0 || this.random() >= this.throwRate) return;
    this.note(where, subject);
    if (agent !== null) this.scribbleOn(agent);
    throw new InjectedFaultError(`injected fault #${this.count} in ${where} ${subject}`);
  }

  private note(where: FaultSource, subject: string): void {
    this.count++;
    if (this.keepLog) this.injected.push({ where, subject });
  }

  private scribbleOn(agent: AgentView): void {
    if (!this.scribble) return;
    const state: WorldState<any> = agent.state;
    const schema = state.schema;
    const writes = this.scribbleWrites === 1 ? 1 : 1 + Math.floor(this.random() * this.scribbleWrites);
    for (let w = 0; w < writes; w++) {
      const cell = Math.floor(this.random() * schema.size);
      const span = schema.max[cell] - schema.min[cell] + 1;
      state.write(cell, schema.min[cell] + Math.floor(this.random() * span), ChangeSource.External);
    }
  }
}
