export { TRANSPORT_HDDL_DOMAIN, transportHddlProblem } from './transport.js';
export type { TransportOptions } from './transport.js';
export { BLOCKS_HDDL_DOMAIN, blocksHddlProblem } from './blocks.js';
export { TROLL_HDDL_DOMAIN, trollHddlProblem } from './troll.js';
export type { TrollPlace } from './troll.js';
export { SATELLITE_HDDL_DOMAIN, satelliteHddlProblem } from './satellite.js';
