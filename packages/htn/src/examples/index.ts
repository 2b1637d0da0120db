export { trollDomain, trollBasicDomain, trollTrunkDomain } from './trollDomain.js';
export type { TrollDomainOptions } from './trollDomain.js';
export { blocksDomain, blocksProblem, blocksSchema, blocksSolved } from './blocksWorld.js';
export type { BlocksProblem, BlocksSchema } from './blocksWorld.js';
export { soldierDomain } from './soldierDomain.js';
