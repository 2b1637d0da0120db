import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_CSP, servePages, type PageServer } from './servePages.js';

type Answer = { status: number; type: string; body: string; location: string; headers: IncomingHttpHeaders };

/** GET a raw path (no URL normalisation, so `..` reaches the server as sent), optionally with another Host header. */
function get(server: PageServer, path: string, host?: string): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: host === undefined ? {} : { host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          body,
          location: String(res.headers.location ?? ''),
          headers: res.headers,
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('servePages', () => {
  const root = mkdtempSync(join(tmpdir(), 'dualplan-serve-'));
  const site = join(root, 'site');
  const monitor = join(root, 'monitor');
  let server: PageServer;
  beforeAll(async () => {
    mkdirSync(site);
    mkdirSync(monitor);
    writeFileSync(join(root, 'secret.txt'), 'secret');
    writeFileSync(join(site, 'index.html'), '<p>arena</p>');
    writeFileSync(join(site, 'page.js'), 'export {};');
    writeFileSync(join(monitor, 'index.html'), '<p>monitor</p>');
    server = await servePages({
      mounts: [
        { prefix: '/', dir: site },
        { prefix: '/monitor/', dir: monitor },
      ],
      files: { '/data.json': () => '{"ok":true}' },
    });
  });
  afterAll(() => server.close());

  it('serves each mount (longest prefix first) on 127.0.0.1 with content types', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(get(server, '/')).resolves.toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: '<p>arena</p>' });
    await expect(get(server, '/page.js')).resolves.toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    await expect(get(server, '/monitor/')).resolves.toMatchObject({ status: 200, body: '<p>monitor</p>' });
    await expect(get(server, '/monitor')).resolves.toMatchObject({ status: 301, location: '/monitor/' });
    await expect(get(server, '/data.json')).resolves.toMatchObject({ status: 200, body: '{"ok":true}' });
  });

  it('answers 404 for missing files and paths that try to leave their directory', async () => {
    await expect(get(server, '/nothing.js')).resolves.toMatchObject({ status: 404 });
    await expect(get(server, '/%E0%A4%A')).resolves.toMatchObject({ status: 400 });
    await expect(get(server, '/')).resolves.toMatchObject({ status: 200 }); // still serving
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/monitor/..%2f..%2fsecret.txt', '/monitor/%2e%2e/%2e%2e/secret.txt']) {
      const res = await get(server, path);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it('refuses a Host header that is not this server under a loopback name (DNS rebinding) with 403', async () => {
    const { port } = new URL(server.url);
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, `127.0.0.1.evil.example:${port}`]) {
      const res = await get(server, '/data.json', host);
      expect([host, res.status, res.body]).toEqual([host, 403, 'Host not allowed']);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      await expect(get(server, '/data.json', host)).resolves.toMatchObject({ status: 200 });
    }
  });

  it('sends nosniff, a same-origin CSP and frame-ancestors with every answer, a mount replacing what it names', async () => {
    for (const path of ['/', '/page.js', '/data.json', '/nothing.js']) {
      const { headers } = await get(server, path);
      expect([path, headers['x-content-type-options']]).toEqual([path, 'nosniff']);
      expect([path, headers['content-security-policy']]).toEqual([path, PAGE_CSP]);
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    expect(PAGE_CSP).toContain("default-src 'self'");
    expect(PAGE_CSP).toContain("frame-ancestors 'self'");
    const loose = await servePages({ mounts: [{ prefix: '/', dir: site, headers: { 'content-security-policy': "default-src 'none'" } }] });
    try {
      await expect(get(loose, '/')).resolves.toMatchObject({
        headers: { 'content-security-policy': "default-src 'none'", 'x-content-type-options': 'nosniff' },
      });
    } finally {
      await loose.close();
    }
  });

  it('falls back to a free port when the one asked for is taken', async () => {
    const port = Number(new URL(server.url).port);
    const other = await servePages({ mounts: [{ prefix: '/', dir: site }], port });
    try {
      expect(Number(new URL(other.url).port)).not.toBe(port);
      await expect(get(other, '/')).resolves.toMatchObject({ status: 200 });
    } finally {
      await other.close();
    }
  });
});
