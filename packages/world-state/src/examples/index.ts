export { trollSchema, EnemyRange, TrollLocation, TrollOperator } from './trollSchema';
export type { TrollSchema } from './trollSchema';
export { soldierSchema } from './soldierSchema';
export type { SoldierSchema } from './soldierSchema';
