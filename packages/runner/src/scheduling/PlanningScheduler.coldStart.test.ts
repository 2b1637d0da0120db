import { describe, expect, it } from '@jest/globals';
import { createState, planFound, type PlanReceiver, type PlanResult, type SlicedPlanner } from '@dualplan/world-state';
import { makePlan, makeStep, testSchema } from '../testing/fakes.js';
import { PlanningScheduler } from './PlanningScheduler.js';

const schema = testSchema();
const plan = makePlan('fake', [makeStep(schema, 'go', { operator: 'Op' })], null);

/** A fake clock in ms that the fake planners advance as they work. */
interface FakeClock {
  now: number;
}

/**
 * A planner answering in one slice that takes `ms` of the fake clock, except that the first slice of the whole crowd
 * (a fresh process: code not yet compiled, first tables built) takes `coldMs`.
 */
function timedPlanner(clock: FakeClock, ms: number, cold: { ms: number }): SlicedPlanner {
  let work = 0;
  return {
    kind: 'fake',
    operators: [],
    plan: () => planFound(plan, 'go'),
    shouldReplace: () => ({ replace: true, reason: 'newer' }),
    get work() {
      return work;
    },
    begin() {},
    step(): PlanResult | null {
      clock.now += cold.ms > 0 ? cold.ms : ms;
      cold.ms = 0;
      work++;
      return planFound(plan, 'go');
    },
    cancel() {},
  };
}

/**
 * Frames (at 10 Hz, 2 ms budget) until every agent of a crowd created at once has an answer, and the longest frame.
 * `ms` is one answer's time once warm (a cache hit is about a microsecond, a soldier search a few).
 */
function crowd(agents: number, ms: number, coldMs: number): { frames: number; maxFrameMs: number; laterMs: number } {
  const clock: FakeClock = { now: 0 };
  const s = new PlanningScheduler({ frameBudgetMs: 2, clock: () => clock.now });
  const cold = { ms: coldMs };
  let answered = 0;
  const receiver: PlanReceiver = { receive: () => void answered++ };
  const state = createState(schema);
  for (let i = 0; i < agents; i++) s.schedule(timedPlanner(clock, ms, cold)).request(state, {}, null, i + 1, 'noPlan', receiver);
  let frames = 0;
  let maxFrameMs = 0;
  let laterMs = 0;
  while (answered < agents && frames < 1000) {
    const ms = s.runFrame();
    maxFrameMs = Math.max(maxFrameMs, ms);
    if (frames > 0) laterMs = Math.max(laterMs, ms);
    frames++;
    clock.now += 100; // the rest of a 10 Hz frame
  }
  return { frames, maxFrameMs, laterMs };
}

describe('PlanningScheduler from a cold start', () => {
  it.each([
    [500, 0.02, 1.5],
    [500, 0.03, 0],
    [10_000, 0.0015, 1.5],
  ])('%i agents at %f ms per answer (first slice %f ms): every one answered within 10 frames, no frame over the budget by 10%%', (agents, ms, coldMs) => {
    const { frames, maxFrameMs } = crowd(agents, ms, coldMs);
    expect(frames).toBeLessThanOrEqual(10);
    expect(maxFrameMs).toBeLessThanOrEqual(2.2);
  });

  it.each([500, 10_000])('%i agents, a first slice of 50 ms (slower than the budget): it spends only its own frame', (agents) => {
    const { frames, maxFrameMs, laterMs } = crowd(agents, agents > 1000 ? 0.0015 : 0.02, 50);
    expect(maxFrameMs).toBe(50);
    expect(laterMs).toBeLessThanOrEqual(2.2);
    expect(frames).toBeLessThanOrEqual(11);
  });
});
