// Builds every workspace with esbuild: one ESM bundle per entry in dist/,
// dependencies left external. Declarations come from `tsc -b`.
import { build } from 'esbuild';
import { readFileSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';

const quiet = process.argv.includes('--quiet');
const root = new URL('..', import.meta.url).pathname;
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;

for (const ws of workspaces) {
  const dir = join(root, ws);
  const pkgPath = join(dir, 'package.json');
  if (!existsSync(pkgPath)) continue;
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  const entries = (pkg.dualplanBuild?.entries ?? ['src/index.ts']).map((e) => join(dir, e));
  if (!entries.every((e) => existsSync(e))) continue;
  const started = performance.now();
  await build({
    entryPoints: entries,
    outdir: join(dir, 'dist'),
    outbase: join(dir, 'src'),
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    treeShaking: true,
    splitting: true, // entries share chunks, so classes stay single instances
    logLevel: 'warning',
  });
  if (!quiet) {
    const ms = (performance.now() - started).toFixed(0);
    console.log(`built ${pkg.name} (${entries.map((e) => basename(e)).join(', ')}) in ${ms} ms`);
  }
}
