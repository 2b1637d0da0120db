import { BLOCKS_DOMAIN, DUNGEON_DOMAIN, blocksProblem, dungeonProblem, importPddl, solveExhaustive, type DungeonOptions } from '@dualplan/pddl';
import type { BenchCase, SuiteOptions } from '../BenchCase.js';
import { pddlCases, type PddlInstance, type PddlSearch } from './pddlCases.js';
import { blocks, gripper, logistics, miconic } from './pddlInstances.js';
import { lmcutEvalCase } from './lmcutEvalCases.js';

/** The preset as users write it (it picks the direction), then each direction of it, then blind forward search for comparison. */
const SEARCHES: readonly PddlSearch[] = ['optimal: true', 'optimal backward', 'optimal forward', 'blind forward'];
/** The dungeons: the targets are met forward (exact pattern database), which `optimal: true` picks; backward shows what regression costs there. */
const GAME_SEARCHES: readonly PddlSearch[] = ['optimal: true', 'optimal forward', 'optimal backward', 'LM-cut backward', 'blind forward'];

/** The classic planning benchmarks, generated and imported from PDDL; `solvedToday` instances run in the jest pass too. */
function instances(quick: boolean): { instance: PddlInstance; solvedToday: boolean }[] {
  // The same tasks with one bool per atom: what the mutex-group encoding saves the backward search.
  const bools = (i: PddlInstance): PddlInstance => ({ ...i, label: `${i.label} (bools)`, mutexGroups: false });
  const small = [blocks(4), gripper(2), gripper(4), logistics(2, 2, 2), miconic(4, 2), miconic(6, 4)].map((instance) => ({ instance, solvedToday: true }));
  const viaBools = [logistics(2, 2, 2), miconic(6, 4)].map((i) => ({ instance: bools(i), solvedToday: true }));
  if (quick) return [...small, ...viaBools];
  const large = [
    blocks(5),
    blocks(6),
    blocks(7),
    blocks(8),
    blocks(10),
    gripper(6),
    gripper(8),
    gripper(10),
    logistics(2, 3, 3),
    logistics(3, 2, 4),
    logistics(3, 3, 3),
    logistics(3, 3, 6),
    logistics(3, 3, 7),
    miconic(8, 6),
    miconic(10, 8),
  ];
  return [...small, ...viaBools, ...[...large, bools(blocks(4)), bools(gripper(4)), bools(gripper(6))].map((instance) => ({ instance, solvedToday: false }))];
}

/**
 * Game-scale dungeons (see `dungeonProblem`): 121 and 503 ground actions, optimal plans of 26 and 27 steps.
 * Junk items make most actions irrelevant, so the optimum is checked on the junk-free twin (same seed, same
 * dungeon), whose state space the exhaustive search can store.
 */
const DUNGEONS: readonly { label: string; options: DungeonOptions; maxNs: number; target: string }[] = [
  {
    label: 'dungeon 120 actions',
    options: { rooms: 16, keys: 4, weapons: 2, guards: 4, treasures: 4, loops: 10, junk: 65, seed: 5 },
    maxNs: 1e6,
    target: '≤ 1 ms',
  },
  {
    label: 'dungeon 500 actions',
    options: { rooms: 32, keys: 4, weapons: 2, guards: 4, treasures: 4, loops: 100, junk: 330, seed: 12 },
    maxNs: 1e7,
    target: '≤ 10 ms',
  },
];

function dungeon(d: (typeof DUNGEONS)[number]): PddlInstance {
  const twin = () => solveExhaustive(importPddl(DUNGEON_DOMAIN, dungeonProblem({ ...d.options, junk: 0 })).task, { maxStates: 1_000_000 })?.cost ?? null;
  return { label: d.label, domain: DUNGEON_DOMAIN, problem: () => dungeonProblem(d.options), knownOptimum: twin };
}

/**
 * PDDL scale (issue 12): blocks world (up to 10 blocks), gripper (up to 10
 * balls), logistics and miconic, imported from PDDL, each planned by the
 * optimal preset backward and forward and by blind forward search, with at
 * most 2 million expansions (and 20 s) per plan; LM-cut held to 0 GCs; and two
 * game-scale dungeons. Reports expansions, time and expansions/s.
 */
export function pddlSuite({ quick }: SuiteOptions): BenchCase[] {
  const budget = quick ? { maxExpansions: 200_000, timeBudgetMs: 10_000 } : { maxExpansions: 2_000_000, timeBudgetMs: 20_000 };
  const target = { maxExpanded: 2_000_000, label: 'optimal, ≤ 2M expansions' };
  const classic = instances(quick).flatMap(({ instance, solvedToday }) => pddlCases('pddl', instance, SEARCHES, budget, { heavy: !solvedToday, target }));
  // The game-scale targets: optimal plans in ≤ 1 ms / ≤ 10 ms, 0 GCs in steady state. The pattern database is
  // built by the check's search (seconds, once per goal), before timing.
  const game = (d: (typeof DUNGEONS)[number], searches: readonly PddlSearch[], heavy: boolean) =>
    pddlCases('pddl', dungeon(d), searches, budget, {
      heavy,
      allocOps: 1000,
      target: { maxNs: d.maxNs, maxGcs: 0, maxExpanded: 2_000_000, label: `optimal, ${d.target}` },
    });
  // LM-cut allocates nothing per node: a search that evaluates it on every popped node, held to 0 GCs.
  const lmcut = pddlCases(
    'pddl',
    { label: 'blocks 6', domain: BLOCKS_DOMAIN, problem: () => blocksProblem({ blocks: 6, seed: 1 }) },
    ['LM-cut backward'],
    budget,
    {
      allocOps: 200,
      target: { maxGcs: 0, maxExpanded: 2_000_000, label: 'optimal, 0 GCs' },
    },
  );
  // LM-cut evaluations per second, the heuristic alone, on blocks world of 4 to 10 blocks.
  const evals = (quick ? [4, 7, 10] : [4, 5, 6, 7, 8, 9, 10]).map((n) => lmcutEvalCase('pddl', n));
  lmcut.push(...evals);
  if (quick) return [...classic, ...lmcut, ...game(DUNGEONS[0], ['optimal: true'], true)]; // heavy: kept out of the jest pass (the optimum check solves the junk-free twin)
  return [...classic, ...lmcut, ...DUNGEONS.flatMap((d) => game(d, GAME_SEARCHES, true))];
}
