import PF, { type Grid } from 'pathfinding';
import type { GameMap, Point } from './GameMap.js';

/**
 * Grid A* over the map's walkable tiles, by the `pathfinding` package (diagonal steps only where no corner is cut).
 * It keeps one base grid in step with the map (an uprooted tree frees its tile) and searches a copy, as the
 * package's finders mark the grid they search.
 * @example
 * const paths = new Pathfinder(map);
 * paths.find({ x: 2.5, y: 2.5 }, { x: 10.5, y: 4.5 }); // tile centres, or [] when there is no path
 */
export class Pathfinder {
  private readonly grid: Grid;
  private readonly finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles });
  private searches = 0;

  constructor(private readonly map: GameMap) {
    this.grid = new PF.Grid(map.width, map.height);
    for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) this.grid.setWalkableAt(x, y, map.walkable(x, y));
    map.onRemoved((e) => {
      if (e.kind === 'tree') this.grid.setWalkableAt(Math.floor(e.x), Math.floor(e.y), true);
    });
  }

  /** Searches run so far (for benchmarks and tests). */
  get count(): number {
    return this.searches;
  }

  /**
   * The path from `from` to `to` as tile centres (the start excluded), or `[]` when `to` cannot be reached.
   * A target on a blocked tile (a tree, a wall) is reached at the nearest walkable tile beside it.
   */
  find(from: Point, to: Point): Point[] {
    this.searches++;
    const start = this.map.nearestWalkable(from);
    const goal = this.map.nearestWalkable(to);
    const cells = this.finder.findPath(Math.floor(start.x), Math.floor(start.y), Math.floor(goal.x), Math.floor(goal.y), this.grid.clone());
    const out: Point[] = [];
    for (let i = 1; i < cells.length; i++) out.push({ x: cells[i][0] + 0.5, y: cells[i][1] + 0.5 });
    if (cells.length === 0) return out;
    return out;
  }

  /** The length of the path from `from` to `to` in tiles (diagonal steps count √2), or Infinity without a path. */
  length(from: Point, to: Point): number {
    const path = this.find(from, to);
    if (path.length === 0) return Math.floor(from.x) === Math.floor(to.x) && Math.floor(from.y) === Math.floor(to.y) ? 0 : Infinity;
    let sum = Math.hypot(path[0].x - (Math.floor(from.x) + 0.5), path[0].y - (Math.floor(from.y) + 0.5));
    for (let i = 1; i < path.length; i++) sum += Math.hypot(path[i].x - path[i - 1].x, path[i].y - path[i - 1].y);
    return sum;
  }
}
