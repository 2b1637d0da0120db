import type { AgentView } from './AgentView.js';
import { RunnerError } from './RunnerError.js';
import type { Sensor } from './Sensor.js';

/**
 * Time-slices an agent's sensors (F.E.A.R. style, seed 004 §12.2.2): each
 * sensor runs when its interval has passed, at most `maxPerTick` per tick, the
 * most overdue first (ties by registration order). Without a limit every due
 * sensor runs, in registration order. Allocates nothing per tick.
 * @example
 * const sensors = new SensorManager([vision, hearing], 1);
 * sensors.tick(agent); // updates at most one due sensor
 */
export class SensorManager<Ctx = any> {
  readonly sensors: readonly Sensor<Ctx>[];
  readonly maxPerTick: number;
  /** Per sensor: how many times it has run. */
  readonly updates: Uint32Array;
  private readonly due: Float64Array;
  private readonly last: Float64Array;
  private readonly stamp: Float64Array;
  private ticks = 0;
  private listeners: ((sensor: string) => void)[] = [];

  constructor(sensors: readonly Sensor<Ctx>[], maxPerTick = Infinity) {
    const names = new Set<string>();
    for (const s of sensors) {
      if (!s || typeof s.name !== 'string' || typeof s.update !== 'function') throw new RunnerError('BAD_SENSOR', String(s?.name ?? ''), 'A sensor needs a name and an update function.');
      if (!(s.interval >= 0) || !Number.isFinite(s.interval)) throw new RunnerError('BAD_SENSOR_INTERVAL', s.name, `Sensor "${s.name}" has interval ${s.interval}; expected a finite number of seconds >= 0.`);
      if (names.has(s.name)) throw new RunnerError('DUPLICATE_SENSOR', s.name, `Sensor "${s.name}" is registered twice.`);
      names.add(s.name);
    }
    if (!(maxPerTick >= 1) || (Number.isFinite(maxPerTick) && !Number.isInteger(maxPerTick))) {
      throw new RunnerError('BAD_SENSORS_PER_TICK', 'sensorsPerTick', `sensorsPerTick must be an integer >= 1, got ${maxPerTick}.`);
    }
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
    sensor.update(agent, dt);
    const listeners = this.listeners;
    for (let l = 0; l < listeners.length; l++) listeners[l](sensor.name);
  }
}
