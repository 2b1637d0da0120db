export { trollSchema, EnemyRange, TrollLocation } from './trollSchema';
export type { TrollSchema } from './trollSchema';
export { soldierSchema } from './soldierSchema';
export type { SoldierSchema } from './soldierSchema';
