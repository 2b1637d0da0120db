import { didYouMean } from './didYouMean.js';

/**
 * The flag that a `node:util` `parseArgs` error names (`''` when it names none),
 * without any `=value`, and, when it is not one of `options`, a
 * " Did you mean "--x"?" hint among their long flags. Shared by the command
 * lines (arena, `dualplan`, benchmarks) so a misspelt flag reads the same in each.
 * @example
 * try { parseArgs({ args: ['--sed', '3'], options: { seed: { type: 'string' } }, strict: true }); }
 * catch (e) { flagOfParseError(e, { seed: {} }); } // { flag: '--sed', hint: ' Did you mean "--seed"?' }
 */
export function flagOfParseError(error: unknown, options: Readonly<Record<string, unknown>>): { flag: string; hint: string } {
  const message = (error as { message?: unknown } | null)?.message;
  const flag = (/'(-{1,2}[^' ]+)/.exec(typeof message === 'string' ? message : '')?.[1] ?? '').split('=')[0];
  // Compare the bare names, so the leading dashes do not loosen the match; a known flag (missing its value) needs no hint.
  const name = flag.slice(2);
  const hint = flag.startsWith('--') && !Object.hasOwn(options, name) ? didYouMean(name, Object.keys(options)).replace(/"([^"]+)"/, '"--$1"') : '';
  return { flag, hint };
}
