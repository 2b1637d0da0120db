import { DualplanError } from '@dualplan/world-state';

/**
 * Bad input to the monitor page: a transport message it cannot read.
 * `subject` names the message type or field.
 * @example
 * try { parseMessage(JSON.parse(frame)); } catch (e) { if (e instanceof MonitorPageError) console.log(e.code, e.subject); }
 */
export class MonitorPageError extends DualplanError {}
