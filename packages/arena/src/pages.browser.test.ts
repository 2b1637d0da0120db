/**
 * Real-browser tests of the served pages (headless Chromium from
 * @sparticuz/chromium, driven by playwright-core): the monitor page fed by a
 * recording file, postMessage and a saved file reopened offline; the arena
 * running live; each package loading unbundled through an import map; the
 * Phaser game page (60 s of game time, the monitor beside it). One
 * browser for the whole file. Needs the built pages: `beforeAll` builds them.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BROWSER_BUDGET, launchBrowser } from './launchBrowser.js';
import { record } from '@dualplan/monitor';
import { serveWebSocket } from '@dualplan/monitor/node';
import { arenaRecording } from '@dualplan/monitor-page';
import { defaultPlanners } from './planners.js';
import { createMatch } from './runArena.js';
import { GAME_PAGE_CSP, MONITOR_PAGE_CSP, servePages, type PageServer } from './servePages.js';

const root = join(__dirname, '../../..');
/** Screenshots for people reading a CI run (git-ignored, never committed). */
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
      { prefix: '/game/', dir: join(root, 'packages/game/dist/page'), headers: { 'content-security-policy': GAME_PAGE_CSP } },
      // The tests' own game pages (inline scripts written by the tests) live here: the only mount whose CSP allows inline scripts.
      { prefix: '/repo/', dir: root, headers: { 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'" } },
    ],
    files: { '/fixture.json': () => JSON.stringify(arenaRecording()) },
  });
  browser = await launchBrowser();
}, BROWSER_BUDGET.setupMs);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh page that fails the test on any uncaught page error. */
async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(BROWSER_BUDGET.waitMs);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // What the server's Content-Security-Policy blocks is reported on the console only: a page that needs more than it allows fails here.
  page.on('console', (m) => void (m.type() === 'error' && m.text().includes('Content Security Policy') && errors.push(m.text())));
  await page.goto(new URL(path, server.url).href);
  // The recording arrives by fetch: wait until the page says it shows it.
  if (path.includes('recording=')) await page.locator('#status', { hasText: 'showing' }).waitFor();
  return { page, errors };
}

describe('monitor page, fed by a recording file', () => {
  it('shows the agents and the newest run’s plan, trigger and step timings', async () => {
    const { page, errors } = await open('/monitor/?recording=/fixture.json');
    await expect(page.locator('#agents button.agent').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^troll htn · 3 runs/),
      expect.stringMatching(/^soldier goap · 2 runs/),
    ]);
    await expect(page.locator('#run-trigger').textContent()).resolves.toBe('finished: the previous plan finished');
    await expect(page.locator('#plan tr.step td.task').allTextContents()).resolves.toEqual(['ChooseBridgeToCheck', 'NavigateToBridge', 'CheckBridge']);
    await expect(page.locator('#plan .plan-head').textContent()).resolves.toContain('MTR [2]');
    await expect(page.locator('#plan tr.step').first().textContent()).resolves.toContain('running');
    await page.screenshot({ path: join(ARTIFACTS, 'monitor-recording.png'), fullPage: true });
    await expect(page.locator('#events tr').allTextContents()).resolves.toEqual([
      expect.stringContaining('planning run 3'),
      expect.stringContaining('stepStarted ChooseBridgeToCheck #0 (run 3)'),
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('scrubbing the timeline changes the run shown: plan, outcome and predicted states', async () => {
    const { page } = await open('/monitor/?recording=/fixture.json');
    await page.locator('#scrubber').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('#scrub-label').textContent()).resolves.toMatch(/^run #2 of 3 · tick 42/);
    await expect(page.locator('#run-result').textContent()).resolves.toBe('found (BeTrunkThumper) → replaced: higher-priority MTR');
    await expect(page.locator('#plan tr.step td.task').allTextContents()).resolves.toEqual(['NavigateToEnemy', 'DoTrunkSlam']);
    // Predicted world state: after step 1 the troll is at the enemy (a highlighted change).
    const location = page.locator('#predicted tr[data-key="WsLocation"] td');
    await expect(location.allTextContents()).resolves.toEqual(['Bridge', 'Enemy', 'Enemy']);
    await expect(location.nth(1).getAttribute('class')).resolves.toContain('changed');
    await page.locator('#prev-run').click();
    await expect(page.locator('#run-trigger').textContent()).resolves.toBe('noPlan: no plan was running');
    await page.locator('h1').click(); // focus outside the form fields: arrow keys step through runs
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('#scrub-label').textContent()).resolves.toMatch(/^run #2 of 3/);
    await page.keyboard.press('ArrowLeft');
    // The strip of runs along the ticks: a click on a mark shows that run.
    await expect(page.locator('#timeline .mark').count()).resolves.toBe(3);
    await page.locator('#timeline .mark[data-run="2"]').click();
    await expect(page.locator('#scrub-label').textContent()).resolves.toMatch(/^run #2 of 3/);
    await expect(page.locator('#timeline .mark.selected').getAttribute('data-run')).resolves.toBe('2');
    await page.close();
  });

  it('draws the decomposition tree with the failing condition, and hides impossible branches on request', async () => {
    const { page } = await open('/monitor/?recording=/fixture.json');
    const slam = page.locator('#graph g.box[data-box="n2"]');
    await expect(slam.textContent()).resolves.toContain('conditionFailed: WsStamina > 0');
    await expect(page.locator('#graph g.box.candidate').allTextContents()).resolves.toEqual([
      expect.stringContaining('#0 AttackEnemybranchFailed: DoTrunkSlam: WsStamina > 0'),
      expect.stringContaining('#1 ThrowAtEnemyconditionFailed: WsCanNavigateToEnemy == false'),
    ]);
    await expect(page.locator('#graph g.box.abandoned').count()).resolves.toBe(2);
    await page.locator('#hide-rejected').check();
    await expect(page.locator('#graph g.box[data-box="n2"]').count()).resolves.toBe(0);
    await expect(page.locator('#graph g.box.abandoned').count()).resolves.toBe(0);
    await expect(page.locator('#graph g.box.candidate').count()).resolves.toBe(0);
    await expect(page.locator('#graph g.box.on-path').count()).resolves.toBe(4);
    await page.close();
  });

  it('answers "why not" for a GOAP action with the failing condition, and lists never-selected names', async () => {
    const { page } = await open('/monitor/?recording=/fixture.json');
    await page.locator('#agents button[data-agent="soldier"]').click();
    await page.locator('#why-not-select').selectOption('flee');
    await expect(page.locator('#why-not-list').textContent()).resolves.toContain('conditionConflicts');
    await expect(page.locator('#why-not-list').textContent()).resolves.toContain('enemyvisible == true vs effect nearenemy = false');
    await page.locator('#why-not-list tr[data-run="1"]').first().click();
    await expect(page.locator('#scrub-label').textContent()).resolves.toMatch(/^run #1 of 2/);
    await expect(page.locator('#candidates tr[data-candidate="flee"] .failing').allTextContents()).resolves.toContain(
      'enemyvisible == true vs effect nearenemy = false',
    );
    await expect(page.locator('#candidates tr.verdict-noEffect').count()).resolves.toBe(0);
    await page.locator('#show-no-effect').check();
    await expect(page.locator('#candidates tr.verdict-noEffect').count()).resolves.toBe(
      arenaRecording().agents[1].runs[0].searches[0].candidates.filter((c) => c.verdict === 'noEffect').length,
    );
    await expect(page.locator('#never-selected').textContent()).resolves.toContain('actions: approach, detonatebomb, flee');
    await expect(page.locator('#never-selected').textContent()).resolves.toContain('goals: killEnemyAtAnyCost');
    // Conditions in searches, the most failing first: held 0, failed 1.
    await expect(page.locator('#conditions tbody tr').first().locator('td').allTextContents()).resolves.toEqual(['alive == true', '0', '1']);
    // The newest soldier run found no plan: the page says why.
    await page.locator('#next-run').click();
    await expect(page.locator('#plan').textContent()).resolves.toBe('No plan: no goal can be planned');
    await expect(page.locator('#search-info').textContent()).resolves.toContain('no plan: alive == true: no action sets it');
    await page.close();
  });
});

describe('monitor page, live and offline', () => {
  it('embedded in a game page, says hello over postMessage, shows what the game sends, and saves a recording that reopens offline', async () => {
    const { page: alone } = await open('/monitor/');
    await expect(alone.locator('#agents').textContent()).resolves.toContain('No agents yet');
    await alone.close();
    const { page } = await open('/repo/package.json');
    // A game page embedding the monitor: it answers the monitor's hello with a snapshot, then a new agent.
    const recording = arenaRecording();
    await page.setContent(`<iframe id="monitor" src="/monitor/" width="1300" height="900"></iframe><script>
      const recording = ${JSON.stringify(recording)};
      const hellos = [];
      addEventListener('message', (e) => {
        if (e.data?.channel !== 'dualplan-monitor' || e.data.type !== 'hello' || hellos.length) return;
        hellos.push(e.data);
        const target = document.getElementById('monitor').contentWindow;
        target.postMessage({ type: 'snapshot', recording }, '*'); // not in an envelope: ignored
        target.postMessage({ channel: 'dualplan-monitor', type: 'message', message: { type: 'snapshot', recording: { ...recording, agents: [recording.agents[0]] } } }, '*');
        target.postMessage({ channel: 'dualplan-monitor', type: 'message', message: { type: 'agent', agent: recording.agents[1] } }, '*');
      });
    </script>`);
    const frame = page.frameLocator('#monitor');
    await frame.locator('#agents button.agent').nth(1).waitFor({ timeout: BROWSER_BUDGET.waitMs });
    await expect(frame.locator('#agents button.agent').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^troll/),
      expect.stringMatching(/^soldier/),
    ]);
    await expect(frame.locator('#plan tr.step td.task').allTextContents()).resolves.toEqual(['ChooseBridgeToCheck', 'NavigateToBridge', 'CheckBridge']);
    const [download] = await Promise.all([page.waitForEvent('download'), frame.locator('#save').click()]);
    const saved = join(mkdtempSync(join(tmpdir(), 'dualplan-page-')), 'saved.json');
    await download.saveAs(saved);
    await page.close();

    const context = await browser.newContext();
    const offline = await context.newPage();
    offline.setDefaultTimeout(BROWSER_BUDGET.waitMs);
    await offline.goto(new URL('/monitor/', server.url).href);
    await context.setOffline(true);
    await offline.locator('#open-file').setInputFiles(saved);
    await offline.locator('#status', { hasText: 'showing saved.json' }).waitFor({ timeout: BROWSER_BUDGET.waitMs });
    await expect(offline.locator('#plan tr.step td.task').allTextContents()).resolves.toEqual(['ChooseBridgeToCheck', 'NavigateToBridge', 'CheckBridge']);
    const bad = join(dirname(saved), 'bad.json');
    writeFileSync(bad, '{"format":"something else"}');
    await offline.locator('#open-file').setInputFiles(bad);
    await offline.locator('#error', { hasText: 'not a dualplan recording' }).waitFor({ timeout: BROWSER_BUDGET.waitMs });
    await context.close();
  });
});

describe('monitor page, fed from Node over a WebSocket', () => {
  it('shows a game server’s agents, follows new runs as they come, and says when the server goes away', async () => {
    const match = createMatch({ seed: 3, troll: 'htn', planners: defaultPlanners });
    const recorder = record(match.agents, { flushMs: 0 });
    for (let t = 0; t < 20; t++) match.step();
    const served = await serveWebSocket(recorder);
    try {
      const { page, errors } = await open(`/monitor/?ws=${encodeURIComponent(served.url)}`);
      await page.locator('#agents button[data-agent="soldier"]').waitFor({ timeout: BROWSER_BUDGET.waitMs });
      await expect(page.locator('#status').textContent()).resolves.toBe(`WebSocket ${served.url}: live`);
      const runsShown = () => page.locator('#agents button[data-agent="troll"]').textContent();
      const before = await runsShown();
      const trollRuns = () => recorder.agent('troll').runs.length;
      const planned = trollRuns();
      for (let t = 0; t < 400 && trollRuns() === planned; t++) match.step();
      expect(trollRuns()).toBeGreaterThan(planned);
      recorder.flush();
      await page.waitForFunction((text) => document.querySelector('#agents button[data-agent="troll"]')?.textContent !== text, before, {
        timeout: BROWSER_BUDGET.waitMs,
      });
      await expect(runsShown()).resolves.toContain(`${trollRuns()} runs`);
      await served.close();
      await page.locator('#status', { hasText: 'retrying' }).waitFor({ timeout: BROWSER_BUDGET.waitMs });
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      recorder.stop();
      await served.close();
    }
  });
});

describe('arena page', () => {
  it('runs the match live in the browser, with the monitor beside it, and restarts on another planner', async () => {
    const { page, errors } = await open('/?speed=8');
    await page.waitForFunction(() => Number(/tick (\d+)/.exec(document.getElementById('clock')?.textContent ?? '')?.[1]) > 40, undefined, {
      timeout: BROWSER_BUDGET.waitMs,
    });
    await page.locator('#pause').click();
    await expect(page.locator('#log').textContent()).resolves.toContain('troll/main [htn] plan found');
    await expect(page.locator('#map [data-actor="troll"]').count()).resolves.toBe(1);
    await expect(page.locator('#map [data-actor="soldier"]').count()).resolves.toBe(1);
    // The troll's current state, planned by both planners side by side.
    await expect(page.locator('#compare tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-planner')))).resolves.toEqual(['htn', 'goap']);
    for (const planner of ['htn', 'goap']) {
      await expect(page.locator(`#compare tr[data-planner="${planner}"] td`).nth(1).textContent()).resolves.toMatch(/^(\w+( → \w+)*|no plan: .+)$/);
    }
    // The monitor, fed live by the recorder: the troll's first plan (patrol: its attack method fails on WsCanSeeEnemy) and its MTR.
    await page.locator('#monitor #agents button[data-agent="troll"]').click();
    await page.locator('#monitor #timeline .mark').first().click();
    await expect(page.locator('#monitor #run-trigger').textContent()).resolves.toBe('noPlan: no plan was running');
    await expect(page.locator('#monitor #plan .plan-head').textContent()).resolves.toMatch(/^BeTrunkThumper · cost \d+ · MTR \[\d+(, \d+)*\]$/);
    await expect(page.locator('#monitor #candidates tr.verdict-conditionFailed .failing').allTextContents()).resolves.toContain('WsCanSeeEnemy == true');
    // Conditions and cost of every candidate come from the planners' catalog, even for a method no plan used yet (methods cost nothing: –).
    const rejectedMethod = page.locator('#monitor #candidates tr.verdict-conditionFailed').filter({ hasText: 'WsCanSeeEnemy == true' }).first();
    await expect(rejectedMethod.locator('.conditions').textContent()).resolves.toContain('WsCanSeeEnemy == true');
    await expect(rejectedMethod.locator('.cost').textContent()).resolves.toBe('–');
    await expect(page.locator('#monitor #never-selected').textContent()).resolves.toMatch(/actions: \w+/);
    // The GOAP soldier: some action rejected with the condition or conflict that discarded it.
    await page.locator('#monitor #agents button[data-agent="soldier"]').click();
    await page.locator('#monitor #timeline .mark').first().click();
    const rejected = await page.locator('#monitor #candidates tbody tr:not(.verdict-kept) .failing').allTextContents();
    expect(rejected.length).toBeGreaterThan(0);
    for (const text of rejected) expect(text).toMatch(/\S/);
    // Every GOAP candidate shows its cost (paid on its edge, or its base cost), and the rejected ones their conditions.
    const costs = await page.locator('#monitor #candidates tbody tr .cost').allTextContents();
    expect(costs.length).toBeGreaterThan(0);
    for (const text of costs) expect(text).toMatch(/^(\d+(\.\d+)?( \/ \d+(\.\d+)?)*|by function)$/);
    const conditions = await page.locator('#monitor #candidates tbody tr:not(.verdict-kept) .conditions').allTextContents();
    expect(conditions.filter((t) => /(==|!=|<|>)/.test(t)).length).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, 'arena-live.png'), fullPage: true });
    await page.locator('#planner').selectOption('goap');
    await page.locator('#pause').click();
    await page.waitForFunction(() => document.getElementById('log')?.textContent?.includes('troll/main [goap]'), undefined, { timeout: BROWSER_BUDGET.waitMs });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('packages unbundled in a browser', () => {
  it('loads each package’s dist through an import map (no bundler, no process.env)', async () => {
    const { page } = await open('/repo/package.json'); // a page of the server's origin whose CSP allows the inline import map
    const map = {
      imports: {
        '@dualplan/world-state': '/repo/packages/world-state/dist/index.js',
        '@dualplan/htn': '/repo/packages/htn/dist/index.js',
        '@dualplan/goap': '/repo/packages/goap/dist/index.js',
        '@dualplan/runner': '/repo/packages/runner/dist/index.js',
        'heap-js': '/repo/node_modules/heap-js/dist/heap-js.es5.js',
      },
    };
    await page.setContent(`<script type="importmap">${JSON.stringify(map)}</script><script type="module">
      const names = ['@dualplan/world-state', '@dualplan/htn', '@dualplan/goap', '@dualplan/runner'];
      window.loaded = Promise.all(names.map((n) => import(n).then((m) => n + ':' + Object.keys(m).length, (e) => n + ' failed: ' + e.message)));
    </script>`);
    const loaded = await page.evaluate(() => (window as unknown as { loaded: Promise<string[]> }).loaded);
    for (const line of loaded) expect(line).toMatch(/^@dualplan\/[a-z-]+:[1-9]\d*$/);
    const agent = await page.evaluate(async () => {
      const ws = await import('@dualplan/world-state' as string);
      const runner = await import('@dualplan/runner' as string);
      return typeof runner.createAgent === 'function' && typeof ws.createState === 'function';
    });
    expect(agent).toBe(true);
    await page.close();
  });
});

/** What the page's `window.dualplanGame` hook returns from `stats()`. */
interface PageStats {
  agents: number;
  time: number;
  trollSlams: number;
  uprooted: number;
  pickups: number;
  armed: number;
  coversHeld: string[];
  problems: number;
}

describe('game page', () => {
  it('runs 60 s of game time: the troll slams with a tree, a squad takes distinct covers, a villager arms; a clicked agent shows in the monitor', async () => {
    const { page, errors } = await open('/game/?seed=1&speed=0');
    // A page error before the game is ready fails here with the error, not with the wait's timeout.
    await page
      .waitForFunction(() => (window as any).dualplanGame?.ready() === true)
      .catch((e: Error) => Promise.reject(new Error(`${e.message}; page errors: ${errors.join(' | ')}`)));
    const renderer = await page.evaluate(() => (window as any).dualplanGame.renderer() as string);
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'game-renderer.txt'), `${renderer}\n`);
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
    const soldier = await page.evaluate(() => (window as any).dualplanGame.firstUp('soldier') as string);
    const at = await page.evaluate((id) => (window as any).dualplanGame.pointOf(id) as { x: number; y: number }, soldier);
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

  it('pauses the running game on a breakpoint set in its monitor; Step advances one fixed step; Resume runs on', async () => {
    const { page, errors } = await open('/game/?seed=1&speed=0');
    await page
      .waitForFunction(() => (window as any).dualplanGame?.ready() === true)
      .catch((e: Error) => Promise.reject(new Error(`${e.message}; page errors: ${errors.join(' | ')}`)));
    const game = {
      time: () => page.evaluate(() => (window as any).dualplanGame.stats().time as number),
      advance: (s: number) => page.evaluate((seconds) => (window as any).dualplanGame.advance(seconds) as number, s),
    };
    await game.advance(3);
    // Let the scene draw the advanced game (its sprites take the clicks) before clicking a soldier.
    await page.waitForTimeout(200);
    const soldier = await page.evaluate(() => (window as any).dualplanGame.firstUp('soldier') as string);
    const at = await page.evaluate((id) => (window as any).dualplanGame.pointOf(id) as { x: number; y: number }, soldier);
    await page.mouse.click(at.x, at.y);
    // Phaser handles the click in its next frame; the unit under the pointer is the one clicked (the page keeps
    // Phaser's idea of where the canvas is current when the header above it changes).
    await page.waitForFunction(() => (window as any).dualplanGame.selected() !== null);
    const selected = await page.evaluate(() => (window as any).dualplanGame.selected() as string);
    expect(selected).toBe(soldier);
    // The embedded monitor shows its breakpoints panel once the game answers its hello with a debug status.
    const monitor = page.frameLocator('#monitor');
    await monitor.locator('#bp-kind').waitFor();
    await monitor.locator('#bp-kind').selectOption('replan');
    await monitor.locator('#bp-agent').fill(selected);
    await monitor.locator('#bp-add').click();
    await monitor.locator('#bp-list li').first().waitFor();
    await expect(monitor.locator('#bp-list li').allTextContents()).resolves.toEqual([`${selected}: replan ✕`]);

    // Real time at 4x: the game runs until the selected unit replans, then stands still.
    await page.evaluate(() => (window as any).dualplanGame.setSpeed(4));
    await monitor.locator('#debug-state', { hasText: 'paused at' }).waitFor();
    await expect(monitor.locator('#bp-list li.bp-hit').count()).resolves.toBe(1);
    const paused = await game.time();
    await page.waitForTimeout(500);
    expect(await game.time()).toBe(paused);
    await page.screenshot({ path: join(ARTIFACTS, 'game-breakpoint.png') });

    // Step: one fixed step of the game (0.1 s), still paused.
    await monitor.locator('#debug-step').click();
    await monitor.locator('#debug-state', { hasText: 'stepped 1 tick' }).waitFor();
    expect(await game.time()).toBeCloseTo(paused + 0.1, 6);
    await page.waitForTimeout(300);
    expect(await game.time()).toBeCloseTo(paused + 0.1, 6);

    // Without the breakpoint, Resume lets real time run the game again.
    await monitor.locator('#bp-list li button').click();
    // The list shows what the game holds: it empties when the game's answer comes back over postMessage.
    await monitor.locator('#bp-list li').first().waitFor({ state: 'detached' });
    await monitor.locator('#debug-resume').click();
    await monitor.locator('#debug-state', { hasText: 'running' }).waitFor();
    await page.waitForFunction((t) => (window as any).dualplanGame.stats().time > t + 0.5, paused + 0.1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
