import type { BenchCase, SuiteOptions } from '../BenchCase.js';
import { pddlCases, type PddlInstance } from './pddlCases.js';
import { blocks, gripper, logistics, miconic } from './pddlInstances.js';

/** The target for forward blind search on gripper and blocks world (Fast Downward's C++ blind search does about 380k/s here). */
const FORWARD_RATE = 400_000;
/** Backward search may take at most this many times forward's time per expansion. */
const BACKWARD_RATIO = 2;

/**
 * Search speed (issue 12): expansions per second of blind forward and blind
 * backward search on the PDDL instances, and backward's time per expansion
 * over forward's on the same instance (the overheads table). Blind search
 * (weight 0) measures the search machinery alone: successor generation,
 * duplicate detection, the open list. Each search stops at a budget of
 * expansions, so big instances measure their rate without running for long; a
 * stopped search is reported as `budget` and still timed. Held to 0 GCs in
 * steady state. `solvedQuick` instances finish within the quick budget, so the
 * jest pass checks their plans (optimal cost).
 */
export function searchSpeedSuite({ quick }: SuiteOptions): BenchCase[] {
  const budget = quick ? { maxExpansions: 20_000, timeBudgetMs: 10_000 } : { maxExpansions: 40_000, timeBudgetMs: 20_000 };
  const instances: { instance: PddlInstance; solvedQuick: boolean; rated: boolean }[] = [
    { instance: gripper(4), solvedQuick: true, rated: true },
    { instance: gripper(8), solvedQuick: false, rated: true },
    { instance: gripper(10), solvedQuick: false, rated: true },
    { instance: blocks(4), solvedQuick: true, rated: true },
    { instance: blocks(6), solvedQuick: true, rated: true },
    { instance: blocks(7), solvedQuick: false, rated: true },
    { instance: blocks(10), solvedQuick: false, rated: true },
    { instance: logistics(2, 3, 3), solvedQuick: true, rated: false },
    { instance: miconic(8, 6), solvedQuick: true, rated: false },
  ];
  return instances.flatMap(({ instance, solvedQuick, rated }) => {
    const heavy = !solvedQuick;
    const forward = pddlCases('search-speed', instance, ['blind forward'], budget, {
      heavy,
      allocOps: 3,
      target: rated ? { minExpandedPerSecond: FORWARD_RATE, maxGcs: 0, label: '≥ 400k expansions/s' } : { maxGcs: 0 },
    });
    const backward = pddlCases('search-speed', instance, ['blind backward'], budget, {
      heavy,
      allocOps: 3,
      target: { baseline: `${instance.label} blind forward`, perExpanded: true, maxRatio: BACKWARD_RATIO, maxGcs: 0 },
    });
    return [...forward, ...backward];
  });
}
