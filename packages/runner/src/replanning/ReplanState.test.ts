import { describe, expect, it } from '@jest/globals';
import { ReplanState } from './ReplanState.js';

describe('ReplanState', () => {
  it('keeps the first trigger raised until taken', () => {
    const r = new ReplanState();
    r.raise('worldChanged');
    r.raise('recheck');
    expect(r.take()).toBe('worldChanged');
    expect(r.take()).toBeNull();
  });

  it('releases a postponed replan once, unless another is due', () => {
    const r = new ReplanState();
    r.postpone('worldChanged');
    r.release();
    expect([r.deferred, r.take()]).toEqual([null, 'worldChanged']);
    r.postpone('recheck');
    r.raise('failed');
    r.release();
    expect([r.deferred, r.take()]).toEqual([null, 'failed']);
  });

  it('counts failures in a row with no outside change since the plan was adopted', () => {
    const r = new ReplanState();
    r.planFailed();
    r.planFailed();
    expect([r.failStreak, r.trigger]).toEqual([2, 'failed']);
    r.worldChanged();
    r.planFailed();
    expect(r.failStreak).toBe(1);
    r.adopted();
    r.planFailed();
    expect(r.failStreak).toBe(2);
    r.planFinished();
    expect([r.failStreak, r.trigger]).toEqual([0, 'finished']);
  });

  it('forgets a doom and a postponed replan when a plan is adopted or ends', () => {
    const r = new ReplanState();
    r.doomPlan('step 1 B would fail');
    r.postpone('recheck');
    r.adopted();
    expect([r.doomed, r.deferred]).toEqual([null, null]);
    r.doomPlan('again');
    r.planFailed();
    expect(r.doomed).toBeNull();
  });

  it('backs off, gives up on an unrunnable plan, and starts over with a new planner', () => {
    const r = new ReplanState();
    expect(r.retryAt).toBe(-Infinity);
    r.backOff(4);
    expect(r.retryAt).toBe(4);
    r.planFailed();
    r.giveUp(7.5);
    expect([r.trigger, r.retryAt]).toEqual([null, 7.5]);
    r.planFailed();
    r.plannerSwitched();
    expect([r.trigger, r.failStreak]).toEqual(['noPlan', 0]);
  });
});
