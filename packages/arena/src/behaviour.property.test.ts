import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Decorators } from '@dualplan/world-state';
import { OperatorStatus, type Operator, type RunnerEvent } from '@dualplan/runner';
import { behaviourAgent, behaviourGoap, behaviourHtn } from './behaviourAgents.js';

// Random decorators on Throw, random operator outcomes and step lengths, random frame times, both planners.
const decoratorsArb = fc
  .record(
    {
      cooldown: fc.double({ min: 0.05, max: 2, noNaN: true }),
      cooldownFrom: fc.constantFrom('start' as const, 'end' as const),
      once: fc.constantFrom(true, 'plan' as const, false),
      retries: fc.integer({ min: 1, max: 3 }),
    },
    { requiredKeys: [] },
  )
  .filter((d) => d.cooldownFrom === undefined || d.cooldown !== undefined);
const caseArb = fc.record({
  decorators: decoratorsArb,
  planner: fc.constantFrom('goap', 'htn'),
  // Per update call of Throw: 0 running, 1 success, 2 failure.
  outcomes: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 12 }),
  dts: fc.array(fc.double({ min: 0.01, max: 0.6, noNaN: true }), { minLength: 5, maxLength: 40 }),
});

function runCase(c: { decorators: Decorators; planner: string; outcomes: number[]; dts: number[] }): RunnerEvent[] {
  let call = 0;
  const statuses = [OperatorStatus.Running, OperatorStatus.Success, OperatorStatus.Failure];
  const throwOp: Operator = { update: () => statuses[c.outcomes[call++ % c.outcomes.length]] };
  const make = c.planner === 'goap' ? behaviourGoap : behaviourHtn;
  const { agent, events } = behaviourAgent(make(c.decorators), { Throw: throwOp });
  for (const dt of c.dts) agent.tick(dt);
  return events;
}

const isThrow = (e: RunnerEvent) => 'step' in e && e.step.task === 'Throw';
const retryOf = (e: RunnerEvent) => (e.type === 'stepFailed' ? /\(retry (\d+) of (\d+)\)$/.exec(e.reason) : null);

describe('behaviour decorators (properties)', () => {
  it('a fresh Throw never starts before its cooldown ends', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const cooldown = c.decorators.cooldown;
        if (cooldown === undefined) return;
        const events = runCase(c).filter(isThrow);
        let readyAt = -Infinity;
        let retrying = false;
        for (const e of events) {
          if (e.type === 'stepStarted') {
            // A retry restarts the step the planner chose: the cooldown is about choosing it again.
            if (!retrying) expect(e.time).toBeGreaterThanOrEqual(readyAt - 1e-9);
            retrying = false;
            if (c.decorators.cooldownFrom === 'start') readyAt = e.time + cooldown;
          } else if (e.type === 'stepSucceeded' || e.type === 'stepFailed' || e.type === 'stepAborted') {
            retrying = retryOf(e) !== null;
            if (c.decorators.cooldownFrom !== 'start' && !retrying && e.type !== 'stepAborted') readyAt = e.time + cooldown;
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('once per agent: Throw is chosen at most once (its retries aside)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const events = runCase({ ...c, decorators: { ...c.decorators, once: true } });
        const chosen = events.filter(
          (e, i) => e.type === 'stepStarted' && isThrow(e) && !events.slice(0, i).some((p) => isThrow(p) && retryOf(p) !== null && p.tick === e.tick - 1),
        );
        expect(chosen.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 100 },
    );
  });

  it('retries never exceed N: at most N + 1 failures of Throw in a row within one plan', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const n = c.decorators.retries ?? 0;
        let inARow = 0;
        for (const e of runCase(c)) {
          if (e.type === 'planFailed' || e.type === 'planFinished' || e.type === 'planFound' || e.type === 'planReplaced') inARow = 0;
          if (e.type === 'stepSucceeded') inARow = 0;
          if (e.type === 'stepFailed' && isThrow(e)) {
            inARow++;
            const m = retryOf(e);
            if (m !== null) expect([Number(m[1]), Number(m[2])]).toEqual([inARow, n]);
            expect(inARow).toBeLessThanOrEqual(n + 1);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
