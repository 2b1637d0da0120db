// The packages under packages/ and the release rules they share. Every release
// check iterates over these, so a new package is covered without edits.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('../../', import.meta.url).pathname;
export const toolsBin = join(root, 'tools/node_modules/.bin');

/** The lowest Node versions that load ES modules through require() without a flag. */
export const ENGINES_NODE = '^20.19.0 || >=22.12.0';
export const REPOSITORY_URL = 'git+https://github.com/dualplan/dualplan.git';
export const HOMEPAGE_BASE = 'https://github.com/dualplan/dualplan/tree/main/';
export const BUGS_URL = 'https://github.com/dualplan/dualplan/issues';
/** Condition that points sibling packages (tests, tsc -b) at TypeScript source. */
export const SOURCE_CONDITION = '@dualplan/source';

/**
 * Every directory under packages/ with a package.json, private ones included
 * (`pkg.private` tells which are published).
 * @returns {{ dir: string, rel: string, folder: string, name: string, pkg: any }[]}
 */
export function workspacePackages() {
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'packages', d.name, 'package.json')))
    .map((d) => {
      const dir = join(root, 'packages', d.name);
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { dir, rel: `packages/${d.name}`, folder: d.name, name: pkg.name, pkg };
    })
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

/** The packages that are published to npm. */
export const publishablePackages = () => workspacePackages().filter((p) => !p.pkg.private);

/**
 * The package's code entries (subpaths with conditions), `./package.json` and
 * data files (string targets such as a JSON Schema) left out: see dataExports.
 * @returns {{ subpath: string, spec: string, source: string, types: string, default: string }[]}
 */
export function exportEntries({ name, pkg }) {
  return Object.entries(pkg.exports ?? {})
    .filter(([subpath, target]) => subpath !== './package.json' && typeof target !== 'string')
    .map(([subpath, target]) => ({
      subpath,
      spec: subpath === '.' ? name : `${name}/${subpath.slice(2)}`,
      source: target?.[SOURCE_CONDITION],
      types: target?.types,
      default: target?.default,
    }));
}

/**
 * The package's data exports: subpaths mapped straight to a shipped file or,
 * with `*`, to a folder of files (`"./examples/*": "./examples/*"`).
 * @returns {{ subpath: string, target: string }[]}
 */
export function dataExports({ pkg }) {
  return Object.entries(pkg.exports ?? {})
    .filter(([subpath, target]) => subpath !== './package.json' && typeof target === 'string')
    .map(([subpath, target]) => ({ subpath, target }));
}

/** The @dualplan packages `name` depends on, itself included, in dependency order. */
export function localClosure(name, packages = workspacePackages(), seen = new Set()) {
  if (seen.has(name)) return [...seen];
  const entry = packages.find((p) => p.name === name);
  for (const dep of Object.keys(entry?.pkg.dependencies ?? {})) {
    if (packages.some((p) => p.name === dep)) localClosure(dep, packages, seen);
  }
  seen.add(name);
  return [...seen];
}

/**
 * Packs one package with `npm pack` into `dest`.
 * @returns {{ tarball: string, out: { filename: string, size: number, unpackedSize: number, files: { path: string }[] } }}
 */
export function packPackage(entry, dest) {
  const [out] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dest], { cwd: entry.dir, encoding: 'utf8' }));
  return { tarball: join(dest, out.filename), out };
}

/** The exact version the root package.json pins for a dev dependency (consumer projects install the same). */
export const rootDevDependency = (name) => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies[name];
