import { existsSync } from 'node:fs';
import type Chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';

/**
 * Time budgets of the browser tests, sized for a loaded 2-core machine (the
 * full `npm test` runs every suite beside them): a budget is how long a step may
 * take before it is a failure, never a retry.
 */
export const BROWSER_BUDGET = Object.freeze({
  /** A file's `beforeAll`: building the pages and launching Chromium. */
  setupMs: 240_000,
  /** One test: several page loads, waits and screenshots. */
  testMs: 120_000,
  /** One wait for a page condition (a locator, a `waitForFunction`, a navigation). */
  waitMs: 30_000,
});

/**
 * Headless Chromium from npm (@sparticuz/chromium), nothing installed by hand.
 * Its binary needs NSS, NSPR and expat besides glibc; the package ships them
 * and unpacks them (pointing LD_LIBRARY_PATH there) only when it believes it
 * runs on AWS Lambda, so say so: a machine without those system libraries then
 * runs it too. Debian's `chromium` package is the fallback.
 */
export async function launchBrowser(): Promise<Browser> {
  process.env.AWS_LAMBDA_JS_RUNTIME ??= 'nodejs20.x';
  // Loaded after setting the variable, which it reads when it loads (jest runs tests as CommonJS).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a static import would load it before the variable is set
  const chromium = require('@sparticuz/chromium') as typeof Chromium;
  // Without --single-process (a Lambda setting): with it, closing a page ends the whole browser.
  const args = chromium.args.filter((a) => a !== '--single-process');
  try {
    return await playwright.launch({ executablePath: await chromium.executablePath(), args, headless: true });
  } catch (e) {
    if (!existsSync('/usr/bin/chromium')) throw e;
    return playwright.launch({ executablePath: '/usr/bin/chromium', headless: true });
  }
}
