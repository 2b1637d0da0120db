// Proves each publishable package works alone, as users get it: `npm pack` it,
// install the tarball (plus the tarballs of its @dualplan dependencies only)
// into a fresh project, then import it from Node and type-check a consumer.
// Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules/.bin/tsc');
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });

const packages = readdirSync(join(root, 'packages'))
  .map((dir) => ({ dir: join(root, 'packages', dir), pkg: JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) }))
  .filter(({ pkg }) => !pkg.private);

const work = mkdtempSync(join(tmpdir(), 'dualplan-pack-'));
const tarballs = new Map();
for (const { dir, pkg } of packages) {
  if (pkg.sideEffects !== false) throw new Error(`${pkg.name}: package.json must say "sideEffects": false`);
  const out = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], dir));
  const files = out[0].files.map((f) => f.path);
  for (const need of ['dist/index.js', 'dist/types/index.d.ts']) {
    if (!files.includes(need)) throw new Error(`${pkg.name}: tarball lacks ${need} (run npm run build first)`);
  }
  if (files.some((f) => f.endsWith('.test.d.ts') || f.startsWith('src/'))) throw new Error(`${pkg.name}: tarball ships tests or sources`);
  tarballs.set(pkg.name, join(work, out[0].filename));
}

const localDeps = (name, seen = new Set()) => {
  if (seen.has(name)) return seen;
  seen.add(name);
  const { pkg } = packages.find((p) => p.pkg.name === name);
  for (const dep of Object.keys(pkg.dependencies ?? {})) if (tarballs.has(dep)) localDeps(dep, seen);
  return seen;
};

let failures = 0;
for (const { pkg } of packages) {
  const project = join(work, pkg.name.replace('/', '__'));
  run('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const deps = [...localDeps(pkg.name)].map((n) => tarballs.get(n));
  run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', ...deps], project);
  // Exactly the package and its own dependencies: htn must not drag in goap, and so on.
  const installed = readdirSync(join(project, 'node_modules/@dualplan')).map((d) => `@dualplan/${d}`).sort();
  const expected = [...localDeps(pkg.name)].sort();
  try {
    if (installed.join() !== expected.join()) throw new Error(`installed ${installed.join(', ')}, expected ${expected.join(', ')}`);
    const exports = JSON.parse(run('node', ['--input-type=module', '-e', `import * as m from '${pkg.name}'; console.log(JSON.stringify(Object.keys(m)))`], project));
    if (exports.length === 0) throw new Error('exports nothing');
    const smoke = join(root, 'packages', pkg.name.split('/')[1], 'consumer-smoke.ts');
    if (existsSync(smoke)) {
      writeFileSync(join(project, 'consumer.ts'), readFileSync(smoke, 'utf8'));
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, outDir: 'out', skipLibCheck: false, types: [] }, files: ['consumer.ts'] }),
      );
      run(tsc, ['-p', '.'], project);
      run('node', ['out/consumer.js'], project);
    }
    console.log(`ok  ${pkg.name}: ${exports.length} exports, installs alone with ${expected.length - 1} local dependencies${existsSync(smoke) ? ', consumer type-checks and runs' : ''}`);
  } catch (e) {
    failures++;
    console.error(`FAIL ${pkg.name}: ${e.stderr || e.stdout || e.message}`);
  }
}
rmSync(work, { recursive: true, force: true });
if (failures) process.exit(1);
