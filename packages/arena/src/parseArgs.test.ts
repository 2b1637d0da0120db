import { describe, expect, it } from '@jest/globals';
import { ArenaArgsError, parseArgs } from './parseArgs.js';

describe('parseArgs', () => {
  const defaults = { seed: 1, ticks: 300, planner: null, json: false, text: false, port: 8470, help: false };
  it('reads the documented flags, in both --flag value and --flag=value forms', () => {
    expect(parseArgs([])).toEqual(defaults);
    expect(parseArgs(['--seed', '7', '--ticks', '300', '--planner', 'goap', '--json'])).toEqual({ ...defaults, seed: 7, planner: 'goap', json: true });
    expect(parseArgs(['--seed=42', '--planner=htn', '--ticks=5', '--text'])).toEqual({ ...defaults, seed: 42, ticks: 5, planner: 'htn', text: true });
    expect(parseArgs(['--seed=-3', '--port', '0']).seed).toBe(-3);
    expect(parseArgs(['--port', '0']).port).toBe(0);
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
    expect(codeOf(['--seed', '--json'])).toBe('MISSING_VALUE:--seed');
    expect(codeOf(['--seed', 'x'])).toBe('BAD_VALUE:--seed');
    expect(codeOf(['--ticks', '0'])).toBe('BAD_VALUE:--ticks');
    expect(codeOf(['--ticks', '1.5'])).toBe('BAD_VALUE:--ticks');
    expect(codeOf(['--port', '70000'])).toBe('BAD_VALUE:--port');
    expect(codeOf(['--planner', 'bt'])).toBe('BAD_VALUE:--planner');
    expect(codeOf(['--json=yes'])).toBe('BAD_VALUE:--json');
    expect(codeOf(['--fast'])).toBe('UNKNOWN_FLAG:--fast');
    expect(codeOf(['--text', '--json'])).toBe('CONFLICT:--json');
    expect(codeOf(['seven'])).toBe('UNEXPECTED_ARGUMENT:seven');
    expect(() => parseArgs(['--seeed', '3'])).toThrow('Unknown argument "--seeed". Did you mean "--seed"?');
  });
});
