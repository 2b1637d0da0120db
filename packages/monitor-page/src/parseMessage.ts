import type { RecordingMessage } from '@dualplan/monitor';
import { MonitorPageError } from './MonitorPageError.js';
import { checkAgent, isObject, parseRecording } from './parseRecording.js';

/**
 * Check a transport message (`snapshot`, `update` or `agent`). Throws
 * {@link MonitorPageError} naming the message type or field.
 * @example
 * const message = parseMessage(JSON.parse(frame.data));
 */
export function parseMessage(json: unknown): RecordingMessage {
  if (!isObject(json)) throw new MonitorPageError('BAD_MESSAGE', 'message', 'A monitor message must be an object.');
  switch (json.type) {
    case 'snapshot':
      parseRecording(json.recording);
      break;
    case 'agent':
      checkAgent(json.agent, 'agent');
      break;
    case 'update':
      if (typeof json.agent !== 'string' || !Array.isArray(json.runs) || !Array.isArray(json.timeline) || !isObject(json.stats) || !isObject(json.known)) {
        throw new MonitorPageError('BAD_MESSAGE', 'update', 'An "update" message needs agent (string), runs, timeline (lists), stats and known names.');
      }
      break;
    default:
      throw new MonitorPageError('BAD_MESSAGE', String(json.type), `Unknown monitor message type "${String(json.type)}" (expected snapshot, update or agent).`);
  }
  return json as unknown as RecordingMessage;
}
