/**
 * `dualplan monitor` as a user runs it, in headless Chromium: the page the CLI
 * ships (built into @dualplan/cli's dist/page), served on 127.0.0.1, shows a
 * saved recording exactly as it shows the same recorder live over a WebSocket;
 * `dualplan domain` opens the domain view. Screenshots go to test-artifacts/monitor-command.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { runCli, type CliIo, type MonitorServer } from '@dualplan/cli';
import { record } from '@dualplan/monitor';
import { serveWebSocket } from '@dualplan/monitor/node';
import { BROWSER_BUDGET, launchBrowser } from './launchBrowser.js';
import { defaultPlanners } from './planners.js';
import { createMatch } from './runArena.js';

const root = join(__dirname, '../../..');
const ARTIFACTS = join(root, 'test-artifacts/monitor-command');
let browser: Browser;
jest.setTimeout(BROWSER_BUDGET.testMs);

beforeAll(async () => {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
  browser = await launchBrowser();
}, BROWSER_BUDGET.setupMs);

afterAll(async () => {
  await browser?.close();
});

/**
 * Start `dualplan <argv>` in-process with the page shipped in the cli package; resolves with the printed address
 * once it serves, and a `stop` that ends the command (closing its server).
 */
async function startCli(argv: string[]): Promise<{ address: string; stop: () => Promise<number> }> {
  const out: string[] = [];
  let stopServing = () => {};
  let started: (server: MonitorServer) => void = () => {};
  const serving = new Promise<MonitorServer>((resolve) => (started = resolve));
  const io: CliIo = {
    out: (t) => out.push(t),
    err: (t) => out.push(t),
    readFile: (path) => readFileSync(path, 'utf8'),
    loadRegistry: async () => ({}),
    pageDir: join(root, 'packages/cli/dist/page'),
    serving: (server) => {
      started(server);
      return new Promise<void>((resolve) => (stopServing = resolve));
    },
  };
  const done = runCli(argv, io);
  await Promise.race([serving, done.then(() => Promise.reject(new Error(`dualplan ${argv.join(' ')} ended: ${out.join('\n')}`)))]);
  const address = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out[0])?.[1];
  if (!address) throw new Error(`no address printed: ${out.join('\n')}`);
  return {
    address,
    stop: () => {
      stopServing();
      return done;
    },
  };
}

async function open(address: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  page.setDefaultTimeout(BROWSER_BUDGET.waitMs);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && m.text().includes('Content Security Policy') && errors.push(m.text())));
  await page.goto(address);
  return { page, errors };
}

/** What the page shows of every agent: its button, and for each of its runs (by the timeline marks) the scrubber label and plan. */
async function shown(page: Page): Promise<string[]> {
  const lines: string[] = [];
  const agents = await page.locator('#agents button.agent').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-agent') ?? ''));
  for (const id of agents) {
    await page.locator(`#agents button[data-agent="${id}"]`).click();
    lines.push(`${id}: ${await page.locator(`#agents button[data-agent="${id}"]`).textContent()}`);
    const runs = await page.locator('#timeline .mark').evaluateAll((ms) => ms.map((m) => m.getAttribute('data-run') ?? ''));
    for (const run of runs) {
      await page.locator(`#timeline .mark[data-run="${run}"]`).click();
      const label = (await page.locator('#scrub-label').textContent())?.replace(' · following', '');
      lines.push(`  ${label} | ${await page.locator('#run-result').textContent()} | ${await page.locator('#plan').textContent()}`);
    }
  }
  return lines;
}

describe('dualplan monitor', () => {
  it('serves a saved recording that shows the same runs as the live view of the same recorder', async () => {
    const match = createMatch({ seed: 3, troll: 'htn', planners: defaultPlanners });
    const recorder = record(match.agents, { flushMs: 0 });
    for (let t = 0; t < 120; t++) match.step();
    recorder.flush();
    const file = join(mkdtempSync(join(tmpdir(), 'dualplan-monitor-')), 'recording.json');
    writeFileSync(file, JSON.stringify(recorder.recording()));
    const served = await serveWebSocket(recorder);
    const saved = await startCli(['monitor', file]);
    const live = await startCli(['monitor', '--ws', served.url]);
    try {
      const fromFile = await open(saved.address);
      await fromFile.page.locator('#status', { hasText: 'showing' }).waitFor();
      const fromSocket = await open(live.address);
      await fromSocket.page.locator('#status', { hasText: 'live' }).waitFor();
      const a = await shown(fromFile.page);
      const b = await shown(fromSocket.page);
      expect(a.length).toBeGreaterThan(match.agents.length);
      expect(a).toEqual(b);
      await fromFile.page.screenshot({ path: join(ARTIFACTS, 'monitor-recording.png'), fullPage: true });
      expect(await fromFile.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect([...fromFile.errors, ...fromSocket.errors]).toEqual([]);
      await fromFile.page.close();
      await fromSocket.page.close();
    } finally {
      recorder.stop();
      await expect(saved.stop()).resolves.toBe(0);
      await expect(live.stop()).resolves.toBe(0);
      await served.close();
    }
  });
});
