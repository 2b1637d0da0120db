import { GoapPlanner } from '@dualplan/goap';
import { chainDomain, fireDomain, goalRichDomain, mergedBoolDomain, mergedBoolTwinDomain, randomDomain, soldierGoapDomain } from '@dualplan/goap/examples';
import { createState } from '@dualplan/world-state';
import type { BenchCase, SuiteOptions } from '../BenchCase.js';
import { chainProblem, fireProblem, soldierProblem } from '../boolProblems.js';
import { dijkstraCost, goapCase, lazyGoapCase, peerGoapCases } from './goapCases.js';

/** Peers get fewer chain points: past k ≈ 8 only mahler finishes, at seconds per plan. */
const PEER_KS = new Set([1, 2, 3, 4, 5, 6, 8, 10, 16, 30, 50, 100]);

/** The first seed from `from` whose random domain has a plan (the generator does not promise one). */
function solvableSeed(from: number, actions: number): number {
  for (let seed = from; seed < from + 1000; seed++) {
    const { domain, start } = randomDomain(seed, { actions, bools: 8, goalConditions: 3 });
    if (new GoapPlanner(domain, { mode: 'forward', weight: 0, maxExpansions: 1e5 }).search(createState(domain.schema, start), 'goal').status === 'found')
      return seed;
  }
  throw new Error(`no solvable random domain with ${actions} actions`);
}

/** GOAP (issue 4 and 6): soldier, fire, chain(k), random domains, merged bools, backward vs forward. */
export function goapSuite({ quick }: SuiteOptions): BenchCase[] {
  const suite = 'goap';
  const cases: BenchCase[] = [];
  cases.push(
    goapCase({
      suite,
      name: 'soldier',
      scenario: 'GOAP soldier',
      domain: () => soldierGoapDomain(),
      goal: 'killEnemy',
      optimalCost: 4,
      allocOps: 100_000,
      target: { maxNs: 1500, maxGcs: 0, label: '≤ 1.5 µs' },
    }),
    ...peerGoapCases(suite, 'soldier', soldierProblem, { scenario: 'GOAP soldier', targets: { goap: { minRatio: 150, label: '≥ 150×' } } }),
    goapCase({ suite, name: 'fire', scenario: 'GOAP fire', domain: () => fireDomain(), goal: 'fire', optimalCost: 7, allocOps: 100_000 }),
    ...peerGoapCases(suite, 'fire', fireProblem, { scenario: 'GOAP fire' }),
  );
  // The small-domain fast path against the general path forced off, paired in alternating rounds (same plans, checked first).
  for (const [name, domain, goal, cost] of [
    ['soldier', () => soldierGoapDomain(), 'killEnemy', 4],
    ['fire', () => fireDomain(), 'fire', 7],
  ] as const) {
    cases.push(
      goapCase({ suite, name: `${name} general path`, domain, goal, optimalCost: cost, path: 'general', allocOps: 100_000 }),
      goapCase({
        suite,
        name: `${name} fast path`,
        domain,
        goal,
        optimalCost: cost,
        path: 'fast',
        allocOps: 100_000,
        target: { baseline: `${name} general path`, maxRatio: 0.45, maxGcs: 0, label: '≤ 0.45× the general path' },
      }),
    );
  }
  // chain(k): a curve; peers are probed in a worker and stopped at 10 s.
  const ks = quick ? [1, 2, 4, 8, 16, 32, 100] : [1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 30, 40, 50, 60, 70, 80, 90, 100];
  const timeoutMs = quick ? 2_000 : 10_000;
  for (const k of ks) {
    const curve = { id: 'GOAP chain(k)', x: k, xLabel: 'k' };
    const scenario = k === 100 || k === 8 ? `GOAP chain(${k})` : undefined;
    cases.push(
      goapCase({
        suite,
        name: `chain(${k})`,
        scenario,
        curve,
        domain: () => chainDomain(k),
        goal: 'all',
        // The additive heuristic is exact on chain(k); with the count heuristic A* explores ~2^k regressed goals.
        options: { heuristic: 'additive', maxExpansions: 1e6, maxPlanLength: 256 },
        optimalCost: 2 * k,
        target: k === 100 ? { maxNs: 5e6, maxGcs: 0, label: '≤ 5 ms, optimal' } : undefined,
      }),
    );
    if (PEER_KS.has(k) || quick) cases.push(...peerGoapCases(suite, `chain(${k})`, () => chainProblem(k), { curve, timeoutMs, heavy: k > 4, scenario }));
  }
  // Goals of many independent conditions at mixed costs, with the default settings (the count ties on every node there).
  const richCosts = [1, 2, 3, 4, 5];
  for (const n of quick ? [65, 200] : [20, 65, 200]) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += richCosts[i % richCosts.length];
    cases.push(
      goapCase({
        suite,
        name: `goal-rich(${n})`,
        domain: () => goalRichDomain(n, richCosts),
        goal: 'all',
        optimalCost: sum,
        target: { maxNs: 1e6, maxGcs: 0, label: '≤ 1 ms' },
      }),
      lazyGoapCase({ suite, name: `goal-rich(${n}) lazy greedy`, domain: () => goalRichDomain(n, richCosts), goal: 'all', optimalCost: sum }),
    );
  }
  // Random domains: time against the action count (the "cost curve"); cost cross-checked by forward Dijkstra.
  for (const n of quick ? [10, 100, 1000] : [10, 30, 100, 300, 1000]) {
    const seed = solvableSeed(1000 + n, n);
    const made = () => randomDomain(seed, { actions: n, bools: 8, goalConditions: 3 });
    const { start } = made();
    cases.push(
      goapCase({
        suite,
        name: `random ${n} actions`,
        curve: { id: 'GOAP random domains', x: n, xLabel: 'actions' },
        domain: () => made().domain,
        start,
        goal: 'goal',
        options: { weight: 0, maxExpansions: 1e6 },
        optimalCost: (domain, s) => dijkstraCost(domain, s, 'goal'),
      }),
    );
  }
  // Merged bools vs the all-bools twin: same plan, fewer nodes.
  cases.push(
    goapCase({
      suite,
      name: 'merged-bool enum',
      domain: () => mergedBoolDomain(),
      goal: 'defeat',
      optimalCost: (d) => dijkstraCost(d, undefined, 'defeat'),
      allocOps: 100_000,
    }),
    goapCase({
      suite,
      name: 'plain-bool twin',
      domain: () => mergedBoolTwinDomain(),
      goal: 'defeat',
      optimalCost: (d) => dijkstraCost(d, undefined, 'defeat'),
      allocOps: 100_000,
    }),
  );
  // Backward (default) vs forward A* on the same domains.
  for (const [label, domain, goal, cost] of [
    ['soldier', () => soldierGoapDomain(), 'killEnemy', 4],
    ['chain(6)', () => chainDomain(6), 'all', 12],
  ] as const) {
    for (const mode of ['backward', 'forward'] as const) {
      cases.push(goapCase({ suite, name: `${label} ${mode}`, domain, goal, optimalCost: cost, options: { mode, maxExpansions: 1e6, maxPlanLength: 256 } }));
    }
  }
  return cases;
}
