import { describe, expect, it } from '@jest/globals';
import { MessageChannel } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { Breakpoints, type DebugHost } from './Breakpoints.js';
import type { DebugStatus } from './debugCommands.js';
import { record } from './record.js';
import { connectPostMessage, postDebugCommand, servePostMessage } from './postMessageTransport.js';
import { connectWebSocket, type WebSocketConstructor } from './connectWebSocket.js';
import { serveWebSocket } from './serveWebSocket.js';
import { htnTroll } from './testing/agents.js';
import { portEndpoint, waitUntil } from './testing/portEndpoint.js';

type Heard = DebugStatus | { readonly type: 'debugError'; readonly error: string };

/** A troll, its recorder, and breakpoints whose host counts the ticks it was asked to step. */
function setup() {
  const troll = htnTroll(4);
  const recorder = record([troll], { flushMs: 0 });
  let steps = 0;
  let paused = false;
  const host: DebugHost = {
    pause: () => void (paused = true),
    resume: () => void (paused = false),
    step: () => {
      steps++;
      troll.tick(0.1);
    },
  };
  return { troll, recorder, breakpoints: new Breakpoints([troll], host), steps: () => steps, paused: () => paused };
}

describe('debugging over the transports', () => {
  it('postMessage: the page sets breakpoints, steps and resumes; the game answers with its status, and a bad command with its error', async () => {
    const g = setup();
    const { port1, port2 } = new MessageChannel();
    const stop = servePostMessage(g.recorder, portEndpoint(port1), { breakpoints: g.breakpoints });
    const heard: Heard[] = [];
    const page = portEndpoint(port2);
    const disconnect = connectPostMessage(page, () => {}, { retryMs: 20, onDebug: (s) => heard.push(s) });
    await waitUntil(() => heard.length > 0);
    expect(heard[0]).toMatchObject({ type: 'debugStatus', paused: false, breakpoints: [] });
    postDebugCommand(page, { type: 'setBreakpoints', breakpoints: [{ kind: 'replan', agent: 'troll' }] });
    postDebugCommand(page, { type: 'step' });
    await waitUntil(() => heard.some((s) => s.type === 'debugStatus' && s.stepped === 1));
    expect(g.steps()).toBe(1);
    expect(g.paused()).toBe(true);
    postDebugCommand(page, { type: 'explode' } as never);
    await waitUntil(() => heard.some((s) => s.type === 'debugError'));
    expect(heard.find((s) => s.type === 'debugError')).toEqual({ type: 'debugError', error: expect.stringContaining('Unknown debug command "explode"') });
    postDebugCommand(page, { type: 'resume' });
    await waitUntil(() => !g.paused());
    disconnect();
    stop();
    port1.close();
  });

  it('WebSocket: commands from the page are applied, statuses go to every page, bad and binary commands are answered with their error', async () => {
    const g = setup();
    const served = await serveWebSocket(g.recorder, { breakpoints: g.breakpoints });
    const heard: Heard[] = [];
    const connection = connectWebSocket(served.url, () => {}, { WebSocket: WebSocket as unknown as WebSocketConstructor, onDebug: (s) => heard.push(s) });
    await waitUntil(() => heard.length > 0);
    connection.command({ type: 'setBreakpoints', breakpoints: [{ kind: 'state', key: 'WsTrunkHealth', op: '>=', value: 1 }] });
    connection.command({ type: 'step' });
    await waitUntil(() => heard.some((s) => s.type === 'debugStatus' && s.stepped === 1));
    expect(g.steps()).toBe(1);
    expect(g.breakpoints.status().breakpoints).toEqual([{ kind: 'state', key: 'WsTrunkHealth', op: '>=', value: 1 }]);
    const raw = new WebSocket(served.url);
    const answers: string[] = [];
    raw.on('message', (d) => answers.push(String(d)));
    await waitUntil(() => answers.length >= 2);
    raw.send('not json');
    raw.send(Buffer.from([1, 2, 3]), { binary: true });
    raw.send(JSON.stringify({ type: 'setBreakpoints', breakpoints: 'all' }));
    await waitUntil(() => answers.filter((a) => a.includes('debugError')).length === 3);
    expect(answers.filter((a) => a.includes('debugError')).map((a) => (JSON.parse(a) as { error: string }).error)).toEqual([
      'A debug command must be JSON text.',
      'Debug commands are JSON text, not binary frames.',
      'setBreakpoints needs an array of at most 64 breakpoints, got "all".',
    ]);
    expect(g.steps()).toBe(1);
    raw.close();
    connection();
    await served.close();
  });
});
