import { showValue } from '@dualplan/world-state';
import { MonitorError } from './MonitorError.js';
import { RECORDING_VERSION, type Recording } from './Recording.js';
import { validateRecording } from './validateRecording.js';

function fail(subject: string, message: string): never {
  throw new MonitorError('BAD_RECORDING', subject, `Not a dualplan recording: ${message}`);
}

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

/**
 * Read a recording saved with `JSON.stringify(recorder)` (or a parsed object),
 * checking its format, its version and then the whole of it against the
 * recording's JSON Schema (every field `formatRun`, `formatStatistics`, `whyNot`
 * and the page read, with its type; fields it does not know are allowed), so a
 * recording that loads can be printed. Throws {@link MonitorError} `BAD_RECORDING`
 * naming the path of the first offending field (`agents[0].runs[3].time`), or
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
  return validateRecording(data);
}
