import { describe, expect, it } from '@jest/globals';
import { ArenaArgsError, parseArgs } from './parseArgs.js';

describe('parseArgs', () => {
  it('reads the documented flags, in both --flag value and --flag=value forms', () => {
    expect(parseArgs([])).toEqual({ seed: 1, ticks: 300, planner: null, json: false, help: false });
    expect(parseArgs(['--seed', '7', '--ticks', '300', '--planner', 'goap', '--json'])).toEqual({ seed: 7, ticks: 300, planner: 'goap', json: true, help: false });
    expect(parseArgs(['--seed=42', '--planner=htn', '--ticks=5'])).toEqual({ seed: 42, ticks: 5, planner: 'htn', json: false, help: false });
    expect(parseArgs(['-h']).help).toBe(true);
  });

  it('rejects bad input with a typed error naming the flag', () => {
    const codeOf = (argv: string[]) => {
      try {
        parseArgs(argv);
      } catch (e) {
        return e instanceof ArenaArgsError ? `${e.code}:${e.subject}` : String(e);
      }
      return 'no error';
    };
    expect(codeOf(['--seed'])).toBe('MISSING_VALUE:--seed');
    expect(codeOf(['--seed', 'x'])).toBe('BAD_VALUE:--seed');
    expect(codeOf(['--ticks', '0'])).toBe('BAD_VALUE:--ticks');
    expect(codeOf(['--ticks', '1.5'])).toBe('BAD_VALUE:--ticks');
    expect(codeOf(['--planner', 'bt'])).toBe('BAD_VALUE:--planner');
    expect(codeOf(['--fast'])).toBe('UNKNOWN_FLAG:--fast');
  });
});
