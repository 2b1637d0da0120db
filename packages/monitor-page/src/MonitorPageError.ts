import { DualplanError } from '@dualplan/world-state';

/**
 * Bad input to the monitor page: a file that is not a recording, a version
 * this page cannot read, or a malformed transport message. `subject` names
 * the offending field or value.
 * @example
 * try { parseRecording(JSON.parse(text)); } catch (e) { if (e instanceof MonitorPageError) console.log(e.code, e.subject); }
 */
export class MonitorPageError extends DualplanError {}
