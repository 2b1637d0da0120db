export { HtnDomain, TaskKind, Select } from './HtnDomain.js';
export { pause } from './HtnDomainDef.js';
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
} from './HtnDomainDef.js';
export { MAX_ANY_ORDER } from './subtaskGroups.js';
export { compileHtnDomain } from './compileHtnDomain.js';
export { HtnDomainBuilder, CompoundBuilder, MethodBuilder, htnDomainBuilder } from './HtnDomainBuilder.js';
export type { MethodOptions, MethodConditions } from './HtnDomainBuilder.js';
export { HtnPlanner } from './HtnPlanner.js';
export type { HtnPlannerOptions, HtnPlanRequest } from './HtnPlannerOptions.js';
export type { HtnMeta, HtnPlan, HtnResult, HtnContinuation, ContinuationTask } from './HtnPlan.js';
export type { HtnTraceEvent } from './HtnTraceEvent.js';
export { htnSearchTrace, htnWhyNoPlan } from './htnSearchTrace.js';
export { compareMtr } from './compareMtr.js';
export { htnAgentPlanner } from './htnAgentPlanner.js';
export type { HtnAgentOptions } from './htnAgentPlanner.js';
export { UndefinedTaskError, DuplicateTaskError, EmptyCompoundError, TaskDefinitionError, UnknownDelegateError, UtilityError } from './errors.js';
export { htnSlicedPlanner } from './htnSlicedPlanner.js';
export { htnPlanCodec } from './htnPlanCodec.js';
