import {
  blocksHddlProblem,
  BLOCKS_HDDL_DOMAIN,
  groundHddl,
  parseHddlDomain,
  parseHddlProblem,
  planHddl,
  satelliteHddlProblem,
  SATELLITE_HDDL_DOMAIN,
  transportHddlProblem,
  TRANSPORT_HDDL_DOMAIN,
  verifyHddlPlan,
  writeIpcPlan,
} from '@dualplan/hddl';
import { HtnPlanner } from '@dualplan/htn';
import { PlanBuffer } from '@dualplan/world-state';
import { dualplanCase, type BenchCase, type SuiteOptions } from '../BenchCase.js';

/**
 * HDDL problems of the bundled generators, grounded and planned once in `prepare` (`planHddl`, whose plan the HDDL
 * verifier checks before anything is timed). The timed operation is one HTN plan of the compiled domain with the
 * depth bound that found it, into a reused buffer: the planning loop after grounding, held to 0 GCs.
 */
export function hddlSuite({ quick }: SuiteOptions): BenchCase[] {
  const transport = parseHddlDomain(TRANSPORT_HDDL_DOMAIN);
  const blocks = parseHddlDomain(BLOCKS_HDDL_DOMAIN);
  const satellite = parseHddlDomain(SATELLITE_HDDL_DOMAIN);
  const sizes = quick ? [2, 4] : [2, 4, 8, 12];
  const instances = [
    ...sizes
      .filter((n) => n <= 8)
      .map((n) => ({ label: `transport ${n}`, x: n, domain: transport, text: transportHddlProblem({ packages: n, locations: 6, trucks: 2, seed: n }) })),
    ...sizes.map((n) => ({ label: `blocks ${n * 2}`, x: n * 2, domain: blocks, text: blocksHddlProblem({ blocks: n * 2, seed: n }) })),
    ...sizes.map((n) => ({ label: `satellite ${n}`, x: n, domain: satellite, text: satelliteHddlProblem({ satellites: n, observations: n * 3, seed: n }) })),
  ];
  return instances.map((inst) =>
    dualplanCase(
      {
        suite: 'hddl',
        name: inst.label,
        curve: {
          id: `HDDL ${inst.label.split(' ')[0]}`,
          x: inst.x,
          xLabel: inst.label.split(' ')[0] === 'blocks' ? 'blocks' : inst.label.split(' ')[0] === 'satellite' ? 'satellites' : 'packages',
        },
        target: { maxGcs: 0 },
        allocOps: 2_000,
      },
      () => {
        const problem = parseHddlProblem(inst.text, inst.domain);
        const task = groundHddl(inst.domain, problem);
        const result = planHddl(task);
        if (result.status !== 'found') throw new Error(`${inst.label}: no plan (${result.status})`);
        // The timed operation: one plan of the compiled domain with the depth bound that found it, into a reused buffer.
        const planner = new HtnPlanner(task.htn!, { maxDepth: result.depth, atMaxDepth: 'backtrack', maxSteps: 10_000_000 });
        const request = { out: new PlanBuffer() };
        return {
          run: () => planner.plan(task.start, undefined, request),
          check: () => {
            const verdict = verifyHddlPlan(inst.domain, problem, writeIpcPlan(result.decomposition!));
            const r = planner.plan(task.start);
            const same = r.plan?.steps.length === result.plan!.steps.length;
            return {
              valid: verdict.valid && same,
              optimal: verdict.valid && same,
              detail: verdict.valid ? `${result.decomposition!.primitives.length} steps, verified` : verdict.errors[0].message,
              planLength: result.decomposition!.primitives.length,
              expanded: r.stats.expanded,
            };
          },
        };
      },
    ),
  );
}
