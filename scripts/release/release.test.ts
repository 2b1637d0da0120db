// The package checklist and size budgets (fastChecks.mjs) for every package
// under packages/, one test each, so a new package is checked without edits.
// They run in a child process: the checks are plain Node ES modules shared
// with the command line.
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

interface Budget { name: string; bytes: number; maxBytes: number; line: string }
interface Report { name: string; folder: string; private: boolean; problems: string[]; budgets: Budget[] }

const script = join(__dirname, 'fastChecks.mjs');
const reports: Report[] = JSON.parse(execFileSync(process.execPath, [script, '--json'], { encoding: 'utf8' }));

describe('release checks', () => {
  test('see every package under packages/', () => {
    expect(reports.map((r) => r.folder)).toEqual(expect.arrayContaining(['world-state', 'htn', 'goap', 'runner']));
  });

  test.each(reports.map((r) => [r.folder, r] as const))('%s meets the package checklist', (_folder, report) => {
    expect(report.problems).toEqual([]);
  });

  const budgets = reports.flatMap((r) => r.budgets.map((b) => [`${r.name} ${b.name}`, b] as const));
  test.each(budgets)('%s stays under its size budget', (_name, budget) => {
    if (budget.bytes > budget.maxBytes) throw new Error(`over budget: ${budget.line}`);
    expect(budget.bytes).toBeGreaterThan(0);
  });
});
