import { describe, expect, it } from '@jest/globals';
import { createState, eq, set } from '@dualplan/world-state';
import { createAgent } from '../agent/Agent.js';
import type { OperatorMap } from './Operator.js';
import { OperatorStatus } from './OperatorStatus.js';
import { failWith, failureReason } from './operatorFailure.js';
import { collect, fixedClock, goalPlanner, makeStep, testSchema } from '../testing/fakes.js';

const schema = testSchema();
const k = schema.keys;

/** One agent whose only plan is the step Shoot, run by `operators`. */
function shooter(operators: OperatorMap) {
  const shoot = makeStep(schema, 'Shoot', { operator: 'Shoot', effects: [set(k.Seen, true)] });
  const planner = goalPlanner(schema, [{ name: 'Hit', priority: 1, when: [eq(k.Seen, false)], options: [[shoot]] }]);
  const c = collect();
  const agent = createAgent({ id: 'soldier', state: createState(schema), ctx: {}, planner, operators, onEvent: c.onEvent, clock: fixedClock });
  const failed = () => c.events.filter((e) => e.type === 'stepFailed').map((e) => ('reason' in e ? e.reason : ''));
  return { agent, failed };
}

describe('failWith: an operator says why its step failed', () => {
  it('puts the reason an update returns into the stepFailed event', () => {
    const { agent, failed } = shooter({ Shoot: { update: () => failWith('target out of sight') } });
    agent.tick(0.1);
    expect(failed()).toEqual(['operator Shoot failed: target out of sight']);
  });

  it('takes the reason from a promise too, and a plain Failure still fails without one', async () => {
    const later = shooter({ Shoot: { update: () => Promise.resolve(failWith('jammed')) } });
    later.agent.tick(0.1);
    await Promise.resolve();
    await Promise.resolve();
    later.agent.tick(0.1);
    expect(later.failed()[0]).toBe('operator Shoot failed: jammed');
    const plain = shooter({ Shoot: { update: () => OperatorStatus.Failure } });
    plain.agent.tick(0.1);
    expect(plain.failed()).toEqual(['operator Shoot failed']);
  });

  it('reads a reason only from a failure record', () => {
    expect(failureReason(failWith('x'))).toBe('x');
    expect(failureReason({ status: OperatorStatus.Success, reason: 'x' })).toBeNull();
    expect(failureReason({ status: OperatorStatus.Failure })).toBeNull();
    expect(failureReason(OperatorStatus.Failure)).toBeNull();
    expect(failureReason(null)).toBeNull();
  });
});
