import { describe, expect, it } from '@jest/globals';
import { MessageChannel } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { record } from './record.js';
import type { RecordingMessage } from './Recording.js';
import { RecordingMirror } from './RecordingMirror.js';
import { connectPostMessage, MONITOR_CHANNEL, servePostMessage, windowEndpoint } from './postMessageTransport.js';
import { connectWebSocket, type WebSocketConstructor } from './connectWebSocket.js';
import { serveWebSocket } from './serveWebSocket.js';
import { goapSoldier, htnTroll, run } from './testing/agents.js';
import { portEndpoint, waitUntil } from './testing/portEndpoint.js';

describe('postMessage transport', () => {
  it('sends nothing before the hello, then a snapshot of everything kept, then updates', async () => {
    const agents = [htnTroll(2), goapSoldier(2)];
    const recorder = record(agents, { flushMs: 0 });
    const { port1, port2 } = new MessageChannel();
    const sent: unknown[] = [];
    const game = portEndpoint(port1);
    const stopServing = servePostMessage(recorder, { post: (d) => (sent.push(d), game.post(d)), listen: game.listen });
    run(agents, 20);
    expect(sent).toEqual([]);
    // The page connects late: it still gets the history the recorder kept.
    const mirror = new RecordingMirror();
    const disconnect = connectPostMessage(portEndpoint(port2), (m) => mirror.apply(m), { retryMs: 20 });
    await waitUntil(() => mirror.recording !== null);
    expect(mirror.recording).toEqual(recorder.recording());
    run(agents, 20);
    recorder.flush();
    await waitUntil(() => mirror.recording!.agents[0].runs.length === recorder.agent('troll').runs.length);
    await new Promise((r) => setTimeout(r, 20));
    expect(mirror.recording).toEqual(recorder.recording());
    disconnect();
    stopServing();
    port1.close();
  });

  it('windowEndpoint filters by source and origin', () => {
    const listeners: ((e: { data: unknown; origin?: string; source?: unknown }) => void)[] = [];
    const self = { addEventListener: (_: 'message', l: (typeof listeners)[0]) => listeners.push(l), removeEventListener: () => {} };
    const posted: unknown[] = [];
    const target = { postMessage: (m: unknown, origin: string) => posted.push([m, origin]) };
    const got: unknown[] = [];
    const endpoint = windowEndpoint(self, target, 'http://127.0.0.1:8080');
    endpoint.listen((d) => got.push(d));
    endpoint.post('hi');
    listeners[0]({ data: 1, origin: 'http://127.0.0.1:8080', source: target });
    listeners[0]({ data: 2, origin: 'http://evil.example', source: target });
    listeners[0]({ data: 3, origin: 'http://127.0.0.1:8080', source: {} });
    expect(got).toEqual([1]);
    expect(posted).toEqual([['hi', 'http://127.0.0.1:8080']]);
    expect(MONITOR_CHANNEL).toBe('dualplan-monitor');
  });
});

describe('WebSocket transport', () => {
  it('serves a recorder on 127.0.0.1 to a client that connects late', async () => {
    const agents = [htnTroll(3)];
    const recorder = record(agents, { flushMs: 0 });
    run(agents, 20);
    const served = await serveWebSocket(recorder);
    expect(served.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    const mirror = new RecordingMirror();
    const types: string[] = [];
    let closed = '';
    const disconnect = connectWebSocket(served.url, (m: RecordingMessage) => (types.push(m.type), mirror.apply(m)), {
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      onClose: (r) => (closed = r),
    });
    await waitUntil(() => mirror.recording !== null);
    expect(served.clients()).toBe(1);
    run(agents, 20);
    recorder.flush();
    await waitUntil(() => types.includes('update'));
    expect(mirror.recording).toEqual(recorder.recording());
    await served.close();
    await waitUntil(() => closed !== '');
    disconnect();
    await expect(serveWebSocket(recorder, { port: -1 })).rejects.toThrow(expect.objectContaining({ code: 'BAD_OPTION' }));
    await expect(serveWebSocket(recorder, { port: { toString: '' } as never })).rejects.toThrow(
      expect.objectContaining({
        code: 'BAD_OPTION',
        subject: 'port',
        message: 'serveWebSocket option port must be an integer in [0, 65535], got {"toString":""}.',
      }),
    );
    await expect(serveWebSocket(recorder, { host: Object.create(null) })).rejects.toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'host' }));
  });
});
