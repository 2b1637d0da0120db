import {
  blocksHddlProblem,
  BLOCKS_HDDL_DOMAIN,
  groundHddl,
  parseHddlDomain,
  parseHddlProblem,
  planHddl,
  transportHddlProblem,
  TRANSPORT_HDDL_DOMAIN,
  verifyHddlPlan,
  writeIpcPlan,
} from '@dualplan/hddl';
import type { BenchCase, SuiteOptions } from '../BenchCase.js';
import { htnCase } from './htnCases.js';

/**
 * HDDL problems of the bundled generators, grounded once in `prepare`: the timed operation is one HTN plan over
 * the compiled domain (into a reused buffer: the planning loop after grounding, held to 0 GCs). The depth bound is
 * the one `planHddl` found the plan with; its plan is checked by the HDDL verifier before anything is timed.
 */
export function hddlSuite({ quick }: SuiteOptions): BenchCase[] {
  const transport = parseHddlDomain(TRANSPORT_HDDL_DOMAIN);
  const blocks = parseHddlDomain(BLOCKS_HDDL_DOMAIN);
  const sizes = quick ? [2, 4] : [2, 4, 8, 12];
  const instances = [
    ...sizes.map((n) => ({ label: `transport ${n}`, x: n, domain: transport, text: transportHddlProblem({ packages: n, locations: 6, trucks: 2, seed: n }) })),
    ...sizes.map((n) => ({ label: `blocks ${n * 2}`, x: n * 2, domain: blocks, text: blocksHddlProblem({ blocks: n * 2, seed: n }) })),
  ];
  return instances.map((inst) =>
    htnCase({
      suite: 'hddl',
      name: inst.label,
      curve: { id: `HDDL ${inst.label.split(' ')[0]}`, x: inst.x, xLabel: inst.label.startsWith('blocks') ? 'blocks' : 'packages' },
      target: { maxGcs: 0 },
      allocOps: 2_000,
      setup: () => {
        const problem = parseHddlProblem(inst.text, inst.domain);
        const task = groundHddl(inst.domain, problem);
        const result = planHddl(task);
        // The timed planner is the first dive's (depth bound 2^18, 50,000 steps): the instance must be solved by it.
        if (result.status !== 'found' || result.depth !== 1 << 18) throw new Error(`${inst.label}: no plan in the first dive (${result.status})`);
        const verdict = verifyHddlPlan(inst.domain, problem, writeIpcPlan(result.decomposition!));
        if (!verdict.valid) throw new Error(`${inst.label}: ${verdict.errors[0].message}`);
        return { domain: task.htn!, state: task.start, request: {} };
      },
      options: { maxDepth: 1 << 18, atMaxDepth: 'backtrack', maxSteps: 50_000 },
      expect: () => null,
    }),
  );
}
