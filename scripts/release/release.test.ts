// The package checklist and size budgets (fastChecks.mjs) for every package
// under packages/, one test each, so a new package is checked without edits.
// They run in a child process: the checks are plain Node ES modules shared
// with the command line.
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

interface Budget {
  name: string;
  bytes: number;
  maxBytes: number;
  line: string;
}
interface Report {
  name: string;
  folder: string;
  private: boolean;
  problems: string[];
  budgets: Budget[];
}

const script = join(__dirname, 'fastChecks.mjs');
const reports: Report[] = JSON.parse(execFileSync(process.execPath, [script, '--json'], { encoding: 'utf8' }));

describe('release checks', () => {
  test('see every package under packages/', () => {
    expect(reports.map((r) => r.folder)).toEqual(expect.arrayContaining(['world-state', 'htn', 'goap', 'runner']));
  });

  test.each(reports.map((r) => [r.folder, r] as const))('%s meets the package checklist', (_folder, report) => {
    expect(report.problems).toEqual([]);
  });

  test('the checklist names what a non-compliant package gets wrong', () => {
    // A real package with typical mistakes: the checklist must name each one.
    const script = `
      import { checkPackage } from ${JSON.stringify(join(__dirname, 'packageChecklist.mjs'))};
      import { workspacePackages } from ${JSON.stringify(join(__dirname, 'workspace.mjs'))};
      const packages = workspacePackages();
      const htn = packages.find((p) => p.folder === 'htn');
      const pkg = structuredClone(htn.pkg);
      pkg.sideEffects = true;
      delete pkg.publishConfig;
      pkg.engines.node = '>=20';
      pkg.exports['.'] = { types: pkg.exports['.'].types, default: pkg.exports['.'].default, '@dualplan/source': pkg.exports['.']['@dualplan/source'] };
      pkg.dependencies['heap-js'] = '^2.7.1';
      pkg.dependencies['@dualplan/world-state'] = '0.0.1';
      pkg.files = pkg.files.filter((f) => f !== 'src');
      pkg.dualplanBuild = { ...pkg.dualplanBuild, sizeBudgets: [] };
      console.log(JSON.stringify(checkPackage({ ...htn, pkg }, packages)));
    `;
    const problems: string[] = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
    const expected = [
      '"sideEffects"',
      '"publishConfig"',
      '"engines.node"',
      '"exports"["."]',
      'heap-js',
      '@dualplan/world-state must be pinned',
      '"files" must include "src"',
      'sizeBudgets',
    ];
    for (const fragment of expected) expect(problems.some((p) => p.includes(fragment))).toBe(true);
    expect(problems).toHaveLength(expected.length);
  });

  const budgets = reports.flatMap((r) => r.budgets.map((b) => [`${r.name} ${b.name}`, b] as const));
  test.each(budgets)('%s stays under its size budget', (_name, budget) => {
    if (budget.bytes > budget.maxBytes) throw new Error(`over budget: ${budget.line}`);
    expect(budget.bytes).toBeGreaterThan(0);
  });
});
