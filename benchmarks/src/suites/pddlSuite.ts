import {
  BLOCKS_DOMAIN,
  DUNGEON_DOMAIN,
  GRIPPER_DOMAIN,
  LOGISTICS_DOMAIN,
  MICONIC_DOMAIN,
  blocksProblem,
  dungeonProblem,
  gripperProblem,
  importPddl,
  logisticsProblem,
  miconicProblem,
  solveExhaustive,
  type DungeonOptions,
} from '@dualplan/pddl';
import { GoapPlanner } from '@dualplan/goap';
import { createState } from '@dualplan/world-state';
import type { BenchCase, SuiteOptions } from '../BenchCase.js';
import { pddlCases, type PddlInstance, type PddlSearch } from './pddlCases.js';

const SEARCHES: readonly PddlSearch[] = ['optimal backward', 'optimal forward', 'blind forward'];
/** The dungeons: the targets are met forward (exact pattern database), which `optimal: true` picks; backward shows what regression costs there. */
const GAME_SEARCHES: readonly PddlSearch[] = ['optimal: true', 'optimal forward', 'optimal backward', 'LM-cut backward', 'blind forward'];

/** The classic planning benchmarks, generated and imported from PDDL; `solvedToday` instances run in the jest pass too. */
function instances(quick: boolean): { instance: PddlInstance; solvedToday: boolean }[] {
  const blocks = (n: number): PddlInstance => ({ label: `blocks ${n}`, domain: BLOCKS_DOMAIN, problem: () => blocksProblem({ blocks: n, seed: 1 }) });
  const gripper = (n: number): PddlInstance => ({
    label: `gripper ${n}`,
    domain: GRIPPER_DOMAIN,
    problem: () => gripperProblem({ balls: n }),
    knownOptimum: () => (n % 2 === 0 ? 3 * n - 1 : 3 * n),
  });
  const logistics = (cities: number, size: number, packages: number): PddlInstance => ({
    label: `logistics ${cities}×${size} ${packages} pkg`,
    domain: LOGISTICS_DOMAIN,
    problem: () => logisticsProblem({ cities, size, packages, seed: 1 }),
    // Past the exhaustive check (13 places per package): the optimum of the optimal backward search, which
    // regresses goals where optimal: true runs forward over states (the 3-package instance on the same map is checked exhaustively).
    knownOptimum: () => backwardOptimum(LOGISTICS_DOMAIN, logisticsProblem({ cities, size, packages, seed: 1 })),
  });
  const miconic = (floors: number, passengers: number): PddlInstance => ({
    label: `miconic ${floors} fl ${passengers} p`,
    domain: MICONIC_DOMAIN,
    problem: () => miconicProblem({ floors, passengers, seed: 1 }),
  });
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

/** The cost of the optimal backward search (A* over regressed goals, `optimal: true` with `mode: 'backward'`), or null past 4M expansions. */
function backwardOptimum(domain: string, problem: string): number | null {
  const imp = importPddl(domain, problem);
  const r = new GoapPlanner(imp.goap, { optimal: true, mode: 'backward', maxExpansions: 4_000_000, maxNodes: 1 << 23, maxPlanLength: 256 }).search(
    createState(imp.schema),
    imp.goalName,
  );
  return r.status === 'found' ? r.cost : null;
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
  if (quick) return [...classic, ...lmcut, ...game(DUNGEONS[0], ['optimal: true'], true)]; // heavy: kept out of the jest pass (the optimum check solves the junk-free twin)
  return [...classic, ...lmcut, ...DUNGEONS.flatMap((d) => game(d, GAME_SEARCHES, true))];
}
