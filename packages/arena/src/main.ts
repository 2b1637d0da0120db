import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { record, type Recorder } from '@dualplan/monitor';
import { ArenaArgsError, USAGE, parseArgs, type ArenaArgs } from './parseArgs.js';
import { formatSummary } from './formatSummary.js';
import { TIMELINE_LEGEND } from './legend.js';
import { defaultPlanners } from './planners.js';
import { runArena, type ArenaRun } from './runArena.js';
import { GAME_PAGE_CSP, MONITOR_PAGE_CSP, servePages } from './servePages.js';

// `npm start` (summary + the page), `npm start -- --text`, `npm start -- --seed 7 --ticks 300 --planner goap --json`
async function main(argv: readonly string[]): Promise<number> {
  let args: ArenaArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof ArenaArgsError)) throw e;
    process.stderr.write(`${e.message}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const shown = args.planner ?? 'htn';
  const run = (troll: 'htn' | 'goap'): ArenaRun => runArena({ seed: args.seed, ticks: args.ticks, troll, planners: defaultPlanners });
  const main = run(shown);
  const runs = args.planner === null ? [main] : shown === 'htn' ? [main, run('goap')] : [run('htn'), main];
  if (args.json) {
    process.stdout.write(main.records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    process.stdout.write(
      `${JSON.stringify({ type: 'summary', seed: args.seed, ticks: args.ticks, runs: runs.map((r) => ({ troll: r.troll, agents: r.summaries, missing: r.missing })) })}\n`,
    );
    return 0;
  }
  process.stdout.write(
    `dualplan arena: seed ${args.seed}, ${args.ticks} ticks of 0.1 s; troll on ${shown.toUpperCase()}, soldier on GOAP, npc on HTN (its combat is a slot the sword it picks up fills)\n`,
  );
  if (args.text) {
    process.stdout.write(`${TIMELINE_LEGEND}\n\n${'tick'.padStart(5)} ${'time'.padStart(8)} agent/runner [planner] event\n`);
    process.stdout.write(`${main.lines.join('\n')}\n\n${formatSummary(runs)}\n`);
    return 0;
  }
  process.stdout.write(`${formatSummary(runs)}\n\n`);
  // The same match again, recorded for the monitor (apart from the summary, whose plan times must not include recording).
  let recorder: Recorder | null = null;
  runArena({
    seed: args.seed,
    ticks: args.ticks,
    troll: shown,
    planners: defaultPlanners,
    setup: (m) => (recorder = record(m.agents, { runsPerAgent: 1000, eventsPerAgent: 10000, flushMs: 0 })),
  });
  const here = dirname(fileURLToPath(import.meta.url));
  const require = createRequire(import.meta.url);
  const monitorDir = join(dirname(require.resolve('@dualplan/monitor-page/package.json')), 'dist/page');
  const gameDir = join(dirname(require.resolve('@dualplan/game/package.json')), 'dist/page');
  const server = await servePages({
    port: args.port,
    mounts: [
      { prefix: '/', dir: gameDir, headers: { 'content-security-policy': GAME_PAGE_CSP } },
      { prefix: '/arena/', dir: join(here, 'page') },
      { prefix: '/monitor/', dir: monitorDir, headers: { 'content-security-policy': MONITOR_PAGE_CSP } },
    ],
    files: { '/recording.json': () => JSON.stringify(recorder) },
  });
  process.stdout.write(
    `The game (Phaser 4: a troll, squads and villagers, 200 agents; click one to see its planning):\n  ${server.url}?seed=${args.seed}&troll=${shown}\n` +
      `The arena, the troll on HTN and GOAP side by side:\n  ${server.url}arena/?seed=${args.seed}&planner=${shown}\n` +
      `This match, recorded, in the monitor (why each agent did what it did):\n  ${server.url}monitor/?recording=/recording.json\n` +
      `Ctrl+C stops the server. \`npm start -- --text\` prints the whole timeline instead.\n`,
  );
  return await new Promise<number>((resolve) => process.once('SIGINT', () => void server.close().then(() => resolve(0))));
}

// `npm start -- --json | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(0);
});
process.exitCode = await main(process.argv.slice(2));
