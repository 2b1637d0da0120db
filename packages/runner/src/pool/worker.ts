export { servePlanners } from './servePlanners.js';
export type { PoolDomain, PoolDomainFactory } from './servePlanners.js';
