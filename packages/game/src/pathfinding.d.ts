// The few declarations of the `pathfinding` package (0.4.18, CommonJS, no types of its own) the game uses.
declare module 'pathfinding' {
  /** A grid cell as the finders mark it. */
  export interface Node {
    readonly x: number;
    readonly y: number;
    walkable: boolean;
    opened: boolean;
    closed: boolean;
    parent: unknown;
    f: number;
    g: number;
    h: number;
  }
  export class Grid {
    constructor(width: number, height: number);
    /** The walkable neighbours of `node`; a finder asks this for every node it expands. */
    getNeighbors(node: Node, diagonalMovement: number): Node[];
    setWalkableAt(x: number, y: number, walkable: boolean): void;
    isWalkableAt(x: number, y: number): boolean;
    clone(): Grid;
    /** Rows of nodes; a finder marks the nodes it visits (`opened`, `closed`, `parent`, costs). */
    nodes: Node[][];
  }
  export const DiagonalMovement: { readonly Never: number; readonly OnlyWhenNoObstacles: number };
  export class AStarFinder {
    constructor(options?: { diagonalMovement?: number; weight?: number });
    findPath(startX: number, startY: number, endX: number, endY: number, grid: Grid): number[][];
  }
  const PF: { Grid: typeof Grid; AStarFinder: typeof AStarFinder; DiagonalMovement: typeof DiagonalMovement };
  export default PF;
}
