export { BLOCKS_DOMAIN, blocksProblem } from './blocksWorld.js';
export { GRIPPER_DOMAIN, gripperProblem } from './gripper.js';
export { LOGISTICS_DOMAIN, logisticsProblem } from './logistics.js';
export { MICONIC_DOMAIN, miconicProblem } from './miconic.js';
export { DUNGEON_DOMAIN, dungeonProblem } from './dungeon.js';
export type { DungeonOptions } from './dungeon.js';
