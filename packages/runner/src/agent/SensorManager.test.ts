import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { Sensor } from '../contract/Sensor.js';
import { SensorManager } from './SensorManager.js';
import { testSchema } from '../testing/fakes.js';

function view(): AgentView & { time: number; tickCount: number } {
  return { id: 'a', state: createState(testSchema()), ctx: {}, time: 0, tickCount: 0, updateCtx() {} };
}

describe('SensorManager', () => {
  it('time-slices: at most N sensors per tick, most overdue first', () => {
    const log: string[] = [];
    const sensor = (name: string, interval: number): Sensor => ({ name, interval, update: (a) => log.push(`${a.time.toFixed(1)}:${name}`) });
    const manager = new SensorManager([sensor('eyes', 0), sensor('ears', 0), sensor('range', 0)], 1);
    const agent = view();
    for (let i = 1; i <= 4; i++) {
      agent.time = i * 0.1;
      manager.tick(agent);
    }
    expect(log).toEqual(['0.1:eyes', '0.2:ears', '0.3:range', '0.4:eyes']);
  });

  it("respects each sensor's interval and passes the time since its previous update", () => {
    const dts: number[] = [];
    const manager = new SensorManager([{ name: 'slow', interval: 0.5, update: (_a, dt) => dts.push(Number(dt.toFixed(2))) }]);
    const agent = view();
    for (let i = 1; i <= 12; i++) {
      agent.time = i * 0.25;
      manager.tick(agent);
    }
    expect(Array.from(manager.updates)).toEqual([6]);
    expect(dts).toEqual([0.25, 0.5, 0.5, 0.5, 0.5, 0.5]);
  });

  it('without a limit runs every due sensor once per tick, in registration order', () => {
    const log: string[] = [];
    const sensor = (name: string, interval: number): Sensor => ({
      name,
      interval,
      update: (a, dt) => log.push(`${a.time.toFixed(1)}:${name}:${dt.toFixed(1)}`),
    });
    const manager = new SensorManager([sensor('range', 0.2), sensor('eyes', 0), sensor('ears', 0.3)]);
    const agent = view();
    for (let i = 1; i <= 3; i++) {
      agent.time = i * 0.1;
      expect(manager.tick(agent)).toBe(i === 1 ? 3 : i === 2 ? 1 : 2);
    }
    expect(log).toEqual(['0.1:range:0.1', '0.1:eyes:0.1', '0.1:ears:0.1', '0.2:eyes:0.1', '0.3:range:0.2', '0.3:eyes:0.1']);
    expect(Array.from(manager.updates)).toEqual([2, 3, 1]);
  });

  it('marks sensor writes as external changes', () => {
    const agent = view();
    const k = agent.state.schema.keys;
    const manager = new SensorManager([{ name: 'eyes', interval: 0, update: (a) => a.state.set(k.Seen, true) }]);
    agent.time = 0.1;
    manager.tick(agent);
    expect(agent.state.externalChanges).toBe(1);
    expect(agent.state.externalMask[agent.state.schema.cellOf(k.Seen)]).toBe(1);
  });

  it('tells listeners which sensor just ran, after it ran, until removed', () => {
    const log: string[] = [];
    const sensor = (name: string): Sensor => ({ name, interval: 0, update: () => log.push(`update ${name}`) });
    const manager = new SensorManager([sensor('eyes'), sensor('ears')]);
    const stop = manager.addListener((name) => log.push(`ran ${name}`));
    const agent = view();
    manager.tick(agent);
    stop();
    manager.tick(agent);
    expect(log).toEqual(['update eyes', 'ran eyes', 'update ears', 'ran ears', 'update eyes', 'update ears']);
    expect(() => manager.addListener(undefined as never)).toThrow(expect.objectContaining({ code: 'BAD_LISTENER' }));
  });
});
