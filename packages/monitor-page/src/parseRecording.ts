import { RECORDING_VERSION, type Recording } from '@dualplan/monitor';
import { MonitorPageError } from './MonitorPageError.js';

/** @internal */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Check that parsed JSON is a recording this page can show (the format tag,
 * a version it knows, and an `agents` list whose entries have an id, runs,
 * timeline and statistics). Throws {@link MonitorPageError} naming the field.
 * @example
 * const recording = parseRecording(JSON.parse(await file.text()));
 */
export function parseRecording(json: unknown): Recording {
  if (!isObject(json) || json.format !== 'dualplan-recording') {
    throw new MonitorPageError('NOT_A_RECORDING', 'format', 'This is not a dualplan recording: its "format" field is not "dualplan-recording".');
  }
  if (json.version !== RECORDING_VERSION) {
    throw new MonitorPageError('BAD_VERSION', String(json.version), `Recording version ${String(json.version)} is not supported: this page reads version ${RECORDING_VERSION}.`);
  }
  if (!Array.isArray(json.agents)) throw new MonitorPageError('BAD_FIELD', 'agents', 'The recording has no "agents" list.');
  json.agents.forEach((a, i) => checkAgent(a, `agents[${i}]`));
  return json as unknown as Recording;
}

/** @internal Checks the fields the page relies on in one agent. */
export function checkAgent(a: unknown, where: string): void {
  if (!isObject(a)) throw new MonitorPageError('BAD_FIELD', where, `${where} is not an object.`);
  if (typeof a.id !== 'string') throw new MonitorPageError('BAD_FIELD', `${where}.id`, `${where}.id must be a string.`);
  for (const field of ['runs', 'timeline', 'keys', 'actions', 'compounds', 'methods', 'goals']) {
    if (!Array.isArray(a[field])) throw new MonitorPageError('BAD_FIELD', `${where}.${field}`, `${where}.${field} must be a list (agent "${a.id}").`);
  }
  if (!isObject(a.stats)) throw new MonitorPageError('BAD_FIELD', `${where}.stats`, `${where}.stats must be an object (agent "${a.id}").`);
}
