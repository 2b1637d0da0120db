import type { Plan } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { FaultReporter } from '../faults/FaultReporter.js';

// The plan events a runner reports, each an object literal with every field written out (one shape per function).
// Callers check that there is a listener first: no event object is built otherwise.

/** @internal The runner `runner` of `agent` (planner `planner`) finished `plan`. */
export function emitPlanFinished<Ctx>(faults: FaultReporter, agent: AgentView<Ctx>, runner: string, planner: string, plan: Plan): void {
  faults.emit({ tick: agent.tickCount, time: agent.time, agent: agent.id, runner, planner, ctx: agent.ctx, type: 'planFinished', plan });
}

/** @internal The runner `runner` of `agent` (planner `planner`) failed `plan`, with why. */
export function emitPlanFailed<Ctx>(faults: FaultReporter, agent: AgentView<Ctx>, runner: string, planner: string, plan: Plan, reason: string): void {
  faults.emit({ tick: agent.tickCount, time: agent.time, agent: agent.id, runner, planner, ctx: agent.ctx, type: 'planFailed', plan, reason });
}

/** @internal The runner `runner` of `agent` uses `planner` now, instead of `previous`. */
export function emitPlannerChanged<Ctx>(faults: FaultReporter, agent: AgentView<Ctx>, runner: string, planner: string, previous: string): void {
  faults.emit({ tick: agent.tickCount, time: agent.time, agent: agent.id, runner, planner, ctx: agent.ctx, type: 'plannerChanged', previous });
}
