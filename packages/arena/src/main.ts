import { ArenaArgsError, USAGE, parseArgs } from './parseArgs.js';
import { formatSummary } from './formatSummary.js';
import { defaultPlanners } from './planners.js';
import { runArena, type ArenaRun } from './runArena.js';

// `npm start -- --seed 7 --ticks 300 --planner goap --json`
function main(argv: readonly string[]): number {
  let args;
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
    process.stdout.write(`${JSON.stringify({ type: 'summary', seed: args.seed, ticks: args.ticks, runs: runs.map((r) => ({ troll: r.troll, agents: r.summaries, missing: r.missing })) })}\n`);
    return 0;
  }
  process.stdout.write(`dualplan arena: seed ${args.seed}, ${args.ticks} ticks of 0.1 s; troll on ${shown.toUpperCase()}, soldier on GOAP\n`);
  process.stdout.write(`${'tick'.padStart(5)} ${'time'.padStart(8)} agent/runner [planner] event\n`);
  process.stdout.write(`${main.lines.join('\n')}\n\n${formatSummary(runs)}\n`);
  return 0;
}

// `npm start -- --json | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(0);
});
process.exitCode = main(process.argv.slice(2));
