import { describe, expect, it } from '@jest/globals';
import { makePlan, makeStep, testSchema } from '../testing/fakes.js';
import { eventToJSON, formatEvent, formatStep, roundTime, timelinePrefix } from './formatEvent.js';
import type { RunnerEvent } from './RunnerEvent.js';

describe('formatEvent helpers', () => {
  const schema = testSchema();
  const plan = makePlan('htn', [makeStep(schema, 'Walk', { args: [2] }), makeStep(schema, 'Look', { args: [] })], {});
  const event: RunnerEvent = {
    tick: 12,
    time: 0.1 * 12,
    agent: 'troll',
    runner: 'main',
    planner: 'htn',
    ctx: {},
    type: 'planFound',
    plan,
    trigger: 'noPlan',
    reason: '',
  };

  it('aligns tick and time in the timeline prefix that formatEvent uses', () => {
    expect(timelinePrefix(12, 1.2)).toBe('   12    1.20s');
    expect(timelinePrefix(12345, 1234.567)).toBe('12345 1234.57s');
    expect(formatEvent(event)).toBe('   12    1.20s troll/main [htn] plan found (noPlan): Walk(2) → Look');
  });

  it('shows an argument that String() cannot convert instead of throwing from the log line', () => {
    const odd = makeStep(schema, 'Walk', { args: [{ toString: '' }, Object.create(null), 3] });
    expect(formatStep(odd)).toBe('Walk({"toString":""}, {}, 3)');
  });

  it('rounds JSON times to the microsecond, hiding the float drift of summed dt', () => {
    expect(0.1 * 12).not.toBe(1.2);
    expect(roundTime(0.1 * 12)).toBe(1.2);
    expect(roundTime(1.0000004)).toBe(1);
    expect(eventToJSON(event)).toEqual({
      tick: 12,
      time: 1.2,
      agent: 'troll',
      runner: 'main',
      planner: 'htn',
      type: 'planFound',
      trigger: 'noPlan',
      reason: '',
      steps: ['Walk(2)', 'Look'],
      cost: 2,
    });
  });
});
