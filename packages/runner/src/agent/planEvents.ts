import type { Plan } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { RunnerEventListener } from '../events/RunnerEvent.js';
import type { FaultReporter } from '../faults/FaultReporter.js';
import { emitOutcome } from '../execution/outcomeEvents.js';

// The plan events a runner reports: a plan's end goes to an outcome sink when the listener has one (see
// emitOutcome), `plannerChanged` is an object literal with every field written out. Callers check that there is a
// listener first: no event object is built otherwise.

/** @internal The runner `runner` of `agent` (planner `planner`) finished `plan`. */
export function emitPlanFinished<Ctx>(
  faults: FaultReporter,
  agent: AgentView<Ctx>,
  listener: RunnerEventListener,
  runner: string,
  planner: string,
  plan: Plan,
): void {
  emitOutcome(faults, agent, listener, runner, planner, 'planFinished', plan, null, '', '', '', -1, false);
}

/** @internal The runner `runner` of `agent` (planner `planner`) failed `plan`, with why. */
export function emitPlanFailed<Ctx>(
  faults: FaultReporter,
  agent: AgentView<Ctx>,
  listener: RunnerEventListener,
  runner: string,
  planner: string,
  plan: Plan,
  reason: string,
): void {
  emitOutcome(faults, agent, listener, runner, planner, 'planFailed', plan, null, '', reason, '', -1, false);
}

/** @internal The runner `runner` of `agent` uses `planner` now, instead of `previous`. */
export function emitPlannerChanged<Ctx>(faults: FaultReporter, agent: AgentView<Ctx>, runner: string, planner: string, previous: string): void {
  faults.emit({ tick: agent.tickCount, time: agent.time, agent: agent.id, runner, planner, ctx: agent.ctx, type: 'plannerChanged', previous });
}
