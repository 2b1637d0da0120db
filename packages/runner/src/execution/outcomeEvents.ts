import type { Plan, PlanStatus } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { FaultReporter } from '../faults/FaultReporter.js';
import type { OutcomeEventType, ReplanTrigger, RunnerEvent, RunnerEventListener } from '../events/RunnerEvent.js';
import { Callback } from '../faults/CallGuard.js';

// The outcome events (what came of a planner call, how a plan ended) go through one function: to the listener's
// outcome sink as arguments when it has one (then no object is made), else as the event object, each type with the
// fields it has always had, in their order. Callers check that there is a listener first.

/**
 * @internal Report outcome `type` of runner `runner` (planner kind `planner`) of `agent` to `listener`; the fields
 * are those of an {@link OutcomeEventSink} (`detail`: a status or a `from`).
 */
export function emitOutcome<Ctx>(
  faults: FaultReporter,
  agent: AgentView<Ctx>,
  listener: RunnerEventListener,
  runner: string,
  planner: string,
  type: OutcomeEventType,
  plan: Plan | null,
  previous: Plan | null,
  trigger: ReplanTrigger | '',
  reason: string,
  detail: string,
  index: number,
  continued: boolean,
): void {
  const sink = listener.outcomes;
  if (sink === undefined) return faults.emit(outcomeEvent(agent, runner, planner, type, plan, previous, trigger, reason, detail, index, continued));
  faults.calling(Callback.Listener, type);
  try {
    sink(type, plan, previous, trigger, reason, detail, index, continued, agent.tickCount, agent.time, runner);
  } catch (thrown) {
    // The object is made only to report the throw, as a listener's would be.
    faults.listenerThrew(outcomeEvent(agent, runner, planner, type, plan, previous, trigger, reason, detail, index, continued), thrown);
  }
  faults.called();
}

/** @internal The event object of an outcome (see {@link emitOutcome}). */
export function outcomeEvent<Ctx>(
  agent: AgentView<Ctx>,
  runner: string,
  planner: string,
  type: OutcomeEventType,
  plan: Plan | null,
  previous: Plan | null,
  trigger: ReplanTrigger | '',
  reason: string,
  detail: string,
  index: number,
  continued: boolean,
): RunnerEvent {
  const tick = agent.tickCount;
  const time = agent.time;
  const id = agent.id;
  const ctx = agent.ctx;
  switch (type) {
    case 'planFound':
      return { tick, time, agent: id, runner, planner, ctx, type, plan: plan!, trigger: trigger as ReplanTrigger, reason };
    case 'planReplaced':
      return { tick, time, agent: id, runner, planner, ctx, type, plan: plan!, previous: previous!, trigger: trigger as ReplanTrigger, reason, continued };
    case 'planRepaired':
      return { tick, time, agent: id, runner, planner, ctx, type, plan: plan!, previous: previous!, index, from: detail, reason };
    case 'planAdjusted':
      return { tick, time, agent: id, runner, planner, ctx, type, plan: plan!, previous: previous!, index, from: detail, reason, continued };
    case 'planNotFound':
      return { tick, time, agent: id, runner, planner, ctx, type, status: detail as PlanStatus, trigger: trigger as ReplanTrigger, reason };
    case 'replanSkipped':
      return { tick, time, agent: id, runner, planner, ctx, type, trigger: trigger as ReplanTrigger, reason };
    case 'planFinished':
      return { tick, time, agent: id, runner, planner, ctx, type, plan: plan! };
    case 'planFailed':
      return { tick, time, agent: id, runner, planner, ctx, type, plan: plan!, reason };
  }
}
