// The package checklist (CONTRIBUTING.md, "Package checklist") as code: the
// rules a publishable package's files and package.json must meet. Fast (reads
// files only), so `npm test` runs it for every package under packages/.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUGS_URL, ENGINES_NODE, HOMEPAGE_BASE, REPOSITORY_URL, SOURCE_CONDITION, dataExports, exportEntries, root, workspacePackages } from './workspace.mjs';

const EXACT_VERSION = /^\d+\.\d+\.\d+(-[\w.]+)?$/;
const read = (path) => readFileSync(path, 'utf8');

/**
 * Problems with one package, as messages naming the field or file; empty when it complies.
 * @param {{ dir: string, rel: string, folder: string, name: string, pkg: any }} entry
 * @returns {string[]}
 */
export function checkPackage(entry, packages = workspacePackages()) {
  const { dir, rel, folder, pkg } = entry;
  const problems = [];
  const need = (ok, message) => {
    if (!ok) problems.push(message);
  };
  const rootPkg = JSON.parse(read(join(root, 'package.json')));
  const rootTsconfig = read(join(root, 'tsconfig.json'));

  // Wiring into the workspace: installed, type-checked and built with the rest.
  need(rootPkg.workspaces.includes(rel), `root package.json "workspaces" lacks "${rel}"`);
  need(rootTsconfig.includes(`"${rel}"`), `root tsconfig.json "references" lacks { "path": "${rel}" }`);
  need(existsSync(join(dir, 'tsconfig.json')), 'tsconfig.json missing');
  if (pkg.private) return problems;

  // Identity and registry page.
  need(pkg.name === `@dualplan/${folder}`, `"name" must be "@dualplan/${folder}" (the folder name), not ${JSON.stringify(pkg.name)}`);
  need(EXACT_VERSION.test(pkg.version ?? ''), `"version" must be a semver version, not ${JSON.stringify(pkg.version)}`);
  need(typeof pkg.description === 'string' && pkg.description.length >= 20, '"description" must say what the package is (20+ characters)');
  need(pkg.license === 'MIT', `"license" must be "MIT", not ${JSON.stringify(pkg.license)}`);
  need(
    existsSync(join(dir, 'LICENSE')) && read(join(dir, 'LICENSE')) === read(join(root, 'LICENSE')),
    'LICENSE missing or different from the root LICENSE (copy it)',
  );
  need(
    pkg.repository?.type === 'git' && pkg.repository?.url === REPOSITORY_URL && pkg.repository?.directory === rel,
    `"repository" must be { "type": "git", "url": "${REPOSITORY_URL}", "directory": "${rel}" }`,
  );
  need(pkg.homepage === `${HOMEPAGE_BASE}${rel}#readme`, `"homepage" must be "${HOMEPAGE_BASE}${rel}#readme"`);
  need(pkg.bugs?.url === BUGS_URL, `"bugs" must be { "url": "${BUGS_URL}" }`);
  need(Array.isArray(pkg.keywords) && pkg.keywords.length >= 3, '"keywords" must list at least 3 search terms');
  need(pkg.publishConfig?.access === 'public', '"publishConfig" must be { "access": "public" } (scoped packages are private by default)');
  need(pkg.engines?.node === ENGINES_NODE, `"engines.node" must be "${ENGINES_NODE}" (require(esm) without a flag), not ${JSON.stringify(pkg.engines?.node)}`);
  const readme = existsSync(join(dir, 'README.md')) ? read(join(dir, 'README.md')) : null;
  need(readme !== null, 'README.md missing');
  if (readme) {
    const relative = [...readme.matchAll(/\]\((\.\.\/[^)]*)\)/g)].map((m) => m[1]);
    need(
      relative.length === 0,
      `README.md links outside the package (${relative.join(', ')}), which break on the registry page: use ${HOMEPAGE_BASE.replace('/tree/', '/blob/')}... URLs`,
    );
  }
  need(existsSync(join(dir, 'CHANGELOG.md')), 'CHANGELOG.md missing (changesets appends to it; start it with "# <name>")');

  // Module format: ES modules only, tree-shakable, one source condition for the workspace.
  need(pkg.type === 'module', '"type" must be "module"');
  need(pkg.sideEffects === false, '"sideEffects" must be false');
  need(pkg.exports?.['./package.json'] === './package.json', '"exports" must include "./package.json": "./package.json"');
  const entries = exportEntries(entry);
  need(entries.some((e) => e.subpath === '.') || pkg.bin, '"exports" must have a "." entry (or the package must be a CLI with "bin")');
  const buildEntries = pkg.dualplanBuild?.entries ?? ['src/index.ts'];
  for (const e of entries) {
    const where = `"exports"["${e.subpath}"]`;
    const keys = Object.keys(pkg.exports[e.subpath] ?? {});
    need(
      keys.join() === [SOURCE_CONDITION, 'types', 'default'].join(),
      `${where} must have exactly the conditions "${SOURCE_CONDITION}", "types", "default" in that order, not ${JSON.stringify(keys)}`,
    );
    const m = /^\.\/src\/(.+)\.ts$/.exec(e.source ?? '');
    need(
      m !== null && existsSync(join(dir, e.source)),
      `${where}["${SOURCE_CONDITION}"] must name an existing ./src/*.ts file, not ${JSON.stringify(e.source)}`,
    );
    if (!m) continue;
    need(e.types === `./dist/types/${m[1]}.d.ts`, `${where}.types must be "./dist/types/${m[1]}.d.ts"`);
    need(e.default === `./dist/${m[1]}.js`, `${where}.default must be "./dist/${m[1]}.js"`);
    need(buildEntries.includes(e.source.slice(2)), `"dualplanBuild.entries" must include "${e.source.slice(2)}" so the build emits ${where}`);
    if (e.subpath === '.') {
      need(pkg.main === e.default && pkg.types === e.types, `"main" and "types" must repeat "exports"["."] ("${e.default}", "${e.types}") for old resolvers`);
    } else {
      const mapped = pkg.typesVersions?.['*']?.[e.subpath.slice(2)];
      need(
        mapped?.length === 1 && mapped[0] === e.types,
        `"typesVersions"["*"]["${e.subpath.slice(2)}"] must be ["${e.types}"] (types under moduleResolution node10)`,
      );
    }
  }
  // Data files exported as they are (a JSON Schema, example documents): shipped, and there.
  for (const { subpath, target } of dataExports(entry)) {
    const path = target.replace(/^\.\//, '').replace(/\/?\*.*$/, '');
    need(existsSync(join(dir, path)), `"exports"["${subpath}"] names ${target}, which does not exist`);
    need((pkg.files ?? []).includes(path.split('/')[0]), `"files" must include "${path.split('/')[0]}" (exported as "${subpath}")`);
  }
  for (const [command, target] of Object.entries(typeof pkg.bin === 'string' ? { [pkg.name]: pkg.bin } : (pkg.bin ?? {}))) {
    const path = target.replace(/^\.\//, '');
    need(existsSync(join(dir, path)), `"bin"["${command}"] names ${target}, which does not exist`);
    need((pkg.files ?? []).includes(path.split('/')[0]), `"files" must include "${path.split('/')[0]}" (the "${command}" command)`);
  }
  const files = pkg.files ?? [];
  for (const f of ['dist', 'src', 'CHANGELOG.md', '!dist/*.tsbuildinfo', '!dist/types/**/*.test.d.ts', '!dist/types/**/*.test.d.ts.map', '!src/**/*.test.ts']) {
    need(files.includes(f), `"files" must include "${f}" (ship built code, declarations and the sources their maps point to; no tests, no build info)`);
  }

  // Dependencies: exact pins; siblings at their current version.
  for (const [dep, version] of Object.entries(pkg.dependencies ?? {})) {
    const sibling = packages.find((p) => p.name === dep);
    if (sibling) need(version === sibling.pkg.version, `dependency ${dep} must be pinned to its current version ${sibling.pkg.version}, not ${version}`);
    else need(EXACT_VERSION.test(version), `dependency ${dep} must be pinned to an exact version, not ${version}`);
    need(!sibling?.pkg.private, `dependency ${dep} is private and never published`);
  }
  need(!pkg.peerDependencies || Object.values(pkg.peerDependencies).every((v) => typeof v === 'string'), '"peerDependencies" must map names to ranges');

  // Size budget: each published entry states what it may cost a bundle.
  const budgets = pkg.dualplanBuild?.sizeBudgets ?? [];
  need(budgets.length > 0, '"dualplanBuild.sizeBudgets" must state at least one budget (see CONTRIBUTING.md)');
  for (const b of budgets) {
    need(
      entries.some((e) => e.subpath === b.from),
      `size budget "${b.name}": "from" must be an export subpath, not ${JSON.stringify(b.from)}`,
    );
    need(b.import === '*' || (Array.isArray(b.import) && b.import.length > 0), `size budget "${b.name}": "import" must be "*" or a list of export names`);
    need(Number.isInteger(b.maxBytes) && b.maxBytes > 0, `size budget "${b.name}": "maxBytes" must be a positive integer (minified bytes)`);
  }
  return problems;
}
