import { describe, expect, it } from '@jest/globals';
import { add, createState, eq, ge, mulberry32, set, type AgentPlanner } from '@dualplan/world-state';
import { createAgent } from './Agent.js';
import { eventToJSON } from '../events/formatEvent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import type { RunnerEvent } from '../events/RunnerEvent.js';
import { fixedClock, makeStep, mtrPlanner, testSchema } from '../testing/fakes.js';

const schema = testSchema();
const k = schema.keys;

/** One recorded input per tick: what the sensor saw and what the operator reported. */
interface Frame {
  seen: boolean;
  outcome: OperatorStatus;
}

function domain(): AgentPlanner {
  const attack = makeStep(schema, 'Attack', { conditions: [eq(k.Seen, true)], executing: [eq(k.Seen, true)], effects: [add(k.Count, 1)] });
  const rest = makeStep(schema, 'Rest', { conditions: [ge(k.Count, 3)], effects: [set(k.Count, 0)], interrupt: 'boundary' });
  const patrol = makeStep(schema, 'Patrol');
  return mtrPlanner(schema, [
    { mtr: [0], when: [ge(k.Count, 3)], steps: [rest] },
    { mtr: [1], when: [eq(k.Seen, true)], steps: [attack] },
    { mtr: [2], steps: [patrol] },
  ]);
}

/** Run 120 ticks; inputs come from `next` (live randomness or a recorded timeline). */
function run(next: (tick: number) => Frame) {
  type Ctx = { hits: number; log: { last: string } };
  const events: RunnerEvent[] = [];
  let frame: Frame = { seen: false, outcome: OperatorStatus.Running };
  const agent = createAgent<Ctx>({
    id: 'replay',
    state: createState(schema),
    ctx: { hits: 0, log: { last: '' } },
    planner: domain(),
    operators: {
      Op: {
        update: (args, a) => {
          if (frame.outcome === OperatorStatus.Success) {
            a.updateCtx((d) => {
              d.hits++;
              d.log.last = String(args[0]);
            });
          }
          return frame.outcome;
        },
      },
    },
    sensors: [{ name: 'eyes', interval: 0.3, update: (a) => a.state.set(k.Seen, frame.seen) }],
    onEvent: (e) => events.push(e),
    clock: fixedClock,
  });
  for (let t = 0; t < 120; t++) {
    frame = next(t);
    agent.tick(0.1);
  }
  return events.map((e) => JSON.stringify({ ...eventToJSON(e), ctx: e.ctx }));
}

describe('replay', () => {
  it('re-running a recorded timeline gives the same events and contexts', () => {
    const random = mulberry32(7);
    const timeline: Frame[] = [];
    const live = run(() => {
      const r = random();
      const frame: Frame = { seen: random() < 0.5, outcome: r < 0.5 ? OperatorStatus.Running : r < 0.85 ? OperatorStatus.Success : OperatorStatus.Failure };
      timeline.push(frame);
      return frame;
    });
    const replayed = run((t) => timeline[t]);
    expect(live.length).toBeGreaterThan(30);
    expect(new Set(live.map((l) => JSON.parse(l).type)).size).toBeGreaterThanOrEqual(6);
    expect(replayed).toEqual(live);
    // A different timeline gives a different story: the comparison is not vacuous.
    const other = mulberry32(8);
    expect(run(() => ({ seen: other() < 0.5, outcome: other() < 0.5 ? OperatorStatus.Running : OperatorStatus.Success }))).not.toEqual(live);
  });
});
