import type { AgentPlanner, PlanStep } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { AsyncCallback } from './AwaitedCall.js';
import type { FaultReporter } from '../faults/FaultReporter.js';
import type { RunnerEventListener, StepEventSink } from '../events/RunnerEvent.js';
import { Callback } from '../faults/CallGuard.js';

// The step events a runner's execution reports, each an object literal with every field written out (one shape
// per function, whatever the type). Callers check that there is a listener first: no event object is built otherwise.
// A listener with a step sink (its only listener) is called with the fields instead: no object at all.

/** @internal Who reports step events: the runner's name, planner and listener. */
export interface StepEventSource<Ctx> {
  readonly name: string;
  readonly planner: AgentPlanner<Ctx>;
  readonly listener: RunnerEventListener | undefined;
}

/** @internal A step started or succeeded. */
export function emitStep<Ctx>(
  faults: FaultReporter,
  agent: AgentView<Ctx>,
  host: StepEventSource<Ctx>,
  type: 'stepStarted' | 'stepSucceeded',
  step: PlanStep,
  index: number,
): void {
  const sink = host.listener!.steps;
  if (sink !== undefined) toSink(faults, agent, host, sink, type, step, index, '');
  else
    faults.emit({ tick: agent.tickCount, time: agent.time, agent: agent.id, runner: host.name, planner: host.planner.kind, ctx: agent.ctx, type, step, index });
}

/** A step event handed to a listener's step sink, contained like an event delivered to a listener (an object is made only to report a throw). */
function toSink<Ctx>(
  faults: FaultReporter,
  agent: AgentView<Ctx>,
  host: StepEventSource<Ctx>,
  sink: StepEventSink,
  type: 'stepStarted' | 'stepSucceeded' | 'stepFailed' | 'stepAborted',
  step: PlanStep,
  index: number,
  reason: string,
): void {
  faults.calling(Callback.Listener, type);
  try {
    sink(type, step, index, reason, agent.tickCount, agent.time, host.name);
  } catch (thrown) {
    const base = { tick: agent.tickCount, time: agent.time, agent: agent.id, runner: host.name, planner: host.planner.kind, ctx: agent.ctx };
    faults.listenerThrew(type === 'stepStarted' || type === 'stepSucceeded' ? { ...base, type, step, index } : { ...base, type, step, index, reason }, thrown);
  }
  faults.called();
}

/** @internal A step failed or was aborted, with why. */
export function emitStepEnd<Ctx>(
  faults: FaultReporter,
  agent: AgentView<Ctx>,
  host: StepEventSource<Ctx>,
  type: 'stepFailed' | 'stepAborted',
  step: PlanStep,
  index: number,
  reason: string,
): void {
  const sink = host.listener!.steps;
  if (sink !== undefined) return toSink(faults, agent, host, sink, type, step, index, reason);
  faults.emit({
    tick: agent.tickCount,
    time: agent.time,
    agent: agent.id,
    runner: host.name,
    planner: host.planner.kind,
    ctx: agent.ctx,
    type,
    step,
    index,
    reason,
  });
}

/** @internal A promise an operator returned settled after its step had ended: it is ignored. */
export function emitSettledLate<Ctx>(
  faults: FaultReporter,
  agent: AgentView<Ctx>,
  host: StepEventSource<Ctx>,
  callback: AsyncCallback,
  step: PlanStep,
  index: number,
  rejected: boolean,
  value: unknown,
): void {
  faults.emit({
    tick: agent.tickCount,
    time: agent.time,
    agent: agent.id,
    runner: host.name,
    planner: host.planner.kind,
    ctx: agent.ctx,
    type: 'settledLate',
    step,
    index,
    callback,
    rejected,
    value,
  });
}
