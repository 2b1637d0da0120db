import type { GameMap } from './GameMap.js';

const SQRT2 = Math.SQRT2;

/**
 * Path lengths from every tile of the map to one goal tile (a Dijkstra map): the length of a shortest path with
 * straight steps of 1 and diagonal steps of √2, a diagonal only where neither tile beside it is blocked (as the
 * grid searches move). Built once per goal; reading a length is an array lookup, so a crowd asking how far each
 * cover is costs one search per cover, not one per agent. Infinity where the goal cannot be reached.
 * @example
 * const field = new DistanceField(map, 12, 30);
 * field.at(3, 4); // tiles to walk from (3, 4) to (12, 30)
 */
export class DistanceField {
  private readonly dist: Float64Array;

  constructor(
    private readonly map: GameMap,
    goalX: number,
    goalY: number,
  ) {
    const w = map.width;
    const n = w * map.height;
    const dist = (this.dist = new Float64Array(n).fill(Infinity));
    if (!map.walkable(goalX, goalY)) return;
    // A binary heap of tile indices ordered by their distance (entries go stale when a tile improves; skipped).
    const heap = new Int32Array(n * 8 + 1);
    const key = new Float64Array(n * 8 + 1);
    let size = 0;
    const push = (i: number, d: number) => {
      let c = size++;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (key[p] <= d) break;
        heap[c] = heap[p];
        key[c] = key[p];
        c = p;
      }
      heap[c] = i;
      key[c] = d;
    };
    const pop = (): number => {
      const top = heap[0];
      const lastI = heap[--size];
      const lastD = key[size];
      let c = 0;
      for (;;) {
        let m = 2 * c + 1;
        if (m >= size) break;
        if (m + 1 < size && key[m + 1] < key[m]) m++;
        if (key[m] >= lastD) break;
        heap[c] = heap[m];
        key[c] = key[m];
        c = m;
      }
      heap[c] = lastI;
      key[c] = lastD;
      return top;
    };
    const start = goalY * w + goalX;
    dist[start] = 0;
    push(start, 0);
    while (size > 0) {
      const d = key[0];
      const i = pop();
      if (d > dist[i]) continue;
      const x = i % w;
      const y = (i - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          const nx = x + dx;
          const ny = y + dy;
          if (!map.walkable(nx, ny)) continue;
          // A diagonal step must not cut a blocked corner (the step is symmetric, so the rule reads the same both ways).
          if (dx !== 0 && dy !== 0 && (!map.walkable(x + dx, y) || !map.walkable(x, y + dy))) continue;
          const nd = d + (dx !== 0 && dy !== 0 ? SQRT2 : 1);
          const j = ny * w + nx;
          if (nd < dist[j]) {
            dist[j] = nd;
            push(j, nd);
          }
        }
      }
    }
  }

  /** The path length from tile (x, y) to the goal, Infinity when there is none (or outside the map). */
  at(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.map.width || y >= this.map.height) return Infinity;
    return this.dist[y * this.map.width + x];
  }
}
