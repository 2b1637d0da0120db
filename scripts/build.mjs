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
import { readFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, basename, dirname, relative } from 'node:path';

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

/** Every file under `dir`, relative paths, except tsc's declarations (`types/`) and build info. */
function distFiles(dir, prefix = '') {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (prefix === '' && (entry.name === 'types' || entry.name.endsWith('.tsbuildinfo'))) continue;
    if (entry.isDirectory()) files.push(...distFiles(join(dir, entry.name), `${rel}/`));
    else files.push(rel);
  }
  return files;
}

/**
 * Write a workspace's built files into dist/ without a moment where a file is missing or half written: a file whose
 * bytes are unchanged is left alone, a changed one is written beside it and renamed over it, and files no build
 * produced any more (stale chunks, which would be packed and published) go last. Tests that build in their setup
 * may run in parallel jest workers while other tests read dist/.
 */
function writeDist(dist, outputs) {
  const wanted = new Set();
  for (const [path, bytes] of outputs) {
    wanted.add(relative(dist, path));
    if (existsSync(path) && Buffer.compare(readFileSync(path), bytes) === 0) continue;
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, bytes);
    renameSync(temp, path);
  }
  for (const rel of distFiles(dist)) if (!wanted.has(rel) && !/\.\d+\.tmp$/.test(rel)) rmSync(join(dist, rel), { force: true });
  removeEmptyFolders(dist, true);
}

/** Folders a stale build left empty (never `types/`, tsc's). */
function removeEmptyFolders(dir, top) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || (top && entry.name === 'types')) continue;
    const sub = join(dir, entry.name);
    removeEmptyFolders(sub, false);
    if (readdirSync(sub).length === 0) rmSync(sub, { recursive: true, force: true });
  }
}

for (const ws of workspaces) {
  const dir = join(root, ws);
  const pkgPath = join(dir, 'package.json');
  if (!existsSync(pkgPath)) continue;
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  const options = pkg.dualplanBuild ?? {};
  const entries = (options.entries ?? ['src/index.ts']).map((e) => join(dir, e));
  /** Path → bytes of everything this workspace's builds produce, written together at the end. */
  const outputs = new Map();
  const keep = (result) => {
    for (const f of result.outputFiles) outputs.set(f.path, f.contents);
  };
  if (entries.every((e) => existsSync(e))) {
    const started = performance.now();
    keep(
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
        write: false,
      }),
    );
    log(pkg.name, entries.map((e) => basename(e)).join(', '), started);
  }
  for (const page of options.pages ?? []) {
    const started = performance.now();
    const out = join(dir, page.out);
    keep(
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
        write: false,
      }),
    );
    for (const asset of page.assets ?? []) outputs.set(join(out, basename(asset)), readFileSync(join(dir, asset)));
    log(pkg.name, `page ${page.entry}`, started);
  }
  if (outputs.size > 0) writeDist(join(dir, 'dist'), outputs);
}
