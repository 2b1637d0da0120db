import { describe, expect, it } from '@jest/globals';
import { parseArgs } from 'node:util';
import { flagOfParseError } from './flagOfParseError.js';

const options = { seed: { type: 'string' }, ticks: { type: 'string' }, json: { type: 'boolean', short: 'j' } } as const;
const errorOf = (args: string[]): unknown => {
  try {
    parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (e) {
    return e;
  }
  throw new Error(`parseArgs accepted ${args.join(' ')}`);
};

describe('flagOfParseError', () => {
  it('names the misspelt flag and the closest real one', () => {
    expect(flagOfParseError(errorOf(['--sede', '3']), options)).toEqual({ flag: '--sede', hint: ' Did you mean "--seed"?' });
    expect(flagOfParseError(errorOf(['--tikcs=5']), options)).toEqual({ flag: '--tikcs', hint: ' Did you mean "--ticks"?' });
  });

  it('names the flag without a hint when nothing is close, or when the flag is short', () => {
    expect(flagOfParseError(errorOf(['--planner', 'htn']), options)).toEqual({ flag: '--planner', hint: '' });
    expect(flagOfParseError(errorOf(['-x']), options)).toEqual({ flag: '-x', hint: '' });
    // A known flag missing its value: pointing at itself would not help.
    expect(flagOfParseError(errorOf(['--seed']), options)).toEqual({ flag: '--seed', hint: '' });
  });

  it('returns an empty flag for an error that names none', () => {
    expect(flagOfParseError(new Error('boom'), options)).toEqual({ flag: '', hint: '' });
    expect(flagOfParseError(null, options)).toEqual({ flag: '', hint: '' });
  });
});
