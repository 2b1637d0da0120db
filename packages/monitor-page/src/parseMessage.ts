import { loadRecording, type RecordingMessage } from '@dualplan/monitor';
import { nameOf } from '@dualplan/world-state';
import { MonitorPageError } from './MonitorPageError.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Check a transport message (`snapshot`, `update` or `agent`) before the page
 * applies it: recordings and agents go through `loadRecording`'s checks
 * (`MonitorError` naming the field); a malformed message or unknown type is a
 * {@link MonitorPageError}.
 * @example
 * const message = parseMessage(JSON.parse(frame.data));
 */
export function parseMessage(json: unknown): RecordingMessage {
  if (!isObject(json)) throw new MonitorPageError('BAD_MESSAGE', 'message', 'A monitor message must be an object.');
  switch (json.type) {
    case 'snapshot':
      loadRecording(json.recording);
      break;
    case 'agent':
      loadRecording({ format: 'dualplan-recording', version: 1, started: '', agents: [json.agent] });
      break;
    case 'update':
      if (
        typeof json.agent !== 'string' ||
        !Array.isArray(json.runs) ||
        !Array.isArray(json.timeline) ||
        !isObject(json.stats) ||
        !isObject(json.known) ||
        (json.catalog !== undefined && !isObject(json.catalog))
      ) {
        throw new MonitorPageError(
          'BAD_MESSAGE',
          'update',
          'An "update" message needs agent (string), runs, timeline (lists), stats and known names (and catalog, when present, an object).',
        );
      }
      break;
    default: {
      // Parsed JSON can hold { "toString": 1 }, which String() cannot convert.
      const type = nameOf(json.type);
      throw new MonitorPageError('BAD_MESSAGE', type, `Unknown monitor message type "${type}" (expected snapshot, update or agent).`);
    }
  }
  return json as unknown as RecordingMessage;
}
