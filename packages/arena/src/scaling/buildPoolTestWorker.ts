import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

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
