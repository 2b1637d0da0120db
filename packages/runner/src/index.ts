export { OperatorStatus } from './contract/OperatorStatus.js';
export type { Operator, OperatorMap } from './contract/Operator.js';
export { failWith } from './contract/operatorFailure.js';
export type { OperatorFailure } from './contract/operatorFailure.js';
export type { AgentView } from './contract/AgentView.js';
export { RunnerError } from './RunnerError.js';
export { PlanRunner } from './agent/PlanRunner.js';
export type { PlanRunnerOptions } from './agent/PlanRunner.js';
export type {
  RunnerEvent,
  RunnerEventBase,
  RunnerEventType,
  RunnerEventListener,
  ReplanTrigger,
  StepEventSink,
  OutcomeEventSink,
  OutcomeEventType,
} from './events/RunnerEvent.js';
export { createRunnerStats, summarizePlanTimes } from './events/RunnerStats.js';
export type { RunnerStats, PlanTimeSummary } from './events/RunnerStats.js';
export type { Sensor } from './contract/Sensor.js';
export { SensorManager } from './agent/SensorManager.js';
export { Agent, createAgent } from './agent/Agent.js';
export { BehaviourLedger } from './execution/BehaviourLedger.js';
export type { BehaviourSnapshot } from './execution/BehaviourLedger.js';
export type { AgentOptions, RunnerSpec, BranchSpec } from './agent/Agent.js';
export { asSubPlanner } from './agent/asSubPlanner.js';
export { formatEvent, formatPlan, formatStep, eventToJSON, timelinePrefix, roundTime } from './events/formatEvent.js';
export type { ArgFormatter } from './events/formatEvent.js';
export type { AgentPlanner, ReplaceDecision, SubPlanner, PlanResult } from '@dualplan/world-state';
export { PlanningScheduler } from './scheduling/PlanningScheduler.js';
export type { PlanningSchedulerOptions, SchedulerStats } from './scheduling/PlanningScheduler.js';
export { PlanCache } from './sharing/PlanCache.js';
export type { PlanCacheOptions, PlanCacheStats } from './sharing/PlanCache.js';
export { cachedPlanner } from './sharing/cachedPlanner.js';
export type { CachedPlannerOptions } from './sharing/cachedPlanner.js';
export { Squad } from './sharing/Squad.js';
export type { SquadStats } from './sharing/Squad.js';
export { FaultInjector, InjectedFaultError } from './faults/FaultInjector.js';
export type { FaultInjectorOptions, InjectedFault } from './faults/FaultInjector.js';
export type { FaultMode, FaultSource } from './contract/FaultSource.js';
export type { SensorFaultOptions } from './agent/SensorManager.js';
