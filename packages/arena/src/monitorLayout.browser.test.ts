/**
 * The monitor page on a 1366×768 laptop screen (headless Chromium from
 * @sparticuz/chromium, driven by playwright-core): nothing wider than the
 * window with one run or 5,000, panels that fold away, and lists drawn only
 * where they are seen, so the page's DOM stays the same size after 10,000 runs.
 * Saves a screenshot of each view to test-artifacts/monitor-layout (git-ignored).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { arenaRecording, longRecording } from '@dualplan/monitor-page';
import { BROWSER_BUDGET, launchBrowser } from './launchBrowser.js';
import { MONITOR_PAGE_CSP, servePages, type PageServer } from './servePages.js';

const root = join(__dirname, '../../..');
const ARTIFACTS = join(root, 'test-artifacts/monitor-layout');
const LAPTOP = { width: 1366, height: 768 };
let browser: Browser;
let server: PageServer;
jest.setTimeout(BROWSER_BUDGET.testMs);

beforeAll(async () => {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
  const files: Record<string, string> = {
    '/one.json': JSON.stringify(longRecording({ runs: 1 })),
    '/five-thousand.json': JSON.stringify(longRecording({ runs: 5000, candidates: 5000 })),
    '/thousand.json': JSON.stringify(longRecording({ runs: 1000 })),
    '/ten-thousand.json': JSON.stringify(longRecording({ runs: 10_000 })),
  };
  server = await servePages({
    mounts: [{ prefix: '/monitor/', dir: join(root, 'packages/monitor-page/dist/page'), headers: { 'content-security-policy': MONITOR_PAGE_CSP } }],
    files: Object.fromEntries(Object.entries(files).map(([path, text]) => [path, () => text])),
  });
  browser = await launchBrowser();
}, BROWSER_BUDGET.setupMs);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(recording: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: LAPTOP });
  page.setDefaultTimeout(BROWSER_BUDGET.waitMs);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(new URL(`/monitor/?recording=${recording}`, server.url).href);
  await page.locator('#status', { hasText: 'showing' }).waitFor();
  return { page, errors };
}

/** How far the document is wider than the window (0 when nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const elements = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);
const shoot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

describe('monitor page at 1366×768', () => {
  for (const [name, file] of [
    ['one run', '/one.json'],
    ['5,000 runs', '/five-thousand.json'],
  ] as const) {
    it(`never scrolls sideways with ${name}: each agent, the search, why-not and the statistics`, async () => {
      const { page, errors } = await open(file);
      const tag = file.slice(1, -5);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, `${tag}-troll`);
      await page.locator('#agents button[data-agent="soldier"]').click();
      await page.locator('#show-no-effect').check();
      await page.locator('#why-not-select').selectOption('flee');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, `${tag}-soldier`);
      await page.locator('#agents button[data-agent="troll"]').click();
      await page.locator('#why-not-select').selectOption('BeTrunkThumper.ThrowAtEnemy');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, `${tag}-why-not`);
      // No unrounded number anywhere on the page (costs, times, plan-time percentiles).
      expect(await page.locator('body').innerText()).not.toMatch(/\d\.\d{5,}/);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('names runs one way: the scrubber, the run header and the timeline marks agree', async () => {
    const { page } = await open('/five-thousand.json');
    await expect(page.locator('#scrub-label').textContent()).resolves.toMatch(/^run #5000 of 5000 · tick 24996/);
    await expect(page.locator('#run-id').textContent()).resolves.toMatch(/^#5000 /);
    await page.locator('#scrubber').focus();
    await page.keyboard.press('Home');
    await expect(page.locator('#scrub-label').textContent()).resolves.toMatch(/^run #1 of 5000/);
    await expect(page.locator('#run-id').textContent()).resolves.toMatch(/^#1 /);
    await expect(page.locator('#timeline .mark.selected').getAttribute('data-run')).resolves.toBe('1');
    await page.close();
  });

  it('folds panels and the agents list away', async () => {
    const { page } = await open('/one.json');
    const stats = page.locator('details[data-panel="stats"]');
    await expect(stats.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
    await stats.locator('summary').click();
    await expect(stats.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
    await expect(page.locator('#stats').isVisible()).resolves.toBe(false);
    await page.locator('#toggle-agents').click();
    await expect(page.locator('#agents').isVisible()).resolves.toBe(false);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'folded');
    await page.locator('#toggle-agents').click();
    await expect(page.locator('#agents').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('keeps the DOM bounded: 10,000 runs draw as many elements as 1,000, and long lists scroll through every row', async () => {
    const sizes: number[] = [];
    for (const file of ['/thousand.json', '/ten-thousand.json']) {
      const { page } = await open(file);
      await page.locator('#why-not-select').selectOption('BeTrunkThumper.ThrowAtEnemy');
      sizes.push(await elements(page));
      await page.close();
    }
    expect(sizes[1]).toBeLessThan(4000);
    expect(Math.abs(sizes[1] - sizes[0])).toBeLessThan(200);

    const { page } = await open('/ten-thousand.json');
    await page.locator('#why-not-select').selectOption('BeTrunkThumper.ThrowAtEnemy');
    const rows = page.locator('#why-not-list tbody tr');
    expect(await rows.count()).toBeLessThan(100);
    // Scrolled to the end, the list shows the last rejection: run #10000.
    await page.locator('#why-not .vscroll').evaluate((box) => box.scrollTo(0, box.scrollHeight));
    // The rows are redrawn on the scroll event, which comes a frame later.
    await page.waitForFunction(() => document.querySelector('#why-not-list tbody tr:last-child')?.getAttribute('data-run') === '10000');
    await rows.last().click();
    await expect(page.locator('#scrub-label').textContent()).resolves.toMatch(/^run #10000 of 10000/);
    await page.close();
  });

  it('draws a search of 5,000 candidates a screenful at a time', async () => {
    const { page } = await open('/five-thousand.json');
    await page.locator('#agents button[data-agent="soldier"]').click();
    await page.locator('#scrubber').focus();
    await page.keyboard.press('Home');
    await page.locator('#show-no-effect').check();
    const rows = page.locator('#candidates tbody tr');
    expect(await rows.count()).toBeLessThan(100);
    await page.locator('#candidates-panel .vscroll').evaluate((box) => box.scrollTo(0, box.scrollHeight));
    expect(await rows.count()).toBeLessThan(100);
    await expect(rows.last().isVisible()).resolves.toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'many-candidates');
    await page.close();
  });

  it('answers "why not?" with a reason for every never-selected name', async () => {
    const { page } = await open('/one.json');
    for (const agent of arenaRecording().agents) {
      await page.locator(`#agents button[data-agent="${agent.id}"]`).click();
      const never = agent.stats.neverSelected;
      const names = [...never.actions, ...never.methods, ...never.compounds, ...never.goals];
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) {
        await page.locator('#why-not-select').selectOption(name);
        const text = (await page.locator('#why-not').textContent()) ?? '';
        expect(text).not.toContain('never rejected');
        expect(text).toMatch(new RegExp(`${name.replace('.', '\\.')} (was|is) `));
      }
    }
    // The goal-validity test that said no, by name, in the goals table and in "why not?".
    await page.locator('#agents button[data-agent="soldier"]').click();
    await expect(page.locator('#goals').textContent()).resolves.toContain('invalid: validity test lastResort returned false');
    await page.locator('#why-not-select').selectOption('killEnemyAtAnyCost');
    await expect(page.locator('#why-not').textContent()).resolves.toContain('goal is not valid: validity test lastResort returned false');
    await shoot(page, 'why-not-never-selected');
    await page.close();
  });
});
