import { DualplanError } from '@dualplan/world-state';

/** Options of the arena command line. */
export interface ArenaArgs {
  seed: number;
  ticks: number;
  /** Set by `--planner`: run the troll on both planners, show this one's timeline and both summaries. */
  planner: 'htn' | 'goap' | null;
  json: boolean;
  help: boolean;
}

/** A bad command-line argument; `subject` is the flag. */
export class ArenaArgsError extends DualplanError {}

export const USAGE = `Usage: npm start -- [--seed N] [--ticks N] [--planner htn|goap] [--json]
  --seed N          PRNG seed (integer, default 1)
  --ticks N         simulation ticks of 0.1 s (1..100000, default 300)
  --planner P       the troll's planner for the timeline (htn or goap); also runs the
                    other one on the same seed and prints both summaries side by side
  --json            write the events as JSON lines instead of the timeline`;

/**
 * Parse `process.argv.slice(2)`. Throws {@link ArenaArgsError} naming the flag.
 * @example
 * parseArgs(['--seed', '7', '--ticks', '300', '--planner', 'goap', '--json']);
 */
export function parseArgs(argv: readonly string[]): ArenaArgs {
  const out: ArenaArgs = { seed: 1, ticks: 300, planner: null, json: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') && argv[i].includes('=') ? argv[i].split(/=(.*)/s, 2) : [argv[i], undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new ArenaArgsError('MISSING_VALUE', flag, `${flag} needs a value.`);
      return v;
    };
    const integer = (min: number, max: number) => {
      const raw = value();
      const n = Number(raw);
      if (!/^-?\d+$/.test(raw) || n < min || n > max) throw new ArenaArgsError('BAD_VALUE', flag, `${flag} must be an integer in ${min}..${max}, got "${raw}".`);
      return n;
    };
    switch (flag) {
      case '--seed':
        out.seed = integer(-(2 ** 31), 2 ** 32 - 1);
        break;
      case '--ticks':
        out.ticks = integer(1, 100000);
        break;
      case '--planner': {
        const p = value();
        if (p !== 'htn' && p !== 'goap') throw new ArenaArgsError('BAD_VALUE', flag, `--planner must be htn or goap, got "${p}".`);
        out.planner = p;
        break;
      }
      case '--json':
        out.json = true;
        break;
      case '--help':
      case '-h':
        out.help = true;
        break;
      default:
        throw new ArenaArgsError('UNKNOWN_FLAG', flag, `Unknown argument "${flag}".`);
    }
  }
  return out;
}
