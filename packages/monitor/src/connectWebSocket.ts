import type { DebugCommand, DebugStatus } from './debugCommands.js';
import { MonitorError } from './MonitorError.js';
import type { RecordingMessage } from './Recording.js';

/** The part of the WebSocket API the client uses (the browser's, or `ws`'s in Node). */
export interface WebSocketLike {
  /** Called with each message from the server. */
  onmessage: ((event: { data: unknown }) => void) | null;
  /** Called once the connection has closed. */
  onclose: ((event: unknown) => void) | null;
  /** Called when the connection fails. */
  onerror: ((event: unknown) => void) | null;
  /** Closes the connection. */
  close(): void;
  /** Sends text to the server (debug commands). */
  send?(data: string): void;
}
/** A WebSocket class: the browser's `WebSocket`, or `WebSocket` from the `ws` package in Node. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Options of {@link connectWebSocket}. */
export interface WebSocketClientOptions {
  /** The WebSocket class; default the global one (browsers, Node >= 22). Pass `ws`'s `WebSocket` in older Node. */
  WebSocket?: WebSocketConstructor;
  /** Called once when the connection closes or fails. */
  onClose?: (reason: string) => void;
  /** Called with the game's debug status, and with the error text of a command it refused. */
  onDebug?: (status: DebugStatus | { readonly type: 'debugError'; readonly error: string }) => void;
}

/** A connection made by {@link connectWebSocket}: call it to disconnect; `command` sends a debug command. */
export interface WebSocketConnection {
  (): void;
  /** Sends a debug command to the game (ignored until the connection is open, or after it closed). */
  command(command: DebugCommand): void;
}

/**
 * Receive a recorder served by `serveWebSocket` (from `@dualplan/monitor/node`):
 * a snapshot on connect, then updates. Every message goes to `onMessage` (feed a
 * {@link RecordingMirror}). Returns the function that disconnects.
 * @example
 * const mirror = new RecordingMirror();
 * connectWebSocket('ws://127.0.0.1:8765', (m) => mirror.apply(m));
 */
export function connectWebSocket(url: string, onMessage: (message: RecordingMessage) => void, options: WebSocketClientOptions = {}): WebSocketConnection {
  const Ctor = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (typeof Ctor !== 'function')
    throw new MonitorError('NO_WEBSOCKET', url, 'No WebSocket class here: pass options.WebSocket (for example `WebSocket` from the ws package).');
  const socket = new Ctor(url);
  let closed = false;
  const close = (reason: string) => {
    if (closed) return;
    closed = true;
    options.onClose?.(reason);
  };
  socket.onmessage = (event) => {
    const text = typeof event.data === 'string' ? event.data : String(event.data);
    let message: RecordingMessage;
    try {
      message = JSON.parse(text) as RecordingMessage;
    } catch {
      return close('received a message that is not JSON');
    }
    const type = (message as { type?: unknown } | null)?.type;
    if (type === 'debugStatus' || type === 'debugError') return void options.onDebug?.(message as unknown as DebugStatus);
    onMessage(message);
  };
  socket.onclose = () => close('closed');
  socket.onerror = () => close('connection error');
  const disconnect = () => {
    closed = true;
    socket.close();
  };
  return Object.assign(disconnect, {
    command(command: DebugCommand) {
      if (closed) return;
      try {
        socket.send?.(JSON.stringify(command));
      } catch {
        // Not open yet, or closing: the command is dropped, as the page is told by the status it does not get.
      }
    },
  });
}
