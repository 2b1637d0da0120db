// `node scripts/release/initPackage.mjs <folder>` (CONTRIBUTING.md, "Package
// checklist", step 2): for packages/<folder>, writes the package.json fields that
// follow from the folder name and the root (name, the shared version, license,
// repository, homepage, bugs, engines, module format, exports of each
// dualplanBuild entry, files), copies LICENSE, starts CHANGELOG.md, proposes a
// size budget from the measured bundle, then lists what is still missing (the
// parts only the author can write: description, keywords, README.md).
// Fields already set by hand (description, keywords, dependencies, ...) are kept.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPackage } from './packageChecklist.mjs';
import { initialFields } from './packageFields.mjs';
import { measureBudget } from './sizes.mjs';
import { root, workspacePackages } from './workspace.mjs';

const folder = process.argv[2];
if (!folder || folder.startsWith('-')) {
  console.error('usage: node scripts/release/initPackage.mjs <folder under packages/>');
  process.exit(2);
}
const dir = join(root, 'packages', folder);
if (!existsSync(dir)) {
  console.error(`packages/${folder} does not exist: create it (with src/index.ts and a tsconfig.json) first`);
  process.exit(2);
}
const pkgPath = join(dir, 'package.json');
const existing = existsSync(pkgPath) ? JSON.parse(readFileSync(pkgPath, 'utf8')) : {};
const version = workspacePackages().find((p) => p.folder === 'world-state')?.pkg.version ?? '0.1.0';
const pkg = initialFields(folder, existing, version);
writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`wrote packages/${folder}/package.json`);

if (!existsSync(join(dir, 'LICENSE'))) {
  copyFileSync(join(root, 'LICENSE'), join(dir, 'LICENSE'));
  console.log(`copied LICENSE`);
}
if (!existsSync(join(dir, 'CHANGELOG.md'))) {
  writeFileSync(join(dir, 'CHANGELOG.md'), `# ${pkg.name}\n`);
  console.log('started CHANGELOG.md');
}

const entry = () => workspacePackages().find((p) => p.folder === folder);
if (!pkg.private && (pkg.dualplanBuild.sizeBudgets ?? []).length === 0 && existsSync(join(dir, 'src/index.ts'))) {
  const budget = { name: 'whole entry', from: '.', import: '*', maxBytes: 0 };
  try {
    const { bytes } = await measureBudget(entry(), budget);
    // About 10% headroom, in whole KiB: raise it later only on purpose, saying why.
    budget.maxBytes = Math.ceil((bytes * 1.1) / 1024) * 1024;
    pkg.dualplanBuild.sizeBudgets = [budget];
    writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
    console.log(`proposed size budget "whole entry": ${budget.maxBytes} bytes (measured ${bytes})`);
  } catch (e) {
    console.log(`no size budget proposed: the entry does not bundle yet (${e.message})`);
  }
}

const problems = checkPackage(entry(), workspacePackages());
if (problems.length === 0) console.log(`${pkg.name} meets the package checklist`);
else console.log(`still to do for ${pkg.name}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
