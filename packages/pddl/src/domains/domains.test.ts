import { describe, expect, test } from '@jest/globals';
import { importPddl } from '../importPddl.js';
import { solveExhaustive } from '../solveExhaustive.js';
import { BLOCKS_DOMAIN, DUNGEON_DOMAIN, GRIPPER_DOMAIN, blocksProblem, dungeonProblem, gripperProblem, logisticsProblem, miconicProblem } from './index.js';

describe('problem generators', () => {
  test('are seeded: the same seed gives the same text, another seed another problem', () => {
    for (const make of [
      (seed: number) => blocksProblem({ blocks: 6, seed }),
      (seed: number) => gripperProblem({ balls: 4, rooms: 3, seed }),
      (seed: number) => logisticsProblem({ cities: 2, size: 3, packages: 3, seed }),
      (seed: number) => miconicProblem({ floors: 5, passengers: 3, seed }),
      (seed: number) => dungeonProblem({ rooms: 12, keys: 2, weapons: 1, guards: 2, seed }),
    ]) {
      expect(make(7)).toBe(make(7));
      expect(make(7)).not.toBe(make(8));
    }
  });

  test("gripper's classic optimum is 3n - 1 for even n and 3n for odd n (the benchmarks rely on it)", () => {
    for (let n = 1; n <= 4; n++)
      expect(solveExhaustive(importPddl(GRIPPER_DOMAIN, gripperProblem({ balls: n })).task)?.cost).toBe(n % 2 === 0 ? 3 * n - 1 : 3 * n);
  });

  test('blocks: the goal lists the target towers and is reachable', () => {
    const text = blocksProblem({ blocks: 4, seed: 3 });
    expect(text).toMatch(/\(:goal \(and (\((on|ontable) [b0-9 ]+\) ?)+\)\)/);
    expect(solveExhaustive(importPddl(BLOCKS_DOMAIN, text).task)).not.toBeNull();
  });

  test('dungeon: solvable, and junk changes neither the dungeon nor its optimum (the benchmark checks the twin)', () => {
    for (const seed of [1, 2, 3]) {
      const options = { rooms: 10, keys: 2, weapons: 1, guards: 2, treasures: 2, seed };
      const clean = solveExhaustive(importPddl(DUNGEON_DOMAIN, dungeonProblem(options)).task);
      const junk = importPddl(DUNGEON_DOMAIN, dungeonProblem({ ...options, junk: 3 }));
      expect(clean).not.toBeNull();
      expect(solveExhaustive(junk.task)?.cost).toBe(clean!.cost);
      expect(junk.actions.length).toBeGreaterThan(importPddl(DUNGEON_DOMAIN, dungeonProblem(options)).actions.length);
    }
  });
});
