// `npm run bench:game`: the game logic without rendering, in Node. Frame cost of the default scene (201 agents)
// and the crowd (2,015), 10,000 agents at 10 Hz under a 2 ms planning budget (frames until every agent has
// planned), and the cost of reservations and queries against the same soldiers planning without them (paired runs).
import { createGame, type SceneOptions } from '../createGame.js';
import type { Game } from '../Game.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

/** Step `frames` frames of 0.1 s after `warm` warm-up frames; the step times in ms. */
function frameTimes(game: Game, frames: number, warm = 20): number[] {
  for (let i = 0; i < warm; i++) game.step(0.1);
  const out: number[] = [];
  for (let i = 0; i < frames; i++) {
    const t0 = performance.now();
    game.step(0.1);
    out.push(performance.now() - t0);
  }
  return out;
}

/** As the page draws: 10 Hz steps spread over six 60 Hz frames, the scheduler at 0.5 ms a frame; the frame times in ms. */
function renderFrameTimes(game: Game, seconds: number, warm = 3): number[] {
  const out: number[] = [];
  for (let f = 0; f < (warm + seconds) * 60; f++) {
    const t0 = performance.now();
    if (f % 6 === 0) game.startStep(0.1);
    game.renderFrame(((f % 6) + 1) / 6);
    if (f >= warm * 60) out.push(performance.now() - t0);
  }
  return out;
}

function scene(name: string, options: SceneOptions, frames: number): void {
  const game = createGame({ seed: 1, ...options });
  const ms = frameTimes(game, frames);
  console.log(`${name}: ${game.all().length} agents, AI ms per 0.1 s step: median ${median(ms).toFixed(2)}, p95 ${p95(ms).toFixed(2)} (${frames} steps)`);
  const drawn = renderFrameTimes(createGame({ seed: 1, ...options, scheduler: { frameBudgetMs: 0.5 } }), 10);
  console.log(
    `${name}: as the page draws (60 Hz frames, each step spread over six): AI ms per frame median ${median(drawn).toFixed(2)}, mean ${mean(drawn).toFixed(2)}, p95 ${p95(drawn).toFixed(2)} (${drawn.length} frames)`,
  );
}

const load = (await import('node:os')).loadavg();
console.log(`load average ${load.map((l) => l.toFixed(1)).join(' ')} on ${(await import('node:os')).cpus().length} cores`);
scene('default scene', {}, 300);
scene('crowd', { villagers: 1950, squads: 8, squadSize: 8 }, 100);

// 10,000 agents at 10 Hz, planning within 2 ms per frame: frames until every agent has planned.
{
  const game = createGame({ seed: 1, villagers: 9900, squads: 12, squadSize: 8, map: { width: 160, height: 100, trees: 200, weapons: 60 } });
  const units = game.all();
  let frames = 0;
  const ms: number[] = [];
  while (frames < 200 && units.some((u) => u.agent.runner().stats.plansFound === 0)) {
    const t0 = performance.now();
    game.step(0.1);
    ms.push(performance.now() - t0);
    frames++;
  }
  const planned = units.filter((u) => u.agent.runner().stats.plansFound > 0).length;
  const planMs = [...game.scheduler.frameTimes.slice(0, Math.min(frames, game.scheduler.frameTimes.length))];
  console.log(
    `10k: ${units.length} agents, every agent planned after ${frames} frames (${planned} planned), scheduler planning ms per frame: median ${median(planMs).toFixed(2)}, max ${game.scheduler.stats.maxFrameMs.toFixed(2)}; whole frame (sensors, operators, queries too): median ${median(ms).toFixed(1)} ms`,
  );
  const more = frameTimes(game, 30, 0);
  console.log(`10k steady: whole frame median ${median(more).toFixed(1)} ms, p95 ${p95(more).toFixed(1)} ms`);
}

// Reservations and queries against the same soldiers planning synchronously without them: paired, alternating runs.
{
  const soldiersOnly: SceneOptions = { villagers: 0, squads: 25, squadSize: 8 };
  const withIt: number[] = [];
  const without: number[] = [];
  for (let r = 0; r < 6; r++) {
    for (const plain of r % 2 === 0 ? [false, true] : [true, false]) {
      const ms = median(frameTimes(createGame({ seed: 1 + r, ...soldiersOnly, plainSoldiers: plain }), 150));
      (plain ? without : withIt).push(ms);
    }
  }
  const ratio = withIt.map((w, i) => w / without[i]);
  console.log(
    `reservations+queries: 200 soldiers, median frame ${median(withIt).toFixed(2)} ms with, ${median(without).toFixed(2)} ms without; paired ratio median ${median(ratio).toFixed(2)}x`,
  );
}
