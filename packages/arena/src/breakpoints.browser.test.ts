/**
 * Breakpoints in the arena page (headless Chromium from @sparticuz/chromium,
 * driven by playwright-core): a breakpoint on a named task set from the page's
 * panel pauses the live match when the troll starts that task, and Step advances
 * it by exactly one tick. Saves a screenshot to test-artifacts/pages (git-ignored).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BROWSER_BUDGET, launchBrowser } from './launchBrowser.js';
import { defaultPlanners } from './planners.js';
import { createMatch } from './runArena.js';
import { MONITOR_PAGE_CSP, servePages, type PageServer } from './servePages.js';

const root = join(__dirname, '../../..');
const ARTIFACTS = join(root, 'test-artifacts/pages');
let browser: Browser;
let server: PageServer;
jest.setTimeout(BROWSER_BUDGET.testMs);

beforeAll(async () => {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
  server = await servePages({
    mounts: [
      { prefix: '/', dir: join(root, 'packages/arena/dist/page') },
      { prefix: '/monitor/', dir: join(root, 'packages/monitor-page/dist/page'), headers: { 'content-security-policy': MONITOR_PAGE_CSP } },
    ],
  });
  browser = await launchBrowser();
}, BROWSER_BUDGET.setupMs);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A task the troll of the seed-1 HTN match starts after its first plan: the second distinct one it starts. */
function laterTask(): string {
  const match = createMatch({ seed: 1, troll: 'htn', planners: defaultPlanners });
  const troll = match.agents.find((a) => a.id === 'troll')!;
  const started: string[] = [];
  troll.addListener((e) => (e.type === 'stepStarted' && !started.includes(e.step.task) ? started.push(e.step.task) : 0));
  for (let i = 0; i < 600 && started.length < 2; i++) match.step();
  expect(started.length).toBe(2);
  return started[1];
}

const tick = (page: Page) => page.evaluate(() => Number(/tick (\d+)/.exec(document.getElementById('clock')?.textContent ?? '')?.[1]));

describe('arena breakpoints', () => {
  it('pause the match when the troll starts a named task; Step advances one tick; Resume runs on', async () => {
    const task = laterTask();
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    page.setDefaultTimeout(BROWSER_BUDGET.waitMs);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Paused from the start, so the breakpoint is set before the troll can reach the task.
    await page.goto(new URL('/?speed=8', server.url).href);
    await page.locator('#debug-pause').click();
    await page.locator('#debug-state', { hasText: 'paused' }).waitFor();
    await page.locator('#bp-kind').selectOption('task');
    await page.locator('#bp-name').fill(task);
    await page.locator('#bp-agent').fill('troll');
    await page.locator('#bp-add').click();
    await expect(page.locator('#bp-list li').allTextContents()).resolves.toEqual([`troll: ${task} starts ✕`]);
    // A typo is refused by the game with its reason, and changes nothing.
    await page.locator('#bp-kind').selectOption('state');
    await page.locator('#bp-name').fill('WsCanSeeEnemi');
    await page.locator('#bp-value').fill('true');
    await page.locator('#bp-add').click();
    await expect(page.locator('#debug-error').textContent()).resolves.toMatch(
      /no agent's world state has the key "WsCanSeeEnemi". Did you mean "WsCanSeeEnemy"\?/,
    );
    await expect(page.locator('#bp-list li').count()).resolves.toBe(1);

    await page.locator('#debug-resume').click();
    await page.waitForFunction((name) => document.getElementById('debug-state')?.textContent?.includes(`${name} started`), task);
    const stopped = await page.locator('#debug-state').textContent();
    expect(stopped).toMatch(new RegExp(`^paused at tick \\d+: troll main: ${task} started$`));
    const at = await tick(page);
    // Paused: the clock stands still.
    await page.waitForTimeout(500);
    expect(await tick(page)).toBe(at);
    await expect(page.locator('#bp-list li.bp-hit').count()).resolves.toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'arena-breakpoint.png'), fullPage: true });

    await page.locator('#debug-step').click();
    await page.locator('#debug-state', { hasText: 'stepped 1 tick' }).waitFor();
    expect(await tick(page)).toBe(at + 1);
    await page.locator('#debug-step').click();
    await page.locator('#debug-state', { hasText: 'stepped 2 ticks' }).waitFor();
    expect(await tick(page)).toBe(at + 2);

    await page.locator('#bp-list li button').click();
    await expect(page.locator('#bp-list li').count()).resolves.toBe(0);
    await page.locator('#debug-resume').click();
    await page.waitForFunction((t) => Number(/tick (\d+)/.exec(document.getElementById('clock')?.textContent ?? '')?.[1]) > t + 5, at);
    expect(errors).toEqual([]);
    await page.close();
  });
});
