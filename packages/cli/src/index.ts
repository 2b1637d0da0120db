export { runCli, formatPlan, USAGE, EXIT } from './runCli.js';
export type { CliIo } from './runCli.js';
export { nodeIo } from './nodeIo.js';
