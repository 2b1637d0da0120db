// `npm run check:docs`: every ts/js block in README.md, docs/*.md and
// packages/*/README.md, type-checked against the packed packages (the
// tarballs, installed in a fresh project, skipLibCheck off) and run, with its
// output compared to the `text output` block the docs show after it. The
// markup rules are in snippets.cjs (and docs/contributing-docs.md).
// Needs `npm run build` first; `npm run check:packages` runs it on its tarballs.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import snippetsLib from './snippets.cjs';
import { packPackage, publishablePackages, root, rootDevDependency } from '../release/workspace.mjs';

const { compareOutput, docFiles, extractSnippets, linkSnippets, programSource, splitOutput } = snippetsLib;
const execFileAsync = promisify(execFile);
const started = performance.now();
const { values: args } = parseArgs({
  strict: true,
  options: {
    verbose: { type: 'boolean', default: false }, // list every block, passing ones too
    only: { type: 'string' }, // check only the files whose path contains this
    work: { type: 'string' }, // keep the project here and reuse its installed tarballs (while editing docs; after a build, drop it)
    packed: { type: 'string' }, // a folder holding the packages' tarballs already (check:packages passes its own)
  },
});
const verbose = args.verbose;

const all = linkSnippets(docFiles(root).flatMap((file) => extractSnippets(readFileSync(join(root, file), 'utf8'), file)));
// --only keeps whole chains: a block's program needs the blocks it continues.
const snippets = args.only ? all.filter((s) => s.file.includes(args.only) || all.some((t) => t.file.includes(args.only) && t.chain.includes(s))) : all;
for (const s of snippets) {
  if (s.typecheckOnly && s.expected !== null) throw new Error(`${s.name}: a typecheck-only block cannot have an expected output`);
}
const checked = snippets.filter((s) => !s.skip);
const leaves = checked.filter((s) => s.leaf);

// 1. Pack every published package and install the tarballs in a fresh project.
const work = args.work ?? mkdtempSync(join(tmpdir(), 'dualplan-snippets-'));
const project = join(work, 'project');
rmSync(join(project, 'snippets'), { recursive: true, force: true });
rmSync(join(project, 'out'), { recursive: true, force: true });
mkdirSync(join(project, 'snippets'), { recursive: true });
if (!args.work || !existsSync(join(project, 'node_modules'))) {
  const tarballs = args.packed
    ? readdirSync(args.packed)
        .filter((f) => f.endsWith('.tgz'))
        .map((f) => join(args.packed, f))
    : publishablePackages().map((entry) => packPackage(entry, work).tarball);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'docs-snippets', private: true, type: 'module' }));
  // esbuild: the docs' Jest transform for CommonJS users requires it.
  const extras = ['@types/node', 'esbuild'].map((name) => `${name}@${rootDevDependency(name)}`);
  // phaser: docs/engine-integration.md type-checks its Phaser scene against the version the game package pins.
  extras.push(`phaser@${JSON.parse(readFileSync(join(root, 'packages/game/package.json'), 'utf8')).dependencies.phaser}`);
  await execFileAsync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', ...extras, ...tarballs], { cwd: project });
  console.log(`packed and installed ${tarballs.length} packages in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// 2. One module per leaf snippet (a continued snippet is checked inside the one continuing it).
const slug = (s) => `${s.file.replace(/\.md$/, '').replace(/[^A-Za-z0-9]+/g, '_')}_L${s.line}`;
const sourceName = (s) => `${slug(s)}.${s.language === 'ts' ? 'ts' : 'js'}`;
const sources = new Map();
for (const s of leaves) {
  const source = programSource(s);
  sources.set(sourceName(s), { snippet: s, lines: source.split('\n') });
  writeFileSync(join(project, 'snippets', sourceName(s)), source);
}
writeFileSync(
  join(project, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      target: 'es2022',
      lib: ['es2022'],
      module: 'nodenext',
      moduleResolution: 'nodenext',
      strict: true,
      skipLibCheck: false,
      types: ['node'],
      allowJs: true,
      checkJs: true,
      rootDir: 'snippets',
      outDir: 'out',
    },
    include: ['snippets'],
  }),
);

// 3. Type-check (and emit) every program at once; errors name the snippet and the offending line.
const failures = new Map(); // snippet name -> messages
const fail = (s, message) => failures.set(s.name, [...(failures.get(s.name) ?? []), message]);
const typeCheckStarted = performance.now();
try {
  await execFileAsync(join(root, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: project, encoding: 'utf8', maxBuffer: 64 << 20 });
} catch (e) {
  if (!e.stdout) throw e;
  for (const line of e.stdout.split('\n')) {
    const m = /^snippets\/([^(]+)\((\d+),\d+\): (.*)$/.exec(line);
    if (!m) continue;
    const entry = sources.get(m[1]);
    if (!entry) throw new Error(`tsc: ${line}`, { cause: e });
    fail(entry.snippet, `type error: ${m[3]}\n    at: ${entry.lines[Number(m[2]) - 1]?.trim()}`);
  }
  if (failures.size === 0) throw new Error(`tsc failed:\n${e.stdout}${e.stderr}`, { cause: e });
}

console.log(`type-checked ${sources.size} programs in ${((performance.now() - typeCheckStarted) / 1000).toFixed(0)} s`);

// 4. Run every runnable program, two at a time, and compare each part's output with the docs.
const runnable = leaves.filter((s) => !s.typecheckOnly);
const ran = new Set();
const compared = new Set();
const queue = [...runnable];
async function worker() {
  for (let s = queue.shift(); s; s = queue.shift()) {
    const file = join('out', sourceName(s).replace(/\.ts$/, '.js'));
    let stdout;
    for (const part of s.chain) ran.add(part);
    try {
      ({ stdout } = await execFileAsync(process.execPath, [file], { cwd: project, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 }));
    } catch (e) {
      fail(s, `run failed (exit ${e.code ?? e.signal}):\n${[e.stdout, e.stderr].filter(Boolean).join('\n').trim()}`);
      continue;
    }
    let parts;
    try {
      parts = splitOutput(stdout, s.chain.length);
    } catch (e) {
      fail(s, e.message);
      continue;
    }
    s.chain.forEach((part, i) => {
      if (part.expected === null) return;
      compared.add(part);
      const diff = compareOutput(parts[i], part.expected);
      if (diff) fail(part, `${part.file}:${part.expectedLine}: ${diff}`);
    });
  }
}
await Promise.all([worker(), worker()]);

// 5. Report.
for (const s of snippets) {
  const kind = s.skip ? `skipped: ${s.skip}` : s.typecheckOnly ? `type-checked only: ${s.typecheckOnly}` : compared.has(s) ? 'run, output compared' : 'run';
  const problems = failures.get(s.name);
  if (problems) console.error(`FAIL ${s.name} (${kind})\n  ${problems.join('\n  ')}`);
  else if (verbose) console.log(`ok   ${s.name} (${kind})`);
}
const count = (pred) => snippets.filter(pred).length;
console.log(
  `${snippets.length} blocks in ${new Set(snippets.map((s) => s.file)).size} files: ${count((s) => !s.skip)} type-checked, ` +
    `${ran.size} run, ${compared.size} output-compared, ${count((s) => s.typecheckOnly)} type-checked only, ${count((s) => s.skip)} skipped ` +
    `(${count((s) => s.after)} continuing an earlier block of their page); ` +
    `${failures.size} failing; ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
if (failures.size) {
  console.error(`Programs kept in ${relative(process.cwd(), project) || project} for a look.`);
  process.exit(1);
}
if (!args.work) rmSync(work, { recursive: true, force: true });
