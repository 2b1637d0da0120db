import { parseArgs as parseNodeArgs } from 'node:util';
import { DualplanError, flagOfParseError } from '@dualplan/world-state';

/** Options of the arena command line. */
export interface ArenaArgs {
  seed: number;
  ticks: number;
  /** Set by `--planner`: run the troll on both planners, show this one's timeline and both summaries. */
  planner: 'htn' | 'goap' | null;
  json: boolean;
  /** Only the terminal timeline: no page server. */
  text: boolean;
  /** Port of the page server on 127.0.0.1 (0: any free port). */
  port: number;
  help: boolean;
}

/** A bad command-line argument; `subject` is the flag. */
export class ArenaArgsError extends DualplanError {}

export const USAGE = `Usage: npm start -- [--seed N] [--ticks N] [--planner htn|goap] [--text | --json] [--port N]
  (no flag)         prints the summary of a match, then serves the arena and the
                    planner monitor as a page on http://127.0.0.1 (the URL is printed)
  --seed N          PRNG seed (integer, default 1)
  --ticks N         simulation ticks of 0.1 s (1..100000, default 300)
  --planner P       the troll's planner for the timeline (htn or goap); also runs the
                    other one on the same seed and prints both summaries side by side
  --text            the terminal timeline and summary only (no page server)
  --json            write the events as JSON lines instead of the timeline
  --port N          port of the page server (default 8470; 0 picks a free one)`;

const OPTIONS = {
  seed: { type: 'string' },
  ticks: { type: 'string' },
  planner: { type: 'string' },
  port: { type: 'string' },
  json: { type: 'boolean' },
  text: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Parse `process.argv.slice(2)` (`node:util` parseArgs, strict). Throws
 * {@link ArenaArgsError} naming the flag.
 * @example
 * parseArgs(['--seed', '7', '--ticks', '300', '--planner', 'goap', '--json']);
 */
export function parseArgs(argv: readonly string[]): ArenaArgs {
  let values;
  try {
    ({ values } = parseNodeArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (e) {
    throw fromNodeError(e, argv);
  }
  const integer = (flag: string, raw: string | undefined, fallback: number, min: number, max: number): number => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^-?\d+$/.test(raw) || n < min || n > max) throw new ArenaArgsError('BAD_VALUE', flag, `${flag} must be an integer in ${min}..${max}, got "${raw}".`);
    return n;
  };
  const planner = values.planner ?? null;
  if (planner !== null && planner !== 'htn' && planner !== 'goap')
    throw new ArenaArgsError('BAD_VALUE', '--planner', `--planner must be htn or goap, got "${planner}".`);
  if (values.json && values.text) throw new ArenaArgsError('CONFLICT', '--json', '--json and --text cannot be combined: choose one output.');
  return {
    seed: integer('--seed', values.seed, 1, -(2 ** 31), 2 ** 32 - 1),
    ticks: integer('--ticks', values.ticks, 300, 1, 100000),
    planner,
    json: values.json ?? false,
    text: values.text ?? false,
    port: integer('--port', values.port, 8470, 0, 65535),
    help: values.help ?? false,
  };
}

/** Turn node:util's errors (codes ERR_PARSE_ARGS_*) into typed errors naming the flag. */
function fromNodeError(e: unknown, argv: readonly string[]): ArenaArgsError {
  const err = e as { code?: string; message?: string };
  const { flag, hint } = flagOfParseError(e, OPTIONS);
  const name = flag || (argv.find((a) => a.startsWith('-')) ?? '').split('=')[0];
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new ArenaArgsError('UNKNOWN_FLAG', name, `Unknown argument "${name}".${hint}`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/argument missing/.test(err.message ?? '')) return new ArenaArgsError('MISSING_VALUE', name, `${name} needs a value.`);
      if (/ambiguous/.test(err.message ?? ''))
        return new ArenaArgsError('MISSING_VALUE', name, `${name} needs a value (a negative one is written ${name}=-5).`);
      return new ArenaArgsError('BAD_VALUE', name, `${name} takes no value.`);
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return new ArenaArgsError('UNEXPECTED_ARGUMENT', argv.find((a) => !a.startsWith('-')) ?? '', `Unexpected argument: ${err.message ?? ''}`);
    default:
      throw e;
  }
}
