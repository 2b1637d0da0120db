import type { MessagePort } from 'node:worker_threads';
import type { MessageEndpoint } from '../postMessageTransport.js';

/**
 * A {@link MessageEndpoint} over one port of a Node `MessageChannel`: the transport tests' stand-in for a window
 * and its iframe.
 * @example
 * const { port1, port2 } = new MessageChannel();
 * servePostMessage(recorder, portEndpoint(port1));
 */
export function portEndpoint(port: MessagePort): MessageEndpoint {
  return {
    post: (data) => port.postMessage(data),
    listen(handler) {
      const l = (data: unknown) => handler(data);
      port.on('message', l);
      return () => port.off('message', l);
    },
  };
}

/**
 * Wait until `check()` holds, polling every 5 ms; rejects after `ms` (messages cross ports and sockets
 * asynchronously, and a loaded machine is slow).
 * @example
 * await waitUntil(() => mirror.runs.length > 0);
 */
export async function waitUntil(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
