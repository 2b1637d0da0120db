export { trollSchema, EnemyRange, TrollLocation, TrollOperator } from './trollSchema.js';
export type { TrollSchema } from './trollSchema.js';
export { soldierSchema } from './soldierSchema.js';
export type { SoldierSchema } from './soldierSchema.js';
