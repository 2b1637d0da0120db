export { HddlError } from './HddlError.js';
export type { HddlPos } from './HddlError.js';
export { HDDL_REQUIREMENTS, isSubtypeOf } from './HddlModel.js';
export type * from './HddlModel.js';
export type { HddlLimits } from './HddlReader.js';
export { parseHddlDomain } from './parseHddlDomain.js';
export { parseHddlProblem } from './parseHddlProblem.js';
