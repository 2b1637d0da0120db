export { PlannerPool, createPlannerPool } from './PlannerPool.js';
export type { PlannerPoolOptions, PlannerPoolStats, PooledPlannerOptions } from './PlannerPool.js';
