export { soldierGoapDomain } from './soldierGoapDomain.js';
export type { SoldierOptions } from './soldierGoapDomain.js';
export { fireDomain, woodpileDomain, fireSchema } from './fireDomain.js';
export { chainDomain } from './chainDomain.js';
export { mergedBoolDomain, mergedBoolTwinDomain, Weapon } from './mergedBoolDomain.js';
export { trollGoapDomain } from './trollGoapDomain.js';
export { goalRichDomain } from './goalRichDomain.js';
export { randomDomain } from './randomDomain.js';
export type { RandomDomain, RandomDomainOptions } from './randomDomain.js';
