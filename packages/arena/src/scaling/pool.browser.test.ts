/**
 * The worker pool in a real browser (headless Chromium, as the page tests run
 * it): the same `createPlannerPool` / `servePlanners` code as in Node, on Web
 * Workers. Plans match the page's own synchronous plans, and a hung worker is
 * replaced with its request answered as a failure.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { BROWSER_BUDGET, launchBrowser } from '../launchBrowser.js';
import { servePages, type PageServer } from '../servePages.js';
import { buildPoolTestPage } from './buildPoolTestWorker.js';

let browser: Browser;
let server: PageServer;
let isolatedServer: PageServer;

beforeAll(async () => {
  const dir = await buildPoolTestPage(__dirname);
  server = await servePages({ mounts: [{ prefix: '/', dir }] });
  // Cross-origin isolated: SharedArrayBuffer exists, so the pool writes states and reads answers in shared memory.
  isolatedServer = await servePages({
    mounts: [{ prefix: '/', dir }],
    headers: { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' },
  });
  browser = await launchBrowser();
}, BROWSER_BUDGET.setupMs);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await isolatedServer?.close();
});

describe('the planner pool in a browser', () => {
  it.each([
    ['shared memory (a cross-origin isolated page)', true],
    ['transferred arrays (a page that is not isolated)', false],
  ] as const)(
    'plans on Web Workers what the page plans itself, through %s, and replaces a hung worker',
    async (_how, isolated) => {
      const page = await browser.newPage();
      page.setDefaultTimeout(BROWSER_BUDGET.waitMs);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto((isolated ? isolatedServer : server).url);
      const result = (await page.evaluate(() => (window as unknown as { poolTest: Promise<unknown> }).poolTest)) as {
        plans: { id: string; status: string; same: boolean }[];
        threw: { failure: string; threw: boolean; thrown: string };
        hung: string;
        after: string;
        stats: { failures: number };
        shared: boolean;
        isolated: boolean;
      };
      expect([result.isolated, result.shared]).toEqual([isolated, isolated]);
      expect(result.plans.map((p) => p.same)).toEqual([true, true, true, true, true]);
      expect(result.plans[0]).toEqual({ id: 'soldier', status: 'found', same: true });
      expect(result.threw).toEqual({
        failure: 'domain faulty: planner threw: cost function exploded',
        threw: true,
        thrown: 'TypeError: cost function exploded',
      });
      expect(result.hung).toMatch(/^domain soldier: worker failed: .*timed out/i);
      expect(result.after).toBe('found');
      expect(result.stats.failures).toBe(2);
      expect(errors).toEqual([]);
      await page.close();
    },
    BROWSER_BUDGET.testMs,
  );
});
