import { describe, expect, test } from '@jest/globals';
import { groundHddl } from './compileHddl.js';
import { parseHddlDomain } from './parseHddlDomain.js';
import { parseHddlProblem } from './parseHddlProblem.js';
import { planHddl } from './planHddl.js';
import { ipcProblems } from './testIpc.js';
import { verifyHddlPlan } from './verifyHddlPlan.js';
import { writeIpcPlan } from './writeIpcPlan.js';

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

  // Small ones, end to end: ground, plan, write the IPC plan, verify it (the full run is `npm run bench:hddl`).
  const small = [
    ['to', 'Transport', 'pfile01.hddl'],
    ['to', 'Blocksworld-GTOHP', 'p01.hddl'],
    ['to', 'Rover-GTOHP', 'p01.hddl'],
    ['to', 'Depots', 'p01.hddl'],
    ['to', 'Elevator-Learned-ECAI-16', 's01-0.hddl'],
    ['po', 'Satellite', 'sat-A.hddl'],
  ] as const;
  test.each(small)(
    '%s %s %s is solved and its plan verified',
    (track, domainName, file) => {
      const p = ipcProblems(track).find((x) => x.domainName === domainName && x.problemFile.endsWith(`/${file}`))!;
      const domain = parseHddlDomain(p.domainText, p.domainFile);
      const problem = parseHddlProblem(p.problemText, domain, p.problemFile);
      const result = planHddl(groundHddl(domain, problem), { timeLimitMs: 3000 });
      expect(result.status).toBe('found');
      expect(verifyHddlPlan(domain, problem, writeIpcPlan(result.decomposition!))).toEqual({ valid: true, errors: [] });
    },
    30_000,
  );
});
