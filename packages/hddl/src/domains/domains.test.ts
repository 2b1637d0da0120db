import { describe, expect, test } from '@jest/globals';
import { HtnPlanner } from '@dualplan/htn';
import { trollTrunkDomain } from '@dualplan/htn/examples';
import { createState } from '@dualplan/world-state';
import { trollSchema } from '@dualplan/world-state/examples';
import { groundHddl } from '../compileHddl.js';
import { parseHddlDomain } from '../parseHddlDomain.js';
import { parseHddlProblem } from '../parseHddlProblem.js';
import { planHddl } from '../planHddl.js';
import { verifyHddlPlan } from '../verifyHddlPlan.js';
import { writeIpcPlan } from '../writeIpcPlan.js';
import {
  BLOCKS_HDDL_DOMAIN,
  blocksHddlProblem,
  SATELLITE_HDDL_DOMAIN,
  satelliteHddlProblem,
  TRANSPORT_HDDL_DOMAIN,
  transportHddlProblem,
  TROLL_HDDL_DOMAIN,
  trollHddlProblem,
} from './index.js';

const solve = (domainText: string, problemText: string) => {
  const domain = parseHddlDomain(domainText, 'domain.hddl');
  const problem = parseHddlProblem(problemText, domain, 'problem.hddl');
  const result = planHddl(groundHddl(domain, problem), { timeLimitMs: 3000 });
  const plan = result.decomposition ? writeIpcPlan(result.decomposition) : '';
  return { result, verdict: verifyHddlPlan(domain, problem, plan) };
};

describe('the bundled HDDL domains', () => {
  test.each([1, 2, 4])('transport with %i packages is solved and the plan verified', (packages) => {
    const { result, verdict } = solve(TRANSPORT_HDDL_DOMAIN, transportHddlProblem({ packages, locations: 5, trucks: 2, seed: packages }));
    expect(result.status).toBe('found');
    expect(verdict.valid).toBe(true);
  });

  test.each([3, 6, 10])('blocks world with %i blocks is solved and the plan verified', (blocks) => {
    const { result, verdict } = solve(BLOCKS_HDDL_DOMAIN, blocksHddlProblem({ blocks, seed: blocks }));
    expect(result.status).toBe('found');
    expect(verdict.valid).toBe(true);
  });

  test.each([1, 2, 3])('satellite with %i satellites is solved and the plan verified', (satellites) => {
    const { result, verdict } = solve(SATELLITE_HDDL_DOMAIN, satelliteHddlProblem({ satellites, observations: satellites * 3, seed: satellites }));
    expect(result.status).toBe('found');
    expect(verdict.valid).toBe(true);
  });

  test('the HDDL troll plans exactly like the TypeScript troll (trollTrunkDomain), in every state it reads', () => {
    const camel = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
    const ts = new HtnPlanner(trollTrunkDomain());
    for (const canSeeEnemy of [false, true]) {
      for (let trunkHealth = 0; trunkHealth <= 3; trunkHealth++) {
        const expected = ts.plan(createState(trollSchema(), { WsCanSeeEnemy: canSeeEnemy, WsTrunkHealth: trunkHealth })).plan!.steps.map((s) => s.task);
        const { result, verdict } = solve(TROLL_HDDL_DOMAIN, trollHddlProblem({ canSeeEnemy, trunkHealth }));
        expect(verdict.valid).toBe(true);
        expect(result.decomposition!.primitives.map((p) => camel(p.name))).toEqual(expected);
      }
    }
  });
});
