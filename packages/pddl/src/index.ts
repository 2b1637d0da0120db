export { PddlError } from './PddlError.js';
export type { SourcePos } from './PddlError.js';
export { readSexp, MAX_SEXP_NESTING } from './readSexp.js';
export { SexpReader } from './SexpReader.js';
export type { Sexp, SexpList, SexpSymbol, SexpLimits } from './readSexp.js';
export { SUPPORTED_REQUIREMENTS } from './PddlDomain.js';
export type { TypedName, PddlAtom, PddlLiteral, PddlCost, PddlAction, PddlDomain, PddlNumericFact, PddlProblem } from './PddlDomain.js';
export { parseDomain } from './parseDomain.js';
export { parseProblem, isSubtype } from './parseProblem.js';
export type { GroundAction, GroundTask } from './GroundAction.js';
export { groundTask } from './groundTask.js';
export { findMutexGroups } from './findMutexGroups.js';
export type { MutexGroup } from './findMutexGroups.js';
export { encodeTask } from './encodeTask.js';
export type { EncodedAction, EncodedTask } from './encodeTask.js';
export { actionSetOf, goapDomainOf, PDDL_GOAL } from './goapDomainOf.js';
export { importPddl } from './importPddl.js';
export type { PddlImport, ImportOptions } from './importPddl.js';
export { solveExhaustive } from './solveExhaustive.js';
export type { ExhaustiveResult, ExhaustiveOptions } from './solveExhaustive.js';
export {
  BLOCKS_DOMAIN,
  blocksProblem,
  GRIPPER_DOMAIN,
  gripperProblem,
  LOGISTICS_DOMAIN,
  logisticsProblem,
  MICONIC_DOMAIN,
  miconicProblem,
  DUNGEON_DOMAIN,
  dungeonProblem,
} from './domains/index.js';
export type { DungeonOptions } from './domains/index.js';
