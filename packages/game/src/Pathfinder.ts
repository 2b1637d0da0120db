import PF, { type Node } from 'pathfinding';
import { DistanceField } from './DistanceField.js';
import type { GameMap, Point } from './GameMap.js';

/**
 * Grid A* over the map's walkable tiles, by the `pathfinding` package (diagonal steps only where no corner is cut).
 * It keeps one grid in step with the map (an uprooted tree frees its tile) and, after each search, clears the
 * marks the package's finder left on the nodes that search reached (instead of searching a fresh clone, or
 * clearing the whole grid).
 * @example
 * const paths = new Pathfinder(map);
 * paths.find({ x: 2.5, y: 2.5 }, { x: 10.5, y: 4.5 }); // tile centres, or [] when there is no path
 */
export class Pathfinder {
  private readonly grid: TouchedGrid;
  private readonly finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles });
  /** Path lengths by start tile and goal tile (a number key), until the map changes: plan-time queries repeat a lot. */
  private readonly lengths = new Map<number, number>();
  /** Distance fields by goal tile (the targets plan-time queries ask about, covers mostly), until the map changes. */
  private readonly fields = new Map<number, DistanceField>();
  private searches = 0;
  private aStar = 0;

  constructor(private readonly map: GameMap) {
    this.grid = new TouchedGrid(map.width, map.height);
    for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) this.grid.setWalkableAt(x, y, map.walkable(x, y));
    for (const row of this.grid.nodes) for (const node of row) clearMarks(node);
    map.onRemoved((e) => {
      if (e.kind !== 'tree') return;
      this.grid.setWalkableAt(Math.floor(e.x), Math.floor(e.y), true);
      this.lengths.clear();
      this.fields.clear();
    });
  }

  /** Searches run so far (for benchmarks and tests). */
  get count(): number {
    return this.searches;
  }

  /** Grid A* searches run so far (straight lines excluded). */
  get aStarCount(): number {
    return this.aStar;
  }

  /**
   * The path from `from` to `to` as tile centres (the start excluded), or `[]` when `to` cannot be reached.
   * A target on a blocked tile (a tree, a wall) is reached at the nearest walkable tile beside it. When the
   * straight segment crosses only walkable tiles the path is that segment (no search: most walks in the open).
   */
  find(from: Point, to: Point): Point[] {
    this.searches++;
    const start = this.map.nearestWalkable(from);
    const goal = this.map.nearestWalkable(to);
    if (this.clear(start, goal)) return [goal];
    this.aStar++;
    const sx = Math.floor(start.x);
    const sy = Math.floor(start.y);
    this.grid.touched.push(this.grid.nodes[sy][sx]);
    const cells = this.finder.findPath(sx, sy, Math.floor(goal.x), Math.floor(goal.y), this.grid);
    this.grid.clearTouched();
    const out: Point[] = [];
    for (let i = 1; i < cells.length; i++) out.push({ x: cells[i][0] + 0.5, y: cells[i][1] + 0.5 });
    return out;
  }

  /** Whether the segment from `a` to `b` crosses walkable tiles only (sampled every quarter tile, corners included). */
  clear(a: Point, b: Point): boolean {
    const n = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) * 4);
    let px = Math.floor(a.x);
    let py = Math.floor(a.y);
    for (let i = 1; i <= n; i++) {
      const x = Math.floor(a.x + ((b.x - a.x) * i) / n);
      const y = Math.floor(a.y + ((b.y - a.y) * i) / n);
      if (x === px && y === py) continue;
      // A diagonal move between tiles must not cut a blocked corner.
      if (!this.map.walkable(x, y) || (x !== px && y !== py && (!this.map.walkable(px, y) || !this.map.walkable(x, py)))) return false;
      px = x;
      py = y;
    }
    return true;
  }

  /**
   * The length of the path from `from` to `to` in tiles (diagonal steps count √2), or Infinity without a path.
   * Remembered by start and goal tile until the map changes (an uprooted tree), so it is measured from the tile
   * centres.
   */
  length(from: Point, to: Point): number {
    const key = this.keyOf(from, to);
    const known = this.lengths.get(key);
    if (known !== undefined) return known;
    const measured = this.measure({ x: Math.floor(from.x) + 0.5, y: Math.floor(from.y) + 0.5 }, to);
    this.remember(key, measured);
    return measured;
  }

  /**
   * {@link length} without a grid search of its own: remembered, a straight clear line, or read from the goal
   * tile's distance field (built once per goal tile, until the map changes: a crowd asking about the same few
   * covers pays one field per cover); `undefined` when the start tile is blocked. The query service asks this first.
   */
  knownLength(from: Point, to: Point): number | undefined {
    const key = this.keyOf(from, to);
    const known = this.lengths.get(key);
    if (known !== undefined) return known;
    const sx = Math.floor(from.x);
    const sy = Math.floor(from.y);
    if (!this.map.walkable(sx, sy)) return undefined;
    const start = { x: sx + 0.5, y: sy + 0.5 };
    const goal = this.map.nearestWalkable(to);
    let d: number;
    if (this.clear(start, goal)) d = Math.sqrt((goal.x - start.x) ** 2 + (goal.y - start.y) ** 2);
    else d = this.fieldTo(Math.floor(goal.x), Math.floor(goal.y)).at(sx, sy);
    this.remember(key, d);
    return d;
  }

  private fieldTo(gx: number, gy: number): DistanceField {
    const key = gy * this.map.width + gx;
    let field = this.fields.get(key);
    if (field === undefined) {
      if (this.fields.size >= 256) this.fields.clear();
      this.fields.set(key, (field = new DistanceField(this.map, gx, gy)));
    }
    return field;
  }

  private keyOf(from: Point, to: Point): number {
    const w = this.map.width;
    return (Math.floor(from.x) + Math.floor(from.y) * w) * w * this.map.height + Math.floor(to.x) + Math.floor(to.y) * w;
  }

  private remember(key: number, length: number): void {
    if (this.lengths.size >= 200_000) this.lengths.clear();
    this.lengths.set(key, length);
  }

  private measure(from: Point, to: Point): number {
    const path = this.find(from, to);
    if (path.length === 0) return Math.floor(from.x) === Math.floor(to.x) && Math.floor(from.y) === Math.floor(to.y) ? 0 : Infinity;
    let sum = Math.hypot(path[0].x - from.x, path[0].y - from.y);
    for (let i = 1; i < path.length; i++) sum += Math.hypot(path[i].x - path[i - 1].x, path[i].y - path[i - 1].y);
    return sum;
  }
}

/** Every node gets every field, in one order: the finder's property reads stay monomorphic. */
function clearMarks(node: Node): void {
  node.opened = false;
  node.closed = false;
  node.parent = null;
  node.f = 0;
  node.g = 0;
  node.h = 0;
}

/** The package's grid, remembering the nodes a search reached (every node a finder marks is a neighbour it asked for, or the start). */
class TouchedGrid extends PF.Grid {
  readonly touched: Node[] = [];

  override getNeighbors(node: Node, diagonalMovement: number): Node[] {
    const out = super.getNeighbors(node, diagonalMovement);
    for (let i = 0; i < out.length; i++) this.touched.push(out[i]);
    return out;
  }

  /** Clear the marks of the nodes reached since the last call (a node may be listed more than once). */
  clearTouched(): void {
    const t = this.touched;
    for (let i = 0; i < t.length; i++) clearMarks(t[i]);
    t.length = 0;
  }
}
