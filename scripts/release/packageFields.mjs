// The package.json fields that follow from a package's folder name and the
// root, as the checklist (packageChecklist.mjs) requires them: initPackage.mjs
// writes them. A pure function, so it is unit-tested against the checklist.
import { BUGS_URL, ENGINES_NODE, HOMEPAGE_BASE, REPOSITORY_URL, SOURCE_CONDITION } from './workspace.mjs';

const FILES = ['dist', 'src', 'CHANGELOG.md', '!dist/*.tsbuildinfo', '!dist/types/**/*.test.d.ts', '!dist/types/**/*.test.d.ts.map', '!src/**/*.test.ts'];

/** The fields this module writes; any value `existing` has for them is replaced. */
const DERIVED = new Set([
  'name',
  'version',
  'description',
  'license',
  'repository',
  'homepage',
  'bugs',
  'keywords',
  'engines',
  'publishConfig',
  'type',
  'sideEffects',
  'main',
  'types',
  'typesVersions',
  'dualplanBuild',
  'exports',
  'files',
]);

/**
 * `existing` with the derived fields set (in the order the other packages use)
 * and every other field kept.
 * @param {string} folder the folder under packages/
 * @param {Record<string, any>} existing the package.json so far ({} for none)
 * @param {string} version the version all @dualplan packages share
 */
export function initialFields(folder, existing, version) {
  const rel = `packages/${folder}`;
  const entries = existing.dualplanBuild?.entries ?? ['src/index.ts'];
  const exportsField = {};
  const typesVersions = {};
  for (const source of entries) {
    const name = source.replace(/^src\//, '').replace(/\.ts$/, '');
    const subpath = name === 'index' ? '.' : `./${name.replace(/\/index$/, '')}`;
    exportsField[subpath] = { [SOURCE_CONDITION]: `./${source}`, types: `./dist/types/${name}.d.ts`, default: `./dist/${name}.js` };
    if (subpath !== '.') typesVersions[subpath.slice(2)] = [`./dist/types/${name}.d.ts`];
  }
  exportsField['./package.json'] = './package.json';
  const files = [...new Set([...FILES, ...(existing.files ?? [])])];
  const rest = Object.fromEntries(Object.entries(existing).filter(([key]) => !DERIVED.has(key)));
  const { description, keywords } = existing;
  return {
    name: `@dualplan/${folder}`,
    version,
    description: description ?? '',
    license: 'MIT',
    repository: { type: 'git', url: REPOSITORY_URL, directory: rel },
    homepage: `${HOMEPAGE_BASE}${rel}#readme`,
    bugs: { url: BUGS_URL },
    keywords: keywords ?? [],
    engines: { node: ENGINES_NODE },
    publishConfig: { access: 'public' },
    type: 'module',
    sideEffects: false,
    ...(exportsField['.'] ? { main: exportsField['.'].default, types: exportsField['.'].types } : {}),
    ...(Object.keys(typesVersions).length > 0 ? { typesVersions: { '*': typesVersions } } : {}),
    ...rest,
    dualplanBuild: { ...existing.dualplanBuild, entries },
    exports: { ...existingExports(existing), ...exportsField },
    files,
  };
}

/** Data exports (string targets other than package.json) the author added: kept. */
function existingExports(existing) {
  return Object.fromEntries(Object.entries(existing.exports ?? {}).filter(([subpath, target]) => typeof target === 'string' && subpath !== './package.json'));
}
