import { describe, expect, it } from '@jest/globals';
import { BenchArgsError, parseBenchArgs } from './parseBenchArgs.js';

describe('parseBenchArgs', () => {
  it('reads the documented flags', () => {
    expect(parseBenchArgs([])).toEqual({ quick: false, reference: false, filter: null, help: false });
    expect(parseBenchArgs(['--quick', '--filter', 'goap', '--reference'])).toEqual({ quick: true, reference: true, filter: /goap/i, help: false });
    expect(parseBenchArgs(['--filter=htn|agents']).filter?.test('HTN troll')).toBe(true);
  });

  it('rejects a misspelt flag instead of silently running every case', () => {
    const error = (argv: string[]) => {
      try {
        parseBenchArgs(argv);
      } catch (e) {
        return e instanceof BenchArgsError ? `${e.code} ${e.subject} ${e.message.split('\n')[0]}` : String(e);
      }
      return 'no error';
    };
    expect(error(['--fliter', 'goap'])).toMatch(/^BAD_ARGUMENT --fliter .*Did you mean "--filter"\?/);
    expect(error(['--filter'])).toMatch(/^BAD_ARGUMENT --filter/);
    expect(error(['goap'])).toMatch(/^BAD_ARGUMENT/);
    expect(error(['--filter', '('])).toMatch(/^BAD_VALUE --filter --filter must be a regular expression/);
  });
});
