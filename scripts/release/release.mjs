// `npm run release`: a clean build, every check CI runs, then one tarball per
// publishable package in release/ (CONTRIBUTING.md, "Changes and releases").
// Publish them in the order printed (each package after its @dualplan dependencies).
// `--dry-run` prints the steps and the order without running anything.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packPackage, publishablePackages, root } from './workspace.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Each step: a label and the command, run from the root; the first failure stops the release. */
const STEPS = [
  ['clean', [process.execPath, 'scripts/clean.mjs']],
  ['build', [npm, 'run', 'build']],
  ['format', [npm, 'run', 'format:check']],
  ['lint', [npm, 'run', 'lint']],
  ['tests', [process.execPath, 'node_modules/jest/bin/jest.js']],
  ['packed packages and docs blocks', [npm, 'run', 'check:packages']],
  ['API reference', [npm, 'run', 'docs:api']],
];

/**
 * Publishable packages, each after the @dualplan packages it depends on.
 * @returns {ReturnType<typeof publishablePackages>}
 */
function publishOrder() {
  const packages = publishablePackages();
  const byName = new Map(packages.map((p) => [p.name, p]));
  const ordered = [];
  const placed = new Set();
  const place = (p, path) => {
    if (placed.has(p.name)) return;
    if (path.includes(p.name)) throw new Error(`dependency cycle: ${[...path, p.name].join(' -> ')}`);
    for (const dep of Object.keys(p.pkg.dependencies ?? {})) {
      const sibling = byName.get(dep);
      if (sibling) place(sibling, [...path, p.name]);
    }
    placed.add(p.name);
    ordered.push(p);
  };
  for (const p of packages) place(p, []);
  return ordered;
}

const dryRun = process.argv.includes('--dry-run');
const dest = join(root, 'release');
const order = publishOrder();

if (dryRun) {
  for (const [label, [cmd, ...args]] of STEPS) console.log(`step ${label}: ${cmd === process.execPath ? 'node' : cmd} ${args.join(' ')}`);
  console.log(`then pack into ${relative(root, dest)}/: ${order.map((p) => p.name).join(', ')}`);
} else {
  const started = performance.now();
  for (const [label, [cmd, ...args]] of STEPS) {
    const t = performance.now();
    console.log(`== ${label}`);
    try {
      execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
    } catch {
      console.error(`release stopped: step "${label}" failed (${[cmd, ...args].join(' ')})`);
      process.exit(1);
    }
    console.log(`== ${label} took ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  console.log(`== pack into ${relative(root, dest)}/, publish in this order:`);
  for (const entry of order) {
    const { tarball } = packPackage(entry, dest);
    console.log(`  npm publish ${relative(root, tarball)}`);
  }
  console.log(`release took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
