import {
  BLOCKS_DOMAIN,
  GRIPPER_DOMAIN,
  LOGISTICS_DOMAIN,
  MICONIC_DOMAIN,
  blocksProblem,
  gripperProblem,
  importPddl,
  logisticsProblem,
  miconicProblem,
} from '@dualplan/pddl';
import { GoapPlanner } from '@dualplan/goap';
import { createState } from '@dualplan/world-state';
import type { PddlInstance } from './pddlCases.js';

/** Blocks world with `n` blocks (seed 1). */
export const blocks = (n: number): PddlInstance => ({ label: `blocks ${n}`, domain: BLOCKS_DOMAIN, problem: () => blocksProblem({ blocks: n, seed: 1 }) });

/** Gripper with `n` balls; its optimum is known in closed form (3n − 1 for even n, 3n for odd). */
export const gripper = (n: number): PddlInstance => ({
  label: `gripper ${n}`,
  domain: GRIPPER_DOMAIN,
  problem: () => gripperProblem({ balls: n }),
  knownOptimum: () => (n % 2 === 0 ? 3 * n - 1 : 3 * n),
});

/** Logistics: `cities` cities of `size` places, `packages` packages (seed 1). */
export const logistics = (cities: number, size: number, packages: number): PddlInstance => ({
  label: `logistics ${cities}×${size} ${packages} pkg`,
  domain: LOGISTICS_DOMAIN,
  problem: () => logisticsProblem({ cities, size, packages, seed: 1 }),
  // Past the exhaustive check (13 places per package): the optimum of the optimal backward search, which
  // regresses goals where optimal: true runs forward over states (the 3-package instance on the same map is checked exhaustively).
  knownOptimum: () => backwardOptimum(LOGISTICS_DOMAIN, logisticsProblem({ cities, size, packages, seed: 1 })),
});

/** Miconic: `floors` floors, `passengers` passengers (seed 1). */
export const miconic = (floors: number, passengers: number): PddlInstance => ({
  label: `miconic ${floors} fl ${passengers} p`,
  domain: MICONIC_DOMAIN,
  problem: () => miconicProblem({ floors, passengers, seed: 1 }),
});

/** The cost of the optimal backward search (A* over regressed goals, `optimal: true` with `mode: 'backward'`), or null past 4M expansions. */
function backwardOptimum(domain: string, problem: string): number | null {
  const imp = importPddl(domain, problem);
  const r = new GoapPlanner(imp.goap, { optimal: true, mode: 'backward', maxExpansions: 4_000_000, maxNodes: 1 << 23, maxPlanLength: 256 }).search(
    createState(imp.schema),
    imp.goalName,
  );
  return r.status === 'found' ? r.cost : null;
}
