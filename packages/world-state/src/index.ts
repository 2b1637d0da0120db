export { DualplanError, SchemaError, UnknownKeyError, ValueRangeError, DefinitionError, SnapshotError } from './errors';
export { bool, int, enumOf, mergedBools } from './KeySpec';
export type { BoolSpec, EnumSpec, IntSpec, KeySpec, EdgePolicy, EnumSource, EnumValue, ValueOf, SlotOptions } from './KeySpec';
export { Schema, KeyKind, Edge, MAX_ENUM_VALUES } from './Schema';
export type { Key, KeysOf, SchemaSpec, KeyInfo, StateSpace, StateValues, StorageType } from './Schema';
export { defineSchema, schemaFromData } from './defineSchema';
export type { KeyDefinition } from './defineSchema';
export { WorldState, ChangeSource, createState, restoreState, diffStates } from './WorldState';
export type { Snapshot, RestoreOptions } from './WorldState';
export { hashWords } from './hashWords';
export {
  ConditionList,
  CondOp,
  compileConditions,
  emptyConditions,
  firstFailing,
  checkConditions,
  eq,
  ne,
  lt,
  le,
  gt,
  ge,
  isIn,
  is,
  check,
} from './Condition';
export type { Condition, CompareOp, ConditionDef, OpaqueCondition, OpaqueTest } from './Condition';
export { EffectList, EffOp, EffectRangeError, compileEffects, emptyEffects, applyEffects, applyEffectsOrThrow, set, add, sub, effect } from './Effect';
export type { Effect, EffectDef, OpaqueEffect, OpaqueApply } from './Effect';
export { Bindings } from './Bindings';
export { validatePlan } from './Plan';
export type { Plan, PlanStep, PlanStats, PlanCheck, InterruptPolicy } from './Plan';
export type { AgentPlanner, PlanOutcome, PlanStatus, ReplaceDecision, SubPlanner } from './AgentPlanner';
