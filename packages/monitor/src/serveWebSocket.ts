import { WebSocketServer, type WebSocket } from 'ws';
import { showValue } from '@dualplan/world-state';
import { MonitorError } from './MonitorError.js';
import type { Recorder } from './Recorder.js';

/** Options of {@link serveWebSocket}. */
export interface WebSocketServerOptions {
  /** Port; default 0 (any free port: read it from the result). */
  port?: number;
  /** Interface to listen on; default `127.0.0.1` (this machine only). */
  host?: string;
}

/** A running WebSocket server for a recorder. */
export interface ServedRecorder {
  /** `ws://host:port`, for the page. */
  readonly url: string;
  readonly port: number;
  /** How many pages are connected. */
  readonly clients: () => number;
  /** Disconnect every page and stop listening. */
  close(): Promise<void>;
}

/**
 * Serve a recorder from a Node game server to monitor pages over a WebSocket
 * (the `ws` package). Each page that connects gets a snapshot of everything
 * the recorder kept, then updates as JSON text messages.
 * @example
 * const served = await serveWebSocket(recorder, { port: 8765 });
 * console.log(`monitor: open the page and connect to ${served.url}`);
 */
export function serveWebSocket(recorder: Recorder, options: WebSocketServerOptions = {}): Promise<ServedRecorder> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return Promise.reject(new MonitorError('BAD_OPTION', 'port', `serveWebSocket option port must be an integer in [0, 65535], got ${showValue(port)}.`));
  const host = options.host ?? '127.0.0.1';
  if (typeof host !== 'string' || host === '')
    return Promise.reject(new MonitorError('BAD_OPTION', 'host', `serveWebSocket option host must be a non-empty string, got ${showValue(host)}.`));
  return new Promise((resolve, reject) => {
    const server = new WebSocketServer({ port, host });
    const sockets = new Set<WebSocket>();
    server.once('error', (e) => reject(new MonitorError('SERVE_FAILED', `${host}:${port}`, `Cannot serve the monitor on ${host}:${port}: ${e.message}`)));
    server.on('connection', (socket) => {
      sockets.add(socket);
      const unsubscribe = recorder.subscribe((message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      });
      socket.on('close', () => {
        sockets.delete(socket);
        unsubscribe();
      });
      socket.on('error', () => socket.terminate());
    });
    server.once('listening', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address !== null ? address.port : port;
      resolve({
        url: `ws://${host}:${actual}`,
        port: actual,
        clients: () => sockets.size,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.terminate();
            server.close(() => done());
          }),
      });
    });
  });
}
