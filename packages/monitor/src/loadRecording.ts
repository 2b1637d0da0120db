import { showValue } from '@dualplan/world-state';
import { MonitorError } from './MonitorError.js';
import { RECORDING_VERSION, type Recording } from './Recording.js';

function fail(subject: string, message: string): never {
  throw new MonitorError('BAD_RECORDING', subject, `Not a dualplan recording: ${message}`);
}

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

/**
 * Read a recording saved with `JSON.stringify(recorder)` (or a parsed object),
 * checking its format, version and the shape the page relies on. Throws
 * {@link MonitorError} `BAD_RECORDING` naming the offending field, or
 * `UNSUPPORTED_VERSION` for a recording from a newer monitor.
 * @example
 * const recording = loadRecording(fs.readFileSync('match.json', 'utf8'));
 * recording.agents.map((a) => a.id); // ['troll', 'soldier']
 */
export function loadRecording(input: string | unknown): Recording {
  let data: unknown = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (e) {
      fail('(json)', `the text is not JSON (${(e as Error).message}).`);
    }
  }
  if (!isObject(data)) fail('(root)', 'expected an object.');
  if (data.format !== 'dualplan-recording') fail('format', `field "format" is ${showValue(data.format)}, expected "dualplan-recording".`);
  if (typeof data.version !== 'number' || !Number.isInteger(data.version) || data.version < 1)
    fail('version', `field "version" is ${showValue(data.version)}, expected a positive integer.`);
  if (data.version > RECORDING_VERSION) {
    throw new MonitorError(
      'UNSUPPORTED_VERSION',
      'version',
      `This recording has format version ${data.version}; this monitor reads up to version ${RECORDING_VERSION}. Update @dualplan/monitor.`,
    );
  }
  if (typeof data.started !== 'string') fail('started', 'field "started" must be an ISO time string.');
  if (!Array.isArray(data.agents)) fail('agents', 'field "agents" must be an array.');
  data.agents.forEach((a: unknown, i: number) => {
    const where = `agents[${i}]`;
    if (!isObject(a)) fail(where, `${where} must be an object.`);
    if (typeof a.id !== 'string') fail(`${where}.id`, `${where}.id must be a string.`);
    for (const field of ['keys', 'actions', 'compounds', 'methods', 'goals', 'runs', 'timeline'] as const) {
      if (!Array.isArray(a[field])) fail(`${where}.${field}`, `agent "${a.id}": field "${field}" must be an array.`);
    }
    (a.runs as unknown[]).forEach((r, j) => {
      if (!isObject(r) || typeof r.id !== 'number' || !Array.isArray(r.searches) || !isObject(r.state))
        fail(`${where}.runs[${j}]`, `agent "${a.id}": run ${j} needs an id, a state and searches.`);
    });
    (a.timeline as unknown[]).forEach((e, j) => {
      if (!isObject(e) || typeof e.type !== 'string' || typeof e.seq !== 'number')
        fail(`${where}.timeline[${j}]`, `agent "${a.id}": event ${j} needs a type and a seq.`);
    });
    if (a.catalog !== undefined && !isObject(a.catalog)) fail(`${where}.catalog`, `agent "${a.id}": field "catalog" must be an object (by name).`);
    if (!isObject(a.stats)) fail(`${where}.stats`, `agent "${a.id}": field "stats" must be an object.`);
    if (!isObject(a.dropped)) fail(`${where}.dropped`, `agent "${a.id}": field "dropped" must be an object.`);
  });
  return data as unknown as Recording;
}
