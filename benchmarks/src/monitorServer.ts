// `npm run bench:monitor-server [-- --quick] [-- --seconds N] [-- --clients N]`:
// the monitor's WebSocket server feeding 100 pages while 100 agents (50 HTN
// trolls, 50 GOAP soldiers, replanning on outside changes) run at 10 Hz for 60 s
// (5 s with --quick). The pages are real `ws` clients in a child process, so the
// game's process does only the game's side. Reports, per update (one
// `recorder.flush()`: every agent's new runs and events, serialized once and
// sent to every page), the time it takes on the game's thread, and the heap.
import { fork, type ChildProcess } from 'node:child_process';
import { record } from '@dualplan/monitor';
import { serveWebSocket } from '@dualplan/monitor/node';
import { WebSocket } from 'ws';
import { squad } from './suites/monitorSuite.js';

const DT = 0.1;
const argv = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = argv.indexOf(name);
  const value = i < 0 ? fallback : Number(argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a positive integer, got ${argv[i + 1]}`);
  return value;
};

/** The pages: `count` clients of `url`, counting what they receive; totals go back over IPC on "stop". */
function clients(url: string, count: number): void {
  let messages = 0;
  let bytes = 0;
  const snapshotted = new Set<WebSocket>();
  const sockets: WebSocket[] = [];
  const send = (m: FromClients) => void (process.connected && process.send!(m));
  for (let i = 0; i < count; i++) {
    const socket = new WebSocket(url);
    socket.on('message', (data: Buffer) => {
      messages++;
      bytes += data.length;
      if (snapshotted.has(socket)) return;
      snapshotted.add(socket);
      if (snapshotted.size === count) send({ type: 'ready' });
    });
    socket.on('close', (code) => send({ type: 'closed', code }));
    sockets.push(socket);
  }
  process.on('message', () => {
    send({ type: 'totals', messages, bytes });
    for (const s of sockets) s.terminate();
    process.disconnect();
  });
}

type FromClients = { type: 'ready' } | { type: 'closed'; code: number } | { type: 'totals'; messages: number; bytes: number };

function waitFor<T extends FromClients['type']>(child: ChildProcess, type: T): Promise<Extract<FromClients, { type: T }>> {
  return new Promise((resolve) => {
    const on = (m: FromClients) => {
      if (m.type !== type) return;
      child.off('message', on);
      resolve(m as Extract<FromClients, { type: T }>);
    };
    child.on('message', on);
  });
}

const quantile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))];
const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;

async function game(): Promise<void> {
  const quick = argv.includes('--quick');
  const seconds = option('--seconds', quick ? 5 : 60);
  const pages = option('--clients', 100);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) console.warn('run with --expose-gc (npm run bench:monitor-server does) for heap figures after a forced GC');
  const agents = squad(1);
  const recorder = record(agents, { flushMs: 0 });
  for (let t = 0; t < 100; t++) for (const a of agents) a.tick(DT); // warm-up: buffers filling, planners compiled
  const served = await serveWebSocket(recorder, { maxClients: pages });
  const child = fork(process.argv[1], ['--clients-of', served.url, String(pages)], { stdio: 'inherit' });
  let closed = 0;
  child.on('message', (m: FromClients) => void (m.type === 'closed' && closed++));
  await waitFor(child, 'ready');
  gc?.();
  const heapBefore = process.memoryUsage();
  const flushMs: number[] = [];
  const tickMs: number[] = [];
  let peakHeap = 0;
  let peakBuffers = 0;
  const updates = seconds * 10;
  const started = performance.now();
  for (let u = 0; u < updates; u++) {
    const t0 = performance.now();
    for (const a of agents) a.tick(DT);
    const t1 = performance.now();
    recorder.flush();
    const t2 = performance.now();
    tickMs.push(t1 - t0);
    flushMs.push(t2 - t1);
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakBuffers = Math.max(peakBuffers, m.arrayBuffers);
    // 10 Hz: wait out the rest of the 100 ms (the sockets write meanwhile).
    const next = started + (u + 1) * 100;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  const totals = waitFor(child, 'totals');
  child.send('stop');
  const { messages, bytes } = await totals;
  gc?.();
  const heapAfter = process.memoryUsage();
  recorder.stop();
  await served.close();
  const f = [...flushMs].sort((a, b) => a - b);
  const t = [...tickMs].sort((a, b) => a - b);
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  console.log(`monitor server: ${agents.length} agents at 10 Hz for ${seconds} s (${updates} updates), ${pages} pages connected (a child process)`);
  console.log('| per update, on the game thread | median | p99 | max |');
  console.log('|---|---:|---:|---:|');
  console.log(`| recorder.flush(): serialize once, send to ${pages} pages | ${ms(quantile(f, 0.5))} | ${ms(quantile(f, 0.99))} | ${ms(f[f.length - 1])} |`);
  console.log(
    `| the game's own tick of ${agents.length} agents (recording included) | ${ms(quantile(t, 0.5))} | ${ms(quantile(t, 0.99))} | ${ms(t[t.length - 1])} |`,
  );
  console.log(
    `delivered: ${messages} messages, ${mib(bytes)} in all (${mib(bytes / pages)} per page, ${((bytes / pages / seconds) * 8e-6).toFixed(2)} Mbit/s per page); pages dropped: ${closed}`,
  );
  console.log(
    `heap used after GC: ${mib(heapBefore.heapUsed)} before, ${mib(heapAfter.heapUsed)} after; peak heap ${mib(peakHeap)}, peak array buffers (socket queues) ${mib(peakBuffers)}`,
  );
  if (closed > 0) process.exitCode = 1;
}

const role = argv.indexOf('--clients-of');
if (role >= 0) clients(argv[role + 1], Number(argv[role + 2]));
else await game();
