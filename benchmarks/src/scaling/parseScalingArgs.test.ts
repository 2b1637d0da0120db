import { BenchArgsError } from '../parseBenchArgs.js';
import { parseScalingArgs } from './parseScalingArgs.js';

describe('parseScalingArgs', () => {
  test('reads the flags', () => {
    expect(parseScalingArgs([])).toEqual({ quick: false, only: null, help: false });
    expect(parseScalingArgs(['--quick', '--only', 'pool'])).toEqual({ quick: true, only: 'pool', help: false });
    expect(parseScalingArgs(['-h']).help).toBe(true);
  });

  test('an unknown flag or part is a typed error naming it, with a suggestion', () => {
    expect(() => parseScalingArgs(['--quik'])).toThrow(BenchArgsError);
    expect(() => parseScalingArgs(['--quik'])).toThrow(/--quik[\s\S]*Did you mean "--quick"/);
    let error: unknown;
    try {
      parseScalingArgs(['--only', 'shceduler']);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BenchArgsError);
    expect(error).toMatchObject({ code: 'BAD_VALUE', subject: '--only' });
    expect((error as Error).message).toMatch(/Did you mean "scheduler"/);
  });
});
