// @dualplan/world-state: the facts both planners plan over, and the one plan format they emit.
// The folders tell the story: schema/ (keys and typed-array states), conditions/ (compiled conditions and effects),
// actions/ (one action set for both planners), plan/ (the shared plan format), protocol/ (what planners implement,
// also `@dualplan/world-state/protocol`), trace/ (search traces), errors/ (typed errors and their messages).

// Errors and messages.
export { DualplanError, SchemaError, UnknownKeyError, ForeignKeyError, ValueRangeError, DefinitionError, SnapshotError } from './errors/errors.js';
export { UserCodeError } from './errors/UserCodeError.js';
export { describeThrown, describeValue, nameOf, showValue } from './errors/describeValue.js';
export { didYouMean, MAX_SUGGESTION_LENGTH } from './errors/didYouMean.js';
export { flagOfParseError } from './errors/flagOfParseError.js';
export { checkFields, UnknownFieldError } from './errors/checkFields.js';

// Schemas and states.
export { bool, int, enumOf, mergedBools } from './schema/KeySpec.js';
export type { BoolSpec, EnumSpec, IntSpec, KeySpec, EdgePolicy, EnumSource, EnumValue, ValueOf, SlotOptions } from './schema/KeySpec.js';
export { Schema, KeyKind, Edge, KEY_TAG_SHIFT, KEY_CELL_MASK } from './schema/Schema.js';
export { MAX_ENUM_VALUES } from './schema/validateKeySpec.js';
export type { Key, KeysOf, SchemaSpec, KeyInfo, StateSpace, StateValues, StorageType } from './schema/Schema.js';
export { defineSchema, schemaFromData } from './schema/defineSchema.js';
export type { KeyDefinition } from './schema/defineSchema.js';
export { WorldState, ChangeSource, createState, restoreState, diffStates } from './schema/WorldState.js';
export type { Snapshot, RestoreOptions } from './schema/WorldState.js';
export { checkWorldState } from './schema/checkWorldState.js';
export { Bindings } from './schema/Bindings.js';
export { hashWords } from './schema/hashWords.js';
export { mulberry32 } from './mulberry32.js';

// Conditions and effects.
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
} from './conditions/Condition.js';
export type { Condition, CompareOp, ConditionDef, OpaqueCondition, OpaqueTest } from './conditions/Condition.js';
export {
  EffectList,
  EffOp,
  EffectRangeError,
  compileEffects,
  emptyEffects,
  applyEffects,
  applyEffectsOrThrow,
  set,
  add,
  sub,
  effect,
} from './conditions/Effect.js';
export type { Effect, EffectDef, OpaqueEffect, OpaqueApply } from './conditions/Effect.js';
export { describeAll } from './conditions/describeAll.js';

// Actions.
export type { ActionDef, ActionCost, ArgList, ActionSet, CompiledAction, NamesOf, OperatorsOf } from './actions/ActionDef.js';
export { defineActions, actionStep, ActionDefinitionError, ACTION_FIELDS } from './actions/defineActions.js';

// The plan format.
export { validatePlan, validatePlanSafely, INTERRUPT_POLICIES, DEFAULT_INTERRUPT } from './plan/Plan.js';
export { checkDecorators, onceScope, DecoratorError, DECORATOR_FIELDS } from './plan/Decorators.js';
export type { Decorators } from './plan/Decorators.js';
export type { StepScope } from './plan/Plan.js';
export { ParallelCheck, ParallelConflictError, parallelShapeError } from './plan/ParallelCheck.js';
export type { ParallelClash } from './plan/ParallelCheck.js';
export type { ParallelSection } from './plan/ParallelSection.js';

// The planner protocol (also `@dualplan/world-state/protocol`): results, adapters, pending planning, observers.
export * from './protocol/index.js';

// Search traces.
export { TRACE_VERDICTS } from './trace/SearchTrace.js';
export type { TraceVerdict, TraceNode, TraceCandidate, TraceEvent, SearchTrace } from './trace/SearchTrace.js';
export { formatSearchTrace } from './trace/formatSearchTrace.js';
export type { FormatTraceOptions } from './trace/formatSearchTrace.js';
