export { DualplanError, SchemaError, UnknownKeyError, ForeignKeyError, ValueRangeError, DefinitionError, SnapshotError } from './errors.js';
export { UserCodeError } from './UserCodeError.js';
export { describeThrown, describeValue, nameOf, showValue } from './describeValue.js';
export { checkWorldState } from './checkWorldState.js';
export { bool, int, enumOf, mergedBools } from './KeySpec.js';
export type { BoolSpec, EnumSpec, IntSpec, KeySpec, EdgePolicy, EnumSource, EnumValue, ValueOf, SlotOptions } from './KeySpec.js';
export { Schema, KeyKind, Edge, MAX_ENUM_VALUES, KEY_TAG_SHIFT, KEY_CELL_MASK } from './Schema.js';
export type { Key, KeysOf, SchemaSpec, KeyInfo, StateSpace, StateValues, StorageType } from './Schema.js';
export { defineSchema, schemaFromData } from './defineSchema.js';
export type { KeyDefinition } from './defineSchema.js';
export { WorldState, ChangeSource, createState, restoreState, diffStates } from './WorldState.js';
export type { Snapshot, RestoreOptions } from './WorldState.js';
export { hashWords } from './hashWords.js';
export { mulberry32 } from './mulberry32.js';
export {
  ConditionList,
  CondOp,
  compileConditions,
  emptyConditions,
  firstFailing,
  checkConditions,
  inSet,
  eq,
  ne,
  lt,
  le,
  gt,
  ge,
  isIn,
  is,
  check,
} from './Condition.js';
export type { Condition, CompareOp, ConditionDef, OpaqueCondition, OpaqueTest } from './Condition.js';
export { describeAll } from './describeAll.js';
export { EffectList, EffOp, EffectRangeError, compileEffects, emptyEffects, applyEffects, applyEffectsOrThrow, set, add, sub, effect } from './Effect.js';
export type { Effect, EffectDef, OpaqueEffect, OpaqueApply } from './Effect.js';
export { Bindings } from './Bindings.js';
export { validatePlan, validatePlanSafely, INTERRUPT_POLICIES, DEFAULT_INTERRUPT } from './Plan.js';
export type { Plan, PlanStep, PlanStats, PlanCheck, InterruptPolicy } from './Plan.js';
export type { AgentPlanner, ReplaceDecision, SubPlanner } from './AgentPlanner.js';
export { PlanBuffer, copyResult, planFound, noPlan, moveFaults } from './PlanResult.js';
export type { PlanResult, PlanStatus, BudgetKind, MutablePlan, MutableResult, MutableSection } from './PlanResult.js';
export { ParallelCheck, ParallelConflictError, parallelShapeError } from './ParallelCheck.js';
export type { ParallelClash } from './ParallelCheck.js';
export type { ParallelSection } from './ParallelSection.js';
export { didYouMean, MAX_SUGGESTION_LENGTH } from './didYouMean.js';
export { flagOfParseError } from './flagOfParseError.js';
export { checkFields, UnknownFieldError } from './checkFields.js';
export { TRACE_VERDICTS } from './SearchTrace.js';
export type { TraceVerdict, TraceNode, TraceCandidate, TraceEvent, SearchTrace } from './SearchTrace.js';
export { ObserverSet } from './ObserverSet.js';
export type { PlanObserver, ObservedGoal, PlannerCatalog, CatalogEntry } from './PlanObserver.js';
export { formatSearchTrace } from './formatSearchTrace.js';
export type { FormatTraceOptions } from './formatSearchTrace.js';
export type { ActionDef, ActionCost, ArgList, ActionSet, CompiledAction, NamesOf, OperatorsOf } from './ActionDef.js';
export { defineActions, actionStep, ActionDefinitionError, ACTION_FIELDS } from './defineActions.js';
export { plainResult, resultFromPlain, isPendingPlanner, isSlicedPlanner } from './PendingPlanning.js';
export { ForwardingPlanner } from './ForwardingPlanner.js';
export type { PlanUrgency, PlanReceiver, PendingPlanner, SlicedPlanner, PlainStep, PlainPlan, PlainOutcome, PlanCodec } from './PendingPlanning.js';
