/**
 * `npm run bench:game:browser`: the game page's AI cost per frame (planning, ticking, queries) in headless
 * Chromium at 200 and at 2,000+ agents, each after 10 s of real time at 1× (10 fixed steps a second, each spread
 * over the render frames until the next). Not part of `npm test` (a figure, not a check): run by Jest with its own testMatch.
 */
import { afterAll, beforeAll, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { BROWSER_BUDGET, launchBrowser } from './launchBrowser.js';
import { GAME_PAGE_CSP, MONITOR_PAGE_CSP, servePages, type PageServer } from './servePages.js';

const root = join(__dirname, '../../..');
let browser: Browser;
let server: PageServer;
jest.setTimeout(BROWSER_BUDGET.testMs * 2);

beforeAll(async () => {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
  server = await servePages({
    mounts: [
      { prefix: '/', dir: join(root, 'packages/game/dist/page'), headers: { 'content-security-policy': GAME_PAGE_CSP } },
      { prefix: '/monitor/', dir: join(root, 'packages/monitor-page/dist/page'), headers: { 'content-security-policy': MONITOR_PAGE_CSP } },
    ],
  });
  browser = await launchBrowser();
}, BROWSER_BUDGET.setupMs);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? NaN;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

it('AI ms per frame at 200 and 2,000+ agents', async () => {
  const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  page.setDefaultTimeout(BROWSER_BUDGET.waitMs);
  for (const crowd of [false, true]) {
    await page.goto(new URL(`/?seed=1&speed=1${crowd ? '&crowd=1' : ''}`, server.url).href);
    await page.waitForFunction(() => (window as any).dualplanGame?.ready() === true);
    await page.waitForTimeout(3000); // warm-up
    await page.evaluate(() => (window as any).dualplanGame.clearTimes());
    await page.waitForTimeout(10_000);
    const t = await page.evaluate(() => (window as any).dualplanGame.aiMs() as { frames: number[]; steps: number[] });
    const agents = await page.evaluate(() => (window as any).dualplanGame.stats().agents as number);
    console.log(
      `${agents} agents: AI ms per drawn frame median ${median(t.frames).toFixed(2)}, mean ${mean(t.frames).toFixed(2)}, p95 ${p95(t.frames).toFixed(2)} (${t.frames.length} frames); frames that started a step: median ${median(t.steps).toFixed(2)} (${t.steps.length}); load ${loadavg()[0].toFixed(1)}`,
    );
  }
  await page.close();
});
