import { describe, expect, it } from '@jest/globals';
import { caseId } from './BenchCase.js';
import { allSuites } from './allSuites.js';

// Every benchmark case's correctness check, in quick mode, without timing:
// a case whose plan goes wrong fails here, in CI, before anyone times it.
const cases = allSuites({ quick: true }).filter((c) => !c.heavy);

// Peer plans known to be non-optimal; anything else from a peer must be optimal too.
const KNOWN_NON_OPTIMAL = new Set(['goap/soldier [mahler]', 'goap/chain(1) [goap]']);

describe('benchmark correctness checks (quick, untimed)', () => {
  it('has cases for every suite', () => {
    expect(new Set(cases.map((c) => c.suite))).toEqual(
      new Set(['world-state', 'goap', 'pddl', 'search-speed', 'htn', 'hddl', 'htn-vs-goap', 'agents', 'monitor', 'scaling']),
    );
  });

  it.each(cases.map((c) => [caseId(c), c] as const))('%s', (id, c) => {
    const check = c.prepare().check();
    // On failure, jest shows what was planned rather than a bare `false`.
    expect(check.valid ? 'valid' : `invalid: ${check.detail}`).toBe('valid');
    expect(check.optimal).toBe(!KNOWN_NON_OPTIMAL.has(id));
  });
});
