/**
 * The monitor's WebSocket server against hostile clients, over real sockets on
 * 127.0.0.1 with a raw `ws` client: who may connect (Origin, Host, token, cap),
 * a client that never reads, and where it listens.
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { WebSocket, type ClientOptions } from 'ws';
import { record } from './record.js';
import type { Recorder } from './Recorder.js';
import { serveWebSocket, type ServedRecorder } from './serveWebSocket.js';
import { goapSoldier, htnTroll, run } from './testing/agents.js';
import { waitUntil } from './testing/portEndpoint.js';

/** How a connection attempt ended: open (with the first message), refused (HTTP status), or failed. */
type Attempt = { open: WebSocket; first: string } | { status: number; reason: string } | { error: string };

function attempt(url: string, options: ClientOptions = {}): Promise<Attempt> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, options);
    socket.once('message', (data) => resolve({ open: socket, first: String(data) }));
    socket.once('unexpected-response', (_req, res) => {
      let reason = '';
      res.on('data', (c: Buffer) => (reason += String(c)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reason }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, reason }));
    });
    socket.once('error', (e) => resolve({ error: e.message }));
  });
}

const opened = (a: Attempt): WebSocket => {
  if (!('open' in a)) throw new Error(`expected an open connection, got ${JSON.stringify(a)}`);
  return a.open;
};

/** Per test: real sockets, up to a hundred connections; room for a loaded 2-core machine. */
jest.setTimeout(60_000);

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function serve(
  options: Parameters<typeof serveWebSocket>[1] = {},
): Promise<{ recorder: Recorder; served: ServedRecorder; agents: ReturnType<typeof htnTroll>[] }> {
  const agents = [htnTroll(3), goapSoldier(3)];
  const recorder = record(agents, { flushMs: 0 });
  run(agents, 10);
  const served = await serveWebSocket(recorder, options);
  cleanup.push(
    () => recorder.stop(),
    () => served.close(),
  );
  return { recorder, served, agents };
}

function closeAll(sockets: WebSocket[]): void {
  for (const s of sockets) s.terminate();
}

describe('serveWebSocket: who may connect', () => {
  it('refuses a page of another origin with 403 and admits this machine’s pages and tools without an Origin', async () => {
    const { served } = await serve();
    await expect(attempt(served.url, { origin: 'http://evil.example' })).resolves.toMatchObject({ status: 403, reason: 'Origin not allowed' });
    await expect(attempt(served.url, { origin: 'http://127.0.0.1.evil.example:80' })).resolves.toMatchObject({ status: 403 });
    await expect(attempt(served.url, { origin: 'null' })).resolves.toMatchObject({ status: 403 });
    const sockets = [
      opened(await attempt(served.url, { origin: 'http://127.0.0.1:8080' })),
      opened(await attempt(served.url, { origin: 'http://localhost:3000' })),
      opened(await attempt(served.url)),
    ];
    closeAll(sockets);
    const strict = await serve({ origins: ['https://tools.example'], allowNoOrigin: false });
    await expect(attempt(strict.served.url)).resolves.toMatchObject({ status: 403 });
    await expect(attempt(strict.served.url, { origin: 'http://127.0.0.1:8080' })).resolves.toMatchObject({ status: 403 });
    closeAll([opened(await attempt(strict.served.url, { origin: 'https://tools.example' }))]);
  });

  it('refuses a Host header that does not name this server (DNS rebinding) with 403', async () => {
    const { served } = await serve();
    await expect(attempt(served.url, { headers: { host: `evil.example:${served.port}` } })).resolves.toMatchObject({ status: 403, reason: 'Host not allowed' });
    await expect(attempt(served.url, { headers: { host: `127.0.0.1:${served.port + 1}` } })).resolves.toMatchObject({ status: 403 });
    closeAll([opened(await attempt(served.url, { headers: { host: `localhost:${served.port}` } }))]);
  });

  it('requires the token when one is set', async () => {
    const { served } = await serve({ token: 's3cret value' });
    expect(served.url).toBe(`ws://127.0.0.1:${served.port}/?token=s3cret%20value`);
    await expect(attempt(`ws://127.0.0.1:${served.port}`)).resolves.toMatchObject({ status: 403, reason: 'Token required' });
    await expect(attempt(`ws://127.0.0.1:${served.port}/?token=s3cret`)).resolves.toMatchObject({ status: 403 });
    const ok = await attempt(served.url);
    expect(JSON.parse((ok as { first: string }).first).type).toBe('snapshot');
    closeAll([opened(ok)]);
  });

  it('refuses 100 connections past the cap with 503 while the game keeps running and the admitted pages keep their updates', async () => {
    const { served, recorder, agents } = await serve({ maxClients: 4 });
    const admitted = await Promise.all([0, 1, 2, 3].map(() => attempt(served.url).then(opened)));
    const updates = admitted.map(() => 0);
    admitted.forEach((s, i) => s.on('message', () => updates[i]++));
    // The game ticks on a timer while 100 more pages try to connect.
    let ticks = 0;
    let longestGap = 0;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      run(agents, 1);
      recorder.flush();
      ticks++;
    }, 10);
    cleanup.push(() => clearInterval(timer));
    const refused = await Promise.all(Array.from({ length: 100 }, () => attempt(served.url)));
    clearInterval(timer);
    expect(refused.map((r) => ('status' in r ? r.status : JSON.stringify(r)))).toEqual(Array(100).fill(503));
    expect(served.clients()).toBe(4);
    expect(ticks).toBeGreaterThan(0);
    // Generous for a loaded 2-core machine; a snapshot per connection froze the game for seconds.
    expect(longestGap).toBeLessThan(2000);
    await waitUntil(() => updates.every((n) => n > 0));
    closeAll(admitted);
    await waitUntil(() => served.clients() === 0);
    closeAll([opened(await attempt(served.url))]);
  });

  it('sends every page the same snapshot text, serialized once per change', async () => {
    const { served, agents, recorder } = await serve();
    const stringify = countStringify();
    const first = opened(await attempt(served.url));
    const serializations = stringify.count();
    const a = await attempt(served.url);
    const b = await attempt(served.url);
    expect(stringify.count()).toBe(serializations); // nothing changed: the same text, not built again
    expect((a as { first: string }).first).toBe((b as { first: string }).first);
    run(agents, 10);
    recorder.flush();
    const c = await attempt(served.url);
    expect(JSON.parse((c as { first: string }).first).recording).toEqual(JSON.parse(JSON.stringify(recorder.recording())));
    stringify.restore();
    closeAll([first, opened(a), opened(b), opened(c)]);
  });
});

/** Counts JSON.stringify calls (the server's serializations). */
function countStringify(): { count: () => number; restore: () => void } {
  const original = JSON.stringify;
  let n = 0;
  JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => (n++, original(...args))) as typeof JSON.stringify;
  return { count: () => n, restore: () => (JSON.stringify = original) };
}

describe('serveWebSocket: a client that never reads', () => {
  it('is disconnected once its queue passes maxBufferedBytes, with memory bounded, while a reading client carries on', async () => {
    const limit = 256 * 1024;
    const { served, agents, recorder } = await serve({ maxBufferedBytes: limit });
    const reader = opened(await attempt(served.url));
    let received = 0;
    reader.on('message', (d: Buffer) => (received += d.length));
    const stalled = opened(await attempt(served.url));
    stalled.pause();
    expect(served.clients()).toBe(2);
    const before = process.memoryUsage();
    // About 64 MB to each client: far beyond what the kernel's socket buffers hold for the stalled one.
    const target = 64 * 1024 * 1024;
    while (received < target && served.clients() === 2) {
      run(agents, 5);
      recorder.flush();
      await new Promise((r) => setImmediate(r));
    }
    expect(served.clients()).toBe(1);
    const after = process.memoryUsage();
    const grown = after.arrayBuffers - before.arrayBuffers + (after.heapUsed - before.heapUsed);
    expect(grown).toBeLessThan(48 * 1024 * 1024);
    const seen = received;
    run(agents, 20);
    recorder.flush();
    await waitUntil(() => received > seen);
    closeAll([reader, stalled]);
  });
});

describe('serveWebSocket: where it listens', () => {
  it('listens on 127.0.0.1 only: not reachable on this machine’s other addresses', async () => {
    const { served } = await serve();
    expect(served.url).toBe(`ws://127.0.0.1:${served.port}`);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
      .map((a) => a!.address);
    for (const address of others) {
      const result = await new Promise<string>((resolve) => {
        const socket = connect({ host: address, port: served.port }, () => (socket.destroy(), resolve('connected')));
        socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      });
      expect([address, result]).toEqual([address, 'ECONNREFUSED']);
    }
  });

  it('names a bad option', async () => {
    const recorder = record([htnTroll(1)], { flushMs: 0 });
    cleanup.push(() => recorder.stop());
    await expect(serveWebSocket(recorder, { maxClients: 0 })).rejects.toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'maxClients' }));
    await expect(serveWebSocket(recorder, { origins: 'http://x' as never })).rejects.toThrow(
      expect.objectContaining({ code: 'BAD_OPTION', subject: 'origins' }),
    );
    await expect(serveWebSocket(recorder, { token: '' })).rejects.toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'token' }));
    await expect(serveWebSocket(recorder, { maxBufferedBytes: 1.5 })).rejects.toThrow(
      expect.objectContaining({ code: 'BAD_OPTION', subject: 'maxBufferedBytes' }),
    );
  });
});
