/**
 * The worker pool in a real browser (headless Chromium, as the page tests run
 * it): the same `createPlannerPool` / `servePlanners` code as in Node, on Web
 * Workers. Plans match the page's own synchronous plans, and a hung worker is
 * replaced with its request answered as a failure.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../launchBrowser.js';
import { servePages, type PageServer } from '../servePages.js';
import { buildPoolTestPage } from './buildPoolTestWorker.js';

let browser: Browser;
let server: PageServer;

beforeAll(async () => {
  server = await servePages({ mounts: [{ prefix: '/', dir: await buildPoolTestPage(__dirname) }] });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the planner pool in a browser', () => {
  it('plans on Web Workers what the page plans itself, and replaces a hung worker', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    const result = (await page.evaluate(() => (window as unknown as { poolTest: Promise<unknown> }).poolTest)) as {
      plans: { id: string; status: string; same: boolean }[];
      hung: string;
      after: string;
      stats: { failures: number };
    };
    expect(result.plans.map((p) => p.same)).toEqual([true, true, true, true, true]);
    expect(result.plans[0]).toEqual({ id: 'soldier', status: 'found', same: true });
    expect(result.hung).toMatch(/^domain soldier: worker failed: .*timed out/i);
    expect(result.after).toBe('found');
    expect(result.stats.failures).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
