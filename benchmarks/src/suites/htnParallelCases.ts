import { HtnPlanner, type HtnDomain } from '@dualplan/htn';
import { coverActions, coverHtnDomain } from '@dualplan/htn/examples';
import { createState } from '@dualplan/world-state';
import type { BenchCase } from '../BenchCase.js';
import { dualplanCase } from '../BenchCase.js';
import { htnCrowd, planCrowd, sameCrowdPlans, type HtnCrowd } from './htnCrowd.js';

const AGENTS = 1000;

/** 1,000 soldiers of the cover example over one shared domain. */
function crowd(domain: HtnDomain<any>): HtnCrowd {
  // Mostly under fire and out of cover (the parallel method), some already in cover, some at peace.
  return htnCrowd(
    AGENTS,
    () => new HtnPlanner(domain),
    (i) => createState(domain.schema, { UnderFire: i % 5 !== 4, InCover: i % 7 === 3, Ammo: i % 7 }),
  );
}

/**
 * HTN parallel branches (issue 15): "walk to cover while reloading" as a parallel task at agent scale,
 * next to the same behaviour as a plain sequence. Both plan the same steps; the parallel form also
 * writes the section into the plan and checks it against the key-conflict rule.
 */
export function htnParallelCases(suite: string): BenchCase[] {
  const actions = coverActions();
  const domains = { sequence: coverHtnDomain(actions, { parallel: false }), parallel: coverHtnDomain(actions) };
  const sequenceName = `cover ${AGENTS} agents, plain sequence`;
  const make = (parallel: boolean): BenchCase =>
    dualplanCase(
      {
        suite,
        name: parallel ? `cover ${AGENTS} agents, parallel branch` : sequenceName,
        allocOps: 200,
        target: parallel ? { maxGcs: 0, baseline: sequenceName, label: 'vs plain sequence' } : { maxGcs: 0 },
      },
      () => {
        const c = crowd(parallel ? domains.parallel : domains.sequence);
        return {
          run: () => planCrowd(c),
          check: () => {
            const same = sameCrowdPlans(c, crowd(parallel ? domains.sequence : domains.parallel));
            const sections = c.planners.filter((p, i) => (p.plan(c.states[i]).plan?.parallel?.length ?? 0) > 0).length;
            const ok = same.valid && (parallel ? sections > 0 : sections === 0);
            const detail = same.valid ? `${same.detail} (${sections} with a parallel section)` : same.detail;
            return { valid: ok, optimal: ok, detail, planLength: same.planLength };
          },
        };
      },
    );
  return [make(false), make(true)];
}
