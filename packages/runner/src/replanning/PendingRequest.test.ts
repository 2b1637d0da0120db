import { describe, expect, it } from '@jest/globals';
import { createState, planFound, type PendingPlanner, type PlanUrgency } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import { CallGuard } from '../faults/CallGuard.js';
import { FaultReporter } from '../faults/FaultReporter.js';
import { Answer, PendingRequest, type PendingHost } from './PendingRequest.js';
import type { RunnerEvent } from '../events/RunnerEvent.js';
import { createRunnerStats } from '../events/RunnerStats.js';
import { makePlan, testSchema } from '../testing/fakes.js';

const schema = testSchema();

/** A PendingRequest over a recording planner, host and adoption. */
function setup() {
  const requests: { id: number; urgency: PlanUrgency }[] = [];
  const cancelled: number[] = [];
  const planner = {
    kind: 'pending',
    operators: [],
    plan: () => {
      throw new Error('a pending planner is asked through request');
    },
    shouldReplace: () => ({ replace: false, reason: 'kept' }),
    request: (_s: unknown, _c: unknown, _r: unknown, id: number, urgency: PlanUrgency) => void requests.push({ id, urgency }),
    cancel: (id: number) => void cancelled.push(id),
  } as unknown as PendingPlanner;
  const events: RunnerEvent[] = [];
  const agent = { id: 'a', state: createState(schema), ctx: {}, time: 2, tickCount: 7 } as unknown as AgentView;
  const host = {
    name: 'main',
    stats: createRunnerStats(),
    planner,
    listener: (e: RunnerEvent) => void events.push(e),
    receive: () => {},
  } satisfies PendingHost<any>;
  const faults = new FaultReporter(
    () => host.listener,
    'contain',
    'agent "a"',
    () => ({ tick: 7, time: 2, agent: 'a', runner: 'main', planner: 'pending', ctx: {} }),
    host.stats,
    new CallGuard(),
  );
  const pending = new PendingRequest(agent, host, faults);
  return { pending, planner, requests, cancelled, host, events };
}

const found = planFound(makePlan('pending', [], {}));

describe('PendingRequest', () => {
  it('keeps the request in flight for a trigger no more urgent, and replays that trigger with the answer', () => {
    const { pending, planner, requests, host } = setup();
    const running = makePlan('pending', [], {});
    pending.send(planner, 'recheck', running);
    pending.send(planner, 'worldChanged', running);
    expect(requests).toEqual([{ id: 1, urgency: 'recheck' }]);
    expect(host.stats.planCalls).toBe(1);
    expect(pending.receive(1, found, '', false, undefined)).toBe(Answer.Result);
    expect(pending.id).toBe(0);
    expect(pending.asked).toBe('recheck');
    expect(pending.takeAbsorbed()).toBe('worldChanged');
    expect(pending.takeAbsorbed()).toBeNull();
    expect(host.stats.pendingAnswers).toBe(1);
  });

  it('replaces the request in flight by a more urgent one, and drops the stale answer', () => {
    const { pending, planner, requests, cancelled, host, events } = setup();
    pending.send(planner, 'recheck', makePlan('pending', [], {}));
    pending.send(planner, 'failed', null);
    expect(cancelled).toEqual([1]);
    expect(requests).toEqual([
      { id: 1, urgency: 'recheck' },
      { id: 2, urgency: 'invalidated' },
    ]);
    expect(pending.receive(1, found, '', false, undefined)).toBe(Answer.Dropped);
    expect(host.stats.staleDropped).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['planDropped']);
    expect(pending.id).toBe(2);
  });

  it('reports a failed answer for the runner to ask again, and withdraws a request on cancel', () => {
    const { pending, planner, cancelled, host, events } = setup();
    pending.send(planner, 'noPlan', null);
    expect(pending.receive(1, null, 'worker died', false, undefined)).toBe(Answer.Failed);
    expect(pending.asked).toBe('noPlan');
    expect(host.stats.planningFailures).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['planningFailed']);
    pending.send(planner, 'noPlan', null);
    pending.cancel();
    expect(cancelled).toEqual([2]);
    expect(pending.id).toBe(0);
    pending.cancel(); // nothing in flight: no call
    expect(cancelled).toEqual([2]);
  });
});
