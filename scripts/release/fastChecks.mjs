// The release checks that need no build: the package checklist and the size
// budgets, for every package under packages/. `npm test` runs them through
// release.test.ts; run alone for a readable report, or with --json.
import { checkPackage } from './packageChecklist.mjs';
import { formatBudget, measureBudget } from './sizes.mjs';
import { workspacePackages } from './workspace.mjs';

const packages = workspacePackages();
const report = [];
for (const entry of packages) {
  const problems = checkPackage(entry, packages);
  const budgets = [];
  if (!entry.pkg.private) {
    for (const budget of entry.pkg.dualplanBuild?.sizeBudgets ?? []) {
      try {
        const size = await measureBudget(entry, budget);
        budgets.push({ ...budget, ...size, line: formatBudget(entry, budget, size) });
      } catch (e) {
        problems.push(`size budget "${budget.name}" could not be bundled: ${e.message}`);
      }
    }
  }
  report.push({ name: entry.name, folder: entry.folder, private: !!entry.pkg.private, problems, budgets });
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report));
} else {
  let failed = false;
  for (const r of report) {
    for (const p of r.problems) console.error(`FAIL ${r.name}: ${p}`);
    for (const b of r.budgets) {
      const over = b.bytes > b.maxBytes;
      failed ||= over;
      console.log(`${over ? 'OVER' : 'ok  '} ${b.line}`);
    }
    failed ||= r.problems.length > 0;
    if (!r.problems.length) console.log(`ok   ${r.name}${r.private ? ' (private)' : ''}: package checklist`);
  }
  if (failed) process.exit(1);
}
