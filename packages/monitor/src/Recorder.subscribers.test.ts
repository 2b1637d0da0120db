import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { UserCodeError } from '@dualplan/world-state';
import { hostileValues } from '@dualplan/world-state/examples';
import { record } from './record.js';
import type { RecordingMessage } from './Recording.js';
import { htnTroll, run } from './testing/agents.js';

// A subscriber is the user's code (a WebSocket feed, a UI): one that throws is contained and reported like a
// runner's event listener (LISTENER_THREW), and never keeps a message from the subscribers after it.
describe('a recorder subscriber that throws', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  const throwing = (value: unknown) => (m: RecordingMessage) => {
    if (m.type === 'update') throw value;
  };

  it.each(hostileValues().map((v, i) => [i, v] as const))(
    'with manual flush(): flush does not throw, later subscribers get every update, the fault is reported (#%i)',
    (_i, value) => {
      const troll = htnTroll(1);
      const faults: UserCodeError[] = [];
      const recorder = record(troll, { flushMs: 0, onFault: (e) => faults.push(e) });
      const got: string[] = [];
      recorder.subscribe(throwing(value));
      recorder.subscribe((m) => got.push(m.type));
      run([troll], 10);
      expect(() => recorder.flush()).not.toThrow();
      run([troll], 10);
      expect(() => recorder.flush()).not.toThrow();
      expect(got).toEqual(['snapshot', 'update', 'update']);
      expect(faults.length).toBe(2);
      expect(faults[0]).toBeInstanceOf(UserCodeError);
      expect(faults[0]).toMatchObject({ code: 'LISTENER_THREW', where: 'listener', subject: 'update' });
      expect(faults[0].cause).toBe(value);
      expect(recorder.faults).toBe(2);
    },
  );

  it('from the flush timer: nothing escapes the timer, and later subscribers get the update', () => {
    jest.useFakeTimers();
    const troll = htnTroll(1);
    const faults: UserCodeError[] = [];
    const recorder = record(troll, { flushMs: 50, onFault: (e) => faults.push(e) });
    const got: string[] = [];
    recorder.subscribe(throwing(new Error('socket closed')));
    recorder.subscribe((m) => got.push(m.type));
    run([troll], 10);
    expect(() => jest.advanceTimersByTime(100)).not.toThrow();
    expect(got).toEqual(['snapshot', 'update']);
    expect(faults.map((f) => f.message)).toEqual([expect.stringMatching(/subscriber .*threw on an update message.*socket closed/)]);
  });

  it('a subscriber that throws on its snapshot is contained too, and stays subscribed', () => {
    const troll = htnTroll(1);
    const faults: UserCodeError[] = [];
    const recorder = record(troll, { flushMs: 0, onFault: (e) => faults.push(e) });
    let calls = 0;
    expect(() =>
      recorder.subscribe(() => {
        calls++;
        throw new TypeError('bad');
      }),
    ).not.toThrow();
    run([troll], 5);
    recorder.flush();
    expect(calls).toBe(2);
    expect(faults.map((f) => f.subject)).toEqual(['snapshot', 'update']);
  });
});
