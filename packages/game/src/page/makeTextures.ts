import type Phaser from 'phaser';

/** Tile size in pixels. */
export const TILE = 12;

/**
 * The game's art, made by code: each texture drawn once with Phaser Graphics and baked with
 * `generateTexture` (nothing downloaded).
 * @example
 * makeTextures(scene); // then scene.add.image(x, y, 'tree')
 */
export function makeTextures(scene: Phaser.Scene): void {
  const g = scene.make.graphics({}, false);
  const bake = (key: string, w: number, h: number, draw: () => void) => {
    g.clear();
    draw();
    g.generateTexture(key, w, h);
  };
  bake('tree', TILE, TILE, () => {
    g.fillStyle(0x3b2a1a).fillRect(5, 7, 2, 5);
    g.fillStyle(0x1f6b2a).fillCircle(6, 5, 5);
    g.fillStyle(0x2f8f3a).fillCircle(5, 4, 3);
  });
  bake('cover', TILE, TILE, () => {
    g.lineStyle(1, 0xe0d070).strokeRect(1.5, 1.5, TILE - 3, TILE - 3);
  });
  bake('weapon', TILE, TILE, () => {
    g.fillStyle(0xd8d8e8).fillRect(5, 1, 2, 8);
    g.fillStyle(0x8a5a2a).fillRect(3, 8, 6, 2);
  });
  bake('troll', 28, 28, () => {
    g.fillStyle(0x4f6b3a).fillCircle(14, 14, 12);
    g.fillStyle(0x7a9a5a).fillCircle(14, 12, 7);
    g.fillStyle(0xffffff).fillCircle(11, 11, 2).fillCircle(17, 11, 2);
  });
  bake('trunk', 24, 6, () => {
    g.fillStyle(0x6a4a2a).fillRect(0, 0, 24, 6);
  });
  bake('soldier', 10, 10, () => {
    g.fillStyle(0x2850b8).fillCircle(5, 5, 4.5);
    g.fillStyle(0xc8d8ff).fillCircle(5, 4, 2);
  });
  bake('villager', 8, 8, () => {
    g.fillStyle(0xc87a3a).fillCircle(4, 4, 3.5);
  });
  bake('ring', 20, 20, () => {
    g.lineStyle(2, 0xffff00).strokeCircle(10, 10, 8);
  });
  g.destroy();
}
