import { describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliIo } from './index.js';
import type { MonitorServer } from './serveMonitor.js';

const examples = join(__dirname, '..', '..', 'documents', 'examples');
/** A stand-in for the built page: the server only needs its three files. */
const pageDir = mkdtempSync(join(tmpdir(), 'dualplan-page-'));
writeFileSync(join(pageDir, 'index.html'), '<!doctype html><title>monitor</title>');
writeFileSync(join(pageDir, 'main.js'), 'export {};');
writeFileSync(join(pageDir, 'monitor.css'), 'body {}');
writeFileSync(join(pageDir, 'secret.txt'), 'not served');
const recording = JSON.stringify({ format: 'dualplan-recording', version: 1, started: '', agents: [] });

/** Run the CLI in-process; `use` gets the running server and its printed address, and the command ends when it returns. */
async function run(argv: string[], use: (server: MonitorServer, printed: string) => Promise<void> = async () => {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    readFile: (path) => (path === 'run.json' ? recording : path === 'bad.json' ? '{"format":"x"}' : readFileSync(join(examples, path), 'utf8')),
    loadRegistry: async () => ({}),
    pageDir,
    serving: (server) => use(server, out[0]),
  };
  const code = await runCli(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A GET with the headers given (Host included), as a browser or another site's page would send it. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('dualplan monitor', () => {
  it('serves the page and the recording on 127.0.0.1 and prints where', async () => {
    const r = await run(['monitor', 'run.json'], async (server, printed) => {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(printed).toBe(`monitor for run.json: ${server.url}?recording=/recording.json`);
      const page = await get(server.url);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self' ws://127.0.0.1:* ws://localhost:*");
      await expect(get(`${server.url}recording.json`)).resolves.toMatchObject({ status: 200, body: recording });
      await expect(get(`${server.url}main.js`)).resolves.toMatchObject({ status: 200, body: 'export {};' });
      // Only the page's own files: not whatever else lies in its folder, nor anything above it.
      await expect(get(`${server.url}secret.txt`)).resolves.toMatchObject({ status: 404 });
      await expect(get(`${server.url}../package.json`)).resolves.toMatchObject({ status: 404 });
    });
    expect(r.code).toBe(0);
  });

  it('refuses other hosts (DNS rebinding), other origins and other methods', async () => {
    await run(['monitor', 'run.json'], async (server) => {
      const port = new URL(server.url).port;
      await expect(get(server.url, { host: `evil.example:${port}` })).resolves.toMatchObject({ status: 403, body: 'Host not allowed' });
      await expect(get(server.url, { origin: 'http://evil.example' })).resolves.toMatchObject({ status: 403, body: 'Origin not allowed' });
      await expect(get(server.url, { host: `localhost:${port}`, origin: `http://localhost:${port}` })).resolves.toMatchObject({ status: 200 });
      await expect(get(server.url, {}, 'POST')).resolves.toMatchObject({ status: 405 });
    });
  });

  it('opens a live recorder with --ws on this machine only', async () => {
    const r = await run(['monitor', '--ws', 'ws://127.0.0.1:8080'], async (server, printed) => {
      expect(printed).toBe(`monitor for the live recorder at ws://127.0.0.1:8080/: ${server.url}?ws=${encodeURIComponent('ws://127.0.0.1:8080/')}`);
    });
    expect(r.code).toBe(0);
    await expect(run(['monitor', '--ws', 'ws://192.168.1.2:8080'])).resolves.toMatchObject({ code: 2, err: expect.stringContaining('must name this machine') });
    await expect(run(['monitor', '--ws', 'http://127.0.0.1:8080'])).resolves.toMatchObject({ code: 2, err: expect.stringContaining('must be a ws:// URL') });
    await expect(run(['monitor', 'run.json', '--ws', 'ws://127.0.0.1:1'])).resolves.toMatchObject({ code: 2, err: 'Give a recording file or --ws, not both.' });
  });

  it('names bad input: not a recording, no file, a bad port, a flag of another command', async () => {
    await expect(run(['monitor', 'bad.json'])).resolves.toMatchObject({ code: 2, err: expect.stringContaining('"bad.json" is not a dualplan recording') });
    await expect(run(['monitor'])).resolves.toMatchObject({ code: 2, err: expect.stringContaining('takes one recording file') });
    await expect(run(['monitor', 'run.json', '--port', 'http'])).resolves.toMatchObject({
      code: 2,
      err: expect.stringContaining('--port must be a port number'),
    });
    await expect(run(['monitor', 'run.json', '--trace'])).resolves.toMatchObject({ code: 2, err: '"dualplan monitor" does not take --trace.' });
    await expect(run(['monitr', 'run.json'])).resolves.toMatchObject({ code: 2, err: expect.stringContaining('Did you mean "monitor"') });
  });
});

describe('dualplan domain', () => {
  it('serves the document with the linter’s findings for the domain view', async () => {
    const r = await run(['domain', 'soldier.json'], async (server, printed) => {
      expect(printed).toBe(`monitor for soldier.json: ${server.url}?domain=/domain.json`);
      const view = JSON.parse((await get(`${server.url}domain.json`)).body) as {
        format: string;
        file: string;
        document: { name: string };
        findings: unknown[];
      };
      expect(view.format).toBe('dualplan-domain-view');
      expect(view.document.name).toBe('soldier');
      expect(Array.isArray(view.findings)).toBe(true);
    });
    expect(r.code).toBe(0);
    await expect(run(['domain', 'soldier.json', '--ws', 'ws://127.0.0.1:1'])).resolves.toMatchObject({ code: 2, err: '"dualplan domain" does not take --ws.' });
  });
});
