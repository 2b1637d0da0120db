import Phaser from 'phaser';
import { Tile } from '../GameMap.js';
import type { Game } from '../Game.js';
import type { Unit } from '../Unit.js';
import { TILE, makeTextures } from './makeTextures.js';

/** Seconds of game time per fixed step. */
export const FIXED_DT = 0.1;

const TILE_COLOURS: Record<number, number> = {
  [Tile.Grass]: 0x3f7a3a,
  [Tile.Water]: 0x2a5fa8,
  [Tile.Bridge]: 0x8a6a3a,
  [Tile.Wall]: 0x6a6a6a,
  [Tile.Tree]: 0x3f7a3a,
};

/** What the page tells the scene and hears from it. */
export interface SceneHost {
  /** The game to show now (replaced on restart). */
  game(): Game;
  /** Game seconds per real second (0: paused). */
  speed(): number;
  /** A click on a unit. */
  selected(unit: Unit | null): void;
  /** The currently selected unit, if any. */
  selection(): Unit | null;
  /** After each drawn frame: AI milliseconds spent in it (planning, ticking, queries) and the fixed steps run. */
  frameDone(aiMs: number, steps: number): void;
}

/**
 * The thin rendering layer: the ground drawn once, an image per entity and per unit moved to its body
 * each frame, the game stepped at a fixed timestep from Phaser's update. No game logic here.
 */
export class GameScene extends Phaser.Scene {
  private ground: Phaser.GameObjects.Graphics | null = null;
  private entityImages = new Map<string, Phaser.GameObjects.Image>();
  private unitImages: Phaser.GameObjects.Image[] = [];
  private trunks = new Map<string, Phaser.GameObjects.Image>();
  private ring: Phaser.GameObjects.Image | null = null;
  private shown: Game | null = null;
  private carry = 0;

  constructor(private readonly host: SceneHost) {
    super('game');
  }

  create(): void {
    makeTextures(this);
    this.ground = this.add.graphics();
    this.ring = this.add.image(0, 0, 'ring').setDepth(10).setVisible(false);
    this.input.on('pointerdown', (p: Phaser.Input.Pointer) => this.host.selected(this.unitAt(p.worldX / TILE, p.worldY / TILE)));
  }

  /** Step the game by whole fixed steps for `seconds` (the test hook drives it faster than real time). */
  advance(seconds: number): void {
    const game = this.host.game();
    for (let t = 0; t < seconds - 1e-9; t += FIXED_DT) game.step(FIXED_DT);
  }

  override update(_time: number, delta: number): void {
    const game = this.host.game();
    if (game !== this.shown) this.rebuild(game);
    const t0 = performance.now();
    this.carry += (Math.min(delta, 250) / 1000) * this.host.speed();
    // Fixed 10 Hz steps, each spread over the render frames until the next one: a frame ticks its share of
    // the units (and runs the planning scheduler's frame), so no frame pays for the whole crowd at once.
    let steps = 0;
    while (this.carry >= FIXED_DT) {
      game.startStep(FIXED_DT);
      this.carry -= FIXED_DT;
      steps++;
    }
    game.renderFrame(this.carry / FIXED_DT);
    const ai = performance.now() - t0;
    this.sync(game);
    this.host.frameDone(ai, steps);
  }

  /** Draw what the game holds now (called every frame, and by the test hook after advancing). */
  sync(game: Game): void {
    for (const [id, img] of this.entityImages) {
      if (game.map.entity(id) === null) {
        img.destroy();
        this.entityImages.delete(id);
      }
    }
    const units = game.all();
    for (let i = 0; i < units.length; i++) {
      const u = units[i];
      const img = this.unitImages[i];
      img.setPosition(u.body.x * TILE, u.body.y * TILE).setAlpha(game.isDown(u) ? 0.25 : 1);
      if (u.kind === 'troll') this.drawTrunk(u, img);
    }
    const sel = this.host.selection();
    this.ring!.setVisible(sel !== null);
    if (sel !== null) this.ring!.setPosition(sel.body.x * TILE, sel.body.y * TILE);
  }

  private drawTrunk(u: Unit, img: Phaser.GameObjects.Image): void {
    // The troll carries a trunk while its world state says the trunk has health left.
    const health = u.agent.state.get(u.agent.state.schema.keys.WsTrunkHealth as number) as number;
    let trunk = this.trunks.get(u.id);
    if (trunk === undefined) this.trunks.set(u.id, (trunk = this.add.image(0, 0, 'trunk').setDepth(6)));
    trunk
      .setVisible(health > 0)
      .setPosition(img.x + 10, img.y - 4)
      .setRotation(-0.6);
  }

  private rebuild(game: Game): void {
    this.shown = game;
    this.carry = 0;
    for (const img of this.entityImages.values()) img.destroy();
    for (const img of this.unitImages) img.destroy();
    for (const img of this.trunks.values()) img.destroy();
    this.entityImages.clear();
    this.trunks.clear();
    this.unitImages = [];
    const g = this.ground!;
    g.clear();
    const { width, height } = game.map;
    this.scale.resize(width * TILE, height * TILE);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) g.fillStyle(TILE_COLOURS[game.map.tile(x, y)] ?? 0).fillRect(x * TILE, y * TILE, TILE, TILE);
    }
    for (const e of game.map.entities()) {
      if (e.kind === 'bridge') continue;
      this.entityImages.set(e.id, this.add.image(e.x * TILE, e.y * TILE, e.kind).setDepth(e.kind === 'tree' ? 3 : 1));
    }
    for (const u of game.all()) this.unitImages.push(this.add.image(u.body.x * TILE, u.body.y * TILE, u.kind).setDepth(u.kind === 'troll' ? 5 : 4));
  }

  private unitAt(x: number, y: number): Unit | null {
    return this.host.game().nearest({ x, y }, 1.5, null);
  }
}
