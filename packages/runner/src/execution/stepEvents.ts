import type { AgentPlanner, PlanStep } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { AsyncCallback } from './AwaitedCall.js';
import type { FaultReporter } from '../faults/FaultReporter.js';
import type { RunnerEventListener } from '../events/RunnerEvent.js';

// The step events a runner's execution reports, each an object literal with every field written out (one shape
// per function, whatever the type). Callers check that there is a listener first: no event object is built otherwise.

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
  faults.emit({ tick: agent.tickCount, time: agent.time, agent: agent.id, runner: host.name, planner: host.planner.kind, ctx: agent.ctx, type, step, index });
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
