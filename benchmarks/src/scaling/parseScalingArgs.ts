import { parseArgs } from 'node:util';
import { didYouMean, flagOfParseError } from '@dualplan/world-state';
import { BenchArgsError } from '../parseBenchArgs.js';

/** The parts of `npm run bench:scaling`, in the order they run. */
export const SCALING_PARTS = ['scheduler', 'crowd', 'pool', 'sharing'] as const;
export type ScalingPart = (typeof SCALING_PARTS)[number];

export const SCALING_USAGE = `Usage: npm run bench:scaling -- [--quick] [--only PART]
  --quick       a short pass
  --only PART   one of ${SCALING_PARTS.join(', ')}`;

export interface ScalingArgs {
  quick: boolean;
  only: ScalingPart | null;
  help: boolean;
}

const OPTIONS = { quick: { type: 'boolean' }, only: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

/**
 * Parse the scaling benchmark's flags, strict: an unknown flag or part is a {@link BenchArgsError} naming it, with a
 * "did you mean".
 * @example
 * parseScalingArgs(['--only', 'pool']); // { quick: false, only: 'pool', help: false }
 */
export function parseScalingArgs(argv: readonly string[]): ScalingArgs {
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (e) {
    const { flag, hint } = flagOfParseError(e, OPTIONS);
    throw new BenchArgsError('BAD_ARGUMENT', flag, `${(e as Error).message.replace(/\.?$/, '.')}${hint}\n${SCALING_USAGE}`);
  }
  const only = values.only ?? null;
  if (only !== null && !(SCALING_PARTS as readonly string[]).includes(only)) {
    throw new BenchArgsError('BAD_VALUE', '--only', `--only takes one of ${SCALING_PARTS.join(', ')}; got "${only}".${didYouMean(only, SCALING_PARTS)}`);
  }
  return { quick: values.quick ?? false, only: only as ScalingPart | null, help: values.help ?? false };
}
