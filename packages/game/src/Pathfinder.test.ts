import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import PF from 'pathfinding';
import { GameMap } from './GameMap.js';
import { Pathfinder } from './Pathfinder.js';

/** The same search on a fresh copy of the map's grid: what a path must be when no marks are left behind. */
function freshPath(map: GameMap, sx: number, sy: number, gx: number, gy: number): number[][] {
  const grid = new PF.Grid(map.width, map.height);
  for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) grid.setWalkableAt(x, y, map.walkable(x, y));
  return new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles }).findPath(sx, sy, gx, gy, grid);
}

describe('Pathfinder', () => {
  it('finds, search after search on one grid, the paths a fresh grid finds (no marks left behind)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 12 }),
        (seed, pairs) => {
          const map = GameMap.generate(seed, { width: 40, height: 24, trees: 40 });
          const paths = new Pathfinder(map);
          for (const [a, b, c, d] of pairs) {
            const from = map.nearestWalkable({ x: (a % map.width) + 0.5, y: (b % map.height) + 0.5 });
            const to = map.nearestWalkable({ x: (c % map.width) + 0.5, y: (d % map.height) + 0.5 });
            const found = paths.find(from, to);
            if (paths.clear(from, to)) {
              expect(found).toEqual([to]);
              continue;
            }
            const cells = freshPath(map, Math.floor(from.x), Math.floor(from.y), Math.floor(to.x), Math.floor(to.y));
            expect(found).toEqual(cells.slice(1).map(([x, y]) => ({ x: x + 0.5, y: y + 0.5 })));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('measures a path no shorter than the straight line, the same tile as 0, and remembers it', () => {
    const map = GameMap.generate(3, { width: 40, height: 24 });
    const paths = new Pathfinder(map);
    const a = map.nearestWalkable({ x: 3.5, y: 3.5 });
    const b = map.nearestWalkable({ x: 35.5, y: 20.5 });
    expect(paths.length(a, a)).toBe(0);
    const d = paths.length(a, b);
    expect(d).toBeGreaterThanOrEqual(Math.hypot(b.x - a.x, b.y - a.y) - 1e-9);
    const searches = paths.count;
    expect(paths.length(a, b)).toBe(d);
    expect(paths.count).toBe(searches);
  });

  it('knows a length without a search exactly when it equals the searched one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 12 }),
        (seed, pairs) => {
          const map = GameMap.generate(seed, { width: 40, height: 24, trees: 40 });
          const quick = new Pathfinder(map);
          const searched = new Pathfinder(map);
          for (const [a, b, c, d] of pairs) {
            const from = { x: (a % map.width) + 0.25, y: (b % map.height) + 0.75 };
            const to = { x: (c % map.width) + 0.5, y: (d % map.height) + 0.5 };
            const known = quick.knownLength(from, to);
            if (known !== undefined) expect(known).toBeCloseTo(searched.length(from, to), 9);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
