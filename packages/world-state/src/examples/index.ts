export { trollSchema, EnemyRange, TrollLocation, TrollOperator } from './trollSchema.js';
export type { TrollSchema } from './trollSchema.js';
export { soldierSchema } from './soldierSchema.js';
export type { SoldierSchema } from './soldierSchema.js';
export { soldierActions } from './soldierActions.js';
export type { SoldierActions } from './soldierActions.js';
export { trollActions } from './trollActions.js';
export type { TrollActions, TrollActionOptions } from './trollActions.js';
export { hostileValues } from './hostileValues.js';
