import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

/** A URL prefix served from a directory (`index.html` for the bare prefix). */
export interface PageMount {
  readonly prefix: string;
  readonly dir: string;
  /** Headers for this mount's files, replacing the server's of the same name (e.g. a looser CSP for one page). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The Content-Security-Policy every page gets unless told otherwise: scripts,
 * styles, images and fetches from this server only; WebSockets to this machine
 * (the monitor page follows a game server's `serveWebSocket`); no plugins; framed
 * only by pages of this server (the arena page embeds the monitor).
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The monitor page's CSP: {@link PAGE_CSP} with scripts from this server only. The page evaluates no code:
 * `loadRecording`'s JSON Schema check is compiled ahead of time, so no `'unsafe-eval'`. Mount the monitor page with it.
 */
export const MONITOR_PAGE_CSP = `${PAGE_CSP}; script-src 'self'`;

/**
 * The game page's CSP: {@link PAGE_CSP} plus `data:` images, because Phaser boots its default, missing and
 * white textures from base64 data URIs; scripts from this server only (Phaser 4 and the domain document's
 * schema check, compiled ahead of time, evaluate no code).
 */
export const GAME_PAGE_CSP = `${PAGE_CSP}; img-src 'self' data:; script-src 'self'`;

/** Headers sent with every response unless `headers` replaces them: no MIME sniffing, the CSP, no framing by other sites. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'content-security-policy': PAGE_CSP,
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
});

/** Host names the `Host` header may name (with the server's port): a DNS-rebinding page sends its own and is refused. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export interface ServePagesOptions {
  readonly mounts: readonly PageMount[];
  /** Extra files by exact path, e.g. `/fixture.json`, computed per request. */
  readonly files?: Readonly<Record<string, () => string>>;
  /** Port on 127.0.0.1; 0 picks a free one. If the port is taken, a free one is used instead. */
  readonly port?: number;
  /**
   * Headers sent with every response, e.g. COOP and COEP to make the pages cross-origin
   * isolated (SharedArrayBuffer); they replace {@link SECURITY_HEADERS} of the same name.
   */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A running page server. */
export interface PageServer {
  readonly url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Serve built pages over HTTP on 127.0.0.1 only (nothing is exposed to the
 * network). Mounts are tried longest prefix first; paths cannot leave their directory.
 * Requests whose `Host` is not this server under a loopback name are refused
 * with 403 (DNS rebinding); every response carries {@link SECURITY_HEADERS}.
 * @example
 * const server = await servePages({ mounts: [{ prefix: '/', dir: 'dist/page' }] });
 * console.log(server.url);
 */
export async function servePages(options: ServePagesOptions): Promise<PageServer> {
  const mounts = [...options.mounts].sort((a, b) => b.prefix.length - a.prefix.length);
  let port = 0;
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries({ ...SECURITY_HEADERS, ...options.headers })) res.setHeader(name, value);
    const host = req.headers.host?.toLowerCase();
    if (!LOOPBACK_NAMES.some((name) => host === `${name}:${port}`)) {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end('Host not allowed');
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('bad request path');
      return;
    }
    const extra = options.files?.[path];
    if (extra) {
      res.writeHead(200, { 'content-type': TYPES['.json'] });
      res.end(extra());
      return;
    }
    const mount = mounts.find((m) => path.startsWith(m.prefix) || `${path}/` === m.prefix);
    if (!mount) return notFound(res);
    for (const [name, value] of Object.entries(mount.headers ?? {})) res.setHeader(name, value);
    if (`${path}/` === mount.prefix) {
      res.writeHead(301, { location: mount.prefix });
      res.end();
      return;
    }
    const rel = normalize(path.slice(mount.prefix.length) || 'index.html');
    const file = join(mount.dir, rel.endsWith(sep) || rel === '.' ? join(rel, 'index.html') : rel);
    if (rel.startsWith('..') || !file.startsWith(normalize(mount.dir))) return notFound(res);
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
        res.end(body);
      },
      () => notFound(res),
    );
  });
  port = await listen(server, options.port ?? 0).catch((e: NodeJS.ErrnoException) => (e.code === 'EADDRINUSE' ? listen(server, 0) : Promise.reject(e)));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

function notFound(res: import('node:http').ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
