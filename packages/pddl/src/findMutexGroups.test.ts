import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { findMutexGroups } from './findMutexGroups.js';
import { groundTask } from './groundTask.js';
import { parseDomain } from './parseDomain.js';
import { parseProblem } from './parseProblem.js';
import {
  BLOCKS_DOMAIN,
  GRIPPER_DOMAIN,
  LOGISTICS_DOMAIN,
  MICONIC_DOMAIN,
  blocksProblem,
  gripperProblem,
  logisticsProblem,
  miconicProblem,
} from './domains/index.js';
import type { GroundTask } from './GroundAction.js';

const ground = (domain: string, problem: string) => {
  const d = parseDomain(domain);
  return groundTask(d, parseProblem(problem, d));
};
const named = (t: GroundTask) => findMutexGroups(t).map((g) => ({ name: g.name, atoms: g.atoms.map((a) => t.atoms[a]).sort(), exactlyOne: g.exactlyOne }));

describe('findMutexGroups', () => {
  test('gripper: each gripper is free or carries one ball; each ball is in one room or one gripper; the robot is in one room', () => {
    // with 4 balls a gripper's group (free or one of 4 balls: 5 atoms) is larger than a ball's (2 rooms or 2 grippers: 4): largest first
    const four = named(ground(GRIPPER_DOMAIN, gripperProblem({ balls: 4 })));
    expect(four).toContainEqual({
      name: '(carry * g1) (free g1)',
      atoms: ['(carry ball1 g1)', '(carry ball2 g1)', '(carry ball3 g1)', '(carry ball4 g1)', '(free g1)'],
      exactlyOne: true,
    });
    expect(four).toContainEqual({ name: '(at-robby *)', atoms: ['(at-robby rooma)', '(at-robby roomb)'], exactlyOne: true });
    // the ball's carry atoms are taken, so its group keeps the rooms only: then it can be empty (none value)
    expect(four).toContainEqual({ name: '(at ball1 *) (carry ball1 *)', atoms: ['(at ball1 rooma)', '(at ball1 roomb)'], exactlyOne: false });
    // with 2 balls the ball's group (4 atoms) wins, and the grippers' free atoms stay bools
    const two = named(ground(GRIPPER_DOMAIN, gripperProblem({ balls: 2 })));
    expect(two).toContainEqual({
      name: '(at ball1 *) (carry ball1 *)',
      atoms: ['(at ball1 rooma)', '(at ball1 roomb)', '(carry ball1 g1)', '(carry ball1 g2)'],
      exactlyOne: true,
    });
    expect(two.flatMap((g) => g.atoms)).not.toContain('(free g1)');
  });

  test('blocks: the hand-empty group is grown from a single atom by the actions that break it', () => {
    const t = ground(BLOCKS_DOMAIN, blocksProblem({ blocks: 3, seed: 1 }));
    const all = findMutexGroups(t).map((g) => g.name);
    expect(all).toContain('(clear b1) (holding b1) (on * b1)');
    const logistics = named(ground(LOGISTICS_DOMAIN, logisticsProblem({ cities: 2, size: 2, packages: 1, seed: 1 })));
    expect(logistics.find((g) => g.name === '(at pkg1 *) (in pkg1 *)')).toMatchObject({ exactlyOne: true });
  });

  const instances = fc.oneof(
    fc.record({ n: fc.integer({ min: 2, max: 5 }), seed: fc.nat() }).map(({ n, seed }) => ground(BLOCKS_DOMAIN, blocksProblem({ blocks: n, seed }))),
    fc
      .record({ n: fc.integer({ min: 1, max: 4 }), rooms: fc.integer({ min: 2, max: 3 }), seed: fc.nat() })
      .map(({ n, rooms, seed }) => ground(GRIPPER_DOMAIN, gripperProblem({ balls: n, rooms, seed }))),
    fc
      .record({ c: fc.integer({ min: 1, max: 3 }), s: fc.integer({ min: 1, max: 3 }), p: fc.integer({ min: 1, max: 3 }), seed: fc.nat() })
      .map(({ c, s, p, seed }) => ground(LOGISTICS_DOMAIN, logisticsProblem({ cities: c, size: s, packages: p, seed }))),
    fc
      .record({ f: fc.integer({ min: 2, max: 5 }), p: fc.integer({ min: 1, max: 3 }), seed: fc.nat() })
      .map(({ f, p, seed }) => ground(MICONIC_DOMAIN, miconicProblem({ floors: f, passengers: p, seed }))),
  );

  test('property: groups are disjoint, and on random walks at most one atom (exactly one when claimed) of each group holds', () => {
    fc.assert(
      fc.property(instances, fc.array(fc.nat(), { maxLength: 40 }), (t, choices) => {
        const groups = findMutexGroups(t);
        const owner = new Map<number, number>();
        groups.forEach((g, i) =>
          g.atoms.forEach((a) => {
            expect(owner.get(a) ?? i).toBe(i);
            owner.set(a, i);
          }),
        );
        const s = new Set(t.init);
        const holds = () => {
          for (const g of groups) {
            const n = g.atoms.filter((a) => s.has(a)).length;
            expect(n).toBeLessThanOrEqual(1);
            if (g.exactlyOne) expect(n).toBe(1);
          }
        };
        holds();
        for (const c of choices) {
          const ok = t.actions.filter((a) => a.pre.every((p) => s.has(p)) && a.preNeg.every((p) => !s.has(p)));
          if (ok.length === 0) break;
          const a = ok[c % ok.length];
          for (const d of a.del) s.delete(d);
          for (const x of a.add) s.add(x);
          holds();
        }
      }),
      { numRuns: 150 },
    );
  });
});
