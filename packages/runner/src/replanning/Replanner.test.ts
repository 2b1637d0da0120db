import { describe, expect, it } from '@jest/globals';
import {
  createState,
  ForwardingPlanner,
  type AgentPlanner,
  type Availability,
  type PendingPlanner,
  type Plan,
  type PlanReceiver,
  type PlanUrgency,
  type WorldState,
} from '@dualplan/world-state';
import { createAgent } from '../agent/Agent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { cachedPlanner } from '../sharing/cachedPlanner.js';
import { PlanCache } from '../sharing/PlanCache.js';
import { PlanningScheduler } from '../scheduling/PlanningScheduler.js';
import { collect, goalPlanner, makeStep, scriptedOperator, testSchema } from '../testing/fakes.js';

const schema = testSchema();
const attack = makeStep(schema, 'Attack', { conditions: [{ key: 'A', op: '==', value: true }], sourceId: 1 });
const rest = makeStep(schema, 'Rest', { sourceId: 2 });

/** A fake GOAP-like planner whose `update` logs every dt it is given (planner-owned time, like GOAP's penalty decay). */
function timedPlanner() {
  const p = goalPlanner(schema, [
    { name: 'fight', priority: 2, when: [{ key: 'Seen', op: '==', value: true }], options: [[attack]] },
    { name: 'idle', priority: 1, options: [[rest]] },
  ]);
  const dts: number[] = [];
  return Object.assign(p, { dts, update: (dt: number) => void dts.push(dt) });
}

/** A pending wrapper that routes nothing: its runner calls its `update`, which walks every wrapper as before routing. */
class Opaque<Ctx> extends ForwardingPlanner<Ctx> implements PendingPlanner<Ctx> {
  constructor(private readonly pending: PendingPlanner<Ctx>) {
    super(pending, true);
  }
  request(state: WorldState<any>, ctx: Ctx, running: Plan | null, id: number, urgency: PlanUrgency, receiver: PlanReceiver, availability?: Availability): void {
    this.pending.request(state, ctx, running, id, urgency, receiver, availability);
  }
  cancel(id: number): void {
    this.pending.cancel(id);
  }
  poll(id: number): void {
    this.pending.poll?.(id);
  }
}

/** The benchmark crowd's chain: a cache in front of a scheduled, cached planner. */
function chain(inner: AgentPlanner, scheduler: PlanningScheduler, cache: PlanCache, afterFailure: number): PendingPlanner {
  const options = { name: 'fake', relevant: ['Seen', 'A'], afterFailure };
  return cachedPlanner(scheduler.schedule(cachedPlanner(inner, cache, options)), cache, options);
}

describe('Replanner: the planner update a tick calls', () => {
  it('reaches the planner under a cache, a scheduler and a cache once per tick, with each dt', () => {
    const scheduler = new PlanningScheduler({ frameWork: 1_000_000, clock: () => 0 });
    const inner = timedPlanner();
    const agent = createAgent({
      id: 'a',
      state: createState(schema, { Seen: true }),
      ctx: {},
      planner: chain(inner, scheduler, new PlanCache(), 60),
      operators: { Op: { update: () => OperatorStatus.Running } },
    });
    const dts = [0.1, 0.25, 0.05, 0.1];
    for (const dt of dts) {
      agent.tick(dt);
      scheduler.runFrame();
    }
    expect(inner.dts).toEqual(dts);
  });

  it('decides as the full wrapper chain does: step failures, time alone, the cache statistics and the planner times', () => {
    // Two agents side by side with the same script: one runner calls the update of the planner the wrappers route to,
    // the other (an opaque wrapper on top) calls every wrapper's update in turn, as runners did before routing.
    const run = (opaque: boolean) => {
      const scheduler = new PlanningScheduler({ frameWork: 1_000_000, clock: () => 0 });
      const cache = new PlanCache();
      const inner = timedPlanner();
      const planner = chain(inner, scheduler, cache, 0.35);
      const log = collect();
      // Fails every fourth update, so the cached planners keep starting and ending their time alone.
      const op = scriptedOperator((_args, call) =>
        call % 4 === 3 ? OperatorStatus.Failure : call % 4 === 1 ? OperatorStatus.Success : OperatorStatus.Running,
      );
      const agent = createAgent({
        id: 'a',
        state: createState(schema, { Seen: true }),
        ctx: {},
        planner: opaque ? new Opaque(planner) : planner,
        operators: { Op: op },
        recheckInterval: 0.1,
        onEvent: log.onEvent,
      });
      for (let t = 0; t < 80; t++) {
        if (t % 13 === 5) agent.state.set(schema.keys.Seen, !agent.state.get(schema.keys.Seen));
        agent.tick(t % 3 === 0 ? 0.05 : 0.1);
        scheduler.runFrame();
      }
      const { savedMs, spentMs, ...counts } = cache.stats;
      return {
        events: log.types(),
        counts,
        dts: inner.dts,
        failed: inner.failed.length,
        calls: inner.calls,
        stats: agent.runner().stats,
        timed: savedMs + spentMs,
      };
    };
    const routed = run(false);
    const walked = run(true);
    expect(routed.failed).toBeGreaterThan(3);
    expect(routed.counts.bypassed).toBeGreaterThan(0);
    expect(routed.counts.hits).toBeGreaterThan(0);
    const { timed: _a, ...same } = routed;
    const { timed: _b, ...expected } = walked;
    expect(same).toEqual(expected);
  });
});
