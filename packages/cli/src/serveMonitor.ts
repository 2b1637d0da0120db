import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What {@link serveMonitor} serves besides the page. */
export interface MonitorServeOptions {
  /** The built monitor page's folder (index.html, main.js, monitor.css). */
  readonly pageDir: string;
  /** Extra JSON files by path, e.g. `{ '/recording.json': text }`: the recording or domain the page opens. */
  readonly files?: Readonly<Record<string, string>>;
  /** Port on 127.0.0.1 (default 0: a free one). */
  readonly port?: number;
  /** Open connections allowed at once (default 16): one person's browser tabs, not a crowd. */
  readonly maxConnections?: number;
}

/** A running monitor server. */
export interface MonitorServer {
  /** `http://127.0.0.1:PORT/`. */
  readonly url: string;
  /** Stop serving: open connections are closed and the port is freed. */
  close(): Promise<void>;
}

/** The page's own files: nothing else under `pageDir` is served. */
const PAGE_FILES: Readonly<Record<string, string>> = Object.freeze({
  '/': 'index.html',
  '/index.html': 'index.html',
  '/main.js': 'main.js',
  '/monitor.css': 'monitor.css',
});

const TYPES: Readonly<Record<string, string>> = Object.freeze({
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
});

/**
 * The page may load its own files and talk to WebSockets on this machine (a game's `serveWebSocket`); it
 * evaluates no code (its recording check is compiled ahead of time), so scripts come from this server only.
 */
const CSP = [
  "default-src 'self'",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
});

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Serve the monitor page and the files it should open, on 127.0.0.1 only: a
 * request whose `Host` is not this server under a loopback name (DNS
 * rebinding) or whose `Origin` is another site is refused with 403, only GET
 * and HEAD are answered, only the page's own files and `files` exist, and at
 * most `maxConnections` connections are open at once. Needs no network.
 * @example
 * const server = await serveMonitor({ pageDir, files: { '/recording.json': text } });
 * console.log(`${server.url}?recording=/recording.json`);
 */
export async function serveMonitor(options: MonitorServeOptions): Promise<MonitorServer> {
  let port = 0;
  const files = options.files ?? {};
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(HEADERS)) res.setHeader(name, value);
    const refusal = refuse(req, port);
    if (refusal) return send(res, refusal.status, 'txt', refusal.text);
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const extra = files[path];
    if (extra !== undefined) return send(res, 200, 'json', extra, req.method === 'HEAD');
    const file = PAGE_FILES[path];
    if (file === undefined) return send(res, 404, 'txt', 'not found');
    readFile(join(options.pageDir, file)).then(
      (body) => send(res, 200, file.slice(file.lastIndexOf('.') + 1), body, req.method === 'HEAD'),
      () => send(res, 404, 'txt', 'not found'),
    );
  });
  server.maxConnections = options.maxConnections ?? 16;
  port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/** Why a request is refused, or null: only this machine's browser, asking for this server by a loopback name, may read. */
function refuse(req: IncomingMessage, port: number): { status: number; text: string } | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 405, text: 'only GET and HEAD' };
  const host = req.headers.host?.toLowerCase();
  if (!LOOPBACK.some((name) => host === `${name}:${port}`)) return { status: 403, text: 'Host not allowed' };
  const origin = req.headers.origin?.toLowerCase();
  if (origin !== undefined && !LOOPBACK.some((name) => origin === `http://${name}:${port}`)) return { status: 403, text: 'Origin not allowed' };
  return null;
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headOnly = false): void {
  res.writeHead(status, { 'content-type': TYPES[type] ?? 'text/plain; charset=utf-8' });
  res.end(headOnly ? undefined : body);
}
