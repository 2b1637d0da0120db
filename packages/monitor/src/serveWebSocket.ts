import { WebSocketServer, type WebSocket } from 'ws';
import { showValue } from '@dualplan/world-state';
import type { Breakpoints } from './Breakpoints.js';
import { MonitorError } from './MonitorError.js';
import type { Recorder } from './Recorder.js';
import type { RecordingMessage } from './Recording.js';
import { DEFAULT_ORIGINS, LOOPBACK_HOSTS, hostAllowed, originAllowed, tokenMatches } from './serverGuards.js';

/**
 * Options of {@link serveWebSocket}. The defaults make a development server that
 * only pages of this machine can read; see docs/reliability.md for the security model.
 */
export interface WebSocketServerOptions {
  /** Port; default 0 (any free port: read it from the result). */
  port?: number;
  /** Interface to listen on; default `127.0.0.1` (this machine only). */
  host?: string;
  /**
   * Browser origins allowed to connect (the `Origin` header), exact or with `:*`
   * for any port. Default: `http://127.0.0.1:*`, `http://localhost:*` and
   * `http://[::1]:*` (pages served by this machine). Others are refused with 403.
   */
  origins?: readonly string[];
  /**
   * Allow clients that send no `Origin` header: tools such as the `ws` package,
   * never a browser (browsers always send one). Default true; false admits browsers only.
   */
  allowNoOrigin?: boolean;
  /**
   * Host names (besides `127.0.0.1`, `localhost`, `[::1]` and `host`) the `Host`
   * header may name, with the server's port. Any other name is refused with 403
   * (a DNS-rebinding page reaches 127.0.0.1 under its own name).
   */
  hostNames?: readonly string[];
  /** When set, clients must connect with `?token=<token>` in the URL (403 otherwise). {@link ServedRecorder.url} includes it. */
  token?: string;
  /** Most clients connected at once; more are refused with 503. Default 8. */
  maxClients?: number;
  /**
   * Most bytes queued for one client that is not reading: a client with more
   * queued when an update is due is disconnected (close code 1008) instead of
   * the game's memory growing. Default 16 MiB.
   */
  maxBufferedBytes?: number;
  /**
   * The game's breakpoints: pages may send debug commands (JSON text, checked by
   * `parseDebugCommand`; a refused one is answered with `{ type: 'debugError' }`)
   * and every page receives each debug status. Without it, what pages send is ignored.
   */
  breakpoints?: Breakpoints;
}

/** A running WebSocket server for a recorder. */
export interface ServedRecorder {
  /** `ws://host:port` (with `?token=` when a token is set), for the page. */
  readonly url: string;
  /** The port listened on. */
  readonly port: number;
  /** How many pages are connected. */
  readonly clients: () => number;
  /** Disconnect every page and stop listening. */
  close(): Promise<void>;
}

/** Close code for a client dropped for not reading (policy violation). */
const SLOW_CLIENT = 1008;
/** Clients send only debug commands: anything larger than this closes the connection. */
const MAX_CLIENT_MESSAGE = 64 * 1024;
/** After closing a slow client, how long its queued bytes may wait before the socket is destroyed. */
const SLOW_CLOSE_GRACE_MS = 1000;

function integerOption(value: number | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new MonitorError('BAD_OPTION', name, `serveWebSocket option ${name} must be an integer in [${min}, ${max}], got ${showValue(value)}.`);
  return value;
}

function stringList(value: readonly string[] | undefined, fallback: readonly string[], name: string): readonly string[] {
  if (value === undefined) return fallback;
  if (!Array.isArray(value) || !value.every((s) => typeof s === 'string' && s !== ''))
    throw new MonitorError('BAD_OPTION', name, `serveWebSocket option ${name} must be an array of non-empty strings, got ${showValue(value)}.`);
  return [...value];
}

/** The checked options, with defaults. */
function settings(options: WebSocketServerOptions) {
  const host = options.host ?? '127.0.0.1';
  if (typeof host !== 'string' || host === '')
    throw new MonitorError('BAD_OPTION', 'host', `serveWebSocket option host must be a non-empty string, got ${showValue(host)}.`);
  const token = options.token;
  if (token !== undefined && (typeof token !== 'string' || token === ''))
    throw new MonitorError('BAD_OPTION', 'token', `serveWebSocket option token must be a non-empty string, got ${showValue(token)}.`);
  if (options.allowNoOrigin !== undefined && typeof options.allowNoOrigin !== 'boolean')
    throw new MonitorError('BAD_OPTION', 'allowNoOrigin', `serveWebSocket option allowNoOrigin must be a boolean, got ${showValue(options.allowNoOrigin)}.`);
  const extraHosts = stringList(options.hostNames, [], 'hostNames');
  const wildcard = host === '0.0.0.0' || host === '::';
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    port: integerOption(options.port, 0, 'port', 0, 65535),
    host,
    token,
    origins: stringList(options.origins, DEFAULT_ORIGINS, 'origins'),
    allowNoOrigin: options.allowNoOrigin ?? true,
    hostNames: [...LOOPBACK_HOSTS, ...(wildcard ? [] : [bracketed]), ...extraHosts],
    maxClients: integerOption(options.maxClients, 8, 'maxClients', 1, 1_000_000),
    maxBufferedBytes: integerOption(options.maxBufferedBytes, 16 * 1024 * 1024, 'maxBufferedBytes', 1, Number.MAX_SAFE_INTEGER),
  };
}

/**
 * Serve a recorder from a Node game server to monitor pages over a WebSocket
 * (the `ws` package). Each page that connects gets a snapshot of everything
 * the recorder kept, then updates as JSON text messages. Every message is
 * serialized once and the same text sent to every page; the snapshot is built
 * once per change, not per page. Only pages of this machine (`origins`), under
 * a loopback `Host`, with the `token` if one is set, and at most `maxClients`
 * of them are admitted; a page that stops reading is dropped past `maxBufferedBytes`.
 * @example
 * const served = await serveWebSocket(recorder, { port: 8765 });
 * console.log(`monitor: open the page and connect to ${served.url}`);
 */
export function serveWebSocket(recorder: Recorder, options: WebSocketServerOptions = {}): Promise<ServedRecorder> {
  let s: ReturnType<typeof settings>;
  try {
    s = settings(options ?? {});
  } catch (e) {
    return Promise.reject(e as Error);
  }
  const { host, port } = s;
  return new Promise((resolve, reject) => {
    let listeningPort = port;
    /** The one recorder subscription, while any page is connected; the serialized snapshot, until the next change. */
    let unsubscribe: (() => void) | null = null;
    let snapshot: Buffer | null = null;
    /** Clients that have had their snapshot: updates go to these (a client joining gets none before its snapshot). */
    const live = new Set<WebSocket>();
    const server = new WebSocketServer({
      port,
      host,
      maxPayload: MAX_CLIENT_MESSAGE,
      // Synchronous, so each upgrade is admitted (and counted in server.clients) before the next is checked.
      verifyClient: ({ origin, req }, done) => {
        if (!hostAllowed(req.headers.host, s.hostNames, listeningPort)) return done(false, 403, 'Host not allowed');
        if (origin === undefined ? !s.allowNoOrigin : !originAllowed(origin, s.origins)) return done(false, 403, 'Origin not allowed');
        if (s.token !== undefined && !tokenMatches(req, s.token)) return done(false, 403, 'Token required');
        if (server.clients.size >= s.maxClients) return done(false, 503, 'Too many monitor clients');
        done(true);
      },
    });

    /** Sends one message, already UTF-8 encoded (once for every client), as a text frame. */
    const deliver = (socket: WebSocket, data: Buffer) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > s.maxBufferedBytes) {
        socket.close(SLOW_CLIENT, 'Too slow: too many bytes queued');
        setTimeout(() => socket.terminate(), SLOW_CLOSE_GRACE_MS).unref();
        return;
      }
      socket.send(data, { binary: false });
    };
    const onMessage = (message: RecordingMessage) => {
      const data = Buffer.from(JSON.stringify(message));
      if (message.type === 'snapshot') {
        snapshot = data;
        return;
      }
      snapshot = null;
      for (const socket of live) deliver(socket, data);
    };
    const snapshotData = (): Buffer => {
      if (unsubscribe === null) unsubscribe = recorder.subscribe(onMessage);
      // Send what the clients already connected have not had, so the new client's snapshot is not repeated by an update.
      else recorder.flush();
      return (snapshot ??= Buffer.from(JSON.stringify({ type: 'snapshot', recording: recorder.recording() } satisfies RecordingMessage)));
    };

    server.once('error', (e) => reject(new MonitorError('SERVE_FAILED', `${host}:${port}`, `Cannot serve the monitor on ${host}:${port}: ${e.message}`)));
    const debug = options.breakpoints;
    const stopStatus = debug?.subscribe((status) => {
      const data = Buffer.from(JSON.stringify(status));
      for (const socket of live) deliver(socket, data);
    });
    /** A page's debug command: applied when valid, else answered with the reason. */
    const command = (socket: WebSocket, raw: unknown, binary: boolean) => {
      if (debug === undefined) return;
      try {
        if (binary) throw new MonitorError('BAD_COMMAND', 'command', 'Debug commands are JSON text, not binary frames.');
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(raw));
        } catch {
          throw new MonitorError('BAD_COMMAND', 'command', 'A debug command must be JSON text.');
        }
        debug.handle(parsed);
      } catch (e) {
        deliver(socket, Buffer.from(JSON.stringify({ type: 'debugError', error: e instanceof Error ? e.message : String(e) })));
      }
    };
    server.on('connection', (socket) => {
      socket.on('message', (raw, binary) => command(socket, raw, binary));
      socket.on('close', () => {
        live.delete(socket);
        if (live.size > 0 || unsubscribe === null) return;
        unsubscribe();
        unsubscribe = null;
        snapshot = null;
      });
      socket.on('error', () => socket.terminate());
      deliver(socket, snapshotData());
      if (debug !== undefined) deliver(socket, Buffer.from(JSON.stringify(debug.status())));
      live.add(socket);
    });
    server.once('listening', () => {
      const address = server.address();
      listeningPort = typeof address === 'object' && address !== null ? address.port : port;
      const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
      resolve({
        url: `ws://${shown}:${listeningPort}${s.token === undefined ? '' : `/?token=${encodeURIComponent(s.token)}`}`,
        port: listeningPort,
        clients: () => server.clients.size,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of server.clients) socket.terminate();
            live.clear();
            stopStatus?.();
            unsubscribe?.();
            unsubscribe = null;
            server.close(() => done());
          }),
      });
    });
  });
}
