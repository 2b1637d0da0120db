export { trollHtnDomain, trollBasicDomain, trollTrunkDomain } from './trollHtnDomain.js';
export type { TrollDomainOptions } from './trollHtnDomain.js';
export { blocksDomain, blocksProblem, blocksSchema, blocksSolved } from './blocksWorld.js';
export type { BlocksProblem, BlocksSchema } from './blocksWorld.js';
export { soldierHtnDomain } from './soldierHtnDomain.js';
export { npcHtnDomain, npcActions, npcSchema, npcSpec, swordCombatDomain, gunCombatDomain } from './npcHtnDomain.js';
export type { NpcSchema, NpcActions } from './npcHtnDomain.js';
export { coverHtnDomain, coverActions, coverSchema, coverSpec } from './coverHtnDomain.js';
export type { CoverSchema, CoverActions } from './coverHtnDomain.js';
