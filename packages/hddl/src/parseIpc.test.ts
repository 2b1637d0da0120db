import { describe, expect, test } from '@jest/globals';
import { ipcProblems } from './testIpc.js';
import { parseHddlDomain } from './parseHddlDomain.js';
import { parseHddlProblem } from './parseHddlProblem.js';

describe('the IPC 2020/2023 HDDL files', () => {
  test('every total-order and partial-order problem parses', () => {
    const all = [...ipcProblems('to'), ...ipcProblems('po')];
    expect(all.filter((p) => p.track === 'to')).toHaveLength(76);
    expect(all.filter((p) => p.track === 'po')).toHaveLength(10);
    for (const p of all) {
      const d = parseHddlDomain(p.domainText, p.domainFile);
      const pr = parseHddlProblem(p.problemText, d, p.problemFile);
      expect(pr.htn ?? pr.goal).not.toBeNull();
    }
  }, 60_000);
});
