import { DualplanError } from '@dualplan/world-state';

/**
 * Bad input to the monitor: an invalid option, a recording that is not one or
 * of an unsupported version, an unknown agent. `code` and `subject` name it.
 * @example
 * try { loadRecording('{}'); } catch (e) { if (e instanceof MonitorError) console.log(e.code); } // BAD_RECORDING
 */
export class MonitorError extends DualplanError {}
