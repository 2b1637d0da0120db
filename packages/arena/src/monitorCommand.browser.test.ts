/**
 * `dualplan monitor` as a user runs it, in headless Chromium: the page the CLI
 * ships (built into @dualplan/cli's dist/page), served on 127.0.0.1, shows a
 * saved recording exactly as it shows the same recorder live over a WebSocket;
 * `dualplan domain` opens the domain view. Screenshots go to test-artifacts/monitor-command.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { lintDomain } from '@dualplan/documents';
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

const examples = join(root, 'packages/documents/examples');
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
/** The names drawn in one graph of the domain view, by kind. */
const drawn = (page: Page, graph: string, kind: string) =>
  page.locator(`#${graph} g.box[data-kind="${kind}"]`).evaluateAll((bs) => bs.map((b) => b.getAttribute('data-name') ?? '').sort());

interface Doc {
  actions: { name: string }[];
  htn?: { tasks: { name: string; methods: { name: string }[] }[] };
  goap?: { goals: { name: string }[] };
}

describe('dualplan domain', () => {
  for (const name of ['soldier.json', 'troll.json']) {
    it(`draws every action, method and goal of ${name}, and filters by name`, async () => {
      const file = join(examples, name);
      const doc = JSON.parse(readFileSync(file, 'utf8')) as Doc;
      const cli = await startCli(['domain', file]);
      try {
        const { page, errors } = await open(cli.address);
        await page.locator('#status', { hasText: 'showing domain' }).waitFor();
        const actions = doc.actions.map((a) => a.name).sort();
        if (doc.goap) {
          await expect(drawn(page, 'domain-goap', 'action')).resolves.toEqual(actions);
          await expect(drawn(page, 'domain-goap', 'goal')).resolves.toEqual(doc.goap.goals.map((g) => g.name).sort());
        }
        if (doc.htn) {
          const methods = doc.htn.tasks.flatMap((t) => t.methods.map((m) => `${t.name}.${m.name}`)).sort();
          await expect(drawn(page, 'domain-htn', 'method')).resolves.toEqual(methods);
          await expect(drawn(page, 'domain-htn', 'compound')).resolves.toEqual(doc.htn.tasks.map((t) => t.name).sort());
        }
        await expect(page.locator('#domain-findings').textContent()).resolves.toBe(
          lintDomain(readFileSync(file, 'utf8')).length ? expect.any(String) : 'No findings.',
        );
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(ARTIFACTS, `domain-${name.replace('.json', '')}.png`), fullPage: true });
        const pick = actions[0];
        await page.locator('#domain-filter').fill(pick);
        await expect(page.locator('#domain-matches').textContent()).resolves.toMatch(new RegExp(`^[1-9]\\d* boxes match "${pick}"$`));
        await expect(page.locator(`g.box[data-name="${pick}"]`).first().getAttribute('class')).resolves.not.toContain('dim');
        expect(await page.locator('g.box.dim').count()).toBeGreaterThan(0);
        expect(errors).toEqual([]);
        await page.close();
      } finally {
        await cli.stop();
      }
    });
  }

  it('shows each lint finding on the box it is about', async () => {
    const text = JSON.stringify({
      name: 'broken',
      keys: [
        { name: 'a', kind: 'bool' },
        { name: 'unused', kind: 'bool' },
      ],
      actions: [{ name: 'x', conditions: [{ key: 'a', op: '==', value: true }] }, { name: 'y' }],
      htn: { root: 'R', tasks: [{ name: 'R', methods: [{ name: 'm', subtasks: ['x', 'y'] }] }] },
      goap: { goals: [{ name: 'g', conditions: [{ key: 'a', op: '==', value: true }] }] },
    });
    const file = join(mkdtempSync(join(tmpdir(), 'dualplan-domain-')), 'broken.json');
    writeFileSync(file, text);
    const cli = await startCli(['domain', file]);
    try {
      const { page } = await open(cli.address);
      await page.locator('#status', { hasText: 'showing domain' }).waitFor();
      await expect(page.locator('#domain-htn g.box[data-name="x"]').getAttribute('class')).resolves.toContain('finding-warning');
      await expect(page.locator('#domain-htn g.box[data-name="x"]').textContent()).resolves.toContain('DEAD_ACTION');
      await expect(page.locator('#domain-goap g.box[data-name="g"]').textContent()).resolves.toContain('UNACHIEVABLE_GOAL');
      await expect(page.locator('#domain-findings tr').count()).resolves.toBe(lintDomain(text).length);
      await page.screenshot({ path: join(ARTIFACTS, 'domain-findings.png'), fullPage: true });
      await page.close();
    } finally {
      await cli.stop();
    }
  });
});

describe('the monitor’s domain panel', () => {
  it('draws a recorded agent’s domain (the NPC’s, slot and all) with its counts and the shown run as a path', async () => {
    const match = createMatch({ seed: 3, troll: 'htn', planners: defaultPlanners });
    const recorder = record(match.agents, { flushMs: 0 });
    for (let t = 0; t < 120; t++) match.step();
    const recording = recorder.recording();
    recorder.stop();
    const npc = recording.agents.find((a) => a.id.startsWith('npc'));
    expect(npc).toBeDefined();
    const file = join(mkdtempSync(join(tmpdir(), 'dualplan-npc-')), 'recording.json');
    writeFileSync(file, JSON.stringify(recording));
    const cli = await startCli(['monitor', file]);
    try {
      const { page, errors } = await open(cli.address);
      await page.locator('#status', { hasText: 'showing' }).waitFor();
      await page.locator(`#agents button[data-agent="${npc!.id}"]`).click();
      await page.locator('details[data-panel="domain"] > summary').click();
      await expect(drawn(page, 'domain-htn', 'method')).resolves.toEqual([...npc!.methods].sort());
      await expect(drawn(page, 'domain-htn', 'compound')).resolves.toEqual([...npc!.compounds].sort());
      for (const action of npc!.actions) await expect(page.locator(`#domain-htn g.box[data-name="${action}"]`).count()).resolves.toBe(1);
      // The newest run's plan is a path through the tree, and the boxes carry the recording's counts.
      const steps = npc!.runs.at(-1)!.plan?.steps.map((s) => s.task) ?? [];
      for (const step of steps) await expect(page.locator(`#domain-htn g.box.on-path[data-name="${step}"]`).count()).resolves.toBe(1);
      await expect(page.locator('#domain-htn').textContent()).resolves.toMatch(/considered \d+ · selected \d+ · failed \d+/);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.locator('details[data-panel="domain"]').screenshot({ path: join(ARTIFACTS, 'domain-npc.png') });
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await cli.stop();
    }
  });
});
