export { HtnDomain, TaskKind, Select } from './domain/HtnDomain.js';
export { pause, MAX_REPEAT_PASSES } from './domain/HtnDomainDef.js';
export type {
  HtnDomainDef,
  TaskDef,
  CompoundDef,
  DelegateDef,
  MethodDef,
  SubtaskDef,
  SubtaskFn,
  PausePoint,
  TaskRef,
  OptionalSubtask,
  AnyOrderSubtasks,
  MethodSelect,
  MethodCheck,
  UtilityFn,
  SlotDef,
  ParallelDef,
  RepeatDef,
} from './domain/HtnDomainDef.js';
export { MAX_ANY_ORDER } from './domain/subtaskGroups.js';
export { compileHtnDomain } from './domain/compileHtnDomain.js';
export { HtnDomainBuilder, CompoundBuilder, MethodBuilder, htnDomainBuilder } from './domain/HtnDomainBuilder.js';
export type { MethodOptions, MethodConditions } from './domain/HtnDomainBuilder.js';
export { HtnPlanner } from './HtnPlanner.js';
export type { HtnPlannerOptions, HtnPlanRequest } from './HtnPlannerOptions.js';
export type { HtnSearchModeName } from './planning/HtnSearchModeName.js';
export type { HtnMeta, HtnPlan, HtnResult, HtnContinuation, ContinuationTask } from './search/HtnPlan.js';
export type { HtnTraceEvent } from './search/HtnTraceEvent.js';
export { htnSearchTrace, htnWhyNoPlan } from './diagnostics/htnSearchTrace.js';
export { compareMtr } from './diagnostics/compareMtr.js';
export { htnAgentPlanner } from './agent/htnAgentPlanner.js';
export type { HtnAgentOptions } from './agent/htnAgentPlanner.js';
export {
  UndefinedTaskError,
  DuplicateTaskError,
  EmptyCompoundError,
  TaskDefinitionError,
  UnknownDelegateError,
  UtilityError,
  RaceEffectError,
  AdjustableTaskError,
} from './errors.js';
export { repairHtnPlan, adjustHtnPlan } from './agent/htnRepair.js';
export { decompositionTree, compoundsAbove } from './diagnostics/decompositionTree.js';
export type { DecompositionTree, DecomposedCompound, TreeSource } from './diagnostics/decompositionTree.js';
export { htnSlicedPlanner } from './agent/htnSlicedPlanner.js';
export { htnPlanCodec } from './diagnostics/htnPlanCodec.js';
