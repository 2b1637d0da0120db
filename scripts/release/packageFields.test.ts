// initPackage.mjs's fields: what it writes for a package meets the package checklist.
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const run = (script: string) => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as unknown;
const url = (file: string) => JSON.stringify(join(__dirname, file));

describe('initPackage fields', () => {
  test('a package stripped to what only its author writes meets the checklist again', () => {
    // htn without every derived field (and with wrong values in some): description, keywords, dependencies and build entries stay.
    const problems = run(`
      import { checkPackage } from ${url('packageChecklist.mjs')};
      import { initialFields } from ${url('packageFields.mjs')};
      import { workspacePackages } from ${url('workspace.mjs')};
      const packages = workspacePackages();
      const htn = packages.find((p) => p.folder === 'htn');
      const { description, keywords, dependencies, devDependencies, dualplanBuild } = htn.pkg;
      const stripped = { description, keywords, dependencies, devDependencies, dualplanBuild, engines: { node: '>=18' }, sideEffects: true };
      const pkg = initialFields('htn', stripped, htn.pkg.version);
      console.log(JSON.stringify({ problems: checkPackage({ ...htn, pkg }, packages), same: JSON.stringify(pkg.exports) === JSON.stringify(htn.pkg.exports) }));
    `);
    expect(problems).toEqual({ problems: [], same: true });
  });

  test('a new package gets a "." export, and the checklist then asks only for what the author writes', () => {
    const out = run(`
      import { initialFields } from ${url('packageFields.mjs')};
      console.log(JSON.stringify(initialFields('newpkg', {}, '0.1.0')));
    `) as Record<string, unknown>;
    expect(out).toMatchObject({
      name: '@dualplan/newpkg',
      main: './dist/index.js',
      exports: {
        '.': { '@dualplan/source': './src/index.ts', types: './dist/types/index.d.ts', default: './dist/index.js' },
        './package.json': './package.json',
      },
      repository: { directory: 'packages/newpkg' },
      description: '',
      keywords: [],
    });
  });
});
