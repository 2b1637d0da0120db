export { HddlError } from './HddlError.js';
export type { HddlPos } from './HddlError.js';
export { HDDL_REQUIREMENTS, isSubtypeOf } from './HddlModel.js';
export type * from './HddlModel.js';
export type { HddlLimits } from './HddlReader.js';
export { parseHddlDomain } from './parseHddlDomain.js';
export { parseHddlProblem } from './parseHddlProblem.js';
export { groundHddl, HDDL_ROOT, HDDL_GOAL } from './compileHddl.js';
export type { GroundOptions, HddlTask } from './compileHddl.js';
export type { CompiledMethod } from './CompiledMethod.js';
export type { GroundTaskNode, GroundMethod, GroundHierarchy } from './groundHierarchy.js';
export type { GroundFacts } from './groundActions.js';
export { planHddl } from './planHddl.js';
export type { HddlPlanOptions, HddlPlanResult } from './planHddl.js';
export type { HddlDecomposition, HddlPrimitiveLine, HddlMethodLine } from './HddlDecomposition.js';
export { writeIpcPlan } from './writeIpcPlan.js';
export { parseIpcPlan } from './parseIpcPlan.js';
export { verifyHddlPlan } from './verifyHddlPlan.js';
export type { HddlVerdict, HddlPlanError } from './verifyHddlPlan.js';
export {
  TRANSPORT_HDDL_DOMAIN,
  transportHddlProblem,
  BLOCKS_HDDL_DOMAIN,
  blocksHddlProblem,
  TROLL_HDDL_DOMAIN,
  trollHddlProblem,
  SATELLITE_HDDL_DOMAIN,
  satelliteHddlProblem,
} from './domains/index.js';
export type { TransportOptions, TrollPlace } from './domains/index.js';
export { saveHddl } from './saveHddl.js';
export type { SaveHddlOptions, SavedHddl } from './saveHddl.js';
export type { Literals } from './groundFormula.js';
