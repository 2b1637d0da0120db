import { parseArgs } from 'node:util';
import { DualplanError, flagOfParseError } from '@dualplan/world-state';

export const BENCH_USAGE = `Usage: npm run bench -- [--quick] [--filter REGEX] [--reference]
  --quick           a short pass (well under a minute)
  --filter REGEX    only cases whose id matches (case-insensitive)
  --reference       also rewrite benchmarks/RESULTS.md and benchmarks/charts/`;

/** A bad benchmark argument; `subject` is the flag. */
export class BenchArgsError extends DualplanError {}

export interface BenchArgs {
  quick: boolean;
  reference: boolean;
  filter: RegExp | null;
  help: boolean;
}

const OPTIONS = {
  quick: { type: 'boolean' },
  reference: { type: 'boolean' },
  filter: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Parse the benchmark flags with `node:util` parseArgs, strict: an unknown or
 * misspelt flag (`--fliter goap`) is an error naming it, never a silent full run.
 * @example
 * parseBenchArgs(['--quick', '--filter', 'goap']); // { quick: true, reference: false, filter: /goap/i, help: false }
 */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (e) {
    const { flag, hint } = flagOfParseError(e, OPTIONS);
    throw new BenchArgsError('BAD_ARGUMENT', flag, `${(e as Error).message.replace(/\.?$/, '.')}${hint}\n${BENCH_USAGE}`);
  }
  let filter: RegExp | null = null;
  if (values.filter !== undefined) {
    try {
      filter = new RegExp(values.filter, 'i');
    } catch (e) {
      throw new BenchArgsError('BAD_VALUE', '--filter', `--filter must be a regular expression: ${(e as Error).message}`);
    }
  }
  return { quick: values.quick ?? false, reference: values.reference ?? false, filter, help: values.help ?? false };
}
