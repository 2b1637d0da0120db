// Builds every workspace with esbuild: one ESM bundle per entry in dist/,
// dependencies left external. Declarations come from `tsc -b`.
//
// `dualplanBuild` in a workspace's package.json tunes this:
// - `entries`: Node/library entries (default `["src/index.ts"]`);
// - `inline`: `{ package: file }` dependencies bundled from that file of theirs
//   instead of left external (the runner inlines immer's production ESM, which
//   loads in a browser without a bundler);
// - `pages`: `{ entry, out, assets }` browser pages, bundled whole (no network
//   needed at run time) into `out`, with static `assets` copied beside them;
// - `inlineConstants`: true to let esbuild fold constants into their uses
//   (`minifySyntax`; names and layout stay readable). goap reads its packed
//   tables through named offsets (`T[k + Touch.allowA]`): folded, the hot loops
//   index by literals instead of loading a module variable per access.
import { build } from 'esbuild';
import { readFileSync, existsSync, mkdirSync, copyFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, basename, dirname } from 'node:path';

const quiet = process.argv.includes('--quiet');
const root = new URL('..', import.meta.url).pathname;
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;

/** An esbuild plugin resolving each bare `name` in `inline` to that file of the package (bundled, not external). */
function inlinePlugin(dir, inline) {
  const require = createRequire(join(dir, 'package.json'));
  const files = new Map(Object.entries(inline).map(([name, file]) => [name, join(dirname(require.resolve(`${name}/package.json`)), file)]));
  const filter = new RegExp(`^(${[...files.keys()].map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
  return { name: 'dualplan-inline', setup: (b) => b.onResolve({ filter }, (args) => ({ path: files.get(args.path) })) };
}

const log = (name, what, started) => {
  if (!quiet) console.log(`built ${name} (${what}) in ${(performance.now() - started).toFixed(0)} ms`);
};

for (const ws of workspaces) {
  const dir = join(root, ws);
  const pkgPath = join(dir, 'package.json');
  if (!existsSync(pkgPath)) continue;
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  const options = pkg.dualplanBuild ?? {};
  const entries = (options.entries ?? ['src/index.ts']).map((e) => join(dir, e));
  if (entries.every((e) => existsSync(e))) {
    const started = performance.now();
    // Drop the previous bundles: chunk names change with the code, and a stale
    // chunk would otherwise be packed and published. dist/types belongs to tsc -b.
    const dist = join(dir, 'dist');
    if (existsSync(dist)) {
      for (const f of readdirSync(dist)) if (f !== 'types' && !f.endsWith('.tsbuildinfo')) rmSync(join(dist, f), { recursive: true, force: true });
    }
    await build({
      entryPoints: entries,
      outdir: join(dir, 'dist'),
      outbase: join(dir, 'src'),
      bundle: true,
      packages: 'external',
      plugins: options.inline ? [inlinePlugin(dir, options.inline)] : [],
      format: 'esm',
      platform: 'node',
      // node20.10: the first Node 20 with import attributes (`with { type: 'json' }`), which esbuild otherwise strips.
      target: 'node20.10',
      sourcemap: true,
      treeShaking: true,
      minifySyntax: options.inlineConstants === true,
      splitting: true, // entries share chunks, so classes stay single instances
      logLevel: 'warning',
    });
    log(pkg.name, entries.map((e) => basename(e)).join(', '), started);
  }
  for (const page of options.pages ?? []) {
    const started = performance.now();
    const out = join(dir, page.out);
    await build({
      entryPoints: [join(dir, page.entry)],
      outdir: out,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      conditions: ['@dualplan/source'],
      define: { 'process.env.NODE_ENV': '"production"' },
      minify: true,
      sourcemap: true,
      logLevel: 'warning',
    });
    mkdirSync(out, { recursive: true });
    for (const asset of page.assets ?? []) copyFileSync(join(dir, asset), join(out, basename(asset)));
    log(pkg.name, `page ${page.entry}`, started);
  }
}
