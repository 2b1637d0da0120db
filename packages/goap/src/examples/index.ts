export { soldierDomain } from './soldierDomain.js';
export { fireDomain, woodpileDomain, fireSchema } from './fireDomain.js';
export { chainDomain } from './chainDomain.js';
export { mergedBoolDomain, mergedBoolTwinDomain, Weapon } from './mergedBoolDomain.js';
export { trollDomain } from './trollDomain.js';
export { randomDomain } from './randomDomain.js';
export type { RandomDomain, RandomDomainOptions } from './randomDomain.js';
