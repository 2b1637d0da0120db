import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import { createAgent } from '../agent/Agent.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import type { RunnerEvent, RunnerEventListener, StepEventSink } from '../events/RunnerEvent.js';
import { collect, fixedClock, makeStep, mtrPlanner, scriptedOperator, testSchema } from '../testing/fakes.js';

const schema = testSchema();
const { Success, Failure } = OperatorStatus;

/** An agent whose plan is Walk (succeeds), then Jump (fails): both kinds of step event. */
function walker(onEvent?: (e: RunnerEvent) => void) {
  const planner = mtrPlanner(schema, [{ mtr: [0], steps: [makeStep(schema, 'Walk', { operator: 'Walk' }), makeStep(schema, 'Jump', { operator: 'Jump' })] }]);
  return createAgent({
    id: 'npc',
    state: createState(schema),
    ctx: {},
    planner,
    operators: { Walk: scriptedOperator([Success]), Jump: scriptedOperator([Failure]) },
    onEvent,
    clock: fixedClock,
  });
}

/** A listener with a step sink: what each receives, as text. */
function sinking(): { listener: RunnerEventListener; seen: string[] } {
  const seen: string[] = [];
  const steps: StepEventSink = (type, step, index, reason, tick, time, runner) =>
    seen.push(`sink ${type} ${step.task} ${index} '${reason}' ${tick} ${time} ${runner}`);
  const listener = Object.assign((e: RunnerEvent) => seen.push(`event ${e.type}`), { steps });
  return { listener, seen };
}

describe('step events and a listener with a step sink', () => {
  it('hands the step events of the runner’s only listener to its sink, with the fields an event would carry', () => {
    const agent = walker();
    const { listener, seen } = sinking();
    agent.runner().addListener(listener);
    for (let i = 0; i < 3; i++) agent.tick(0.5);
    expect(seen.slice(0, 5)).toEqual([
      'event planFound',
      "sink stepStarted Walk 0 '' 1 0.5 main",
      "sink stepSucceeded Walk 0 '' 1 0.5 main",
      "sink stepStarted Jump 1 '' 2 1 main",
      "sink stepFailed Jump 1 'operator Jump failed' 2 1 main",
    ]);
  });

  it('sends step events as objects to every listener while the runner has several, the sink’s owner included', () => {
    const plain = collect();
    const agent = walker(plain.onEvent);
    const { listener, seen } = sinking();
    agent.runner().addListener(listener);
    agent.tick(0.5);
    agent.tick(0.5);
    expect(seen.slice(0, 6)).toEqual([
      'event planFound',
      'event stepStarted',
      'event stepSucceeded',
      'event stepStarted',
      'event stepFailed',
      'event planFailed',
    ]);
    expect(plain.events.slice(0, 6).map((e) => e.type)).toEqual(seen.slice(0, 6).map((s) => s.slice('event '.length)));
  });

  it('contains a sink that throws like a listener that throws: a listener fault naming the step event', () => {
    const agent = walker();
    const faults: string[] = [];
    const steps: StepEventSink = () => {
      throw new Error('sink broke');
    };
    agent.runner().addListener(Object.assign((e: RunnerEvent) => void (e.type === 'fault' && faults.push(`${e.where} ${e.subject}`)), { steps }));
    expect(() => agent.tick(0.5)).not.toThrow();
    expect(faults[0]).toBe('listener stepStarted');
    expect(agent.runner().stats.faults).toBeGreaterThan(0);
  });
});
