export { runCli, formatPlan, USAGE, EXIT } from './runCli.js';
export type { CliIo } from './runCli.js';
export { nodeIo } from './nodeIo.js';
export type { NodeIoOptions } from './nodeIo.js';
export { serveMonitor } from './serveMonitor.js';
export type { MonitorServeOptions, MonitorServer } from './serveMonitor.js';
export { MonitorCommandError } from './monitorCommands.js';
export type { DomainViewFile } from './monitorCommands.js';
