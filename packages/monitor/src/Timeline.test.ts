import { describe, expect, it } from '@jest/globals';
import { bool, defineSchema, int } from '@dualplan/world-state';
import { Timeline } from './Timeline.js';

const schema = defineSchema({ a: int(0, 1000), b: bool(), c: int(0, 1000) });

/** Record a `stateChanged` event of `n` changes (cells 0..n-1 set to `value`). */
function change(t: Timeline, value: number, n: number): void {
  const slot = t.push('stateChanged', value, value / 10, '', `by ${value}`, -1, -1, '');
  for (let c = 0; c < n; c++) t.addChange(slot, c, c === 1 ? value % 2 : value);
}

describe('Timeline', () => {
  it('builds events with the fields of their type, oldest first, dropping the oldest when full', () => {
    const t = new Timeline(3, schema);
    t.push('stepStarted', 1, 0.1, 'main', 'Walk', 4, 0, '');
    t.push('stepFailed', 2, 0.2, 'main', 'Walk', 4, 0, 'blocked');
    t.push('planFailed', 2, 0.2, 'main', '', 4, -1, 'blocked');
    t.push('replanSkipped', 3, 0.3, 'main', 'worldChanged', -1, -1, 'kept');
    expect(t.dropped).toBe(1);
    expect(t.toArray()).toEqual([
      { seq: 1, tick: 2, time: 0.2, runner: 'main', type: 'stepFailed', task: 'Walk', index: 0, run: 4, reason: 'blocked' },
      { seq: 2, tick: 2, time: 0.2, runner: 'main', type: 'planFailed', run: 4, reason: 'blocked' },
      { seq: 3, tick: 3, time: 0.3, runner: 'main', type: 'replanSkipped', trigger: 'worldChanged', reason: 'kept' },
    ]);
  });

  it('keeps each kept event’s changed cells by name while its pairs wrap and grow', () => {
    const t = new Timeline(5, schema);
    for (let v = 1; v <= 200; v++) change(t, v, 1 + (v % 3));
    const events = t.toArray();
    expect(events.map((e) => e.seq)).toEqual([195, 196, 197, 198, 199]);
    for (const e of events) {
      const v = e.seq + 1;
      const expected: Record<string, unknown> = { a: v };
      if (v % 3 >= 1) expected.b = v % 2 === 1;
      if (v % 3 >= 2) expected.c = v;
      expect(e).toEqual({ seq: v - 1, tick: v, time: v / 10, runner: '', type: 'stateChanged', by: `by ${v}`, changes: expected });
    }
  });

  it('knows the events not sent yet (at most those kept)', () => {
    const t = new Timeline(2, schema);
    change(t, 1, 1);
    t.markSent();
    expect(t.unsent).toBe(0);
    change(t, 2, 1);
    expect(t.toArray(true).map((e) => e.seq)).toEqual([1]);
    change(t, 3, 1);
    change(t, 4, 1);
    expect(t.unsent).toBe(2);
    expect(t.toArray(true).map((e) => e.seq)).toEqual([2, 3]);
  });

  it('refuses a capacity that is not a positive integer, naming the option', () => {
    expect(() => new Timeline(0, schema)).toThrow(/eventsPerAgent/);
  });
});
