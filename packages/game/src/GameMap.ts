import { mulberry32 } from '@dualplan/world-state';

/** A point in tile units (x right, y down); positions are fractional, tiles are their floor. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** What kind of thing an entity is: the targets plans name. */
export type EntityKind = 'tree' | 'cover' | 'weapon' | 'bridge';

/** A thing on the map a plan can target: a tree to uproot, a cover point, a weapon on the ground, a bridge. */
export interface Entity {
  readonly id: string;
  readonly kind: EntityKind;
  readonly x: number;
  readonly y: number;
}

/** Tile kinds of the grid. */
export const Tile = Object.freeze({ Grass: 0, Water: 1, Bridge: 2, Wall: 3, Tree: 4 } as const);
export type Tile = (typeof Tile)[keyof typeof Tile];

/** Options of {@link GameMap.generate}. */
export interface MapOptions {
  readonly width?: number;
  readonly height?: number;
  readonly trees?: number;
  readonly weapons?: number;
}

/** Listens to entities leaving the map (uprooted, picked up, destroyed). */
export type EntityRemoved = (entity: Entity) => void;

/**
 * The map: a tile grid with a river crossed by bridges, a forest west of it, walls with cover points east
 * of it, weapons on the ground, and the entities on it. Generated from a seed, so the same seed gives the same map.
 * The map owns its tiles and entities: {@link GameMap.remove} is the one way an entity leaves.
 * @example
 * const map = GameMap.generate(7);
 * map.entitiesOf('cover').length; // > 0
 */
export class GameMap {
  private readonly tiles: Uint8Array;
  private readonly byId = new Map<string, Entity>();
  /** The entities still on the map, one list per kind in creation order (sensors scan these every few ticks). */
  private readonly byKind: Record<EntityKind, Entity[]> = { tree: [], cover: [], weapon: [], bridge: [] };
  private readonly listeners: EntityRemoved[] = [];

  private constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.tiles = new Uint8Array(width * height);
  }

  /** A map from `seed`: the river near the middle, three bridges, a forest, walls and their cover points, weapons. */
  static generate(seed: number, options: MapOptions = {}): GameMap {
    const random = mulberry32(seed);
    const map = new GameMap(options.width ?? 80, options.height ?? 50);
    const { width: w, height: h } = map;
    const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    // The river: three tiles wide, wandering a little from top to bottom.
    let rx = Math.floor(w / 2) - 1;
    const riverX: number[] = [];
    for (let y = 0; y < h; y++) {
      if (y % 6 === 5) rx = Math.max(w / 2 - 4, Math.min(w / 2 + 2, rx + int(-1, 1)));
      riverX.push(rx);
      for (let dx = 0; dx < 3; dx++) map.setTile(rx + dx, y, Tile.Water);
    }
    const bridgeRows = [Math.floor(h * 0.2), Math.floor(h * 0.5), Math.floor(h * 0.8)];
    bridgeRows.forEach((by, i) => {
      for (let y = by - 1; y <= by + 1; y++) for (let dx = -1; dx < 4; dx++) map.setTile(riverX[y] + dx, y, Tile.Bridge);
      map.add({ id: `bridge${i}`, kind: 'bridge', x: riverX[by] + 1.5, y: by + 0.5 });
    });
    // Walls east of the river, each with cover points on both long sides.
    let covers = 0;
    for (let i = 0; i < 6; i++) {
      const x0 = int(Math.floor(w / 2) + 8, w - 10);
      const y0 = int(3, h - 6);
      const vertical = random() < 0.5;
      const len = int(3, 5);
      for (let k = 0; k < len; k++) map.setTile(vertical ? x0 : x0 + k, vertical ? y0 + k : y0, Tile.Wall);
      for (let k = 0; k < len; k += 2) {
        for (const side of [-1, 1]) {
          const cx = vertical ? x0 + side : x0 + k;
          const cy = vertical ? y0 + k : y0 + side;
          if (map.tile(cx, cy) === Tile.Grass && map.walkable(cx, cy)) map.add({ id: `cover${covers++}`, kind: 'cover', x: cx + 0.5, y: cy + 0.5 });
        }
      }
    }
    // The forest: trees west of the river (a tree blocks its tile until uprooted).
    const trees = options.trees ?? 60;
    for (let t = 0, tries = 0; t < trees && tries < trees * 20; tries++) {
      const x = int(2, Math.floor(w / 2) - 8);
      const y = int(1, h - 2);
      if (map.tile(x, y) !== Tile.Grass) continue;
      map.setTile(x, y, Tile.Tree);
      map.add({ id: `tree${t++}`, kind: 'tree', x: x + 0.5, y: y + 0.5 });
    }
    const weapons = options.weapons ?? 12;
    for (let i = 0, tries = 0; i < weapons && tries < weapons * 20; tries++) {
      const x = int(2, w - 3);
      const y = int(1, h - 2);
      if (map.tile(x, y) !== Tile.Grass || map.entityAt(x, y) !== null) continue;
      map.add({ id: `weapon${i++}`, kind: 'weapon', x: x + 0.5, y: y + 0.5 });
    }
    return map;
  }

  /** The tile at (x, y); walls outside the map. */
  tile(x: number, y: number): Tile {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return Tile.Wall;
    return this.tiles[y * this.width + x] as Tile;
  }

  /** Whether an agent can stand on tile (x, y). */
  walkable(x: number, y: number): boolean {
    const t = this.tile(x, y);
    return t === Tile.Grass || t === Tile.Bridge;
  }

  /** The entity with this id, or null (never existed, or removed). */
  entity(id: string): Entity | null {
    return this.byId.get(id) ?? null;
  }

  /** Entities of one kind still on the map, in creation order: the map's own list, read-only and not copied. */
  entitiesOf(kind: EntityKind): readonly Entity[] {
    return this.byKind[kind];
  }

  /** Every entity still on the map. */
  entities(): IterableIterator<Entity> {
    return this.byId.values();
  }

  /** Call `listener` whenever an entity leaves the map. */
  onRemoved(listener: EntityRemoved): void {
    this.listeners.push(listener);
  }

  /** Take an entity off the map (a tree uprooted frees its tile); false when it was not there. Listeners hear of it. */
  remove(id: string): boolean {
    const e = this.byId.get(id);
    if (e === undefined) return false;
    this.byId.delete(id);
    const list = this.byKind[e.kind];
    list.splice(list.indexOf(e), 1);
    if (e.kind === 'tree') this.setTile(Math.floor(e.x), Math.floor(e.y), Tile.Grass);
    for (const l of this.listeners) l(e);
    return true;
  }

  /** The nearest walkable tile centre to `p` (searching outwards), or `p`'s tile when it is walkable. */
  nearestWalkable(p: Point): Point {
    const px = Math.floor(p.x);
    const py = Math.floor(p.y);
    for (let r = 0; r < Math.max(this.width, this.height); r++) {
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
          if (this.walkable(px + dx, py + dy)) return { x: px + dx + 0.5, y: py + dy + 0.5 };
        }
      }
    }
    return p;
  }

  private entityAt(x: number, y: number): Entity | null {
    for (const e of this.byId.values()) if (Math.floor(e.x) === x && Math.floor(e.y) === y) return e;
    return null;
  }

  private add(e: Entity): void {
    const frozen = Object.freeze(e);
    this.byId.set(e.id, frozen);
    this.byKind[e.kind].push(frozen);
  }

  private setTile(x: number, y: number, t: Tile): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.tiles[y * this.width + x] = t;
  }
}

/** Straight-line distance. */
export function distance(a: Point, b: Point): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}
