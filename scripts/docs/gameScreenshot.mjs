// Writes docs/images/game.png, the README's picture of the game: builds the pages, serves the game page on
// 127.0.0.1, runs 30 s of game time (seed 1) in headless Chromium from npm (@sparticuz/chromium, as the
// browser tests), and screenshots the map at half size (a small PNG, well under 100 KB).
// Usage: node scripts/docs/gameScreenshot.mjs
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
const dir = join(root, 'packages/game/dist/page');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };
const server = createServer((req, res) => {
  const path = normalize(new URL(req.url ?? '/', 'http://127.0.0.1').pathname).replace(/^\/+/, '') || 'index.html';
  if (path.startsWith('..')) return void res.writeHead(404).end();
  readFile(join(dir, path)).then(
    (body) => res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body),
    () => res.writeHead(404).end(),
  );
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/?seed=1&speed=0`;

process.env.AWS_LAMBDA_JS_RUNTIME ??= 'nodejs20.x';
const chromium = (await import('@sparticuz/chromium')).default;
const { chromium: playwright } = await import('playwright-core');
const browser = await playwright.launch({
  executablePath: await chromium.executablePath(),
  args: chromium.args.filter((a) => a !== '--single-process'),
  headless: true,
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => globalThis.dualplanGame?.ready() === true, undefined, { timeout: 60_000 });
  await page.evaluate(() => globalThis.dualplanGame.advance(30));
  await page.waitForTimeout(500);
  await page.addStyleTag({ content: '#stage canvas { width: 480px !important; height: 300px !important; }' });
  await page.waitForTimeout(200);
  mkdirSync(join(root, 'docs/images'), { recursive: true });
  const out = join(root, 'docs/images/game.png');
  await page.locator('#stage canvas').screenshot({ path: out, scale: 'css' });
  console.log(`wrote ${out} (${statSync(out).size} bytes)`);
} finally {
  await browser.close();
  server.close();
}
