/**
 * The game page in headless Chromium (@sparticuz/chromium, driven by playwright-core): Phaser 4 boots with
 * no page errors under the server's CSP, 60 s of game time run at the fixed step and seed through the page's
 * test hook, the troll slams with a tree, a squad holds distinct covers, a villager arms and fights, and a
 * click on an agent shows its planning in the monitor iframe beside the game. Needs the built pages:
 * `beforeAll` builds them.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { BROWSER_BUDGET, launchBrowser } from './launchBrowser.js';
import { GAME_PAGE_CSP, MONITOR_PAGE_CSP, servePages, type PageServer } from './servePages.js';

const root = join(__dirname, '../../..');
/** Screenshots for people reading a run (git-ignored, never committed). */
const ARTIFACTS = join(root, 'test-artifacts/game');
let browser: Browser;
let server: PageServer;
jest.setTimeout(BROWSER_BUDGET.testMs);

/** What the page's `window.dualplanGame` hook returns from `stats()`. */
interface PageStats {
  agents: number;
  time: number;
  trollSlams: number;
  uprooted: number;
  pickups: number;
  armed: number;
  armedSwinging: number;
  coversHeld: string[];
  problems: number;
}

beforeAll(async () => {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
  server = await servePages({
    mounts: [
      { prefix: '/', dir: join(root, 'packages/game/dist/page'), headers: { 'content-security-policy': GAME_PAGE_CSP } },
      { prefix: '/arena/', dir: join(root, 'packages/arena/dist/page') },
      { prefix: '/monitor/', dir: join(root, 'packages/monitor-page/dist/page'), headers: { 'content-security-policy': MONITOR_PAGE_CSP } },
    ],
  });
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
}, BROWSER_BUDGET.setupMs);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('game page', () => {
  it('runs 60 s of game time: the troll slams with a tree, a squad takes distinct covers, a villager arms; a clicked agent shows in the monitor', async () => {
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    page.setDefaultTimeout(BROWSER_BUDGET.waitMs);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await page.goto(new URL('/?seed=1&speed=0', server.url).href);
    await page.waitForFunction(() => (window as any).dualplanGame?.ready() === true);
    const renderer = await page.evaluate(() => (window as any).dualplanGame.renderer() as string);
    writeFileSync(join(ARTIFACTS, 'renderer.txt'), `${renderer}\n`);
    expect(['WEBGL', 'CANVAS']).toContain(renderer);
    const before = await page.locator('#stage canvas').screenshot();
    // 60 s of game time at the fixed 0.1 s step, in slices so the page keeps drawing.
    for (let t = 0; t < 60; t += 10) await page.evaluate(() => (window as any).dualplanGame.advance(10));
    await page.waitForTimeout(200);
    const stats = await page.evaluate(() => (window as any).dualplanGame.stats() as PageStats);
    expect(stats.time).toBeCloseTo(60, 5);
    expect(stats.agents).toBeGreaterThanOrEqual(200);
    expect(stats.uprooted).toBeGreaterThan(0);
    expect(stats.trollSlams).toBeGreaterThan(0);
    expect(stats.pickups).toBeGreaterThan(0);
    expect(stats.armed).toBeGreaterThan(0);
    // Distinct covers: each cover held by one soldier, and one soldier holds one cover.
    const holders = stats.coversHeld.map((c) => c.split(':')[1]);
    expect(stats.coversHeld.length).toBeGreaterThan(1);
    expect(new Set(holders).size).toBe(holders.length);
    const after = await page.locator('#stage canvas').screenshot();
    writeFileSync(join(ARTIFACTS, 'game-60s.png'), after);
    // Sprites drawn: a PNG of one flat colour is a few KB; the map with its sprites is far larger, and it changed.
    expect(after.length).toBeGreaterThan(20_000);
    expect(after.equals(before)).toBe(false);

    // A real click on a soldier: the monitor iframe shows its planning runs.
    const at = await page.evaluate(() => (window as any).dualplanGame.pointOf('s0-0') as { x: number; y: number });
    await page.mouse.click(at.x, at.y);
    const selected = await page.evaluate(() => (window as any).dualplanGame.selected() as string | null);
    expect(selected).not.toBeNull();
    await page.evaluate(() => (window as any).dualplanGame.advance(5));
    const monitor = page.frameLocator('#monitor');
    await expect(monitor.locator('#agents button.agent').first().textContent({ timeout: BROWSER_BUDGET.waitMs })).resolves.toContain(selected!);
    await page.screenshot({ path: join(ARTIFACTS, 'game-with-monitor.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
