// `npm run soak`: 10,000 troll agents (half HTN, half GOAP) for 1,000,000
// agent-ticks while operators, sensors and planners fail at random. Prints the
// heap after each block of ticks (after a forced GC) to show it stays flat
// once warmed up, plus throughput and the fault counts.
import { soakWorld } from './soakWorld.js';

const AGENTS = 10_000;
const TICKS = 100;
const BLOCK = 10;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.warn('run with --expose-gc (npm run soak does) for heap figures after a forced GC');

const mb = () => (process.memoryUsage().heapUsed / 2 ** 20).toFixed(1);
const world = soakWorld({ agents: AGENTS, seed: 2026, throwRate: 0.02 });
console.log(
  `soak: ${AGENTS} agents × ${TICKS} ticks = ${(AGENTS * TICKS).toLocaleString('en')} agent-ticks, 2% of operator, sensor and planner calls throw, 2% of updates fail`,
);
console.log('| ticks | heap used after GC (MiB) | ms per tick of all agents | faults so far | steps succeeded so far |');
console.log('|---:|---:|---:|---:|---:|');
const heaps: number[] = [];
for (let t = 0; t < TICKS; t += BLOCK) {
  const started = performance.now();
  for (let i = 0; i < BLOCK; i++) world.tick();
  const ms = (performance.now() - started) / BLOCK;
  gc?.();
  heaps.push(process.memoryUsage().heapUsed);
  console.log(`| ${t + BLOCK} | ${mb()} | ${ms.toFixed(1)} | ${world.counts.faults} | ${world.counts.succeeded} |`);
}
const invariant = world.counts.started - world.counts.ended === world.running() && world.counts.faults === world.faults.count;
// Flat after warm-up: compare the last block with the first after the warm-up blocks.
const warm = heaps[2];
const last = heaps[heaps.length - 1];
console.log(
  `\nheap after warm-up (block 3): ${(warm / 2 ** 20).toFixed(1)} MiB; at the end: ${(last / 2 ** 20).toFixed(1)} MiB (${(((last - warm) / warm) * 100).toFixed(1)}%)`,
);
console.log(`invariants (steps ended once, one event per injected fault): ${invariant ? 'hold' : 'BROKEN'}`);
if (!invariant) process.exitCode = 1;
