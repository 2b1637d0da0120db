import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

/** A URL prefix served from a directory (`index.html` for the bare prefix). */
export interface PageMount {
  readonly prefix: string;
  readonly dir: string;
}

export interface ServePagesOptions {
  readonly mounts: readonly PageMount[];
  /** Extra files by exact path, e.g. `/fixture.json`, computed per request. */
  readonly files?: Readonly<Record<string, () => string>>;
  /** Port on 127.0.0.1; 0 picks a free one. If the port is taken, a free one is used instead. */
  readonly port?: number;
  /** Headers sent with every response, e.g. COOP and COEP to make the pages cross-origin isolated (SharedArrayBuffer). */
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
 * @example
 * const server = await servePages({ mounts: [{ prefix: '/', dir: 'dist/page' }] });
 * console.log(server.url);
 */
export async function servePages(options: ServePagesOptions): Promise<PageServer> {
  const mounts = [...options.mounts].sort((a, b) => b.prefix.length - a.prefix.length);
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
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
  const port = await listen(server, options.port ?? 0).catch((e: NodeJS.ErrnoException) => (e.code === 'EADDRINUSE' ? listen(server, 0) : Promise.reject(e)));
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
