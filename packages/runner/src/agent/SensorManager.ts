import { describeValue, nameOf, type UserCodeError } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import { faultError } from '../contract/FaultSource.js';
import { RunnerError } from '../RunnerError.js';
import type { Sensor } from '../contract/Sensor.js';

/** How a {@link SensorManager} contains sensors that throw. */
export interface SensorFaultOptions<Ctx = any> {
  /** Consecutive failures after which a sensor is disabled (an integer >= 1). Default 3. */
  failureLimit?: number;
  /** Puts the agent's context back after a sensor threw (the {@link Agent} passes its own). */
  restoreCtx?: (ctx: Ctx) => void;
  /**
   * Told of each failure, after its writes were undone: `disabled` is true on
   * the failure that disabled the sensor. Without it, failures are only counted.
   */
  onFault?: (sensor: Sensor<Ctx>, error: UserCodeError, undone: number, failures: number, disabled: boolean) => void;
}

/**
 * Time-slices an agent's sensors (as F.E.A.R.'s sensors were, to spread their cost over frames): each
 * sensor runs when its interval has passed, at most `maxPerTick` per tick, the
 * most overdue first (ties by registration order). Without a limit every due
 * sensor runs, in registration order. Allocates nothing per tick.
 * A sensor that throws is skipped for that tick with its writes undone, and
 * reported; after `failureLimit` failures in a row it is disabled.
 * @example
 * const sensors = new SensorManager([vision, hearing], 1);
 * sensors.tick(agent); // updates at most one due sensor
 */
export class SensorManager<Ctx = any> {
  readonly sensors: readonly Sensor<Ctx>[];
  readonly maxPerTick: number;
  /** Per sensor: how many times it has run. */
  readonly updates: Uint32Array;
  /** Per sensor: failures in a row (0 after a clean update). */
  readonly failures: Uint32Array;
  /** Per sensor: 1 when disabled after too many failures in a row. */
  readonly disabled: Uint8Array;
  readonly failureLimit: number;
  private readonly restoreCtx: ((ctx: Ctx) => void) | undefined;
  private readonly onFault: SensorFaultOptions<Ctx>['onFault'];
  private readonly due: Float64Array;
  private readonly last: Float64Array;
  private readonly stamp: Float64Array;
  private ticks = 0;
  private listeners: ((sensor: string) => void)[] = [];

  constructor(sensors: readonly Sensor<Ctx>[], maxPerTick = Infinity, faults: SensorFaultOptions<Ctx> = {}) {
    if (!Array.isArray(sensors)) throw new RunnerError('BAD_SENSOR', 'sensors', `sensors must be an array, got ${describeValue(sensors)}.`);
    const names = new Set<string>();
    for (const s of sensors) {
      if (!s || typeof s.name !== 'string' || typeof s.update !== 'function')
        throw new RunnerError('BAD_SENSOR', nameOf((s as { name?: unknown } | null | undefined)?.name ?? ''), 'A sensor needs a name and an update function.');
      // typeof first: comparing an object converts it, which can throw.
      if (typeof s.interval !== 'number' || !(s.interval >= 0) || !Number.isFinite(s.interval))
        throw new RunnerError(
          'BAD_SENSOR_INTERVAL',
          s.name,
          `Sensor "${s.name}" has interval ${describeValue(s.interval)}; expected a finite number of seconds >= 0.`,
        );
      if (names.has(s.name)) throw new RunnerError('DUPLICATE_SENSOR', s.name, `Sensor "${s.name}" is registered twice.`);
      names.add(s.name);
    }
    if (typeof maxPerTick !== 'number' || !(maxPerTick >= 1) || (Number.isFinite(maxPerTick) && !Number.isInteger(maxPerTick))) {
      throw new RunnerError('BAD_SENSORS_PER_TICK', 'sensorsPerTick', `sensorsPerTick must be an integer >= 1, got ${describeValue(maxPerTick)}.`);
    }
    const limit = faults.failureLimit ?? 3;
    if (!Number.isInteger(limit) || limit < 1)
      throw new RunnerError('BAD_SENSOR_FAILURE_LIMIT', 'sensorFailureLimit', `sensorFailureLimit must be an integer >= 1, got ${describeValue(limit)}.`);
    this.failureLimit = limit;
    this.restoreCtx = faults.restoreCtx;
    this.onFault = faults.onFault;
    this.failures = new Uint32Array(sensors.length);
    this.disabled = new Uint8Array(sensors.length);
    this.sensors = sensors.slice();
    this.maxPerTick = maxPerTick;
    this.updates = new Uint32Array(sensors.length);
    this.due = new Float64Array(sensors.length);
    this.last = new Float64Array(sensors.length);
    this.stamp = new Float64Array(sensors.length).fill(-1);
  }

  /**
   * Call `listener` with the sensor's name right after each sensor runs (monitors
   * attribute state changes to sensors this way). Returns the function that removes it.
   * @example
   * const stop = agent.sensors.addListener((name) => console.log(`${name} ran`));
   */
  addListener(listener: (sensor: string) => void): () => void {
    if (typeof listener !== 'function') throw new RunnerError('BAD_LISTENER', 'sensors', 'SensorManager.addListener needs a function.');
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** Run the due sensors for this tick, at `agent.time`. Returns how many ran. */
  tick(agent: AgentView<Ctx>): number {
    const now = agent.time;
    const tick = this.ticks++;
    const due = this.due;
    let ran = 0;
    if (this.maxPerTick === Infinity) {
      // No budget: every due sensor runs, so one pass in registration order does (no picking by overdue-ness).
      for (let i = 0; i < due.length; i++) {
        if (due[i] <= now) {
          this.run(i, agent, now, tick);
          ran++;
        }
      }
      return ran;
    }
    while (ran < this.maxPerTick) {
      let pick = -1;
      for (let i = 0; i < due.length; i++) {
        if (this.stamp[i] !== tick && due[i] <= now && (pick < 0 || due[i] < due[pick])) pick = i;
      }
      if (pick < 0) break;
      this.run(pick, agent, now, tick);
      ran++;
    }
    return ran;
  }

  private run(i: number, agent: AgentView<Ctx>, now: number, tick: number): void {
    const sensor = this.sensors[i];
    this.stamp[i] = tick;
    this.updates[i]++;
    const dt = now - this.last[i];
    this.last[i] = now;
    this.due[i] = now + sensor.interval;
    const ctx = agent.ctx;
    const version = agent.state.undoPoint();
    try {
      sensor.update(agent, dt);
    } catch (thrown) {
      return this.failed(i, agent, ctx, version, thrown);
    }
    agent.state.undoDone();
    if (this.failures[i] !== 0) this.failures[i] = 0;
    // Told only after a clean update: a failed one's writes were undone, so there is nothing to attribute.
    const listeners = this.listeners;
    for (let l = 0; l < listeners.length; l++) listeners[l](sensor.name);
  }

  /** Re-enable a sensor disabled after failing (it runs on the next tick). Throws for an unknown name. */
  enable(name: string): void {
    const i = this.sensors.findIndex((s) => s.name === name);
    if (i < 0) throw new RunnerError('UNKNOWN_SENSOR', nameOf(name), `No sensor named "${nameOf(name)}".`);
    this.disabled[i] = 0;
    this.failures[i] = 0;
    this.due[i] = -Infinity;
  }

  /** Undo what a failed sensor wrote, count the failure, disable it at the limit, report it. */
  private failed(i: number, agent: AgentView<Ctx>, ctx: Ctx, version: number, thrown: unknown): void {
    const sensor = this.sensors[i];
    const undone = agent.state.rollback(version);
    agent.state.undoDone();
    if (this.restoreCtx !== undefined && agent.ctx !== ctx) this.restoreCtx(ctx);
    const failures = ++this.failures[i];
    const disabled = failures >= this.failureLimit;
    if (disabled) {
      this.disabled[i] = 1;
      this.due[i] = Infinity;
    }
    const error = faultError('sensor', sensor.name, `Sensor "${sensor.name}" of agent "${agent.id}" threw (failure ${failures} in a row)`, thrown);
    this.onFault?.(sensor, error, undone, failures, disabled);
  }
}
