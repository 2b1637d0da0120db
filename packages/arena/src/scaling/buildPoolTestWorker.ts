import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type BuildOptions } from 'esbuild';

/**
 * Bundle the pool tests' worker script (TypeScript, sibling packages from
 * source) into one CommonJS file that a worker thread runs as is; returns its
 * path. `dir` is this folder (jest runs tests as CommonJS: `__dirname`).
 */
export async function buildPoolTestWorker(dir: string): Promise<string> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'dualplan-pool-')), 'poolTestWorker.cjs');
  await build({
    entryPoints: [join(dir, 'poolTestWorker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    conditions: ['@dualplan/source'],
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * Bundle the browser pool test into a fresh folder: `index.html`, the page
 * script (an ES module) and the worker script (a classic script, as workerpool
 * starts Web Workers). Returns the folder.
 */
export async function buildPoolTestPage(dir: string): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'dualplan-pool-page-'));
  const common: BuildOptions = {
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    conditions: ['@dualplan/source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    // workerpool's browser build names Node's modules behind a platform check that never passes in a browser.
    external: ['worker_threads', 'os', 'child_process'],
  };
  await build({ ...common, entryPoints: [join(dir, 'poolTestPage.ts')], outfile: join(out, 'poolTestPage.js'), format: 'esm' });
  await build({ ...common, entryPoints: [join(dir, 'poolTestWorker.ts')], outfile: join(out, 'poolTestWorker.js'), format: 'iife' });
  writeFileSync(
    join(out, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>pool test</title><script type="module" src="./poolTestPage.js"></script>',
  );
  return out;
}
